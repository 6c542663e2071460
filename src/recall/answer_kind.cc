#include "src/recall/answer_kind.h"

#include <algorithm>
#include <cctype>
#include <span>
#include <string>
#include <vector>

#include "src/base/utf8.h"
#include "src/extract/entity_extractor.h"
#include "src/extract/entity_rules.h"
#include "src/recall/cue_index.h"
#include "src/recall/relevance.h"
#include "src/recall/text_memo.h"
#include "src/text/normalize.h"
#include "src/text/pii/pii_masker.h"

namespace engram::recall {
namespace {

// Question phrases, folded; ASCII ones match whole words (HasCue).
constexpr std::string_view kAgeAsks[] = {"几岁", "多少岁", "多大了", "多大年纪", "how old"};
constexpr std::string_view kTimeAsks[] = {"几点", "什么时候", "啥时候", "哪天", "哪一天",
                                          "几号", "几月", "哪个月", "哪年", "哪一年", "what time",
                                          "what date", "which day", "what year", "which year",
                                          "when's"};
constexpr std::string_view kWhenStarts[] = {"when is ", "when are ", "when does ", "when do ",
                                            "when will "};
constexpr std::string_view kColourAsks[] = {"什么颜色", "啥颜色", "哪种颜色", "what color",
                                            "what colour", "which color", "which colour"};
constexpr std::string_view kAmountAsks[] = {"是多少", "多少钱", "挣多少", "how much", "number"};
constexpr std::string_view kNameAsks[] = {"叫什么", "名字", "姓什么", "姓啥", "贵姓", "name"};
constexpr std::string_view kWhoStarts[] = {"who is ", "who's "};
// "Who is my GP?": a person known by a role of the asker's.
constexpr std::string_view kWhoMyStarts[] = {"who is my ", "who's my ", "who is our ",
                                             "who's our "};

// What carries a value, folded.
constexpr std::string_view kZhNumerals = "零〇二三四五六七八九十百千万亿两半";
constexpr std::string_view kEnNumbers[] = {
    "two",     "three",    "four",     "five",    "six",     "seven",   "eight",  "nine",
    "ten",     "eleven",   "twelve",   "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
    "eighteen", "nineteen", "twenty",  "thirty",  "forty",   "fifty",   "sixty",  "seventy",
    "eighty",  "ninety",   "hundred",  "thousand", "million", "billion", "dozen",  "half"};
// 号 is a day only after a number ("3号", "十五号"; not "手机号"): HasDayNumber.
constexpr std::string_view kZhTimeChars = "年月日点周今明昨早晚午夜时分秒春夏秋冬";
constexpr std::string_view kZhTimeWords[] = {"星期", "礼拜", "日期"};
constexpr std::string_view kEnTimeWords[] = {
    "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "january",
    "february", "march", "april", "june", "july", "august", "september", "october",
    "november", "december", "jan", "feb", "apr", "jun", "jul", "aug", "sept", "oct", "nov",
    "today", "tomorrow", "tonight", "yesterday", "morning", "afternoon",
    "evening", "night", "noon", "midnight", "week", "weekend", "weekly", "month", "monthly",
    "year", "yearly", "daily", "spring", "summer", "fall", "autumn", "winter", "o'clock",
    "next", "ago", "soon"};
constexpr std::string_view kZhColourChars = "红橙黄绿青蓝紫黑白灰粉棕褐银";
constexpr std::string_view kEnColours[] = {
    "red", "orange", "yellow", "green", "blue", "purple", "violet", "black", "white", "gray",
    "grey", "pink", "brown", "silver", "gold", "golden", "beige", "navy", "teal", "maroon"};
constexpr std::string_view kZhNameWords[] = {"叫", "名字", "姓", "名为"};

bool AnyCue(std::string_view folded, std::span<const std::string_view> cues) {
  for (std::string_view c : cues) {
    if (HasCue(folded, c)) return true;
  }
  return false;
}

bool StartsWithAny(std::string_view folded, std::span<const std::string_view> starts) {
  for (std::string_view s : starts) {
    if (folded.substr(0, s.size()) == s) return true;
  }
  return false;
}

// Whether `folded` has a character of `chars` (one UTF-8 string of characters).
bool HasCharOf(std::string_view folded, std::string_view chars) {
  size_t at = 0;
  while (at < folded.size()) {
    const size_t begin = at;
    base::DecodeUtf8(folded, &at);
    if (at - begin > 1 && chars.find(folded.substr(begin, at - begin)) != std::string_view::npos) {
      return true;
    }
  }
  return false;
}

bool HasDigit(std::string_view text) {
  for (char c : text) {
    if (std::isdigit(static_cast<unsigned char>(c))) return true;
  }
  return false;
}

// "3号", "十五号": 号 after a digit or a Chinese numeral.
bool HasDayNumber(std::string_view folded) {
  constexpr std::string_view kHao = "号";
  for (size_t at = folded.find(kHao); at != std::string_view::npos;
       at = folded.find(kHao, at + 1)) {
    if (at == 0) continue;
    if (std::isdigit(static_cast<unsigned char>(folded[at - 1]))) return true;
    const std::string_view before = at >= 3 ? folded.substr(at - 3, 3) : std::string_view();
    if (before == "一" || (!before.empty() && kZhNumerals.find(before) != std::string_view::npos)) {
      return true;
    }
  }
  return false;
}

// A number that may be a time: digits not ending a Latin word ("3月", "at 2 pm", not the
// model name "X1"), at most four of them ("2027", not the phone number "13812345678"), and
// not a share ("2.1%").
bool HasFreeDigit(std::string_view text) {
  for (size_t i = 0; i < text.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(text[i]))) continue;
    const bool free = i == 0 || !std::isalpha(static_cast<unsigned char>(text[i - 1]));
    size_t end = i;
    while (end < text.size() && (std::isdigit(static_cast<unsigned char>(text[end])) ||
                                 (text[end] == '.' && end + 1 < text.size() &&
                                  std::isdigit(static_cast<unsigned char>(text[end + 1]))))) {
      ++end;
    }
    size_t digits = 0;
    for (size_t k = i; k < end; ++k) digits += text[k] != '.';
    if (free && digits <= 4 && (end >= text.size() || text[end] != '%')) return true;
    i = end;
  }
  return false;
}

bool HasNumber(std::string_view folded) {
  return HasDigit(folded) || HasCharOf(folded, kZhNumerals) || AnyCue(folded, kEnNumbers);
}

// ASCII words of `text` as written, with whether each begins a sentence.
struct LatinWord {
  std::string text;
  bool sentence_start;
};
std::vector<LatinWord> LatinWords(std::string_view text) {
  std::vector<LatinWord> out;
  bool start = true;
  size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    if (!std::isalpha(static_cast<unsigned char>(c))) {
      if (c == '.' || c == '!' || c == '?' || c == ':' || c == ';') start = true;
      ++i;
      continue;
    }
    size_t j = i;
    while (j < text.size() && (std::isalpha(static_cast<unsigned char>(text[j])) ||
                               text[j] == '\'' || text[j] == '-')) {
      ++j;
    }
    std::string w(text.substr(i, j - i));
    if (w.size() > 2 && w.compare(w.size() - 2, 2, "'s") == 0) w.resize(w.size() - 2);
    out.push_back({std::move(w), start});
    start = false;
    i = j;
  }
  return out;
}

// "是" + a surname + one or two characters, then the end or a punctuation mark: "新组长是赵凯。"
bool NamedAfterShi(std::string_view text) {
  const std::string_view surnames = extract::rules::SingleSurnames();
  for (size_t at = text.find("是"); at != std::string_view::npos; at = text.find("是", at + 1)) {
    size_t p = at + std::string_view("是").size();
    if (p >= text.size()) break;
    const size_t first = p;
    base::DecodeUtf8(text, &p);
    if (surnames.find(text.substr(first, p - first)) == std::string_view::npos) continue;
    int given = 0;
    while (p < text.size() && given < 3) {
      const size_t before = p;
      const char32_t c = base::DecodeUtf8(text, &p);
      if (c < 0x4E00 || c > 0x9FFF) {
        p = before;
        break;
      }
      ++given;
    }
    // The run ended at the text's end or at a character that is not Han.
    if (given >= 1 && given <= 2) return true;
  }
  return false;
}

// `text` without its masked values (⟦EMAIL:…⟧ is no name "EMAIL").
std::string WithoutPlaceholders(std::string_view text) {
  std::string out;
  size_t at = 0;
  for (const text::pii::PlaceholderRef& p : text::pii::FindPlaceholders(text)) {
    out.append(text.substr(at, p.begin - at)).append(" ");
    at = p.end;
  }
  out.append(text.substr(at));
  return out;
}

// Words after which a capitalized name is a school's or an organisation's, no person's:
// "Maplewood Elementary" does not name a daughter's pediatrician.
constexpr std::string_view kOrgTails[] = {
    "elementary", "school", "high",    "academy",  "university", "college", "kindergarten",
    "hospital",   "clinic", "bank",    "inc",      "corp",       "company", "insurance",
    "airlines",   "hotel",  "library", "museum",   "park",       "street",  "avenue", "road"};

bool HasName(std::string_view raw_text, std::string_view folded, std::string_view query) {
  const std::string text = WithoutPlaceholders(raw_text);
  const std::string folded_query = text::FoldForSearch(query);
  std::vector<std::string> asked;  // the question's own words ("sophie" of "Sophie's")
  for (const LatinWord& w : LatinWords(query)) asked.push_back(text::FoldForSearch(w.text));
  const std::vector<LatinWord> words = LatinWords(text);
  for (size_t i = 0; i < words.size(); ++i) {
    const LatinWord& w = words[i];
    if (!std::isupper(static_cast<unsigned char>(w.text[0])) || w.text == "I" ||
        w.text.rfind("I'", 0) == 0) {
      continue;
    }
    // A capitalized run ending in a school's or an organisation's word names no person.
    size_t last = i;
    while (last + 1 < words.size() && std::isupper(static_cast<unsigned char>(words[last + 1].text[0]))) {
      ++last;
    }
    if (last > i && AnyCue(text::FoldForSearch(words[last].text), kOrgTails)) {
      i = last;
      continue;
    }
    const std::string lower = text::FoldForSearch(w.text);
    if (std::find(asked.begin(), asked.end(), lower) != asked.end() ||
        AnyCue(lower, kEnTimeWords)) {
      continue;
    }
    if (w.sentence_start && !IsContentToken(lower)) continue;  // "My", "The"
    return true;
  }
  // A title before a word names someone however it is typed ("seeing dr lindqvist now").
  constexpr std::string_view kTitles[] = {"dr", "mr", "mrs", "ms", "prof"};
  const std::vector<LatinWord> lower = LatinWords(folded);
  for (size_t i = 0; i + 1 < lower.size(); ++i) {
    if (std::find(std::begin(kTitles), std::end(kTitles), lower[i].text) == std::end(kTitles)) {
      continue;
    }
    const std::string next = text::FoldForSearch(lower[i + 1].text);
    if (std::find(asked.begin(), asked.end(), next) == asked.end()) return true;
  }
  // Chinese names: the extractor's person mentions (Latin ones are the capitalized words).
  const auto mentions = Mentions(raw_text);
  for (const extract::EntityMention& m : *mentions) {
    if (m.type != extract::EntityType::kPerson || m.key.empty() ||
        static_cast<unsigned char>(m.key[0]) < 0x80) {
      continue;
    }
    if (folded_query.find(text::FoldForSearch(m.key)) == std::string::npos) return true;
  }
  // 叫 / 姓 / 名为 introducing a name the question does not say ("我家狗叫豆豆" does not name
  // the vet of "豆豆的兽医叫什么名字").
  for (std::string_view w : kZhNameWords) {
    for (size_t at = folded.find(w); at != std::string_view::npos; at = folded.find(w, at + 1)) {
      size_t end = at + w.size();
      for (int k = 0; k < 2 && end < folded.size(); ++k) base::DecodeUtf8(folded, &end);
      const std::string_view named = std::string_view(folded).substr(at + w.size(), end - at - w.size());
      if (named.empty() || folded_query.find(named) == std::string::npos) return true;
    }
  }
  return NamedAfterShi(folded);
}

}  // namespace

AnswerKind AskedKind(std::string_view query, bool about_past) {
  if (AsksForContact(query)) return AnswerKind::kContact;
  const std::string q = text::FoldForSearch(query);
  if (AnyCue(q, kAgeAsks)) return AnswerKind::kAge;
  if (!about_past && (AnyCue(q, kTimeAsks) || StartsWithAny(q, kWhenStarts))) {
    return AnswerKind::kTime;
  }
  if (AnyCue(q, kColourAsks)) return AnswerKind::kColour;
  if (AnyCue(q, kAmountAsks)) return AnswerKind::kAmount;
  if (AnyCue(q, kNameAsks)) return AnswerKind::kName;
  // "Who is Max's vet?": a person known by a role of someone's.
  if (StartsWithAny(q, kWhoStarts) && q.find("'s ", 4) != std::string::npos) return AnswerKind::kName;
  if (StartsWithAny(q, kWhoMyStarts)) return AnswerKind::kName;
  return AnswerKind::kAny;
}

bool CarriesKind(AnswerKind kind, std::string_view text, std::string_view query) {
  if (kind == AnswerKind::kAny) return true;
  if (kind == AnswerKind::kContact) return CarriesContact(text, query);
  const std::string folded = text::FoldForSearch(text);
  switch (kind) {
    case AnswerKind::kAge:
    case AnswerKind::kAmount:
      return HasNumber(folded);
    case AnswerKind::kTime:
      return HasFreeDigit(folded) || HasCharOf(folded, kZhTimeChars) || HasDayNumber(folded) ||
             AnyCue(folded, kZhTimeWords) || AnyCue(folded, kEnTimeWords);
    case AnswerKind::kColour:
      return HasCharOf(folded, kZhColourChars) || AnyCue(folded, kEnColours);
    case AnswerKind::kName:
      return HasName(text, folded, query);
    default:
      return true;
  }
}

}  // namespace engram::recall
