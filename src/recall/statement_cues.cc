#include "src/recall/staleness.h"

#include <algorithm>
#include <cctype>
#include <memory>
#include <span>
#include <unordered_set>

#include "src/base/utf8.h"
#include "src/extract/entity_extractor.h"
#include "src/recall/answer_words.h"
#include "src/recall/cue_index.h"
#include "src/recall/numbers_said.h"
#include "src/recall/relevance.h"
#include "src/recall/same_statement.h"
#include "src/recall/staleness_cues.h"
#include "src/recall/statement_frame.h"
#include "src/recall/text_memo.h"
#include "src/text/tokenizer.h"

// Reading one statement (staleness.h: StatementCues, ReadCues, StatementUnits and the value
// helpers); staleness.cc compares two.
namespace engram::recall {
namespace {

// The slots' cues, indexed: one pass over a statement finds all of its slots.
const CueIndex& SlotIndex() {
  static const CueIndex* const kIndex = [] {
    std::vector<CueIndex::Cue> cues;
    for (const SlotCues& s : SlotCueTable()) {
      for (std::string_view c : s.cues) cues.push_back({c, s.slot});
    }
    return new CueIndex(cues);  // never destroyed
  }();
  return *kIndex;
}

// One list of cues, for a CueIndex whose Match is 1 where one of them is found.
std::vector<CueIndex::Cue> CuesOf(std::span<const std::string_view> list) {
  std::vector<CueIndex::Cue> cues;
  for (std::string_view c : list) cues.push_back({c, 1});
  return cues;
}

// Whether folded `text` opens with one of `cues`, after a speaker's "Name: " and
// interjections ("oh,", "wait,", "sorry,", "哦，").
template <typename Cues>
bool OpensWith(std::string_view text, const Cues& cues) {
  size_t colon = text.find(": ");
  if (colon != std::string_view::npos && colon < 40) text.remove_prefix(colon + 2);
  for (int i = 0; i < 3; ++i) {
    while (!text.empty() && (text.front() == ' ' || text.front() == ',')) text.remove_prefix(1);
    bool skipped = false;
    for (std::string_view w : {"oh", "wait", "sorry", "well", "hmm", "哦", "嗯", "对了"}) {
      if (text.substr(0, w.size()) == w &&
          (text.size() == w.size() || !WordChar(text[w.size()]))) {
        text.remove_prefix(w.size());
        skipped = true;
        break;
      }
    }
    if (!skipped) break;
  }
  for (std::string_view c : cues) {
    if (text.substr(0, c.size()) == c && (text.size() == c.size() || !IsAscii(c) ||
                                          !WordChar(text[c.size()]))) {
      return true;
    }
  }
  return false;
}

template <typename Cues>
bool HasAny(std::string_view text, const Cues& cues) {
  for (std::string_view c : cues) {
    if (HasCue(text, c)) return true;
  }
  return false;
}

}  // namespace

std::string_view Speaker(std::string_view text) {
  const size_t colon = text.substr(0, 40).find(':');
  if (colon == std::string_view::npos || colon == 0) return {};
  const std::string_view name = text.substr(0, colon);
  if (name[0] < 'A' || name[0] > 'Z') return {};
  for (std::string_view label : {"Correction", "Update", "Note", "Actually", "Reminder", "FYI"}) {
    if (name == label) return {};
  }
  // A role before a name labels a note about that person ("Client Ramirez: biometrics ..."),
  // not a speaker.
  for (std::string_view role : {"Client ", "Customer ", "Patient ", "Tenant ", "Student ",
                                "Applicant ", "Candidate ", "Vendor ", "Supplier "}) {
    if (name.starts_with(role)) return {};
  }
  // A name's words are capitalized: "Mary Jane:" names a speaker; "Heads up:", "Mortgage
  // update:" and "New number:" open a message.
  int spaces = 0;
  for (size_t i = 0; i < name.size(); ++i) {
    const char c = name[i];
    if (c == ' ') {
      ++spaces;
      if (i + 1 < name.size() && (name[i + 1] < 'A' || name[i + 1] > 'Z')) return {};
    } else if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '.' || c == '-')) {
      return {};
    }
  }
  return spaces <= 1 ? name : std::string_view();
}

bool SameOwner(const Memory& a, const Memory& b) {
  return a.scope.user_id == b.scope.user_id && a.scope.team_id == b.scope.team_id &&
         a.scope.visibility == b.scope.visibility && a.source.actor == b.source.actor &&
         Speaker(a.content) == Speaker(b.content);
}

int StatementUnits(std::string_view text) {
  const std::string_view speaker = Speaker(text);
  if (!speaker.empty()) text.remove_prefix(std::min(text.size(), speaker.size() + 1));
  const ScriptCounts n = CountScripts(text);
  // A run of digits is a value, not a word of what the statement is about: the dates of "提交了
  // 年假申请，12月23号到1月2号，还在等审批" leave it one statement.
  int numbers = 0;
  for (size_t i = 0; i < text.size();) {
    if (!std::isalnum(static_cast<unsigned char>(text[i]))) {
      ++i;
      continue;
    }
    bool digits = true;
    for (; i < text.size() && std::isalnum(static_cast<unsigned char>(text[i])); ++i) {
      digits = digits && std::isdigit(static_cast<unsigned char>(text[i]));
    }
    numbers += digits;
  }
  return n.latin_words + n.han - numbers;
}

// "I had Biscuit's weight wrong", "I got the date wrong": "had" or "got", then "wrong" within
// a few words.
bool HadItWrong(std::string_view folded) {
  for (std::string_view verb : {"had", "got"}) {
    for (size_t at = folded.find(verb); at != std::string_view::npos;
         at = folded.find(verb, at + 1)) {
      const size_t end = at + verb.size();
      if ((at > 0 && WordChar(folded[at - 1])) || (end < folded.size() && WordChar(folded[end]))) {
        continue;
      }
      const std::string_view after = folded.substr(at + verb.size(), 40);
      if (HasCue(after, "wrong")) return true;
    }
  }
  return false;
}

// Whether "不对" opens a clause of `folded` ("不对 我看错邮件了", "哦不对", "刚才说的不对"):
// said of a thing ("颜色不对", "尺寸不对") it finds fault, and "不对劲", "对不对" are no
// correction either.
bool SaysNotRight(std::string_view folded) {
  static constexpr std::string_view kCue = "不对";
  for (size_t at = folded.find(kCue); at != std::string_view::npos;
       at = folded.find(kCue, at + 1)) {
    const std::string_view after = folded.substr(at + kCue.size());
    if (after.starts_with("劲") || after.starts_with("外") || after.starts_with("称")) continue;
    const std::string_view before = folded.substr(0, at);
    if (before.empty() ||
        (static_cast<unsigned char>(before.back()) < 0x80 &&
         !std::isalnum(static_cast<unsigned char>(before.back())))) {
      return true;
    }
    for (std::string_view opener : {"，", "。", "！", "？", "；", "：", "、", "…", "哦", "噢",
                                    "喔", "啊", "诶", "欸", "哎", "呃", "嗯", "的", "了", "等等",
                                    "好像", "还是"}) {
      if (before.ends_with(opener)) return true;
    }
  }
  return false;
}

// Whether the slip `folded` tells of is another's, done to what is the speaker's: "客户在邮件里
// 把我名字写错了", "the barista spelled my name wrong", "they got my order wrong". A correction
// of one's own words says "我写错了", "I got the date wrong".
bool AnothersSlip(std::string_view folded) {
  for (size_t at = folded.find("把我"); at != std::string_view::npos;
       at = folded.find("把我", at + 1)) {
    if (at > 0 && HasCharOf(folded.substr(at + 6, 30), "错反岔混")) return true;
  }
  // In English the subject must be someone else: a pronoun or a noun after "the", "my", ...
  for (std::string_view verb : {" got my ", " spelled my ", " wrote my ", " put my ", " typed my ",
                                " misspelled my "}) {
    const size_t at = folded.find(verb);
    if (at == std::string_view::npos) continue;
    std::vector<std::string_view> before;  // the words before the verb, as split by spaces
    std::string_view rest = folded.substr(0, at + 1);
    for (size_t sp = rest.find(' '); sp != std::string_view::npos; sp = rest.find(' ')) {
      if (sp > 0) before.push_back(rest.substr(0, sp));
      rest.remove_prefix(sp + 1);
    }
    if (before.empty()) continue;
    const std::string_view subject = before.back();
    const std::string_view det = before.size() > 1 ? before[before.size() - 2] : "";
    if (subject == "they" || subject == "he" || subject == "she" || subject == "someone" ||
        subject == "somebody" || det == "the" || det == "my" || det == "our" || det == "his" ||
        det == "her" || det == "their") {
      return true;
    }
  }
  return false;
}

// The weekday a folded word names, "1" (Monday) to "7", or "".
std::string WeekdayOf(std::string_view word) {
  static constexpr std::string_view kEnglish[] = {"monday", "tuesday", "wednesday", "thursday",
                                                  "friday", "saturday", "sunday"};
  for (size_t d = 0; d < 7; ++d) {
    if (word == kEnglish[d] || (word.size() == kEnglish[d].size() + 1 &&
                                word.starts_with(kEnglish[d]) && word.back() == 's')) {
      return std::to_string(d + 1);
    }
  }
  return "";
}

constexpr std::string_view kPlaceholderOpen = "⟦", kPlaceholderClose = "⟧";

// Numbers in Chinese numerals before what they count or name, each with its unit: "十点" and
// "十二点" of "早十点到晚十点", "现在改成中午十二点开门"; not a lone 一 or 半 ("一点", "一个"),
// nor a weekday or an order (周三, 第二, 初八).
void ReadChineseNumerals(std::string_view folded, std::vector<std::string>* out) {
  constexpr std::u32string_view kNumerals = U"零〇一二三四五六七八九十百千万两";
  constexpr std::u32string_view kUnits = U"点号月块元岁个斤米层楼栋天年周";
  constexpr std::u32string_view kNotBefore = U"周期拜第初";
  size_t at = 0;
  char32_t before = 0;
  while (at < folded.size()) {
    const size_t begin = at;
    char32_t c = base::DecodeUtf8(folded, &at);
    if (kNumerals.find(c) == std::u32string_view::npos || kNotBefore.find(before) != std::u32string_view::npos) {
      before = c;
      continue;
    }
    size_t end = at;
    int count = 1;
    char32_t first = c;
    while (end < folded.size()) {
      size_t next = end;
      c = base::DecodeUtf8(folded, &next);
      if (kNumerals.find(c) == std::u32string_view::npos) break;
      end = next;
      ++count;
    }
    size_t unit_end = end;
    const char32_t unit = end < folded.size() ? base::DecodeUtf8(folded, &unit_end) : 0;
    if (kUnits.find(unit) != std::u32string_view::npos && !(count == 1 && first == U'一')) {
      out->emplace_back(folded.substr(begin, unit_end - begin));
    }
    before = 0;
    at = end;
  }
}

// The values a folded statement states: masked values, words with a digit, and weekdays in English and
// Chinese ("周三", "星期三", "礼拜三").
void ReadValues(const std::string& folded, StatementCues* c) {
  // Numbers whole: a run of ASCII letters and digits with the marks inside it ("16.99",
  // "555-0142", "4:30", "b3-056"), so that "$16.99" and "$19.99" share no "99".
  auto alnum = [&](size_t i) {
    return i < folded.size() && std::isalnum(static_cast<unsigned char>(folded[i]));
  };
  // A mark joins a run only when a letter or digit follows it.
  auto joining_mark = [&](size_t k) {
    return std::string_view(".,:-").find(folded[k]) != std::string_view::npos && alnum(k + 1);
  };
  for (size_t i = 0; i < folded.size();) {
    // A masked value is one value whatever its random id spells: "⟦email:abcdefgh…⟧" has no
    // digit one time in 28.
    if (folded.compare(i, kPlaceholderOpen.size(), kPlaceholderOpen) == 0) {
      const size_t close = folded.find(kPlaceholderClose, i);
      if (close != std::string::npos) {
        const size_t end = close + kPlaceholderClose.size();
        c->numbers.emplace_back(std::string_view(folded).substr(i, end - i));
        i = end;
        continue;
      }
    }
    if (!alnum(i)) {
      ++i;
      continue;
    }
    size_t end = i;
    while (alnum(end) || (end < folded.size() && joining_mark(end))) ++end;
    // A sum in yuan and jiao is one value: "3块2" (3.2), not 3 and 2.
    constexpr std::string_view kKuai = "块";
    if (folded.compare(end, kKuai.size(), kKuai) == 0 && end + kKuai.size() < folded.size() &&
        std::isdigit(static_cast<unsigned char>(folded[end + kKuai.size()])) &&
        std::isdigit(static_cast<unsigned char>(folded[end - 1]))) {
      size_t jiao = end + kKuai.size();
      while (jiao < folded.size() && std::isdigit(static_cast<unsigned char>(folded[jiao]))) {
        ++jiao;
      }
      if (jiao - (end + kKuai.size()) == 1) end = jiao;
    }
    const std::string_view run = std::string_view(folded).substr(i, end - i);
    if (std::any_of(run.begin(), run.end(), [](char ch) { return ch >= '0' && ch <= '9'; })) {
      c->numbers.emplace_back(run);
    }
    i = end;
  }
  ReadChineseNumerals(folded, &c->numbers);
  std::vector<text::Token> tokens;
  text::Tokenize(folded, text::TokenizeMode::kQuery, &tokens);
  for (const text::Token& t : tokens) {
    if (std::string day = WeekdayOf(t.text); !day.empty()) {
      c->weekdays.push_back(std::move(day));
    }
  }
  static constexpr std::string_view kCjkDays[] = {"一", "二", "三", "四", "五", "六", "日"};
  for (std::string_view lead : {"周", "星期", "礼拜"}) {
    for (size_t at = folded.find(lead); at != std::string::npos; at = folded.find(lead, at + 1)) {
      const std::string_view rest = std::string_view(folded).substr(at + lead.size());
      for (size_t d = 0; d < 7; ++d) {
        if (rest.starts_with(kCjkDays[d]) || (d == 6 && rest.starts_with("天"))) {
          c->weekdays.push_back(std::to_string(d + 1));
        }
      }
    }
  }
}

bool ShareValue(const std::vector<std::string>& a, const std::vector<std::string>& b) {
  return std::any_of(a.begin(), a.end(), [&](const std::string& v) {
    return std::find(b.begin(), b.end(), v) != b.end();
  });
}

// Whether the two statements state values of one kind, none of them in common, and no value
// of any kind in common ("on Thursday at 3" and "on Thursday, room 204" are one meeting).
bool OtherValues(const StatementCues& newer, const StatementCues& older,
                 std::span<const std::string> names) {
  const auto value = [&](const std::string& n) {
    return std::find(names.begin(), names.end(), n) == names.end();
  };
  const auto has_value = [&](const std::vector<std::string>& numbers) {
    return std::any_of(numbers.begin(), numbers.end(), value);
  };
  // A number both say before the same two words names a thing ("7 merthyr rd" of "rent at 7
  // merthyr rd teneriffe is $620/wk" and "7 merthyr rd teneriffe unit is $655 a week"), no
  // value; a unit after it is one word ("30 fps").
  const auto names_a_thing = [&](const std::string& n) {
    for (size_t at = newer.folded.find(n + " "); at != std::string::npos;
         at = newer.folded.find(n + " ", at + 1)) {
      if (at > 0 && std::isalnum(static_cast<unsigned char>(newer.folded[at - 1]))) continue;
      size_t end = at + n.size() + 1;
      bool two_words = false;
      for (int word = 0; word < 2; ++word) {
        const size_t begin = end;
        while (end < newer.folded.size() &&
               std::isalpha(static_cast<unsigned char>(newer.folded[end]))) {
          ++end;
        }
        two_words = end > begin;
        if (!two_words) break;
        if (word == 0) {
          if (end >= newer.folded.size() || newer.folded[end] != ' ') {
            two_words = false;
            break;
          }
          ++end;
        }
      }
      if (!two_words) continue;
      const std::string named = newer.folded.substr(at, end - at);
      const size_t there = older.folded.find(named);
      if (there != std::string::npos &&
          (there == 0 || !std::isalnum(static_cast<unsigned char>(older.folded[there - 1]))) &&
          (there + named.size() >= older.folded.size() ||
           !std::isalpha(static_cast<unsigned char>(older.folded[there + named.size()])))) {
        return true;
      }
    }
    return false;
  };
  const bool shared_number = std::any_of(newer.numbers.begin(), newer.numbers.end(),
                                         [&](const std::string& n) {
    return value(n) && !names_a_thing(n) &&
           std::find(older.numbers.begin(), older.numbers.end(), n) != older.numbers.end();
  });
  // A number both say besides one each says alone counts what the value is for ("half day
  // trip rate is $450 for two anglers", "half day trip rate $525 for two anglers").
  const auto says_alone = [&](const std::vector<std::string>& numbers,
                              const std::vector<std::string>& other) {
    return std::any_of(numbers.begin(), numbers.end(), [&](const std::string& n) {
      return value(n) && std::find(other.begin(), other.end(), n) == other.end();
    });
  };
  const bool counted = says_alone(newer.numbers, older.numbers) &&
                       says_alone(older.numbers, newer.numbers);
  if ((shared_number && !counted) || ShareValue(newer.weekdays, older.weekdays)) return false;
  // A way to reach someone (a masked value, a long run of digits, an address with "@") and
  // dates or sums are values of two kinds: "把张工的联系方式更新为⟦PHONE⟧" changes no date of
  // "(2024-06-13 15:00),客户张工说(2024-06-18)要验收接口文档".
  const auto contact = [](const std::string& n) {
    if (n.starts_with("⟦") || n.find('@') != std::string::npos) return true;
    // ... not a date or a span of dates ("2023-08-14~2023-08-20") the write path anchored.
    return !IsoDateAt(n, 0) && n.find('~') == std::string::npos &&
           std::count_if(n.begin(), n.end(), [](char c) { return c >= '0' && c <= '9'; }) >= 7;
  };
  const auto all_contact = [&](const std::vector<std::string>& numbers) {
    return std::all_of(numbers.begin(), numbers.end(), [&](const std::string& n) {
      return !value(n) || contact(n);
    });
  };
  const auto any_contact = [&](const std::vector<std::string>& numbers) {
    return std::any_of(numbers.begin(), numbers.end(),
                       [&](const std::string& n) { return value(n) && contact(n); });
  };
  if ((all_contact(newer.numbers) && has_value(newer.numbers) && !any_contact(older.numbers)) ||
      (all_contact(older.numbers) && has_value(older.numbers) && !any_contact(newer.numbers))) {
    return false;
  }
  return (has_value(newer.numbers) && has_value(older.numbers)) ||
         (!newer.weekdays.empty() && !older.weekdays.empty());
}

namespace {

// Folded `text` without the words of the additive cues that add nothing: "too" before what it
// measures ("too many tuesday conflicts", "too late"), 另外 of a charge paid apart ("伙食费另外交").
std::string WithoutNonAdditive(std::string_view text) {
  std::string out(text);
  constexpr std::string_view kMeasured[] = {
      "many", "much", "late", "early", "long", "far", "expensive", "pricey", "big", "small",
      "busy", "hot", "cold", "high", "low", "soon", "often", "tired", "hard", "slow", "fast",
      "loud", "little", "few", "short", "tight", "old", "young", "sweet", "spicy"};
  for (size_t at = out.find("too "); at != std::string::npos; at = out.find("too ", at + 1)) {
    const bool word = at == 0 || !std::isalnum(static_cast<unsigned char>(out[at - 1]));
    size_t end = at + 4;
    while (end < out.size() && std::isalpha(static_cast<unsigned char>(out[end]))) ++end;
    const std::string_view next = std::string_view(out).substr(at + 4, end - at - 4);
    if (word && std::find(std::begin(kMeasured), std::end(kMeasured), next) !=
                    std::end(kMeasured)) {
      out.replace(at, 3, "   ");
    }
  }
  // "good for another year": a span of time, no other thing.
  for (std::string_view span : {"another year", "another month", "another week", "another day",
                                "another hour", "another few", "another couple", "another two",
                                "another three", "another 2", "another 3"}) {
    for (size_t at = out.find(span); at != std::string::npos; at = out.find(span, at + 1)) {
      out.replace(at, std::string_view("another").size(), "       ");
    }
  }
  for (std::string_view apart : {"另外交", "另外算", "另外付", "另外收"}) {
    for (size_t at = out.find(apart); at != std::string::npos; at = out.find(apart, at + 1)) {
      out.replace(at, std::string_view("另外").size(), "  ");
    }
  }
  return out;
}

// A word of a statement, folded, and whether it carries a digit; `clause` counts the clause
// breaks before it, `copula` whether a copula ("is", "are", "was", "were") comes before it in
// its clause.
struct ValueWord {
  std::string text;
  bool number = false;
  int clause = 0;
  bool after_copula = false;
};

std::vector<ValueWord> ValueWords(std::string_view folded) {
  std::vector<ValueWord> out;
  int clause = 0;
  bool copula = false;
  size_t i = 0;
  while (i < folded.size()) {
    const unsigned char c = static_cast<unsigned char>(folded[i]);
    if (!std::isalnum(c)) {
      const bool in_number = (c == '.' || c == ',' || c == ':') && i > 0 && i + 1 < folded.size() &&
                             std::isdigit(static_cast<unsigned char>(folded[i - 1])) &&
                             std::isdigit(static_cast<unsigned char>(folded[i + 1]));
      if (!in_number && (c == ',' || c == ';' || c == '.' || c == '!' || c == '?' || c == '(' ||
                         c == ')' || c >= 0x80)) {
        ++clause;
        copula = false;
      }
      ++i;
      continue;
    }
    size_t j = i;
    while (j < folded.size() &&
           (std::isalnum(static_cast<unsigned char>(folded[j])) ||
            ((folded[j] == '.' || folded[j] == ':') && j + 1 < folded.size() &&
             std::isdigit(static_cast<unsigned char>(folded[j + 1]))))) {
      ++j;
    }
    ValueWord w;
    w.text = std::string(folded.substr(i, j - i));
    if (j + 1 < folded.size() && folded[j] == '\'' && folded[j + 1] == 's') j += 2;  // "hive 3's"
    w.number = std::any_of(w.text.begin(), w.text.end(),
                           [](char ch) { return std::isdigit(static_cast<unsigned char>(ch)); });
    w.clause = clause;
    w.after_copula = copula;
    if (w.text == "is" || w.text == "are" || w.text == "was" || w.text == "were") copula = true;
    out.push_back(std::move(w));
    i = j;
  }
  return out;
}

// The numbered things a statement names before its copula ("hive 3's queen is unmarked",
// "the queen in hive 2 is marked blue"): the word before the number, and the number.
std::vector<std::pair<std::string, std::string>> NumberedSubjects(const std::vector<ValueWord>& ws) {
  std::vector<std::pair<std::string, std::string>> out;
  for (size_t k = 1; k < ws.size(); ++k) {
    if (!ws[k].number || ws[k - 1].number || ws[k].after_copula || ws[k - 1].clause != ws[k].clause ||
        !IsContentToken(ws[k - 1].text)) {
      continue;
    }
    const bool copula_later = std::any_of(ws.begin() + k, ws.end(), [&](const ValueWord& w) {
      return w.clause == ws[k].clause && w.after_copula;
    });
    if (copula_later) out.emplace_back(ws[k - 1].text, ws[k].text);
  }
  return out;
}

// Names of a measure of a thing: "saddle height" and "saddle setback" are two.
bool IsMeasure(std::string_view w) {
  static const std::unordered_set<std::string_view> kMeasures = {
      "height", "width", "length", "depth", "weight", "reach", "stack", "setback", "offset",
      "diameter", "radius", "thickness", "volume", "capacity", "pressure", "speed", "distance",
      "size", "angle", "gap", "clearance", "torque", "tension", "ph", "dose", "dosage"};
  return kMeasures.count(w) != 0;
}

// The words that say what a statement's first value measures: its content words before the
// value in its clause, or after it when the statement opens with the value ("74.5 cm saddle
// height"); values and units left out.
std::vector<std::string> MeasureWords(const std::vector<ValueWord>& ws) {
  std::vector<std::string> out;
  size_t first = 0;
  while (first < ws.size() && !ws[first].number) ++first;
  if (first == ws.size()) return out;
  const auto keep = [&](const ValueWord& w) {
    return !w.number && IsContentToken(w.text) && !IsUnitWord(w.text) && WeekdayOf(w.text).empty();
  };
  for (size_t k = 0; k < first; ++k) {
    if (ws[k].clause == ws[first].clause && keep(ws[k])) out.push_back(ws[k].text);
  }
  if (!out.empty() || first != 0) return out;
  for (size_t k = 1; k < ws.size() && ws[k].clause == ws[0].clause; ++k) {
    if (keep(ws[k])) out.push_back(ws[k].text);
  }
  return out;
}

}  // namespace

bool NamesOtherThings(std::string_view newer, std::string_view older) {
  const std::vector<ValueWord> a = ValueWords(newer);
  const std::vector<ValueWord> b = ValueWords(older);
  // One series, two members: "hive 3" and "hive 2".
  for (const auto& [label, number] : NumberedSubjects(a)) {
    for (const auto& [other_label, other_number] : NumberedSubjects(b)) {
      if (label == other_label && number != other_number) return true;
    }
  }
  // One thing, two measures of it: "saddle setback is 6 cm" and "my saddle height is 74.5 cm"
  // (two names of measures after one word; "dispatcher line" is "dispatcher's number").
  const std::vector<std::string> x = MeasureWords(a);
  const std::vector<std::string> y = MeasureWords(b);
  const auto has = [](const std::vector<std::string>& v, const std::string& w) {
    return std::find(v.begin(), v.end(), w) != v.end();
  };
  for (size_t i = 0; i + 1 < x.size(); ++i) {
    for (size_t k = 0; k + 1 < y.size(); ++k) {
      if (x[i] == y[k] && x[i + 1] != y[k + 1] && !has(y, x[i + 1]) && !has(x, y[k + 1]) &&
          IsMeasure(x[i + 1]) && IsMeasure(y[k + 1])) {
        return true;
      }
    }
  }
  return false;
}

// Units and periods that values are counted in: two statements that share only these
// ("2400 dollars a month" and "60 dollars a month") share no topic.
bool IsUnitWord(std::string_view w) {
  static const std::unordered_set<std::string_view> kUnits = {
      "dollar", "dollars", "bucks", "usd", "euro", "euros", "yuan", "rmb", "cents", "pound",
      "pounds", "lbs", "kg", "kilos", "km", "miles", "mile", "meters", "feet", "hour", "hours",
      "minute", "minutes", "day", "days", "week", "weeks", "month", "months", "year", "years",
      "am", "pm", "percent", "公斤", "公里", "小时", "分钟", "块钱", "万元", "美元", "人民币",
      "每月", "每年", "每周", "每天", "一个", "个月"};
  return kUnits.count(w) != 0;
}

// Whether `before` (a statement up to a name) ends in a copula: the name is what the
// statement says something is, its value.
bool AfterCopula(std::string_view before) {
  while (!before.empty() && before.back() == ' ') before.remove_suffix(1);
  for (std::string_view c : {"是", "为", "叫", " is", " are", " was"}) {
    if (before.ends_with(c)) return true;
  }
  // "是心内科的王建国主任": 是, then a few characters ending in 的, in one clause.
  if (before.ends_with("的")) {
    const size_t shi = before.rfind("是");
    if (shi != std::string_view::npos && before.size() - shi <= 3 * 8) {
      const std::string_view between = before.substr(shi);
      bool one_clause = true;
      for (std::string_view b : {"，", "。", "；", "！", "？", ",", ";", "!", "?", " "}) {
        one_clause = one_clause && between.find(b) == std::string_view::npos;
      }
      if (one_clause) return true;
    }
  }
  return false;
}

namespace {

StatementCues ReadCuesAfresh(std::string_view text) {
  StatementCues c;
  c.folded = Folded(text);
  c.turn = !Speaker(text).empty();
  const std::string& folded = c.folded;
  const auto kept_mentions = Mentions(text);  // held: the reference below points into it
  const std::vector<extract::EntityMention>& mentions = *kept_mentions;
  // Slots are read with people's names left out: "李经理" names someone, it states no title.
  std::string unnamed;
  size_t from = 0;
  // A name that ends in what it is ("Kennedy Middle School", "Lincoln Elementary") names a
  // school, whatever the recognizer took it for.
  constexpr std::string_view kSchoolEnds[] = {"school", "elementary", "academy", "college",
                                              "university", "kindergarten", "preschool"};
  auto names_school = [&](const extract::EntityMention& m) {
    const std::string name = Folded(text.substr(m.begin, m.end - m.begin));
    return std::any_of(std::begin(kSchoolEnds), std::end(kSchoolEnds), [&](std::string_view e) {
      return name.size() >= e.size() && name.compare(name.size() - e.size(), e.size(), e) == 0;
    });
  };
  // ... but one called by what they do for the speaker ("张大夫", "Dr. Patel") is a provider.
  constexpr std::string_view kProviderCalls[] = {"大夫", "医生", "律师", "教练", "牙医", "兽医"};
  bool called_provider = false;
  for (const extract::EntityMention& m : mentions) {
    if (m.type != extract::EntityType::kPerson || m.begin < from || names_school(m)) continue;
    const std::string name = Folded(text.substr(m.begin, m.end - m.begin));
    called_provider = called_provider || name.starts_with("dr ") || name.starts_with("dr. ") ||
                      std::any_of(std::begin(kProviderCalls), std::end(kProviderCalls),
                                  [&](std::string_view t) { return name.ends_with(t); });
    unnamed.append(text.substr(from, m.begin - from)).push_back(' ');
    from = m.end;
  }
  unnamed.append(text.substr(std::min(from, text.size())));
  const std::string slot_text = Folded(unnamed);
  c.slots |= SlotIndex().Match(slot_text);
  if (called_provider) c.slots |= kSlotProvider;
  // Moving to or joining an organisation is a change of employer ("I moved to Ferncrest
  // Health in October"), where moving to a place is one of residence.
  constexpr std::string_view kJoinCues[] = {"moved to", "switched to", "joined", "went to",
                                            "跳槽到", "跳到", "去了", "加入"};
  const bool names_org = std::any_of(mentions.begin(), mentions.end(), [](const auto& m) {
    return m.type == extract::EntityType::kOrg;
  });
  if (names_org && HasAny(slot_text, kJoinCues)) c.slots |= kSlotEmployer;
  // Built once, never destroyed (as SlotIndex()).
  static const CueIndex& kCorrection = *new CueIndex(CuesOf(CorrectionCues()));
  static const CueIndex& kReplace = *new CueIndex(CuesOf(ReplaceCues()));
  static const CueIndex& kChange = *new CueIndex(CuesOf(ChangeCues()));
  static const CueIndex& kAdditive = *new CueIndex(CuesOf(AdditiveCues()));
  c.correction = (kCorrection.Match(folded) != 0 || HadItWrong(folded) || SaysNotRight(folded)) &&
                 !AnothersSlip(folded);
  c.opening_correction = !c.correction && OpensWith(folded, OpeningCorrectionCues());
  // "sold a used trek fx to a customer" is a sale, no end of something one had ("sold the
  // honda"): "sold" before "a" / "an" is no ending cue, nor "sold out of cheese curds".
  std::string unsold;  // `folded` with such a "sold" put out of reach, made only when said
  for (std::string_view sale : {"sold a ", "sold an ", "sold out"}) {
    for (size_t at = folded.find(sale); at != std::string::npos; at = folded.find(sale, at + 1)) {
      if (at > 0 && std::isalnum(static_cast<unsigned char>(folded[at - 1]))) continue;
      if (unsold.empty()) unsold = folded;
      unsold[at] = '_';
    }
  }
  c.replace = c.correction ||
              kReplace.Match(unsold.empty() ? folded : unsold, /*unnegated=*/true) != 0;
  c.change = c.replace || kChange.Match(folded) != 0;
  // A note of a few words; in a turn of a dialogue ("Sam: I'm here for you. We gotta stick
  // together, especially now.") "now" is said in passing.
  if (!c.change && StatementUnits(text) <= kStatementUnits && Speaker(text).empty() &&
      EndsAClauseWithNow(folded)) {
    c.change = c.change_by_now = true;
  }
  size_t change_at = std::string::npos;  // where the first change cue begins
  if (c.change && !c.correction) {
    change_at = std::min(kChange.First(folded), kReplace.First(folded));
    if (change_at != std::string::npos) c.before_change = ContentWords(folded.substr(0, change_at));
  }
  c.additive = kAdditive.Match(WithoutNonAdditive(folded)) != 0;
  if (c.additive) {
    // An afterthought opening a later clause adds another thing, not to this one ("olive oil
    // case is $52, tell Rosa before she reorders, also pick up dry cleaning").
    const std::vector<std::string_view> clauses = ClauseTexts(folded);
    c.additive = false;
    for (size_t k = 0; k < clauses.size(); ++k) {
      std::string_view clause = clauses[k];
      if (kAdditive.Match(WithoutNonAdditive(clause)) == 0) continue;
      while (!clause.empty() && clause.front() == ' ') clause.remove_prefix(1);
      // ... and so does the payment that closes a job ("已经交车了 钱也结了").
      const bool afterthought =
          k > 0 && (clause.starts_with("also ") || clause.starts_with("另外") ||
                    clause.starts_with("顺便") || clause.starts_with("钱也") ||
                    clause.starts_with("款也") || clause.starts_with("尾款也"));
      // A change told in an earlier clause: "也" after it tells of something else ("记账软件换成
      // 金蝶了 理事长说他在牧场也能看").
      const size_t clause_at = static_cast<size_t>(clauses[k].data() - folded.data());
      const bool after_change = k > 0 && change_at != std::string::npos && change_at < clause_at &&
                                clause_at <= folded.size() && kChange.Match(clause) == 0 &&
                                kReplace.Match(clause) == 0;
      if (!afterthought && !after_change) c.additive = true;
    }
  }
  c.first_person = HasCue(folded, "i") || HasCue(folded, "my") || HasCue(folded, "me") ||
                   HasCue(folded, "i'm") || folded.find("我") != std::string::npos;
  const std::string_view speaker = Speaker(text);
  c.frame = speaker.empty() ? StatementFrame(folded)
                            : StatementFrame(Folded(text.substr(speaker.size() + 1)));
  c.units = StatementUnits(text);
  if (c.units <= kStatementUnits) ReadValues(folded, &c);  // read only of short statements
  c.question = folded.find('?') != std::string::npos || folded.find("？") != std::string::npos ||
               folded.find("吗") != std::string::npos;
  // Subjects: Chinese person names (张工, 李老师, 小李), organisations and contracts by their
  // recognized names (蓝海科技), and work items (T-205). Capitalized
  // English words are too often products and places ("Slack", "Denver") to tell people apart.
  for (const extract::EntityMention& m : mentions) {
    const bool han_person = m.type == extract::EntityType::kPerson && !m.key.empty() &&
                            static_cast<unsigned char>(m.key[0]) >= 0x80;
    // An organisation is what a statement of employer, provider or school says (its value),
    // not its subject ("工资卡用的是招商银行").
    const bool item = m.type == extract::EntityType::kContract ||
                      (m.type == extract::EntityType::kOrg &&
                       !(c.slots & (kSlotEmployer | kSlotProvider | kSlotSchool)));
    if (!(han_person || item || m.type == extract::EntityType::kProject ||
          m.type == extract::EntityType::kTicket)) {
      continue;
    }
    // Named after a change cue, it is the new value: "工资卡更新为建设银行", "我的组长换成了王磊".
    std::string key = Folded(m.key);
    const size_t at = folded.find(key);
    if (change_at != std::string::npos && at != std::string::npos && at > change_at) continue;
    // Named right after a copula, it is the value too: "女儿的班主任是王老师", "我的主力机是小米13".
    if (at != std::string::npos && AfterCopula(std::string_view(folded).substr(0, at))) continue;
    c.subjects.push_back(std::move(key));
  }
  return c;
}

}  // namespace

StatementCues ReadCues(std::string_view text) {
  return *Memoized(&TextMemo::cues, text, [&] {
    return std::make_shared<const StatementCues>(ReadCuesAfresh(text));
  });
}

// Whether both statements say that something changed and name other things as what changed:
// each has a word before its change cue that the other has not there.
bool OtherThingsChanged(const StatementCues& newer, const StatementCues& older) {
  if (newer.before_change.empty() || older.before_change.empty()) return false;
  auto lacks = [](const std::vector<std::string>& a, const std::vector<std::string>& b) {
    return std::any_of(a.begin(), a.end(), [&](const std::string& w) {
      return std::find(b.begin(), b.end(), w) == b.end();
    });
  };
  return lacks(newer.before_change, older.before_change) &&
         lacks(older.before_change, newer.before_change);
}

}  // namespace engram::recall
