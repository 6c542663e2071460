#include "src/recall/other_thing.h"

#include <algorithm>
#include <cctype>
#include <optional>

#include "src/base/utf8.h"
#include "src/recall/answer_words.h"
#include "src/recall/numbers_said.h"
#include "src/recall/relations.h"
#include "src/recall/relevance.h"
#include "src/recall/same_statement.h"
#include "src/recall/text_memo.h"
#include "src/recall/word_kin.h"
#include "src/temporal/text_util.h"

namespace engram::recall {
namespace {

bool Has(const std::vector<std::string>& v, std::string_view w) {
  return std::find(v.begin(), v.end(), w) != v.end();
}

bool IsAsciiAlnum(char32_t c) { return c < 0x80 && std::isalnum(static_cast<int>(c)) != 0; }

// The runs of ASCII letters and digits of folded `text` that have a digit: "204", "7", "42" of
// "room 204 ... at 7:42"; and a number in Chinese numerals before a unit, in digits: "4" of
// "四小时" (not a lone 一), so that "42尺四小时的价" names the "4小时" of "42尺那条包4小时".
std::vector<std::string> NumbersIn(std::string_view text) {
  std::vector<std::string> out;
  for (size_t i = 0; i < text.size();) {
    if (!IsAsciiAlnum(static_cast<unsigned char>(text[i]))) {
      ++i;
      continue;
    }
    size_t end = i;
    while (end < text.size() && IsAsciiAlnum(static_cast<unsigned char>(text[end]))) ++end;
    const std::string_view run = text.substr(i, end - i);
    if (HasDigit(run)) out.emplace_back(run);
    i = end;
  }
  constexpr std::u32string_view kUnits = U"小个天年月周岁尺米点号块元斤层分";
  constexpr std::u32string_view kNotAfter = U"周期拜第初";  // a weekday or an order
  const std::u32string normalized = temporal::Normalize(text);
  temporal::Cursor c{&normalized, 0};
  while (!c.AtEnd()) {
    const char32_t before = c.i == 0 ? 0 : normalized[c.i - 1];
    int64_t value = 0;
    bool digit_by_digit = false;
    if (!temporal::IsCjkDigit(c.Peek()) || kNotAfter.find(before) != std::u32string_view::npos ||
        !temporal::ReadChinese(&c, &value, &digit_by_digit)) {
      ++c.i;
      continue;
    }
    // Not a lone 一 ("一个月", "一天": one of a kind, seldom the number asked by).
    const bool lone_one = value == 1 && normalized[c.i - 1] == U'一' &&
                          (c.i < 2 || !temporal::IsCjkDigit(normalized[c.i - 2]));
    if (!digit_by_digit && !lone_one && kUnits.find(c.Peek()) != std::u32string_view::npos) {
      out.push_back(std::to_string(value));
    }
  }
  return out;
}

// A word that tells which version of one thing, not which thing: "got new plates" after "my
// license plate is 7KDL482".
bool SaysWhichOfOneThing(std::string_view word) {
  constexpr std::string_view kVersions[] = {"new", "current", "latest", "updated", "correct",
                                            "right", "actual", "final", "old", "previous"};
  return std::find(std::begin(kVersions), std::end(kVersions), word) != std::end(kVersions);
}

// Whether `shorter` is an abbreviation of `word` as people type them: its first letter and
// the rest of its letters in order ("apt" of "apartment", "dept" of "department").
bool Abbreviates(std::string_view shorter, std::string_view word) {
  if (shorter.size() < 2 || shorter.size() >= word.size() || shorter[0] != word[0]) return false;
  size_t k = 1;
  for (size_t i = 1; i < word.size() && k < shorter.size(); ++i) {
    if (word[i] == shorter[k]) ++k;
  }
  return k == shorter.size();
}

// Whether folded `text` says `first` before `second` in one phrase: an owner's "'s" / "'", a
// hyphen or a few small words between them allowed ("guest wifi", "kim's birthday", "list for
// the leg"); no clause break ("checkups, she's their pediatrician", whose content words only are
// side by side).
bool SideBySide(std::string_view text, std::string_view first, std::string_view second) {
  constexpr std::string_view kSmall[] = {"for", "the", "this", "that", "of", "my", "our", "a",
                                         "an", "to"};
  for (size_t at = text.find(first); at != std::string_view::npos; at = text.find(first, at + 1)) {
    size_t k = at + first.size();
    if (text.substr(k, 2) == "'s") {
      k += 2;
    } else if (k < text.size() && (text[k] == '\'' || text[k] == '-')) {
      ++k;
    }
    for (int small = 0; small <= 3; ++small) {
      while (k < text.size() && text[k] == ' ') ++k;
      if (text.substr(k, second.size()) == second) return true;
      size_t end = k;
      while (end < text.size() && std::isalpha(static_cast<unsigned char>(text[end]))) ++end;
      const std::string_view word = text.substr(k, end - k);
      if (std::find(std::begin(kSmall), std::end(kSmall), word) == std::end(kSmall)) break;
      k = end;
    }
  }
  return false;
}

// English: a word of the question before a word of the question in `about`, and before that
// same word in `other` a word that neither the question nor `about` says ("office wifi" /
// "guest wifi"); not a verb's form ("bumped my rate up") nor a word of which version
// (SaysWhichOfOneThing).
bool QualifierSwapped(const AskedThing& asked, const std::vector<std::string>& a,
                      const std::vector<std::string>& b, std::string_view folded_b) {
  for (size_t i = 0; i + 1 < a.size(); ++i) {
    const std::string& x = a[i];
    if (static_cast<unsigned char>(x[0]) >= 0x80 || !Has(asked.words, x) || Has(b, x)) continue;
    // The question's next word within two ("downtown shop's alarm code": alarm).
    size_t w = i + 1;
    if (!Has(asked.words, a[w]) && w + 1 < a.size() && Has(asked.words, a[w + 1])) ++w;
    if (!Has(asked.words, a[w])) continue;
    for (size_t k = 1; k < b.size(); ++k) {
      const std::string& y = b[k - 1];
      const bool verb_form =
          (y.size() >= 5 && y.ends_with("ed")) || (y.size() >= 6 && y.ends_with("ing"));
      if (b[k] == a[w] && static_cast<unsigned char>(y[0]) < 0x80 &&
          !Has(asked.words, y) && !Has(a, y) && !HasDigit(y) && !verb_form &&
          !SaysWhichOfOneThing(y) && !Abbreviates(y, x) && SideBySide(folded_b, y, b[k])) {
        return true;
      }
    }
  }
  return false;
}

// The owners of folded `text` in English: "sam" of "sam's bday", "206" of "room 206's tenant";
// not "rate" of "my rate's $85" nor "that" of "that's my rate" ("'s" for "is").
std::vector<std::string> Owners(std::string_view text) {
  constexpr std::string_view kNotOwners[] = {"that", "it", "what", "who", "where", "here",
                                             "there", "he", "she", "let", "how", "when"};
  constexpr std::string_view kAfterIs[] = {
      "a", "an", "the", "my", "not", "so", "on", "in", "at", "been", "going", "gonna", "got",
      "just", "really", "very", "still", "also", "all", "about", "over", "up", "down", "out",
      "off", "fine", "ok", "good", "great", "now", "back", "done", "due", "open", "closed"};
  std::vector<std::string> out;
  for (size_t at = text.find("'s"); at != std::string_view::npos; at = text.find("'s", at + 2)) {
    size_t b = at;
    while (b > 0 && std::isalnum(static_cast<unsigned char>(text[b - 1]))) --b;
    if (b == at) continue;
    const std::string_view owner = text.substr(b, at - b);
    size_t k = at + 2;
    while (k < text.size() && text[k] == ' ') ++k;
    size_t e = k;
    while (e < text.size() && std::isalpha(static_cast<unsigned char>(text[e]))) ++e;
    const std::string_view next = text.substr(k, e - k);
    if (next.empty() || std::find(std::begin(kAfterIs), std::end(kAfterIs), next) !=
                            std::end(kAfterIs) ||
        std::find(std::begin(kNotOwners), std::end(kNotOwners), owner) != std::end(kNotOwners)) {
      continue;
    }
    out.emplace_back(owner);
  }
  return out;
}

// A name of the question owns the value in `about`, another one in `other`.
bool OwnerSwapped(const AskedThing& asked, std::string_view fa, std::string_view fb) {
  const std::vector<std::string> a = Owners(fa);
  const std::vector<std::string> b = Owners(fb);
  const bool asked_owner = std::any_of(a.begin(), a.end(), [&](const std::string& x) {
    return Has(asked.words, x) && !Has(b, x);
  });
  if (!asked_owner) return false;
  return std::any_of(b.begin(), b.end(), [&](const std::string& y) {
    return !Has(asked.words, y) && !Has(a, y) && fa.find(y) == std::string_view::npos;
  });
}

// The characters of `text`.
std::vector<char32_t> Decode(std::string_view text) {
  std::vector<char32_t> out;
  size_t at = 0;
  while (at < text.size()) out.push_back(base::DecodeUtf8(text, &at));
  return out;
}

// A character of a period or a rate (一天 / 日均, 每月 / 月均): it says how often, not which thing.
bool IsPeriodChar(char32_t c) {
  return c == U'天' || c == U'日' || c == U'月' || c == U'年' || c == U'周' || c == U'均' ||
         c == U'每';
}

// Chinese: a character of the question in `about` before two characters (one of them Han),
// and before those same two in `other` another character that the question and `about` do
// not say, neither of them a grammar character (我, 在, 这: IsCjkFunctionChar), while `other` does not say the question's one (我妈手机号 / 我爸手机号, 3路首班车 /
// 12路首班车, a班班主任 / b班班主任); not a character of a period (IsPeriodChar).
bool CharacterSwapped(const AskedThing& asked, std::string_view fa, std::string_view fb) {
  const std::vector<char32_t> q = Decode(asked.folded);
  if (std::none_of(q.begin(), q.end(), IsHan)) return false;
  const std::vector<char32_t> o = Decode(fa), n = Decode(fb);
  auto in = [](const std::vector<char32_t>& v, char32_t c) {
    return std::find(v.begin(), v.end(), c) != v.end();
  };
  auto counts = [](char32_t c) { return IsHan(c) || IsAsciiAlnum(c); };
  for (size_t i = 0; i + 2 < o.size(); ++i) {
    const char32_t x = o[i];
    if (!counts(x) || IsCjkFunctionChar(x) || IsPeriodChar(x) || !in(q, x) || in(n, x)) continue;
    if (!counts(o[i + 1]) || !counts(o[i + 2]) || !(IsHan(o[i + 1]) || IsHan(o[i + 2]))) {
      continue;
    }
    if (!IsHan(x) && !IsHan(o[i + 1])) continue;  // "a班", "3路"; not English
    // The two characters after x, grammar between them left out on either side ("a班的班主任"
    // / "b班班主任", "大宝班主任" / "二宝的班主任").
    auto next_word_char = [](const std::vector<char32_t>& v, size_t k) {
      while (k < v.size() && IsCjkFunctionChar(v[k])) ++k;
      return k;
    };
    const size_t second = next_word_char(o, i + 2);
    for (size_t j = 1; j + 1 < n.size(); ++j) {
      if (n[j] != o[i + 1]) continue;
      const size_t k = next_word_char(n, j + 1);
      const bool same_next = n[j + 1] == o[i + 2] ||
                             (second < o.size() && k < n.size() && n[k] == o[second]);
      if (!same_next) continue;
      const char32_t y = n[j - 1];
      if (counts(y) && !IsCjkFunctionChar(y) && !IsPeriodChar(y) && y != x && !in(q, y) &&
          !in(o, y)) {
        return true;
      }
    }
  }
  return false;
}

// The numbered things of folded `text`: ("pool", "5") of "pool 5" (a word, a space and a
// number), ("号栋", "5") of "5号栋" (digits and the two Han characters after them).
std::vector<std::pair<std::string, std::string>> NumberedThings(std::string_view text) {
  std::vector<std::pair<std::string, std::string>> out;
  std::string last_word;
  auto run = [&](size_t i, int (*is)(int)) {
    while (i < text.size() && is(static_cast<unsigned char>(text[i])) != 0) ++i;
    return i;
  };
  for (size_t i = 0; i < text.size();) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (std::isdigit(c) != 0) {
      const size_t end = run(i, std::isdigit);
      const std::string number(text.substr(i, end - i));
      if (!last_word.empty() && text[i - 1] == ' ') out.emplace_back(last_word, number);
      size_t at = end;
      std::string label;
      for (int k = 0; k < 2 && at < text.size(); ++k) {
        const size_t from = at;
        if (!IsHan(base::DecodeUtf8(text, &at))) break;
        label += text.substr(from, at - from);
      }
      if (label.size() == 6) out.emplace_back(label, number);  // two Han characters
      last_word.clear();
      i = end;
    } else if (std::isalpha(c) != 0) {
      const size_t end = run(i, std::isalpha);
      last_word = std::string(text.substr(i, end - i));
      i = end;
    } else {
      if (c != ' ') last_word.clear();
      ++i;
    }
  }
  return out;
}

// A thing the question numbers, which folded `hit` numbers otherwise and never by the
// question's number ("silo 3 capacity is 2,800 tonnes" for "how big is silo 5?", 3号栋 for 5号栋).
bool NumberedOtherwise(const AskedThing& asked, std::string_view hit) {
  if (asked.numbered.empty()) return false;
  const auto said = NumberedThings(hit);
  std::optional<std::vector<std::string>> numbers;  // the hit's, read when first needed
  for (const auto& [label, number] : asked.numbered) {
    for (const auto& [other_label, other_number] : said) {
      if (other_label != label || other_number == number) continue;
      if (!numbers) numbers = NumbersIn(hit);
      if (!Has(*numbers, number)) return true;
    }
  }
  return false;
}

// Whether `text` writes folded `word` as a name: a capital, then small letters ("Tom"; not
// "LD", an abbreviation of a role, nor "tom").
bool CapitalizedIn(std::string_view text, std::string_view word) {
  for (size_t at = 0; at + word.size() <= text.size(); ++at) {
    if (std::isupper(static_cast<unsigned char>(text[at])) == 0) continue;
    if (at > 0 && std::isalpha(static_cast<unsigned char>(text[at - 1])) != 0) continue;
    bool same = true;
    for (size_t k = 0; k < word.size() && same; ++k) {
      const unsigned char c = static_cast<unsigned char>(text[at + k]);
      same = std::tolower(c) == static_cast<unsigned char>(word[k]) &&
             (k == 0 || std::islower(c) != 0);
    }
    if (same) return true;
  }
  return false;
}

// An owner the question names, by name or by relation, in whose place folded `hit` puts
// another of the same sort ("Becky's mobile" for "what's Tom's number?", "dad's birthday"
// for mum's); not a relation for a name nor the other way ("mo's birthday" may be the wife's),
// nor an owner named by a role or a pet ("the LD's", "the dog's vet").
bool OwnedByAnother(const AskedThing& asked, std::string_view hit) {
  if (asked.owners.empty()) return false;
  const std::vector<std::string> b = Owners(hit);
  for (const std::string& x : asked.owners) {
    if (hit.find(x) != std::string_view::npos) continue;
    const std::vector<std::string> rx = RelationsIn(x);
    for (const std::string& y : b) {
      if (asked.folded.find(y) != std::string::npos) continue;
      const std::vector<std::string> ry = RelationsIn(y);
      if (rx.empty() ? ry.empty() : !ry.empty() && ry != rx) return true;
    }
  }
  return false;
}

// Chinese: a character of the question in whose place folded `hit` puts another, before two
// characters both say, each opening its word or after one character both say (冬笋收购价 for
// 春笋收购价, 大女儿 for 小女儿, 牛肉丸 for 牛筋丸). Not a character of place or use (里, 边,
// 上, 用), a measure word (只, 位, 台), 孩 (孩子 is any child), nor one of 降压药 / 血压药; nor
// a grammar character (IsCjkFunctionChar) or one of a period (IsPeriodChar). `n`: the hit's
// characters.
bool CharacterOfAnother(const AskedThing& asked, const std::vector<char32_t>& n) {
  constexpr std::u32string_view kNotThings = U"里边面上下中内外前后旁用只个位台条张辆件把头孩降血";
  auto word_char = [&](char32_t c) {
    return IsHan(c) && !IsCjkFunctionChar(c) && !IsPeriodChar(c) &&
           kNotThings.find(c) == std::u32string_view::npos;
  };
  const std::vector<char32_t>& q = asked.han;
  auto in = [](const std::vector<char32_t>& v, char32_t c) {
    return std::find(v.begin(), v.end(), c) != v.end();
  };
  auto opens = [&](const std::vector<char32_t>& v, size_t k) {
    return k == 0 || !word_char(v[k - 1]);
  };
  for (size_t i = 0; i + 2 < q.size(); ++i) {
    if (!word_char(q[i]) || in(n, q[i]) || !word_char(q[i + 1]) || !word_char(q[i + 2])) {
      continue;
    }
    for (size_t j = 1; j + 1 < n.size(); ++j) {
      if (n[j] != q[i + 1] || n[j + 1] != q[i + 2]) continue;
      if (!word_char(n[j - 1]) || in(q, n[j - 1])) continue;
      const bool same_before = i > 0 && j > 1 && word_char(q[i - 1]) && q[i - 1] == n[j - 2];
      if ((opens(q, i) && opens(n, j - 1)) || same_before) return true;
    }
  }
  return false;
}

// Chinese: a word of two characters that opens a word of the question, in whose place folded
// `hit` puts two characters the question does not say, before the two characters that follow
// it in both (夜班补贴 for 高温补贴, 搭档小翠生日 for 团长生日); `hit` says neither the word,
// a word of its sense (KinOf) nor another pair of the question's characters (besides a count,
// 一个), so it shares with the question only what is said of the thing (驾校钥匙柜密码, asked
// 放车钥匙那个柜子密码多少, says 密码 too). Not a relation (闺女生日 / 女儿生日). `n`: the
// characters of `hit`.
bool WordOfAnother(const AskedThing& asked, const std::vector<char32_t>& n,
                   std::string_view hit) {
  auto word_char = [](char32_t c) {
    return IsHan(c) && !IsCjkFunctionChar(c) && !IsPeriodChar(c) && !temporal::IsCjkDigit(c);
  };
  const std::vector<char32_t>& q = asked.han;
  auto says = [&](char32_t a, char32_t b) {
    for (size_t j = 0; j + 1 < n.size(); ++j) {
      if (n[j] == a && n[j + 1] == b) return true;
    }
    return false;
  };
  auto in_q = [&](char32_t c) { return std::find(q.begin(), q.end(), c) != q.end(); };
  // What is said of the thing may hold a period's character (生日, 一个月).
  auto said_char = [](char32_t c) { return IsHan(c) && !IsCjkFunctionChar(c); };
  for (size_t i = 0; i + 3 < q.size(); ++i) {
    if ((i > 0 && word_char(q[i - 1])) || !word_char(q[i]) || !word_char(q[i + 1]) ||
        !said_char(q[i + 2]) || !said_char(q[i + 3]) ||
        says(q[i], q[i + 1])) {
      continue;
    }
    std::string word;
    base::AppendUtf8(q[i], &word);
    base::AppendUtf8(q[i + 1], &word);
    // Nor a time ("最近血压多少" / "今早量血压132/84") nor a question's word (咋去上班).
    constexpr std::string_view kTimes[] = {"最近", "现在", "今天", "今年", "平时", "平常", "一般",
                                           "目前", "当前", "以前", "之前", "上次", "上回", "这次",
                                           "刚才", "昨天", "明天", "后天", "前天", "去年", "明年",
                                           "早上", "晚上", "下午", "上午", "中午", "当时", "那时"};
    constexpr std::u32string_view kAsking = U"咋啥怎谁哪";
    if (!RelationsIn(word).empty() ||
        std::find(std::begin(kTimes), std::end(kTimes), word) != std::end(kTimes) ||
        kAsking.find(q[i]) != std::u32string_view::npos ||
        kAsking.find(q[i + 1]) != std::u32string_view::npos) {
      continue;
    }
    const auto& kin = KinOf(word);
    if (std::any_of(kin.begin(), kin.end(),
                    [&](std::string_view k) { return hit.find(k) != std::string_view::npos; })) {
      continue;
    }
    bool swapped = false;
    for (size_t j = 2; j + 1 < n.size() && !swapped; ++j) {
      swapped = n[j] == q[i + 2] && n[j + 1] == q[i + 3] && word_char(n[j - 2]) &&
                word_char(n[j - 1]) && !in_q(n[j - 2]) && !in_q(n[j - 1]);
    }
    if (!swapped) continue;
    // Another pair of the question's that the hit says links the two.
    bool linked = false;
    for (size_t k = 0; k + 1 < q.size() && !linked; ++k) {
      if (k + 1 >= i && k <= i + 2) continue;  // the word and what follows it
      linked = word_char(q[k]) && word_char(q[k + 1]) && says(q[k], q[k + 1]);
    }
    if (!linked) return true;
  }
  return false;
}

}  // namespace

bool NamesSiblingOfAsked(const AskedThing& asked, std::string_view hit) {
  const std::string fh = Folded(hit);
  if (NumberedOtherwise(asked, fh) || OwnedByAnother(asked, fh)) return true;
  if (asked.han.empty()) return false;
  const std::vector<char32_t> chars = Decode(fh);  // read once for both Chinese readings
  return CharacterOfAnother(asked, chars) || WordOfAnother(asked, chars, fh);
}

AskedThing ReadAskedThing(std::string_view question) {
  AskedThing t;
  t.folded = Folded(question);
  t.words = ContentWords(question);
  t.numbers = NumbersIn(t.folded);
  t.relations = RelationsIn(t.folded);
  t.numbered = NumberedThings(t.folded);
  // The owners a sibling may stand in for: a word of the question, a relation or a name.
  for (std::string& x : Owners(t.folded)) {
    if (Has(t.words, x) && (!RelationsIn(x).empty() || CapitalizedIn(question, x))) {
      t.owners.push_back(std::move(x));
    }
  }
  std::vector<char32_t> chars = Decode(t.folded);
  if (std::any_of(chars.begin(), chars.end(), IsHan)) t.han = std::move(chars);
  return t;
}

bool NamesAnotherThing(const AskedThing& asked, std::string_view about, std::string_view other) {
  const std::string fa = Folded(about), fb = Folded(other);
  if (QualifierSwapped(asked, ContentWords(about), ContentWords(other), fb) ||
      OwnerSwapped(asked, fa, fb) || CharacterSwapped(asked, fa, fb)) {
    return true;
  }
  // A number the question names, said by `about` and not by `other`, which says others.
  if (!asked.numbers.empty()) {
    const std::vector<std::string> a = NumbersIn(fa), b = NumbersIn(fb);
    for (const std::string& x : asked.numbers) {
      if (Has(a, x) && !Has(b, x) && !b.empty()) return true;
    }
  }
  // Relations: the question's in `about`, another in `other`; or one owning the value in
  // `other` that neither names ("wife's", 我爸的), not one that is the value ("my emergency
  // contact is my wife").
  const std::vector<std::string> ra = RelationsIn(fa), rb = RelationsIn(fb);
  const bool asked_in_about = std::any_of(asked.relations.begin(), asked.relations.end(),
                                          [&](const std::string& r) { return Has(ra, r); });
  const bool asked_in_other = std::any_of(asked.relations.begin(), asked.relations.end(),
                                          [&](const std::string& r) { return Has(rb, r); });
  if (asked_in_about && !asked_in_other && !rb.empty()) return true;
  for (const std::string& r : PossessorRelationsIn(fb)) {
    if (!Has(ra, r) && !Has(asked.relations, r)) return true;
  }
  return false;
}

}  // namespace engram::recall
