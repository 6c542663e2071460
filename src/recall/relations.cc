#include "src/recall/relations.h"

#include <algorithm>
#include <iterator>
#include <utility>

#include "src/recall/cue_index.h"
#include "src/recall/same_statement.h"

namespace engram::recall {
namespace {

// People named by how they relate to the speaker; values when no one is named.
constexpr std::string_view kRelations[] = {
    "sister", "brother", "wife", "husband", "mother", "father", "mom", "dad", "son",
    "daughter", "boss", "manager", "friend", "colleague", "girlfriend", "boyfriend", "niece",
    "nephew", "aunt", "uncle", "grandma", "grandpa", "姐姐", "妹妹", "哥哥", "弟弟", "妈妈",
    "爸爸", "老婆", "老公", "妻子", "丈夫", "儿子", "女儿", "朋友", "同事", "老板", "领导",
    "岳母", "岳父", "婆婆", "公公", "邻居", "neighbor", "neighbour"};

// Other words for a relation: 女儿 and 闺女 name one daughter.
constexpr std::pair<std::string_view, std::string_view> kRelationWords[] = {
    {"女儿", "闺女"}, {"妈妈", "老妈"}, {"妈妈", "母亲"}, {"爸爸", "老爸"}, {"爸爸", "父亲"},
    {"老婆", "媳妇"}, {"老婆", "妻子"}, {"老公", "丈夫"}, {"mom", "mum"},   {"mom", "mother"},
    {"dad", "father"}, {"boss", "manager"}, {"老板", "领导"}, {"妈妈", "我妈"}, {"爸爸", "我爸"},
    {"妈妈", "咱妈"}, {"爸爸", "咱爸"}, {"岳母", "丈母娘"}, {"岳父", "老丈人"}};

void SortUnique(std::vector<std::string>* v) {
  std::sort(v->begin(), v->end());
  v->erase(std::unique(v->begin(), v->end()), v->end());
}

// People by what they do for one, in families of one role (牙医 and 医生 are one).
constexpr std::pair<std::string_view, int> kRoles[] = {
    {"医生", 1}, {"牙医", 1}, {"大夫", 1}, {"医师", 1}, {"doctor", 1}, {"dentist", 1},
    {"physician", 1}, {"司机", 2}, {"driver", 2}, {"老师", kTeacherRole}, {"teacher", kTeacherRole},
    {"班主任", kTeacherRole}, {"律师", 4}, {"lawyer", 4}, {"会计", 5}, {"accountant", 5},
    {"教练", kCoachRole}, {"coach", kCoachRole}, {"trainer", kCoachRole},
    {"保姆", 7}, {"nanny", 7}, {"房东", 8}, {"landlord", 8}, {"中介", 9}, {"agent", 9},
    {"护士", 10}, {"nurse", 10}, {"兽医", 11}, {"vet", 11}, {"厨师", 12}, {"chef", 12},
    {"水电工", 13}, {"plumber", 13}, {"electrician", 14}, {"mechanic", 15}, {"修车", 15},
    {"快递", 16}, {"courier", 16}, {"物业", 17}, {"保安", 18}};

}  // namespace

std::span<const std::string_view> RelationWords() { return kRelations; }

bool IsRelation(std::string_view v) {
  return std::find(std::begin(kRelations), std::end(kRelations), v) != std::end(kRelations);
}

bool SaysValue(std::string_view text, std::string_view v) {
  if (text.find(v) != std::string_view::npos) return true;
  for (const auto& [one, other] : kRelationWords) {
    if ((v == one && text.find(other) != std::string_view::npos) ||
        (v == other && text.find(one) != std::string_view::npos)) {
      return true;
    }
  }
  return false;
}

std::vector<std::string> RelationsIn(std::string_view folded) {
  std::vector<std::string> out;
  auto add = [&](std::string_view r) {
    for (const auto& [one, other] : kRelationWords) {
      if (r == other) r = one;
    }
    out.emplace_back(r);
  };
  // An English one also with an "s" (the apostrophe left out, or several).
  auto says = [&](std::string_view r) {
    if (static_cast<unsigned char>(r[0]) >= 0x80) return folded.find(r) != std::string_view::npos;
    return SaysWord(folded, r) || SaysWord(folded, std::string(r) + "s");
  };
  for (std::string_view r : kRelations) {
    if (says(r)) add(r);
  }
  for (const auto& [one, other] : kRelationWords) {
    if (says(other)) {
      add(other);
    }
  }
  SortUnique(&out);
  return out;
}

std::vector<std::string> PossessorRelationsIn(std::string_view folded) {
  std::vector<std::string> out;
  auto owns = [&](std::string_view surface) {
    for (size_t at = folded.find(surface); at != std::string_view::npos;
         at = folded.find(surface, at + 1)) {
      const std::string_view after = folded.substr(at + surface.size());
      const bool han = static_cast<unsigned char>(surface[0]) >= 0x80;
      const bool word =
          han || at == 0 || !std::isalpha(static_cast<unsigned char>(folded[at - 1]));
      if (word && (after.starts_with("'s") || after.starts_with("的") ||
                   (han && after.starts_with("家")))) {
        return true;
      }
    }
    return false;
  };
  for (std::string_view r : kRelations) {
    if (owns(r)) out.emplace_back(r);
  }
  for (const auto& [one, other] : kRelationWords) {
    if (owns(other)) out.emplace_back(one);
  }
  SortUnique(&out);
  return out;
}

std::vector<int> RoleFamiliesIn(std::string_view folded) {
  std::vector<int> out;
  for (const auto& [word, family] : kRoles) {
    const bool han = static_cast<unsigned char>(word[0]) >= 0x80;
    if (han ? folded.find(word) == std::string_view::npos : !HasCue(folded, word)) continue;
    if (word == "医生" && folded.find("兽医") != std::string_view::npos &&
        folded.find("医生") == folded.find("兽医") + 3) {
      continue;
    }
    out.push_back(family);
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

uint32_t PremisesIn(std::string_view folded) {
  struct Premises {
    std::string_view word;
    uint32_t bit;
  };
  static constexpr Premises kPremises[] = {
      {"家里", 1},   {"我家", 1},   {"在家", 1},     {"home", 1},    {"house", 1},
      {"单位", 2},   {"公司", 2},   {"办公室", 2},   {"office", 2},  {"workplace", 2},
      {"店里", 4},   {"档口", 4},   {"铺子", 4},     {"shop", 4},    {"store", 4},
      {"pub", 4},    {"salon", 4},  {"restaurant", 4}, {"学校", 8},  {"宿舍", 8},
      {"school", 8}, {"dorm", 8},   {"campus", 8}};
  uint32_t bits = 0;
  for (const Premises& p : kPremises) {
    const bool han = static_cast<unsigned char>(p.word[0]) >= 0x80;
    if (han ? folded.find(p.word) != std::string_view::npos : HasCue(folded, p.word)) {
      bits |= p.bit;
    }
  }
  return bits;
}

bool ShareARole(std::string_view folded_a, std::string_view folded_b) {
  const std::vector<int> a = RoleFamiliesIn(folded_a);
  const std::vector<int> b = RoleFamiliesIn(folded_b);
  std::vector<int> both;
  std::set_intersection(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(both));
  return !both.empty();
}

bool NameOtherRoles(std::string_view folded_a, std::string_view folded_b) {
  const std::vector<int> a = RoleFamiliesIn(folded_a);
  const std::vector<int> b = RoleFamiliesIn(folded_b);
  if (a.empty() || b.empty()) return false;
  std::vector<int> both;
  std::set_intersection(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(both));
  return both.empty();
}

// The subjects a teacher of folded `text` teaches (数学 of "女儿数学老师", "piano" of "piano
// teacher"): two teachers of two subjects are two people.
std::vector<std::string_view> TaughtSubjectsIn(std::string_view folded) {
  constexpr std::string_view kSubjects[] = {
      "语文", "数学", "英语", "物理", "化学", "生物", "历史", "地理", "政治", "体育", "音乐",
      "美术", "钢琴", "舞蹈", "书法", "math", "maths", "english", "science", "history",
      "piano", "violin", "guitar", "art", "music", "french", "spanish", "chemistry",
      "physics", "biology", "pe", "gym", "dance", "swim", "swimming"};
  std::vector<std::string_view> out;
  for (std::string_view s : kSubjects) {
    const bool han = static_cast<unsigned char>(s[0]) >= 0x80;
    const bool said = han ? folded.find(std::string(s) + "老师") != std::string_view::npos ||
                                folded.find(std::string(s) + "班老师") != std::string_view::npos ||
                                folded.find(std::string(s) + "课老师") != std::string_view::npos
                          : HasCue(folded, std::string(s) + " teacher") ||
                                HasCue(folded, std::string(s) + " tutor");
    if (said) out.push_back(s);
  }
  return out;
}

// Whether folded `text` opens with the speaker as its subject ("我是O型血", "i'm type o"), not
// with a thing of theirs ("我的直属上司是陈经理", "my work email is ...").
bool OpensWithSelf(std::string_view folded) {
  for (std::string_view self : {"我是", "我今年", "i'm ", "i am "}) {
    if (folded.starts_with(self)) return true;
  }
  return false;
}

// Whether folded `text` opens with a relation in Chinese as its subject ("儿子近视200度了"); in
// English the question may call the same one otherwise ("my girl" of "my daughter wears ...").
bool OpensWithRelation(std::string_view folded) {
  for (const std::string& r : RelationsIn(folded)) {
    if (static_cast<unsigned char>(r[0]) >= 0x80 && folded.starts_with(r)) return true;
  }
  return false;
}

// Whether folded `text` stresses that it is the speaker's own ("my own defense", "我自己的").
bool SaysOwnOwn(std::string_view folded) {
  return HasCue(folded, "my own") || folded.find("我自己") != std::string_view::npos;
}

// Whether folded `query` speaks of the caller's own: 我, "my", "our".
bool SaysFirstPerson(std::string_view folded) {
  return folded.find("我") != std::string_view::npos || HasCue(folded, "my") ||
         HasCue(folded, "our") || HasCue(folded, "mine");
}

}  // namespace engram::recall
