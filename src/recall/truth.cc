#include "src/recall/truth.h"

#include <algorithm>
#include <cctype>
#include <functional>
#include <iterator>
#include <optional>
#include <unordered_set>
#include <utility>

#include "engram/status_macros.h"
#include "src/base/utf8.h"
#include "src/extract/coreference_rules.h"
#include "src/recall/answer_kind.h"
#include "src/recall/answer_time.h"
#include "src/recall/answer_words.h"
#include "src/recall/cue_index.h"
#include "src/recall/given_name.h"
#include "src/recall/hit_order.h"
#include "src/recall/numbers_said.h"
#include "src/recall/other_thing.h"
#include "src/recall/past_states.h"
#include "src/recall/query_analysis.h"
#include "src/recall/relations.h"
#include "src/recall/relevance.h"
#include "src/recall/same_statement.h"
#include "src/recall/staleness.h"
#include "src/recall/statement_compare.h"
#include "src/recall/text_memo.h"
#include "src/recall/word_kin.h"
#include "src/text/normalize.h"

namespace engram::recall {
namespace {

// A share of a neighbour's relevance for a hit that only session spreading brought.
constexpr double kLentRelevance = 0.9;

// Records read ahead of the limit for the units they say (collapses free places), and how many
// of them may say a unit for it to tell their statements apart (ShareAClause): three repeats of
// one fact still share theirs.
constexpr size_t kShapeLookahead = 10;
constexpr int kDistinctiveRecords = 3;

// The slots of ReadCues(query), and of the words a question names a slot by.
uint32_t AskedSlots(std::string_view query) {
  uint32_t slots = ReadCues(query).slots;
  const std::string folded = text::FoldForSearch(query);
  struct Asks {
    std::string_view word;
    uint32_t slots;
  };
  static constexpr Asks kAsks[] = {
      {"公司", kSlotEmployer | kSlotTitle}, {"company", kSlotEmployer | kSlotTitle},
      {"工作", kSlotEmployer | kSlotTitle}, {"for a living", kSlotTitle | kSlotEmployer},
      {"城市", kSlotResidence},             {"where did i live", kSlotResidence},
      {"教练", kSlotProvider},              {"私教", kSlotProvider}};
  for (const Asks& a : kAsks) {
    if (folded.find(a.word) != std::string::npos) slots |= a.slots;
  }
  return slots;
}

// The version that replaced a retired one: the next of its lineage.
Result<int64_t> NextVersion(store::Store& store, const store::OpContext& ctx, const Memory& m) {
  auto versions = store.GetHistory(ctx, m.id);
  if (!versions.ok()) {
    return versions.status().code() == StatusCode::kNotFound ? Result<int64_t>(int64_t{0})
                                                             : versions.status();
  }
  for (const Memory& v : *versions) {
    if (v.supersedes == m.id) return v.id;
  }
  return int64_t{0};
}

// Whether `word`, a content word of `query`, is how the question asks for the kind `asked`:
// it asks for a kind by itself ("phone", "电话"), or the question without it asks for another
// ("pay" of "how much does James pay per cooking class?").
bool AsksTheKind(std::string_view query, const std::string& word, AnswerKind asked) {
  if (AskedKind(word, false) != AnswerKind::kAny) return true;
  // Which part of a name ("last" of "what's the library director's last name").
  constexpr std::string_view kNameParts[] = {"last", "first", "full", "middle", "maiden"};
  if (asked == AnswerKind::kName &&
      std::find(std::begin(kNameParts), std::end(kNameParts), word) != std::end(kNameParts)) {
    return true;
  }
  std::string without = Folded(query);
  const size_t at = without.find(word);
  if (at == std::string::npos) return false;
  without.replace(at, word.size(), " ");
  return AskedKind(without, false) != asked;
}

// A noun for a person by role or kin (客户, 同事, "friend"): two statements that both say it
// may be of two people ("意大利客户Marco" and "土耳其客户的WhatsApp").
bool IsPersonNoun(std::string_view word) {
  constexpr std::string_view kRoles[] = {
      "学员", "学生", "同学", "员工", "师傅", "医生", "护士", "经理", "主任", "司机", "邻居",
      "房东", "租客", "病人", "患者", "顾客", "会员", "团员", "队员", "家长", "助理", "供应",
      "老师", "组长",
      "client", "clients", "customer", "customers", "student", "patient", "member", "tenant",
      "neighbor", "neighbour", "landlord", "coach", "trainee", "vendor", "supplier"};
  if (std::find(std::begin(kRoles), std::end(kRoles), word) != std::end(kRoles)) return true;
  for (const auto& n : extract::coref_rules::ChinesePersonNouns()) {
    if (n.text == word) return true;
  }
  for (const auto& n : extract::coref_rules::EnglishPersonNouns()) {
    if (n.text == word) return true;
  }
  return false;
}

// A pair of Han characters opening with a measure word (条船 of "42尺那条船", 只牧 of "那只牧羊犬"):
// it says how a thing is counted, and links no two statements of two things.
bool CountsOne(std::string_view word) {
  constexpr std::string_view kMeasureWords = "条只个张台辆位件本部头匹棵把间套架艘座";
  if (word.size() != 6) return false;  // two Han characters
  return kMeasureWords.find(word.substr(0, 3)) != std::string_view::npos;
}

// Of another subject (ScoreRelevance): for each hit, whether it carries the kind asked for but
// not a word of the question that names no kind (a name, a thing: "karen" of "what's karen's
// phone number?"; in Chinese only the first character pair and a pair that calls someone by
// name, CallsByName), which only hits carrying no such value say ("team's pizza place is
// 206-555-0172" beside "karen's moving to tacoma next month"), none of them sharing a word with it besides the question's or a session (a hit that
// does links the two: "Brightwave moved standup to Wednesdays 10am" and "Brightwave's PM is
// Tanya", asked when the sync with Tanya's team is; "At only $10 per class" after "I've started
// a cooking class", asked what a cooking class costs). `words`: the question's content words;
// `known[w]`: some hit says word w; `found_in[i][w]`: hit i does; `carries[i]`: hit i carries
// the kind. A pair of Han characters that counts one (CountsOne) links none. A relation the
// question asks of (`relations`: 我妈) is such a word too.
std::vector<bool> OfAnotherSubject(std::string_view query, AnswerKind asked,
                                   const std::vector<std::string>& words,
                                   const std::vector<bool>& known,
                                   const std::vector<std::vector<bool>>& found_in,
                                   const std::vector<bool>& carries,
                                   const std::vector<std::string>& relations,
                                   const std::vector<RecallHit>& hits) {
  std::vector<bool> other(hits.size(), false);
  // Each hit's content words besides the question's, read when first needed.
  std::vector<std::optional<std::vector<std::string>>> own_words(hits.size());
  auto words_of = [&](size_t i) -> const std::vector<std::string>& {
    if (!own_words[i]) {
      own_words[i] = ContentWords(hits[i].memory.content);
      // Nor a word said of anything ("new" of "new chair was 489 bucks" and "ordered a new
      // graphics card"; "mov", stemmed, of "mam's moved to ..." and "dean's moving house"),
      // nor one Han character (号 of "王先生生日11月3号" and "船叫海悦号"),
      // which links no two statements.
      constexpr std::string_view kSaidOfAnything[] = {"new", "old", "got", "get", "just",
                                                      "today", "finally", "really", "still",
                                                      "mov"};
      std::erase_if(*own_words[i], [&](const std::string& x) {
        return std::find(words.begin(), words.end(), x) != words.end() || IsPersonNoun(x) ||
               CountsOne(x) || (x.size() == 3 && static_cast<unsigned char>(x[0]) >= 0x80) ||
               SaysANumber(x) ||
               std::find(std::begin(kSaidOfAnything), std::end(kSaidOfAnything), x) !=
                   std::end(kSaidOfAnything);
      });
    }
    return *own_words[i];
  };
  auto linked = [&](size_t i, size_t j) {
    const Source& a = hits[i].memory.source;
    const Source& b = hits[j].memory.source;
    return (!a.session_id.empty() && a.session_id == b.session_id) ||
           KeywordCoverage(words_of(i), hits[j].memory.content) > 0;
  };
  // The question's words that name its subject: in Chinese, of the question's character pairs
  // only the first (张小 of 张小姐电话多少), and a pair that calls someone by name (小林 of 羽毛球
  // 搭档小林的微信号); the others cross words (板要 of 王姐家岩板要订多少平).
  // Nor, in English, a common verb or particle (stemmed: "need" of "who do i call when the
  // truck needs gas", "out" of "when's the morning boat go out"), nor the caller's own pet,
  // which a statement may call by its name ("my cat", said "pickle's meds").
  constexpr std::string_view kVerbs[] = {"need", "want", "take", "call", "use", "get", "go",
                                         "out", "up", "off", "back", "over", "down", "away"};
  constexpr std::string_view kPets[] = {"cat", "dog", "kitten", "puppy", "pup", "horse",
                                        "pony", "parrot", "rabbit", "bunny", "hamster"};
  const std::string folded_query = Folded(query);
  std::vector<bool> names_subject(words.size(), false);
  for (size_t w = 0; w < words.size(); ++w) {
    const bool han = static_cast<unsigned char>(words[w][0]) >= 0x80;
    // ... unless it stands before a noun as "the back gate", "my back door" say it.
    const bool verb = std::find(std::begin(kVerbs), std::end(kVerbs), words[w]) !=
                          std::end(kVerbs) &&
                      !SaysWord(folded_query, "the " + words[w]) &&
                      !SaysWord(folded_query, "my " + words[w]);
    const bool own = std::find(std::begin(kPets), std::end(kPets), words[w]) != std::end(kPets) &&
                     SaysWord(folded_query, "my " + words[w]);
    // A pair after 的 opens the noun of what is asked about (鸭苗 of 老谭的鸭苗多少钱一只); one
    // before 问 or 说 names who asks, not what about (客人 of 客人问wifi密码 现在是啥).
    const bool after_de = han && folded_query.find("的" + words[w]) != std::string::npos;
    const bool asker = han && (folded_query.find(words[w] + "问") != std::string::npos ||
                               folded_query.find(words[w] + "说") != std::string::npos);
    // Nor a part of a day or a word of when ("night" of "whats the emergency vet number at
    // night"), which says when, not of what; a day of the week does ("the first shuttle on
    // sunday" is not saturday's).
    constexpr std::string_view kWhen[] = {"night", "morning", "afternoon", "evening", "today",
                                          "tonight", "tomorrow", "noon", "midnight", "daily",
                                          "weekly", "monthly", "yearly", "soon", "ago", "next"};
    const bool when =
        std::find(std::begin(kWhen), std::end(kWhen), words[w]) != std::end(kWhen);
    names_subject[w] = known[w] && !(han && w > 0 && !CallsByName(words[w]) && !after_de) &&
                       !asker && !when && !verb && !own &&
                       !AsksTheKind(query, words[w], asked);
  }
  // Hits that carry the kind and are linked to none of `sayers`, which all carry none.
  auto mark = [&](const std::vector<size_t>& sayers) {
    if (sayers.empty() ||
        std::any_of(sayers.begin(), sayers.end(), [&](size_t j) { return carries[j]; })) {
      return;
    }
    for (size_t i = 0; i < hits.size(); ++i) {
      if (!carries[i] || other[i]) continue;
      other[i] = std::none_of(sayers.begin(), sayers.end(), [&](size_t j) { return linked(i, j); });
    }
  };
  for (size_t w = 0; w < words.size(); ++w) {
    if (!names_subject[w]) continue;
    std::vector<size_t> sayers;
    for (size_t j = 0; j < hits.size(); ++j) {
      if (found_in[j][w]) sayers.push_back(j);
    }
    mark(sayers);
  }
  // The same for a relation the question asks of (我妈 of 我妈坐的那趟高铁车次是多少): a hit
  // that names it and carries no such value, and one that carries it and names no relation
  // ("上次出差坐的G2331", the caller's own trip).
  std::vector<std::vector<std::string>> named(relations.empty() ? 0 : hits.size());
  for (size_t j = 0; j < named.size(); ++j) named[j] = RelationsIn(Folded(hits[j].memory.content));
  for (const std::string& relation : relations) {
    std::vector<size_t> sayers;
    for (size_t j = 0; j < named.size(); ++j) {
      if (std::find(named[j].begin(), named[j].end(), relation) != named[j].end()) {
        sayers.push_back(j);
      }
    }
    mark(sayers);
  }
  return other;
}

// Whether `query` asks for the name of one thing: a name, one thing of a kind ("what app do
// we use", "which vet"), or 什么 before a noun ("用什么软件", "什么牌子"; not "做了什么").
bool AsksForAName(std::string_view query, AnswerKind asked) {
  if (asked == AnswerKind::kName || asked == AnswerKind::kBrand || AsksForOne(query)) return true;
  const std::string folded = Folded(query);
  constexpr std::string_view kWhat = "什么";
  for (size_t at = folded.find(kWhat); at != std::string::npos; at = folded.find(kWhat, at + 1)) {
    size_t next = at + kWhat.size();
    if (next >= folded.size()) continue;
    const char32_t c = base::DecodeUtf8(folded, &next);
    if (IsHan(c) && (at < 3 || (folded.compare(at - 3, 3, "为") != 0 &&
                                folded.compare(at - 3, 3, "干") != 0))) {
      return true;
    }
  }
  return false;
}

// Whether one of two short statements names a thing (GivenName: "我家猫叫豆包") that the other
// says without naming another ("宠物医院登记名字 写的豆包") and without a change ("moved every
// note from Notion to Obsidian"), and the question does not say it: asked for the name, they
// give one answer.
bool NameTheSame(const Memory& a, const Memory& b, std::string_view folded_question) {
  const std::string fa = Folded(a.content), fb = Folded(b.content);
  const std::string na = GivenName(fa), nb = GivenName(fb);
  const std::string& name = !na.empty() ? na : nb;
  if (name.empty() || (!na.empty() && !nb.empty() && na != nb)) return false;
  if (SaysName(folded_question, name) || !SaysName(fa, name) || !SaysName(fb, name)) return false;
  return !ReadCues(a.content).change && !ReadCues(b.content).change;
}

// Whether a turn asks something: it holds a question mark.
bool AsksSomething(std::string_view text) {
  return text.find('?') != std::string_view::npos || text.find("？") != std::string_view::npos;
}

}  // namespace

void ScoreRelevance(std::string_view query, std::string_view user_id, AnswerKind asked,
                    const RelevanceScale& scale, const std::vector<int64_t>& pre_spread_ids,
                    std::vector<RecallHit>* hits, bool past_words, bool history_asked) {
  const std::vector<QueryWord> weighted = WeightedContentWords(query);
  std::vector<std::string> words;
  double total_weight = 0;
  for (const QueryWord& w : weighted) {
    words.push_back(w.text);
    total_weight += w.weight;
  }
  // Query words no candidate contains: the part of the question the memory knows nothing of
  // (a rare word that occurs anywhere in the caller's memories is among the keyword channel's
  // candidates). The vector evidence must then be stronger (StricterFor).
  std::vector<bool> known(words.size(), false);
  std::vector<double> coverage(hits->size(), 0);
  std::vector<std::vector<bool>> found_in(hits->size());
  for (size_t i = 0; i < hits->size(); ++i) {
    // Weighted like the words themselves: a name the question asks about counts double, so a
    // memory that shares only a common word with it ("promoted") and not the name is weak.
    found_in[i] = WordsFound(words, (*hits)[i].memory.content);
    // A word of the same sense counts as the question's (word_kin.h), but links no two
    // statements of one subject (OfAnotherSubject reads the words said).
    const std::vector<bool> found = WithKinFound(words, (*hits)[i].memory.content, found_in[i]);
    double got = 0;
    for (size_t w = 0; w < words.size(); ++w) {
      if (found[w]) got += weighted[w].weight;
      known[w] = known[w] || found[w];
    }
    coverage[i] = total_weight > 0 ? std::min(1.0, got / std::min(total_weight, kCoverageCap)) : 0;
  }
  // The caller's own user id, folded like the question's words (ContentWords): a name the
  // question may use without any memory saying it.
  const std::string caller = user_id.empty() ? std::string() : text::FoldForSearch(user_id);
  double unknown = 0;
  double names = 0;
  double unknown_names = 0;
  for (size_t w = 0; w < words.size(); ++w) {
    unknown += known[w] ? 0 : weighted[w].weight;
    // In Chinese, a pair that calls someone by name (小和, 刘姐; CallsByName) is a name too.
    const bool han_name = static_cast<unsigned char>(words[w][0]) >= 0x80 && CallsByName(words[w]);
    if (weighted[w].weight < kNameWeight && !han_name) continue;
    names += 1;
    if (!known[w] && (caller.empty() || words[w] != caller)) unknown_names += 1;
  }
  const double name_factor = names > 0 ? 1 - kUnknownNamePenalty * unknown_names / names : 1;
  const RelevanceScale strict =
      StricterFor(scale, total_weight > 0 ? unknown / total_weight : 0.0);
  // A kind of answer and the people asked about are read off one question, not a dialogue used
  // as the query, whose turns ask and tell many things.
  const bool one_question = IsOneQuestion(query);
  const std::vector<std::string> asked_relations =
      one_question ? RelationsIn(Folded(query)) : std::vector<std::string>();
  const bool first_person = one_question && SaysFirstPerson(Folded(query));
  // The premises a question for a value names (家里 of 家里wifi密码多少).
  const uint32_t asked_premises =
      one_question && asked != AnswerKind::kAny ? PremisesIn(Folded(query)) : 0;
  const std::vector<int> asked_roles =
      one_question && (asked == AnswerKind::kContact || asked == AnswerKind::kName)
          ? RoleFamiliesIn(Folded(query))
          : std::vector<int>();
  // Not of a word for any identifier, asked ("孩子在学校的编号" is the 学号) or said ("PADI教练
  // 编号" is the 会员号 asked for).
  auto any_id = [](const std::vector<std::string>& nouns) {
    return std::any_of(nouns.begin(), nouns.end(), [](const std::string& n) {
      return n == "编号" || n == "单号" || n == "证号" || n == "账号" || n == "帐号";
    });
  };
  std::vector<std::string> asked_ids = one_question && asked == AnswerKind::kIdentifier
                                           ? ZhIdentifierNounsIn(Folded(query))
                                           : std::vector<std::string>();
  if (any_id(asked_ids)) asked_ids.clear();
  const std::vector<std::string_view> asked_subjects =
      asked_roles.empty() ? std::vector<std::string_view>() : TaughtSubjectsIn(Folded(query));
  constexpr std::string_view kHomeroom[] = {"班主任", "homeroom", "form tutor", "form teacher"};
  const bool asks_homeroom = !asked_roles.empty() && AnyCue(Folded(query), kHomeroom);
  std::vector<bool> carries(hits->size(), true);
  if (one_question) {
    for (size_t i = 0; i < hits->size(); ++i) {
      carries[i] = CarriesKind(asked, (*hits)[i].memory.content, query);
    }
  }
  std::vector<bool> other_subject =
      one_question && asked != AnswerKind::kAny && !history_asked
          ? OfAnotherSubject(query, asked, words, known, found_in, carries, asked_relations,
                             *hits)
          : std::vector<bool>(hits->size(), false);
  // Asked in the past tense, a turn of a dialogue is left alone: its speaker, whom its words
  // need not name, may be the one asked about ("Where did James and Samantha decide to live").
  for (size_t i = 0; past_words && i < hits->size(); ++i) {
    if (!Speaker((*hits)[i].memory.content).empty()) other_subject[i] = false;
  }
  const std::string folded_question = Folded(query);
  std::unordered_map<int64_t, size_t> index_of;    // of each hit, by memory id
  std::vector<double> own_relevance(hits->size());  // before any is lent
  std::vector<bool> off_answer(hits->size(), false);
  std::vector<bool> lends_off(hits->size(), false);  // off-answer also when lent relevance
  // A code the question names (工单T-102, INC-20417) that some hit says: the question is about
  // that item, and a hit that does not say it is about another ("把张工的联系方式更新为…" for
  // "工单T-102"); not asked about the past ("what was the old pager number before Active911?").
  if (one_question && !past_words) {
    for (const std::string& code : CodesIn(Folded(query))) {
      std::vector<bool> says(hits->size());
      for (size_t i = 0; i < hits->size(); ++i) {
        says[i] = Folded((*hits)[i].memory.content).find(code) != std::string::npos;
      }
      if (std::find(says.begin(), says.end(), true) == says.end()) continue;
      for (size_t i = 0; i < hits->size(); ++i) {
        off_answer[i] = off_answer[i] || !says[i];
        lends_off[i] = lends_off[i] || !says[i];
      }
    }
  }
  const std::optional<AskedThing> asked_thing =
      one_question && !history_asked ? std::optional<AskedThing>(ReadAskedThing(query))
                                     : std::nullopt;
  for (size_t i = 0; i < hits->size(); ++i) {
    RecallHit& h = (*hits)[i];
    h.relevance = name_factor * Relevance(VectorCosine(h), coverage[i], strict);
    // Linked to an entity the question names (a name, alias or role): evidence of its own.
    if (h.channels.count("graph")) h.relevance = 1 - (1 - h.relevance) * (1 - kGraphRelevance);
    if (!carries[i] || other_subject[i]) off_answer[i] = true;
    // Of another day of the week only ("sunday roasted 64 sacks" for saturday's).
    if (one_question && !history_asked &&
        NamesAnotherWeekday(Folded(h.memory.content), folded_question)) {
      off_answer[i] = true;
    }
    // Of another thing of the sort asked about only (silo 3 for silo 5, 冬笋 for 春笋).
    if (asked_thing && NamesSiblingOfAsked(*asked_thing, h.memory.content)) {
      off_answer[i] = true;
    }
    // A way to reach someone or a code is said as it is: a neighbour that says none is no
    // answer however close to one it stands (not read for kinds said in looser words: the
    // turn after "How did the kids take the accident?" answers it without naming them).
    lends_off[i] = lends_off[i] || (!carries[i] && (asked == AnswerKind::kContact || asked == AnswerKind::kIdentifier));
    // Of another relation only ("儿子在实验小学读三年级" for the daughter's school).
    if (!asked_relations.empty()) {
      const std::vector<std::string> named = RelationsIn(Folded(h.memory.content));
      std::vector<std::string> both;
      std::set_intersection(named.begin(), named.end(), asked_relations.begin(),
                            asked_relations.end(), std::back_inserter(both));
      if (!named.empty() && both.empty()) off_answer[i] = true;
      // ... nor what the caller says of themself ("我是O型血" for 宝宝什么血型).
      if (named.empty() && OpensWithSelf(Folded(h.memory.content))) off_answer[i] = true;
    } else if (first_person && (!PossessorRelationsIn(Folded(h.memory.content)).empty() ||
                                OpensWithRelation(Folded(h.memory.content)))) {
      // Asked of the caller's own (我家猫叫什么名字, "what's my dog's name", 我近视多少度): what
      // another relation owns or is ("邻居家狗叫旺财", "my sister's dog is rex", "儿子近视200度了")
      // answers it not.
      off_answer[i] = true;
    }
    // Asked of someone else, what the caller says is their own ("my own defense is nov 14" for
    // priya's defense); not a turn of a dialogue, whose speaker may be the one asked of ("Gina:
    // I opened my own store").
    if (one_question && !first_person && Speaker(h.memory.content).empty() &&
        SaysOwnOwn(Folded(h.memory.content))) {
      off_answer[i] = true;
    }
    // Of other premises only (单位员工休息室wifi for 家里wifi); not a turn of a dialogue.
    if (asked_premises != 0 && Speaker(h.memory.content).empty()) {
      const uint32_t named = PremisesIn(Folded(h.memory.content));
      if (named != 0 && (named & asked_premises) == 0) off_answer[i] = true;
    }
    // An identifier of another thing only (车位 for 车牌).
    if (!asked_ids.empty()) {
      const std::vector<std::string> named = ZhIdentifierNounsIn(Folded(h.memory.content));
      const bool asked_id = std::any_of(named.begin(), named.end(), [&](const std::string& n) {
        return std::find(asked_ids.begin(), asked_ids.end(), n) != asked_ids.end();
      });
      if (!named.empty() && !any_id(named) && !asked_id) {
        off_answer[i] = true;
      }
    }
    // Of another role only (司机 for 韩医生).
    if (!asked_roles.empty()) {
      const std::vector<int> named = RoleFamiliesIn(Folded(h.memory.content));
      std::vector<int> both;
      std::set_intersection(named.begin(), named.end(), asked_roles.begin(), asked_roles.end(),
                            std::back_inserter(both));
      // A child's teacher of a sport is its coach (孩子学滑冰跟的哪个老师, said 滑冰教练): the
      // two roles are one when the hit says a word of the question besides them and besides
      // who is taught (朵朵 of 朵朵班主任, said 朵朵游泳教练): in Chinese not the first pair.
      auto has = [](const std::vector<int>& v, int f) {
        return std::find(v.begin(), v.end(), f) != v.end();
      };
      const bool teaches = (has(named, kTeacherRole) && has(asked_roles, kCoachRole)) ||
                           (has(named, kCoachRole) && has(asked_roles, kTeacherRole));
      bool shares = false;
      for (size_t w = 0; w < words.size(); ++w) {
        const bool han = static_cast<unsigned char>(words[w][0]) >= 0x80;
        shares = shares || (found_in[i][w] && (han ? w > 0 && !CallsByName(words[w])
                                                   : weighted[w].weight < kNameWeight));
      }
      if (!named.empty() && both.empty() && !(teaches && shares)) off_answer[i] = true;
      // A teacher of another subject (数学老师 for 英语老师).
      const std::vector<std::string_view> taught = TaughtSubjectsIn(Folded(h.memory.content));
      if (!asked_subjects.empty() && !taught.empty() &&
          std::none_of(taught.begin(), taught.end(), [&](std::string_view s) {
            return std::find(asked_subjects.begin(), asked_subjects.end(), s) !=
                   asked_subjects.end();
          })) {
        off_answer[i] = true;
      }
      // Nor does one of a subject answer for the class teacher (班主任 of 数学老师, 舞蹈班老师),
      // unless the hit names the class teacher too.
      if (asks_homeroom && !taught.empty() && !AnyCue(Folded(h.memory.content), kHomeroom)) {
        off_answer[i] = true;
      }
    }
    if (off_answer[i]) h.relevance *= kOffAnswerFactor;
    own_relevance[i] = h.relevance;
    index_of[h.memory.id] = i;
  }
  for (size_t i = 0; i < hits->size(); ++i) {
    RecallHit& h = (*hits)[i];
    auto lent = h.channels.find("context");
    if (lent == h.channels.end()) continue;
    const int rank = lent->second.rank;
    if (rank < 1 || rank > static_cast<int>(pre_spread_ids.size())) continue;
    auto lender = index_of.find(pre_spread_ids[rank - 1]);
    // Lent across a question and its answer only ("How long do you hold that pose?" ->
    // "30-60 seconds"): the turn after a statement need not be about what that one says
    // ("工单T-102的截止日期改到周五" after "客户张工说下周二要验收接口文档").
    if (lender == index_of.end() ||
        !(AsksSomething(h.memory.content) ||
          AsksSomething((*hits)[lender->second].memory.content))) {
      continue;
    }
    // An answer that carries no way to reach anyone or code asked for stays off-answer ("do
    // you have Kim's number?" -> "I'll ask her tonight", asked for Kim's phone number).
    h.relevance = std::max(h.relevance, kLentRelevance * own_relevance[lender->second] *
                                            (lends_off[i] ? kOffAnswerFactor : 1.0));
  }
}

Status ApplyTruth(store::Store& store, const store::OpContext& ctx, const TruthParams& params,
                  std::vector<RecallHit>* hits) {
  std::vector<const Memory*> ms;
  ms.reserve(hits->size());
  for (const RecallHit& h : *hits) ms.push_back(&h.memory);
  ENGRAM_ASSIGN_OR_RETURN(auto from_facts, SuccessorsFromFacts(store, ctx, ms));
  std::vector<double> relevance;  // on the question's topic (TruthParams::topic_scale)
  std::vector<double> cosine;
  for (const RecallHit& h : *hits) {
    relevance.push_back(std::max(h.relevance, Relevance(VectorCosine(h), 0, params.topic_scale)));
    cosine.push_back(VectorCosine(h));
  }
  // The question rules (how an item stands, one thing asked for) and one answer named by a
  // word (SameAnswerWord) read one question, not a dialogue used as the query, whose turns
  // bring up several memories of one story.
  const bool one_question = IsOneQuestion(params.query);
  // Asked what held before, the same rules find what replaced it (the answer is the older).
  const bool asks_now = one_question;
  const bool asks_one = asks_now && AsksForOne(params.query);
  std::vector<int> by_cues = OutdatedByCues(
      {ms.begin(), ms.begin() + std::min(ms.size(), params.cue_window)}, relevance,
      asks_now && AsksForStatus(params.query) ? std::string_view(params.query)
                                              : std::string_view(),
      asks_one,
      asks_one || (asks_now && (AsksWhereOrNow(params.query) ||
                                AskedKind(params.query, false) != AnswerKind::kAny)),
      asks_now ? std::string_view(params.query) : std::string_view(),
      {cosine.data(), std::min(cosine.size(), params.cue_window)});
  by_cues.resize(ms.size(), -1);
  // Successors by id, taken before `hits` changes (ms points into it).
  std::vector<std::optional<Memory>> successor(hits->size());
  for (size_t i = 0; i < hits->size(); ++i) {
    auto f = from_facts.find((*hits)[i].memory.id);
    if (f != from_facts.end()) {
      successor[i] = f->second;
    } else if (by_cues[i] >= 0) {
      successor[i] = (*hits)[by_cues[i]].memory;
    }
  }
  std::unordered_map<int64_t, size_t> position;
  for (size_t i = 0; i < hits->size(); ++i) position[(*hits)[i].memory.id] = i;
  // The slots a question about the past asks about, by the statement cues and a few question
  // words ("哪家公司", "which company").
  const uint32_t asked_slots = params.asks_past ? AskedSlots(params.query) : 0;

  std::vector<RecallHit> added;
  std::vector<bool> drop(hits->size(), false);
  for (size_t i = 0; i < hits->size(); ++i) {
    RecallHit& h = (*hits)[i];
    if (!h.memory.current) {  // a retired version, asked for with include_history
      h.state = "outdated";
      ENGRAM_ASSIGN_OR_RETURN(auto next, NextVersion(store, ctx, h.memory));
      h.superseded_by = next;
      continue;
    }
    if (!successor[i]) continue;
    h.state = "outdated";
    h.superseded_by = successor[i]->id;
    const bool held_then =
        !params.past_windows.empty() &&
        OverlapsWindows(params.past_windows, MemoryTime(h.memory), MemoryTime(*successor[i])) &&
        !InWindows(params.past_windows, MemoryTime(*successor[i]));
    // A correction says the older one never held: it stays only when history is asked for.
    // So does one opening with "actually" ("actually the pump was $1,420 not 1240").
    const StatementCues successor_cues = ReadCues(successor[i]->content);
    const bool retracted = successor_cues.correction || successor_cues.opening_correction;
    if ((params.keep_outdated || held_then) && (!retracted || params.history_asked)) {
      if (params.asks_past) {  // what it was: above what replaced it
        h.score *= kPastBoost;
        // Of the slot the question asks about ("我上一家公司是哪家？" of "我在腾讯做产品经理",
        // replaced): the answer, in whatever words the question puts it.
        if (asked_slots & ReadCues(h.memory.content).slots & kSingleValuedSlots) {
          h.relevance = std::max(h.relevance, kPastSlotRelevance);
        }
        auto there = position.find(successor[i]->id);
        if (there != position.end() && there->second < hits->size()) {
          // It answers the question about the past as well as its successor answers the
          // present one.
          const RecallHit& s = (*hits)[there->second];
          h.score = std::max(h.score, s.score * kPastBoost);
          h.relevance = std::max(h.relevance, s.relevance);
        }
      }
      if (params.demote_outdated) h.score *= kOutdatedFactor;
      continue;
    }
    drop[i] = true;
    auto there = position.find(successor[i]->id);
    if (there != position.end()) {  // a hit already, or added for an earlier outdated hit
      const size_t at = there->second;
      RecallHit& s = at < hits->size() ? (*hits)[at] : added[at - hits->size()];
      s.score = std::max(s.score, h.score);
      s.relevance = std::max(s.relevance, h.relevance);
      continue;
    }
    RecallHit r;
    r.memory = std::move(*successor[i]);
    r.score = h.score;
    r.relevance = h.relevance;
    r.explanation = h.explanation;
    r.channels["update"] = ChannelScore{static_cast<int>(i) + 1, h.score};
    position[r.memory.id] = hits->size() + added.size();
    added.push_back(std::move(r));
  }
  std::vector<RecallHit> out;
  out.reserve(hits->size() + added.size());
  for (size_t i = 0; i < hits->size(); ++i) {
    if (!drop[i]) out.push_back(std::move((*hits)[i]));
  }
  for (RecallHit& r : added) out.push_back(std::move(r));

  for (RecallHit& h : out) {
    if (h.memory.expires_at && h.memory.expires_at->unix_ms <= params.at.unix_ms) {
      if (h.state == "current") h.state = "expired";
      if (!params.include_expired) h.score *= kExpiredFactor;
    }
  }
  if (params.asks_past) {
    EarlierStatesFirst(params.min_relevance, &out);
    StateBeforeTheLaterOneFirst(params.query, &out);
  }
  SortByScore(&out);
  if (params.asks_past) LeaveOutSuccessorsOfShown(&out);
  std::unordered_set<std::string> said;  // folded contents of the current hits kept
  // One statement said: the hit kept for it, and every record found to say it (`members`, the
  // kept one's first), so that a later record saying it as any of them did joins it.
  struct Member {
    Memory memory;
    StatementShape shape;
    std::vector<StatementShape> clauses;
    bool carries = false;  // the kind of value asked for
  };
  struct KeptRecord {
    size_t index;  // into kept
    std::vector<Member> members;
  };
  std::vector<KeptRecord> kept_records;
  std::vector<RecallHit> kept;
  // The shapes of the records recall may keep, read once; units that most of them say ("wow",
  // "thanks" in a chatty conversation) do not make a clause of two of them one (ShareAClause).
  std::vector<std::optional<StatementShape>> shapes(out.size());
  std::unordered_map<std::string, int> unit_records;
  for (size_t i = 0, seen = 0; i < out.size() && seen < params.limit + kShapeLookahead; ++i) {
    if (out[i].relevance < params.min_relevance) continue;
    ++seen;
    if (!IsCurrentRecord(out[i].memory)) continue;
    shapes[i] = ShapeOf(out[i].memory.content);
    for (const std::string& u : shapes[i]->units) ++unit_records[u];
  }
  const StatementShape question = ShapeOf(params.query);
  std::vector<std::string> common;
  for (const auto& [unit, n] : unit_records) {
    if (n > kDistinctiveRecords) common.push_back(unit);
  }
  std::sort(common.begin(), common.end());
  const bool lookup = IsLookup(params.query);
  // Asked where something stands or what happened to it: two statements of it that share a
  // word are two steps or two events ("pretrip checklist app we use is called zonar", "zonar
  // tablet froze during pretrip"), not one fact said twice (ShareARareWord).
  const bool asks_events = AsksForStatus(params.query) || HasCue(question.folded, "happened") ||
                           question.folded.find("发生") != std::string::npos;
  // Asked for a kind of value (answer_kind.h), records that carry it and give it one value
  // (GiveOneValue) say one thing for the question.
  const AnswerKind asked_kind =
      one_question && !params.asks_past ? AskedKind(params.query, false) : AnswerKind::kAny;
  // Asked where something is or what holds now, of no kind: any record may give the value.
  const bool asks_value = one_question && !params.asks_past &&
                          (asked_kind != AnswerKind::kAny || AsksWhereOrNow(params.query));
  // An answer named in words (a name, a place, a brand, a job, a time or day; where something
  // is): any phrase two records say alike is that answer (SharePhrase). Of a number, only a
  // phrase with a digit: a phrase without one names the owner ("Central Milling bags are $31.20
  // now", "Central Milling rep is named Dana, cell 555-0142").
  const bool named_answer =
      asked_kind == AnswerKind::kName || asked_kind == AnswerKind::kPlace ||
      asked_kind == AnswerKind::kBrand || asked_kind == AnswerKind::kJob ||
      asked_kind == AnswerKind::kDate || asked_kind == AnswerKind::kTime ||
      asked_kind == AnswerKind::kAny;
  const bool asks_name =
      one_question && !params.asks_past && AsksForAName(params.query, asked_kind);
  std::vector<int> carries(out.size(), -1);  // -1 unread, else whether it carries asked_kind
  auto carries_kind = [&](size_t i, const Memory& m) {
    if (carries[i] < 0) carries[i] = CarriesKind(asked_kind, m.content, params.query);
    return carries[i] == 1;
  };
  for (size_t i = 0; i < out.size(); ++i) {
    RecallHit& h = out[i];
    if (static_cast<int>(kept.size()) >= params.limit) break;
    if (h.relevance < params.min_relevance) continue;
    if (h.memory.current && !said.insert(Folded(h.memory.content)).second) continue;
    if (IsCurrentRecord(h.memory)) {
      StatementShape shape = shapes[i] ? std::move(*shapes[i]) : ShapeOf(h.memory.content);
      std::vector<StatementShape> clauses = ClauseShapes(h.memory.content);
      // An outdated hit kept for history gives no value now.
      const bool carries_asked =
          (asks_value || asks_name) && h.state != "outdated" && carries_kind(i, h.memory);
      // Two short statements of the caller's that share a word few hits say and the
      // question does not ("allergic to penicillin btw" and "told her about the penicillin
      // allergy"), neither telling of a change: one fact said twice. Only for a question, not
      // words looked up ("deploy runbook" finds two documents); not asked of the past, nor
      // turns of a dialogue.
      auto share_rare_word = [&](const Member& m) {
        if (!one_question || lookup || params.asks_past || asks_events ||
            !Speaker(h.memory.content).empty() ||
            !Speaker(m.memory.content).empty() || ReadCues(h.memory.content).change ||
            ReadCues(m.memory.content).change) {
          return false;
        }
        return ShareARareWord(shape, m.shape, question, unit_records);
      };
      auto says_same = [&](const Member& m) {
        return SameStatement(shape, m.shape) || Restates(h.memory.content, m.memory.content) ||
               ShareAClause(shape, clauses, m.shape, m.clauses, question, common) ||
               (StatementUnits(h.memory.content) <= kStatementUnits &&
                StatementUnits(m.memory.content) <= kStatementUnits &&
                SameOwner(h.memory, m.memory) &&
                (SameAnswer(shape, m.shape, question) ||
                 (h.memory.kind != MemoryKind::kEvent && m.memory.kind != MemoryKind::kEvent &&
                  one_question && SameAnswerWord(shape, m.shape, question, common)) ||
                 (asks_name && NameTheSame(h.memory, m.memory, question.folded)) ||
                 share_rare_word(m)));
      };
      auto gives_its_value = [&](const Member& m) {
        return carries_asked && m.carries && SameOwner(h.memory, m.memory) &&
               StatementUnits(h.memory.content) <= kStatementUnits &&
               StatementUnits(m.memory.content) <= kStatementUnits &&
               (GiveOneValue(shape, m.shape, asked_kind, question.folded) ||
                SharePhrase(shape.folded, m.shape.folded, question.folded, !named_answer));
      };
      auto same = std::find_if(kept_records.begin(), kept_records.end(), [&](const KeptRecord& k) {
        return std::any_of(k.members.begin(), k.members.end(), says_same);
      });
      if (same == kept_records.end()) {
        // Gives the value asked for that a better hit gives: that one stays, as it is.
        auto giver = std::find_if(kept_records.begin(), kept_records.end(),
                                  [&](const KeptRecord& k) {
          return std::any_of(k.members.begin(), k.members.end(), gives_its_value);
        });
        if (giver != kept_records.end()) {
          giver->members.push_back(
              Member{h.memory, std::move(shape), std::move(clauses), carries_asked});
          continue;
        }
      }
      if (same != kept_records.end()) {
        // Said again: one hit, at the better place, with the fuller of the two texts, or, for
        // one question, of two as full the later: what was said last of it, in the words said
        // last (asked about the past, the earlier).
        // Searched for by words (no question), the one that says more of them first: a note
        // searched for by its tag is not hidden behind another note of its shape.
        const Member& shown = same->members.front();
        const bool later = one_question &&
                           (params.asks_past
                                ? h.memory.source.at.unix_ms < shown.memory.source.at.unix_ms
                                : h.memory.source.at.unix_ms > shown.memory.source.at.unix_ms);
        Member member{h.memory, std::move(shape), std::move(clauses), carries_asked};
        const size_t asked_new = lookup ? QuestionWordsSaid(member.shape, question) : 0;
        const size_t asked_shown = lookup ? QuestionWordsSaid(shown.shape, question) : 0;
        if (asked_new > asked_shown ||
            (asked_new == asked_shown &&
             (SaysMore(member.shape, shown.shape) ||
              (later && !SaysMore(shown.shape, member.shape))))) {
          RecallHit& k = kept[same->index];
          h.score = std::max(h.score, k.score);
          h.relevance = std::max(h.relevance, k.relevance);
          k = std::move(h);
          same->members.insert(same->members.begin(), std::move(member));
        } else {
          same->members.push_back(std::move(member));
        }
        continue;
      }
      kept_records.push_back(
          {kept.size(), {Member{h.memory, std::move(shape), std::move(clauses), carries_asked}}});
    }
    kept.push_back(std::move(h));
  }
  out = std::move(kept);
  *hits = std::move(out);
  return Status::OK();
}

}  // namespace engram::recall
