#include "src/recall/same_statement.h"

#include <algorithm>
#include <cctype>
#include <span>
#include <iterator>
#include <utility>

#include "src/base/utf8.h"
#include "src/extract/entity_extractor.h"
#include "src/recall/relations.h"
#include "src/recall/relevance.h"
#include "src/recall/text_memo.h"
#include "src/text/normalize.h"
#include "src/text/pii/pii_masker.h"

namespace engram::recall {
namespace {

// English content words are compared by their first letters: a crude stem.
constexpr size_t kStemLength = 5;
// Two statements must share more than this share of their units (Dice).
constexpr double kSameShare = 0.5;

// Negation and doubt are values too: "I like coffee" is not "I don't like coffee", nor
// "Bob will move" "Bob might move".
constexpr std::string_view kEnglishModals[] = {"not", "no", "never", "don't", "doesn't",
                                               "didn't", "won't", "can't", "isn't", "aren't",
                                               "wasn't", "might", "maybe", "perhaps",
                                               "probably", "may"};
constexpr std::string_view kChineseModals[] = {"不", "没", "别", "未", "可能", "也许", "大概",
                                               "或许"};

// Set phrases whose 不 / 没 / 别 deny nothing: "车位B2-117没问题", "还不错".
constexpr std::string_view kNoDenial[] = {"没问题", "没错", "不错", "不客气", "不用谢", "别客气",
                                          "不好意思", "没事"};

// Whether `text` says the Chinese modal `m` outside kNoDenial.
bool HasChineseModal(std::string_view text, std::string_view m) {
  for (size_t at = text.find(m); at != std::string_view::npos; at = text.find(m, at + 1)) {
    const bool set_phrase = std::any_of(std::begin(kNoDenial), std::end(kNoDenial), [&](std::string_view p) {
      const size_t in = p.find(m);
      return in != std::string_view::npos && at >= in && text.substr(at - in, p.size()) == p;
    });
    if (!set_phrase) return true;
  }
  return false;
}

bool HasWord(std::string_view text, std::string_view word) {
  for (size_t at = text.find(word); at != std::string_view::npos; at = text.find(word, at + 1)) {
    const size_t end = at + word.size();
    const bool left = at == 0 || !std::isalpha(static_cast<unsigned char>(text[at - 1]));
    const bool right = end >= text.size() || !std::isalpha(static_cast<unsigned char>(text[end]));
    if (left && right) return true;
  }
  return false;
}

bool IsHan(char32_t c) { return (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0x3400 && c <= 0x4DBF); }

bool IsAsciiWordChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '@' || c == '.' || c == '_' ||
         c == '-' || c == '\'';
}

void SortUnique(std::vector<std::string>* v) {
  std::sort(v->begin(), v->end());
  v->erase(std::unique(v->begin(), v->end()), v->end());
}

bool HasCjk(std::string_view text) {
  size_t at = 0;
  while (at < text.size()) {
    if (IsHan(base::DecodeUtf8(text, &at))) return true;
  }
  return false;
}

// Latin tokens of `text` that tell facts apart (numbers, handles, names, masked values; any
// Latin word in Chinese text), lower-cased; only those still in `folded` (the repeat markers are gone).
// `content`: ContentWords(folded).
// `masked_ids`: the ids of the masked values, also put in `out`.
void LatinValues(std::string_view text, const std::string& folded,
                 const std::vector<std::string>& content, std::vector<std::string>* out,
                 std::vector<std::string>* masked_ids) {
  const bool cjk = HasCjk(text);
  bool sentence_start = true;
  bool title = false;  // the last word was a title
  size_t i = 0;
  const std::vector<text::pii::PlaceholderRef> masked = text::pii::FindPlaceholders(text);
  auto next_masked = masked.begin();
  while (i < text.size()) {
    // A masked value ("⟦EMAIL:k3v9…⟧"): its kind and its id, whatever letters the id has.
    while (next_masked != masked.end() && next_masked->begin < i) ++next_masked;
    if (next_masked != masked.end() && next_masked->begin == i) {
      constexpr size_t kBracket = std::string_view("⟦").size();
      const std::string_view inner = next_masked->placeholder.substr(
          kBracket, next_masked->placeholder.size() - 2 * kBracket);
      const size_t colon = inner.find(':');
      for (std::string_view part : {inner.substr(0, colon), inner.substr(colon + 1)}) {
        std::string lower(part);
        for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (lower.empty()) continue;
        if (part.data() != inner.data()) masked_ids->push_back(lower);
        out->push_back(std::move(lower));
      }
      i = next_masked->end;
      ++next_masked;
      sentence_start = false;
      continue;
    }
    if (!IsAsciiWordChar(text[i])) {
      const char c = text[i];
      if (c == '.' || c == '!' || c == '?' || c == ':' || c == ';') sentence_start = true;
      ++i;
      continue;
    }
    size_t j = i;
    while (j < text.size() && IsAsciiWordChar(text[j])) ++j;
    std::string word(text.substr(i, j - i));
    i = j;
    while (!word.empty() && (word.back() == '.' || word.back() == '-' || word.back() == '\'' ||
                             word.back() == '_')) {
      word.pop_back();
    }
    if (word.size() > 2 && word.compare(word.size() - 2, 2, "'s") == 0) word.resize(word.size() - 2);
    const bool first = sentence_start;
    sentence_start = false;
    const bool after_title = title;
    title = false;
    if (word.empty() || word == "I" || word.rfind("I'", 0) == 0) continue;
    std::string lower = word;
    for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (folded.find(lower) == std::string::npos) continue;  // a repeat marker
    // A title ("ms. brennan", "dr patel"): the word after it is a name, however written.
    constexpr std::string_view kTitles[] = {"mr", "mrs", "ms", "dr", "prof"};
    title = std::find(std::begin(kTitles), std::end(kTitles), lower) != std::end(kTitles);
    if (after_title && !title && std::isalpha(static_cast<unsigned char>(lower[0]))) {
      out->push_back(lower);
      continue;
    }
    // A digit, an "@", or a dot or underscore inside a word: a handle, a domain
    // ("ameliachen.dev", "zt_yilian").
    // A dot or underscore with two letters or digits on each side: "ameliachen.dev", not "e.g".
    const auto alnum = [&](size_t k) { return std::isalnum(static_cast<unsigned char>(word[k])); };
    bool joined = false;
    for (size_t k = 2; k + 2 < word.size() && !joined; ++k) {
      joined = (word[k] == '.' || word[k] == '_') && alnum(k - 2) && alnum(k - 1) &&
               alnum(k + 1) && alnum(k + 2);
    }
    const bool digit_or_at = joined || std::any_of(word.begin(), word.end(), [](char c) {
      return std::isdigit(static_cast<unsigned char>(c)) || c == '@';
    });
    const bool capital = std::any_of(word.begin(), word.end(), [](char c) {
      return std::isupper(static_cast<unsigned char>(c));
    });
    // A capitalized first word is a value unless it is a function word ("My", "The").
    const bool content_word = std::find(content.begin(), content.end(), lower) != content.end();
    if (digit_or_at || (cjk && lower.size() > 1) || (capital && (!first || content_word))) {
      out->push_back(lower);
    }
  }
}

int DigitsIn(std::string_view v) {
  return static_cast<int>(std::count_if(
      v.begin(), v.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }));
}

// An identifier: four characters or more with three digits or more ("5820", "T-55812").
bool IsIdentifier(std::string_view v) { return DigitsIn(v) >= 3 && v.size() >= 4; }

// Whether `v`, a value of `s`, is the id of one of its masked values.
bool IsMaskedId(const StatementShape& s, const std::string& v) {
  return std::binary_search(s.masked.begin(), s.masked.end(), v);
}

// An identifier of `s`: one by its spelling, a handle ("@kaylaedits"), or a masked value's id,
// whatever it spells.
bool IsIdentifierOf(const StatementShape& s, const std::string& v) {
  return IsIdentifier(v) || (v.size() >= 4 && v[0] == '@') || IsMaskedId(s, v);
}

// Whether `v` is a number of at most three digits and nothing else.
bool IsShortPlainNumber(const std::string& v) {
  return v.size() <= 3 && std::all_of(v.begin(), v.end(), [](char c) {
           return std::isdigit(static_cast<unsigned char>(c));
         });
}

// Whether `v` is a short plain number (above) standing alone where `folded` first says it: not
// part of a time, an amount or a date written with separators (9:45, 45,000, 6/8).
bool IsShortNumberIn(const std::string& folded, const std::string& v) {
  if (!IsShortPlainNumber(v)) return false;
  const size_t at = folded.find(v);
  if (at == std::string::npos) return false;
  auto joins = [](char c) {
    return std::isdigit(static_cast<unsigned char>(c)) || c == ':' || c == ',' || c == '.' ||
           c == '/' || c == '-' || c == '$';
  };
  const size_t end = at + v.size();
  return (at == 0 || !joins(folded[at - 1])) && (end == folded.size() || !joins(folded[end]));
}

// Whether every unit of `question` that one of `a`, `b` says the other says too.
bool SayTheQuestionAlike(const StatementShape& a, const StatementShape& b,
                         const StatementShape& question) {
  return std::all_of(question.units.begin(), question.units.end(), [&](const std::string& u) {
    return std::binary_search(a.units.begin(), a.units.end(), u) ==
           std::binary_search(b.units.begin(), b.units.end(), u);
  });
}

}  // namespace

StatementShape ShapeOf(std::string_view text) {
  StatementShape s;
  s.folded = WithoutRepeatMarkers(text);
  // Units: CJK characters that are not grammar, and English content words cut short.
  size_t at = 0;
  while (at < s.folded.size()) {
    const size_t begin = at;
    const char32_t c = base::DecodeUtf8(s.folded, &at);
    if (IsHan(c) && !IsCjkFunctionChar(c)) {
      s.units.emplace_back(s.folded.substr(begin, at - begin));
    }
  }
  const std::vector<std::string> content = ContentWords(s.folded);
  for (const std::string& w : content) {
    if (w.empty() || static_cast<unsigned char>(w[0]) >= 0x80) continue;
    s.units.push_back(w.substr(0, kStemLength));
  }
  SortUnique(&s.units);
  // Values: Latin values, the people named, or else the relations named.
  LatinValues(text, s.folded, content, &s.values, &s.masked);
  SortUnique(&s.masked);
  bool named = false;
  const auto mentions = Mentions(text);
  for (const extract::EntityMention& m : *mentions) {
    if (m.type != extract::EntityType::kPerson || m.key.empty()) continue;
    named = true;
    if (static_cast<unsigned char>(m.key[0]) >= 0x80) s.values.push_back(text::FoldForSearch(m.key));
  }
  if (!named) {
    for (std::string_view r : RelationWords()) {
      const bool ascii = static_cast<unsigned char>(r[0]) < 0x80;
      const size_t found = s.folded.find(r);
      if (found == std::string::npos) continue;
      if (ascii) {  // whole words only ("son" is not in "person")
        const size_t end = found + r.size();
        const bool left = found == 0 || !std::isalpha(static_cast<unsigned char>(s.folded[found - 1]));
        const bool right = end >= s.folded.size() ||
                           !std::isalpha(static_cast<unsigned char>(s.folded[end])) ||
                           s.folded[end] == 's';
        if (!left || !right) continue;
      }
      s.values.emplace_back(r);
    }
  }
  for (std::string_view m : kEnglishModals) {
    if (HasWord(s.folded, m)) s.values.emplace_back(m);
  }
  for (std::string_view m : kChineseModals) {
    if (HasChineseModal(s.folded, m)) s.values.emplace_back(m);
  }
  SortUnique(&s.values);
  return s;
}

namespace {

// Questions of a chat ask; they state no answer.
bool HasQuestionMark(const StatementShape& s) {
  return s.folded.find('?') != std::string::npos || s.folded.find("？") != std::string::npos;
}

// Whether every value of each statement occurs in the other.
bool ValuesSaidByBoth(const StatementShape& a, const StatementShape& b) {
  auto in = [](const std::vector<std::string>& values, const std::string& text) {
    return std::all_of(values.begin(), values.end(),
                       [&](const std::string& v) { return text.find(v) != std::string::npos; });
  };
  return in(a.values, b.folded) && in(b.values, a.folded);
}

}  // namespace

bool SameStatement(const StatementShape& a, const StatementShape& b) {
  if (a.units.empty() || b.units.empty()) return false;
  if (!ValuesSaidByBoth(a, b)) return false;
  std::vector<std::string> shared;
  std::set_intersection(a.units.begin(), a.units.end(), b.units.begin(), b.units.end(),
                        std::back_inserter(shared));
  const double dice =
      2.0 * static_cast<double>(shared.size()) / static_cast<double>(a.units.size() + b.units.size());
  if (dice <= kSameShare) return false;
  // A number or handle both say (a date, an amount, a house number, @kev.r) is the fact's
  // value: the rest may be worded otherwise. A number of up to three digits standing alone
  // only in a statement that names someone or something: "the dune island service moved to
  // rack 280" is not "the tundra umber service moved to rack 280".
  // A masked value is such a number, whatever its id spells.
  const bool named = std::any_of(a.values.begin(), a.values.end(), [&](const std::string& v) {
    return !IsMaskedId(a, v) &&
           std::none_of(v.begin(), v.end(), [](char c) { return c >= '0' && c <= '9'; });
  });
  const bool number = std::any_of(a.values.begin(), a.values.end(), [&](const std::string& v) {
    if (IsMaskedId(a, v)) return true;
    if (!named && IsShortNumberIn(a.folded, v)) return false;
    return std::any_of(v.begin(), v.end(), [](char c) { return (c >= '0' && c <= '9') || c == '@'; });
  });
  if (number) return true;
  // Otherwise one must say all the other says: "Alice likes green tea" and "Alice likes
  // jasmine tea" differ in a word that is the value.
  return std::min(a.units.size(), b.units.size()) >= 2 &&
         shared.size() == std::min(a.units.size(), b.units.size());
}

namespace {

// Whether the word before or after `v` in `s` is another value of `s` that the question
// says: `v` is then part of the name the question asks about ("corp" of "Acme Corp" for "Has
// Acme settled their bill?").
bool NextToAnAskedValue(const StatementShape& s, const std::string& v,
                        const StatementShape& question) {
  const std::string& text = s.folded;
  const size_t at = text.find(v);
  if (at == std::string::npos) return false;
  auto word_char = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; };
  std::vector<std::string> around;
  size_t end = at;
  while (end > 0 && text[end - 1] == ' ') --end;
  size_t begin = end;
  while (begin > 0 && word_char(text[begin - 1])) --begin;
  if (begin < end) around.push_back(text.substr(begin, end - begin));
  begin = at + v.size();
  while (begin < text.size() && text[begin] == ' ') ++begin;
  end = begin;
  while (end < text.size() && word_char(text[end])) ++end;
  if (begin < end) around.push_back(text.substr(begin, end - begin));
  return std::any_of(around.begin(), around.end(), [&](const std::string& n) {
    return std::find(s.values.begin(), s.values.end(), n) != s.values.end() &&
           question.folded.find(n) != std::string::npos;
  });
}

std::string_view ClauseAt(std::string_view folded, size_t at);
std::vector<std::string_view> ModalsOf(std::string_view clause);

bool IsModal(const std::string& v) {
  return std::find(std::begin(kEnglishModals), std::end(kEnglishModals), v) !=
             std::end(kEnglishModals) ||
         std::find(std::begin(kChineseModals), std::end(kChineseModals), v) !=
             std::end(kChineseModals);
}

// Whether every value of each statement but its negation and doubt words occurs in the other;
// `relations`: the people named by how they relate too (女儿 and 闺女 are one daughter).
bool NamesSaidByBoth(const StatementShape& a, const StatementShape& b, bool relations) {
  auto in = [&](const std::vector<std::string>& values, const std::string& text) {
    return std::all_of(values.begin(), values.end(), [&](const std::string& v) {
      return IsModal(v) || (!relations && IsRelation(v)) || SaysValue(text, v);
    });
  };
  return in(a.values, b.folded) && in(b.values, a.folded);
}

// The Latin word right before `v` in `folded` ("dec" of "dec 18"); "" when none.
std::string WordBefore(const std::string& folded, const std::string& v) {
  const size_t at = folded.find(v);
  if (at == std::string::npos) return "";
  size_t end = at;
  while (end > 0 && folded[end - 1] == ' ') --end;
  size_t begin = end;
  while (begin > 0 && std::isalpha(static_cast<unsigned char>(folded[begin - 1]))) --begin;
  return folded.substr(begin, end - begin);
}

bool IsMonthWord(const std::string& w) {
  constexpr std::string_view kMonths[] = {"jan", "january", "feb", "february", "mar", "march",
                                          "apr", "april", "may", "jun", "june", "jul", "july",
                                          "aug", "august", "sep", "sept", "september", "oct",
                                          "october", "nov", "november", "dec", "december"};
  return std::find(std::begin(kMonths), std::end(kMonths), w) != std::end(kMonths);
}

// The unit right after `v` in `folded`: a Han character or a Latin word ("码" of "42码",
// "kids" of "3 kids"); "" when none.
std::string UnitAfter(const std::string& folded, const std::string& v) {
  const size_t at = folded.find(v);
  if (at == std::string::npos) return "";
  size_t p = at + v.size();
  while (p < folded.size() && folded[p] == ' ') ++p;
  if (p >= folded.size()) return "";
  if (static_cast<unsigned char>(folded[p]) >= 0x80) {
    size_t end = p;
    base::DecodeUtf8(folded, &end);
    return folded.substr(p, end - p);
  }
  size_t end = p;
  while (end < folded.size() && std::isalpha(static_cast<unsigned char>(folded[end]))) ++end;
  return folded.substr(p, end - p);
}

// Whether `v` is said with the same negation and doubt in both: "别停错了" after the number
// of "停车位B2-117 别停错了" says nothing of the number.
bool SaidAlikeIn(const StatementShape& a, const StatementShape& b, const std::string& v) {
  const size_t in_a = a.folded.find(v);
  const size_t in_b = b.folded.find(v);
  if (in_a == std::string::npos || in_b == std::string::npos) return false;
  return ModalsOf(ClauseAt(a.folded, in_a)) == ModalsOf(ClauseAt(b.folded, in_b));
}

}  // namespace

bool NamesAValue(const StatementShape& s) {
  return std::any_of(s.values.begin(), s.values.end(),
                     [](const std::string& v) { return !IsModal(v) && !IsRelation(v); });
}

bool SameAnswer(const StatementShape& a, const StatementShape& b, const StatementShape& question) {
  if (a.values.empty() || b.values.empty()) return false;
  if (HasQuestionMark(a) || HasQuestionMark(b)) return false;
  // Negation and doubt count in the clause of the answer only (SaidAlikeIn); a long number
  // (below) is the answer whatever words name whose it is.
  const bool names = NamesSaidByBoth(a, b, true);
  if (!names && !NamesSaidByBoth(a, b, false)) {
    // An identifier of four characters or more that both say alike and the question does not
    // is the answer whatever else each names ("The lockbox at 14 Birch has the code 5820",
    // "birch st lockbox is 5820 if the cleaner asks"), and so is a day of a month ("Flight
    // home: Dec 18, BA 117", "I fly back on Dec 18 with British Airways").
    return std::any_of(a.values.begin(), a.values.end(), [&](const std::string& v) {
      // An identifier after the label the question asks by ("SKU LH-CUP-0420") is the answer.
      const bool identifier = IsIdentifierOf(a, v);
      if ((DigitsIn(v) == 0 && !identifier) || question.folded.find(v) != std::string::npos ||
          (!identifier && NextToAnAskedValue(a, v, question)) || !SaidAlikeIn(a, b, v)) {
        return false;
      }
      const std::string month = WordBefore(a.folded, v);  // "Dec 18"
      return identifier || (IsMonthWord(month) && month == WordBefore(b.folded, v));
    });
  }
  // What else both say, besides the question's units and their values: a short number both
  // say is the answer only with more of the statement ("I have 3 kids", "I've worked there for
  // 3 years").
  std::vector<std::string> shared;
  std::set_intersection(a.units.begin(), a.units.end(), b.units.begin(), b.units.end(),
                        std::back_inserter(shared));
  std::erase_if(shared, [&](const std::string& u) {
    return std::binary_search(question.units.begin(), question.units.end(), u) ||
           std::any_of(a.values.begin(), a.values.end(),
                       [&](const std::string& v) { return v.substr(0, kStemLength) == u; });
  });
  bool short_number = false;
  for (const std::string& v : a.values) {
    const bool number = IsMaskedId(a, v) || std::any_of(v.begin(), v.end(), [](char c) {
      return std::isdigit(static_cast<unsigned char>(c)) || c == '@';
    });
    // Only a number or handle is an answer: two turns of one story name the same people ("Bart
    // watched 'The Simpsons' with his mom", "... at his birthday party").
    if (!number) continue;
    if (question.folded.find(v) != std::string::npos) continue;  // the subject, not the answer
    // Part of the name the question says ("corp" of "Acme Corp"), unless an identifier after
    // the label asked by ("SKU LH-CUP-0420").
    if (!IsIdentifierOf(a, v) && NextToAnAskedValue(a, v, question)) continue;
    if (!SaidAlikeIn(a, b, v)) continue;
    // An identifier, a phone number, a time (A10086, 555-0142, 4:30) is the answer by itself;
    // a number of three digits is no identifier (rack 280, room 301, 280 元).
    if (v.size() >= 3 && !IsShortNumberIn(a.folded, v)) return true;
    if (!names) continue;
    // A short number of one unit in both ("42码", "3 kids"), or of one month ("Dec 18").
    const std::string unit = UnitAfter(a.folded, v);
    if (!unit.empty() && unit == UnitAfter(b.folded, v)) return true;
    const std::string before = WordBefore(a.folded, v);
    if (IsMonthWord(before) && before == WordBefore(b.folded, v)) return true;
    // Else only where both say as much of the question: "the dune island service moved to
    // rack 280" and "the tundra umber service moved to rack 280" answer "Where did the dune
    // island service move?" twice.
    if (SayTheQuestionAlike(a, b, question)) short_number = true;
  }
  return short_number && !shared.empty();
}

size_t QuestionWordsSaid(const StatementShape& s, const StatementShape& question) {
  auto said = [](const std::vector<std::string>& asked, const std::vector<std::string>& in) {
    return static_cast<size_t>(std::count_if(asked.begin(), asked.end(), [&](const std::string& w) {
      return std::binary_search(in.begin(), in.end(), w);
    }));
  };
  return said(question.units, s.units) + said(question.values, s.values);
}

double UnitShare(const StatementShape& of, const StatementShape& in) {
  if (of.units.empty()) return 0;
  std::vector<std::string> shared;
  std::set_intersection(of.units.begin(), of.units.end(), in.units.begin(), in.units.end(),
                        std::back_inserter(shared));
  return static_cast<double>(shared.size()) / static_cast<double>(of.units.size());
}

namespace {

// Clause breaks: CJK punctuation; ASCII , ; ! ? : except between digits; a full stop before
// a space, the end or a CJK character.
constexpr std::string_view kCjkBreaks[] = {"，", "。", "；", "！", "？", "：", "、", "—"};

// The width of the clause break at byte `i` of `text` (above); 0 when there is none.
size_t ClauseBreakAt(std::string_view text, size_t i) {
  const char c = text[i];
  const bool end = i + 1 == text.size();
  const bool next_digit = !end && std::isdigit(static_cast<unsigned char>(text[i + 1]));
  const bool prev_digit = i > 0 && std::isdigit(static_cast<unsigned char>(text[i - 1]));
  if ((c == ',' || c == ';' || c == '!' || c == '?' || c == ':') &&
      !(prev_digit && next_digit)) {  // "1,000", "10:30" stay whole
    return 1;
  }
  if (c == '.' && (end || text[i + 1] == ' ' || static_cast<unsigned char>(text[i + 1]) >= 0x80)) {
    return 1;
  }
  // A space before Chinese after Chinese or a number: phone-typed text breaks its clauses so
  // ("停车位B2-117 别停错了", "周末大扫除 累瘫").
  if (c == ' ' && !end && i > 0) {
    const unsigned char next = static_cast<unsigned char>(text[i + 1]);
    const unsigned char prev = static_cast<unsigned char>(text[i - 1]);
    if (next >= 0xE4 && next <= 0xE9 && (prev >= 0x80 || std::isdigit(prev))) return 1;
  }
  if (static_cast<unsigned char>(c) >= 0x80) {
    for (std::string_view b : kCjkBreaks) {
      if (text.substr(i, b.size()) == b) return b.size();
    }
  }
  return 0;
}

// A message of more clauses than this is talk, not a statement: its clauses are not compared.
constexpr int kMaxClauses = 4;

// Whether `clause` is the statement's first or about `question`, and has two units or more
// outside `common`.
bool Telling(const StatementShape& clause, bool first, const StatementShape& question,
             std::span<const std::string> common) {
  int n = 0;
  bool asked = first;
  for (const std::string& u : clause.units) {
    n += !std::binary_search(common.begin(), common.end(), u);
    asked = asked || std::binary_search(question.units.begin(), question.units.end(), u);
  }
  return n >= 2 && asked;
}

// Whether every value of `of` occurs in `in`'s text.
bool ValuesIn(const StatementShape& of, const StatementShape& in) {
  return std::all_of(of.values.begin(), of.values.end(),
                     [&](const std::string& v) { return SaysValue(in.folded, v); });
}

}  // namespace

namespace {

constexpr std::string_view kHanNumerals = "零〇一二三四五六七八九十百千万亿两半";

// The clause of `folded` around byte `at` (between clause breaks, ClauseBreakAt).
std::string_view ClauseAt(std::string_view folded, size_t at) {
  size_t begin = 0;
  for (size_t i = 0; i < folded.size(); ++i) {
    const size_t width = ClauseBreakAt(folded, i);
    if (width == 0) continue;
    if (i >= at) return folded.substr(begin, i - begin);
    begin = i + width;
    i += width - 1;
  }
  return folded.substr(begin);
}

// The negation and doubt words of `clause` (kEnglishModals, kChineseModals), in order.
std::vector<std::string_view> ModalsOf(std::string_view clause) {
  std::vector<std::string_view> out;
  for (std::string_view m : kEnglishModals) {
    if (HasWord(clause, m)) out.push_back(m);
  }
  for (std::string_view m : kChineseModals) {
    if (HasChineseModal(clause, m)) out.push_back(m);
  }
  return out;
}

bool HasHanNumeral(std::string_view run) {
  size_t at = 0;
  while (at < run.size()) {
    const size_t begin = at;
    base::DecodeUtf8(run, &at);
    if (kHanNumerals.find(run.substr(begin, at - begin)) != std::string_view::npos) return true;
  }
  return false;
}

// Where an English unit (a stem) begins a word of `folded`; npos if nowhere.
size_t WordAt(std::string_view folded, std::string_view stem) {
  for (size_t at = folded.find(stem); at != std::string_view::npos; at = folded.find(stem, at + 1)) {
    if (at == 0 || !std::isalnum(static_cast<unsigned char>(folded[at - 1]))) return at;
  }
  return std::string_view::npos;
}

// Runs of two Han characters of `folded` that may name an answer: neither character is in
// `question`, and each is a numeral or no grammar character.
std::vector<std::string> AnswerBigrams(std::string_view folded, std::string_view question) {
  std::vector<std::string> out;
  size_t at = 0;
  size_t prev = std::string::npos;
  bool prev_ok = false;
  while (at < folded.size()) {
    const size_t begin = at;
    const char32_t c = base::DecodeUtf8(folded, &at);
    const std::string_view ch = folded.substr(begin, at - begin);
    const bool ok = IsHan(c) && question.find(ch) == std::string_view::npos &&
                    (!IsCjkFunctionChar(c) || kHanNumerals.find(ch) != std::string_view::npos);
    if (ok && prev_ok) out.emplace_back(folded.substr(prev, at - prev));
    prev = begin;
    prev_ok = ok;
  }
  SortUnique(&out);
  return out;
}

}  // namespace

bool SameAnswerWord(const StatementShape& a, const StatementShape& b,
                    const StatementShape& question, std::span<const std::string> common) {
  if (HasQuestionMark(a) || HasQuestionMark(b)) return false;
  // The shorter by its units, whose values the other must say; of two as long, either.
  const bool a_fewer = a.units.size() != b.units.size() ? a.units.size() < b.units.size()
                                                        : ValuesIn(a, b);
  const StatementShape& fewer = a_fewer ? a : b;
  const StatementShape& more = &fewer == &a ? b : a;
  if (!ValuesIn(fewer, more)) return false;
  // How much of what the one with fewer units says besides the question the other says too.
  size_t rest = 0;
  size_t shared_rest = 0;
  for (const std::string& u : fewer.units) {
    if (std::binary_search(question.units.begin(), question.units.end(), u)) continue;
    ++rest;
    shared_rest += std::binary_search(more.units.begin(), more.units.end(), u);
  }
  // The value of `s` whose stem is `u`; "" when none. A value next to one the question says
  // is part of the name it asks about ("corp" of "Acme Corp"): no answer.
  auto value_of = [&](const StatementShape& s, const std::string& u) -> std::string {
    for (const std::string& v : s.values) {
      if (v.substr(0, kStemLength) == u && !NextToAnAskedValue(s, v, question)) return v;
    }
    return "";
  };
  // The answers both say, with where each says it: a word is one when both name it (a
  // capitalized name, a number), or when the other says all the rest of the shorter.
  std::vector<std::pair<size_t, size_t>> places;
  for (const std::string& u : a.units) {
    if (static_cast<unsigned char>(u[0]) >= 0x80 || u.size() < 3) continue;
    if (!std::binary_search(b.units.begin(), b.units.end(), u) ||
        std::binary_search(question.units.begin(), question.units.end(), u) ||
        std::binary_search(common.begin(), common.end(), u)) {
      continue;
    }
    // A capitalized first word of both ("Met the vendor ...") is no name either.
    const bool named = !value_of(a, u).empty() && !value_of(b, u).empty() &&
                       (WordAt(a.folded, u) > 0 || WordAt(b.folded, u) > 0);
    if (shared_rest < rest && !named) continue;
    places.emplace_back(WordAt(a.folded, u), WordAt(b.folded, u));
  }
  // A run of Han characters: when the other says two thirds of the rest of the shorter; when
  // it says half and the run is a number ("十一点"); or when it is a name both say ("李娜").
  const std::vector<std::string> a_runs = AnswerBigrams(a.folded, question.folded);
  const std::vector<std::string> b_runs = AnswerBigrams(b.folded, question.folded);
  std::vector<std::string> runs;
  std::set_intersection(a_runs.begin(), a_runs.end(), b_runs.begin(), b_runs.end(),
                        std::back_inserter(runs));
  for (const std::string& r : runs) {
    const bool most = 3 * shared_rest >= 2 * rest;
    const bool number = 2 * shared_rest >= rest && HasHanNumeral(r);
    auto named = [&](const StatementShape& s) {
      return std::any_of(s.values.begin(), s.values.end(),
                         [&](const std::string& v) { return v.find(r) != std::string::npos; });
    };
    if (rest > 0 && (most || number || (named(a) && named(b)))) {
      places.emplace_back(a.folded.find(r), b.folded.find(r));
    }
  }
  // Said the same way in both: no negation or doubt about it in one only.
  return std::any_of(places.begin(), places.end(), [&](const std::pair<size_t, size_t>& p) {
    if (p.first == std::string::npos || p.second == std::string::npos) return false;
    return ModalsOf(ClauseAt(a.folded, p.first)) == ModalsOf(ClauseAt(b.folded, p.second));
  });
}

std::vector<std::string_view> ClauseTexts(std::string_view text) {
  std::vector<std::string_view> parts;
  size_t begin = 0;
  size_t i = 0;
  while (i < text.size()) {
    const size_t width = ClauseBreakAt(text, i);
    if (width == 0) {
      ++i;
      continue;
    }
    parts.push_back(text.substr(begin, i - begin));
    i += width;
    begin = i;
  }
  parts.push_back(text.substr(begin));
  std::erase_if(parts, [](std::string_view p) {
    return p.find_first_not_of(" ") == std::string_view::npos;
  });
  return parts;
}

std::vector<StatementShape> ClauseShapes(std::string_view text) {
  const std::vector<std::string_view> parts = ClauseTexts(text);
  std::vector<StatementShape> out;
  if (parts.size() < 2 || parts.size() > static_cast<size_t>(kMaxClauses)) return out;
  for (std::string_view part : parts) {
    StatementShape shape = ShapeOf(part);
    if (shape.units.size() >= 2) out.push_back(std::move(shape));
  }
  return out;
}

bool ShareAClause(const StatementShape& a, const std::vector<StatementShape>& a_clauses,
                  const StatementShape& b, const std::vector<StatementShape>& b_clauses,
                  const StatementShape& question, std::span<const std::string> common) {
  if (!ValuesIn(a, b) && !ValuesIn(b, a)) return false;
  for (size_t i = 0; i < a_clauses.size(); ++i) {
    const StatementShape& ca = a_clauses[i];
    if (!Telling(ca, i == 0, question, common)) continue;
    if (SameStatement(ca, b)) return true;
    for (const StatementShape& cb : b_clauses) {
      if (SameStatement(ca, cb)) return true;
    }
  }
  for (size_t i = 0; i < b_clauses.size(); ++i) {
    if (Telling(b_clauses[i], i == 0, question, common) && SameStatement(a, b_clauses[i])) {
      return true;
    }
  }
  return false;
}

bool SaysMore(const StatementShape& a, const StatementShape& b) {
  return a.units.size() > b.units.size() &&
         std::includes(a.units.begin(), a.units.end(), b.units.begin(), b.units.end());
}

bool NamesAThing(const std::string& value) { return !IsModal(value) && !IsMonthWord(value); }

bool SaysWord(std::string_view text, std::string_view word) { return HasWord(text, word); }

}  // namespace engram::recall
