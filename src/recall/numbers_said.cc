#include "src/recall/numbers_said.h"

#include <algorithm>
#include <cctype>
#include <span>

#include "src/base/utf8.h"
#include "src/recall/answer_words.h"
#include "src/recall/cue_index.h"

namespace engram::recall {
namespace {

constexpr std::string_view kEnNumbers[] = {
    "two",     "three",    "four",     "five",    "six",     "seven",   "eight",  "nine",
    "ten",     "eleven",   "twelve",   "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
    "eighteen", "nineteen", "twenty",  "thirty",  "forty",   "fifty",   "sixty",  "seventy",
    "eighty",  "ninety",   "hundred",  "thousand", "million", "billion", "dozen",  "half"};

// Units after which a number is no money: "一个半小时", "25 min", "56cm", "3次".
constexpr std::string_view kZhNoMoneyUnits[] = {
    "小时", "分钟", "钟头", "天", "次", "岁", "周", "星期", "个月", "月", "年", "号", "点",
    "层", "楼", "公里", "里", "斤", "公斤", "克", "人", "位", "口", "节", "遍", "趟", "台",
    "件", "套", "张", "本", "家", "只", "条", "门", "种", "米", "厘米", "度", "集", "倍", "室",
    "居", "平", "寸", "部", "辆", "盒", "瓶", "杯", "箱", "代", "级", "届", "名", "分", "单", "个", "°",
    "℃", "份", "成", "尺", "英尺", "头", "亩", "吨", "升", "毫升", "码", "英寸", "场", "片",
    "粒", "颗", "方", "支", "根", "双", "轮", "圈", "句", "声", "眼", "步", "阵", "番", "袋",
    "桶", "筐"};
constexpr std::string_view kEnNoMoneyUnits[] = {
    "min", "mins", "minute", "minutes", "hour", "hours", "hr", "hrs", "day", "days", "week",
    "weeks", "wk", "wks", "month", "months", "year", "years", "yr", "yrs", "time", "times",
    "am", "pm", "cm", "mm", "km", "kg", "lb", "lbs", "mile", "miles", "people", "kids",
    "st", "nd", "rd", "th", "floor", "pages", "reps", "sets", "x", "inch", "inches", "ft",
    "feet", "gb", "tb", "mb", "seats", "rooms", "bedroom", "bed", "bath", "tier", "tiers",
    "oz", "ml", "mg", "gallons", "gal", "plants", "servings", "copies", "pieces", "ton", "tons"};

bool StartsWithUnit(std::string_view rest, std::span<const std::string_view> units) {
  // A unit joined by a hyphen ("120-day streak", "a 6-month lease").
  if (rest.size() > 1 && rest[0] == '-' && std::isalpha(static_cast<unsigned char>(rest[1]))) {
    rest.remove_prefix(1);
  }
  for (std::string_view u : units) {
    if (rest.substr(0, u.size()) != u) continue;
    // A Latin unit ends its word ("min" of "25 min", not "minimum").
    if (std::isalpha(static_cast<unsigned char>(u[0])) && rest.size() > u.size() &&
        std::isalpha(static_cast<unsigned char>(rest[u.size()]))) {
      continue;
    }
    // Not the first character of another word: 周末 (a weekend), 月底, 年初.
    const std::string_view next = rest.substr(u.size(), 3);
    if ((u == "周" || u == "月" || u == "年") &&
        (next == "末" || next == "底" || next == "初")) {
      continue;
    }
    return true;
  }
  return false;
}

// Calls `said(number, before, after)` for each number of `folded` (digits not ending a Latin
// word and not before ":" or "%", a run of Chinese numerals that is no lone 一 and no weekday or
// ordinal, an English number word; `after` skips spaces and one hyphen) until it returns true.
template <typename Fn>
bool AnyNumber(std::string_view folded, Fn said) {
  const std::string_view zh_digits = "一二三四五六七八九十百千万亿两半零〇";
  size_t at = 0;
  while (at < folded.size()) {
    const size_t begin = at;
    const unsigned char c = static_cast<unsigned char>(folded[at]);
    size_t end = at;
    bool lone_yi = false;
    if (std::isdigit(c)) {
      while (end < folded.size() && (std::isdigit(static_cast<unsigned char>(folded[end])) ||
                                     folded[end] == '.' || folded[end] == ',')) {
        ++end;
      }
      if (begin > 0 && std::isalpha(static_cast<unsigned char>(folded[begin - 1]))) {
        at = end;
        continue;
      }
      if (end < folded.size() && (folded[end] == ':' || folded[end] == '%')) {
        at = end;
        continue;
      }
    } else if (c >= 0x80) {
      size_t p = at;
      base::DecodeUtf8(folded, &p);
      if (zh_digits.find(folded.substr(at, p - at)) == std::string_view::npos) {
        at = p;
        continue;
      }
      int chars = 0;
      end = at;
      while (end < folded.size()) {
        size_t q = end;
        base::DecodeUtf8(folded, &q);
        const std::string_view ch = folded.substr(end, q - end);
        if (zh_digits.find(ch) == std::string_view::npos && ch != "个") break;
        if (ch == "个") {  // 一个半: 个 between numerals
          size_t r = q;
          if (r >= folded.size()) break;
          base::DecodeUtf8(folded, &r);
          if (zh_digits.find(folded.substr(q, r - q)) == std::string_view::npos) break;
        }
        end = q;
        ++chars;
      }
      // A lone 一 ("一家") or 半 ("一年半": a half), or a weekday or ordinal (周四, 第二), is no
      // amount.
      lone_yi = (chars == 1 && (folded.substr(at, end - at) == "一" ||
                                folded.substr(at, end - at) == "半")) ||
                NamesADayOrOrder(folded, at);
    } else if (std::isalpha(c)) {
      while (end < folded.size() && std::isalpha(static_cast<unsigned char>(folded[end]))) ++end;
      const std::string_view word = folded.substr(at, end - at);
      const bool number = IsEnNumberWord(word) &&
                          (begin == 0 || !std::isalpha(static_cast<unsigned char>(folded[begin - 1])));
      if (!number) {
        at = end;
        continue;
      }
    } else {
      ++at;
      continue;
    }
    size_t rest = end;
    while (rest < folded.size() && folded[rest] == ' ') ++rest;
    if (rest < folded.size() && folded[rest] == '-') ++rest;  // "three-tier", "5-year-old"
    at = end;
    if (lone_yi) continue;
    std::string_view number = folded.substr(begin, end - begin);
    const size_t said_digits = number.size();
    while (!number.empty() && (number.back() == ',' || number.back() == '.')) number.remove_suffix(1);
    // A comma or full stop after the number ends what it counts ("25000，年底还有奖金").
    const std::string_view after =
        number.size() < said_digits ? std::string_view() : folded.substr(rest);
    if (said(number, folded.substr(0, begin), after)) return true;
  }
  return false;
}

constexpr std::string_view kMonths[] = {"jan", "january", "feb", "february", "mar", "march",
                                        "apr", "april", "may", "jun", "june", "jul", "july",
                                        "aug", "august", "sep", "sept", "september", "oct",
                                        "october", "nov", "november", "dec", "december"};

// Whether `before` ends with a month's name and a space ("April 25" is a day, no sum).
bool AfterMonth(std::string_view before) {
  if (!before.ends_with(' ')) return false;
  before.remove_suffix(1);
  return std::any_of(std::begin(kMonths), std::end(kMonths), [&](std::string_view m) {
    return before.ends_with(m) &&
           (before.size() == m.size() ||
            !std::isalpha(static_cast<unsigned char>(before[before.size() - m.size() - 1])));
  });
}

// Whether `after` (the text after a number) opens with an English plural that is no money
// ("AEs", "episodes"; not "dollars", "bucks").
bool CountsAPlural(std::string_view after) {
  size_t end = 0;
  while (end < after.size() && std::isalpha(static_cast<unsigned char>(after[end]))) ++end;
  if (end < 3 || after[end - 1] != 's') return false;
  const std::string_view word = after.substr(0, end);
  constexpr std::string_view kMoney[] = {"dollars", "bucks", "euros", "pounds", "quid", "cents",
                                         "yens", "grands", "hundreds", "thousands", "millions",
                                         "plus", "hrs", "mins"};
  return std::find(std::begin(kMoney), std::end(kMoney), word) == std::end(kMoney);
}

// Whether `before` ends with a sign of a sum ("$40", "¥300").
bool AfterSumSign(std::string_view before) {
  return before.ends_with("$") || before.ends_with("¥");
}

}  // namespace

bool StartsWithSaleUnit(std::string_view rest) {
  constexpr std::string_view kSoldBy[] = {"斤", "个", "碗", "箱", "张", "盒", "瓶", "袋",
                                          "份", "只", "条", "件", "吨", "杯", "桶"};
  return StartsWithUnit(rest, kSoldBy);
}

std::string WithoutAskedNumeralWords(std::string text, std::string_view question) {
  constexpr std::u32string_view kNumerals = U"一二三四五六七八九十两百千万";
  for (size_t at = 0; at < question.size();) {
    const size_t from = at;
    const char32_t c = base::DecodeUtf8(question, &at);
    if (kNumerals.find(c) == std::u32string_view::npos || at >= question.size()) continue;
    size_t end = at;
    // Not a count of a unit ("一个月", "一斤"), which the answer may say beside its value.
    if (!IsHan(base::DecodeUtf8(question, &end)) ||
        StartsWithUnit(question.substr(at), kZhNoMoneyUnits)) {
      continue;
    }
    const std::string_view word = question.substr(from, end - from);
    for (size_t k = text.find(word); k != std::string::npos; k = text.find(word, k + 1)) {
      text.replace(k, word.size(), std::string(word.size(), ' '));
    }
  }
  return text;
}

bool HasMoneyNumber(std::string_view folded) {
  return AnyNumber(folded, [](std::string_view number, std::string_view before,
                              std::string_view after) {
    // A year ("since 2020", "2020年") is no sum.
    if (number.size() == 4 && (number.starts_with("19") || number.starts_with("20"))) {
      bool year = after.starts_with("年");
      for (std::string_view w : {"since ", "in ", "from ", "until ", "of ", "by "}) {
        year = year || before.ends_with(w);
      }
      if (year) return false;
    }
    if (AfterMonth(before)) return false;
    // Chinese numerals of no magnitude and no unit of money are a name or a ratio ("二荆条",
    // "肥瘦三七开"), not a sum ("五块", "四千").
    bool magnitude = false;
    for (std::string_view m : {"十", "百", "千", "万", "亿"}) {
      magnitude = magnitude || number.find(m) != std::string_view::npos;
    }
    // A price by the unit: "二十三一斤" is twenty-three for one 斤 (a 一 after a units digit
    // opens another number), not "三十一斤", 31 斤.
    if (number.size() >= 6 && number.ends_with("一") &&
        std::string_view("一二三四五六七八九两").find(number.substr(number.size() - 6, 3)) !=
            std::string_view::npos &&
        StartsWithSaleUnit(after)) {
      return true;
    }
    if (static_cast<unsigned char>(number[0]) >= 0x80 && !AfterSumSign(before) && !magnitude) {
      bool unit = false;
      for (std::string_view u : {"块", "元", "毛", "角", "钱"}) unit = unit || after.starts_with(u);
      if (!unit) return false;
    }
    // A decade ("from the 2000s", "the 90s") and a retirement plan ("401k", "403(b)").
    if ((number.size() == 4 || number.size() == 2) && after.starts_with("s") &&
        (after.size() == 1 || !std::isalpha(static_cast<unsigned char>(after[1])))) {
      return false;
    }
    if ((number == "401" || number == "403" || number == "457") &&
        (after.starts_with("k") || after.starts_with("(k)") || after.starts_with("b") ||
         after.starts_with("(b)"))) {
      return false;
    }
    // A count of things named by a plural ("hire 2 AEs", "8 episodes"), but not of money.
    if (!AfterSumSign(before) && CountsAPlural(after)) return false;
    // "十来天", "二十多个", "三十几岁": a rough count, of the unit after.
    for (std::string_view rough : {"来", "多", "几", "余"}) {
      if (after.starts_with(rough)) after.remove_prefix(rough.size());
    }
    return !StartsWithUnit(after, kZhNoMoneyUnits) && !StartsWithUnit(after, kEnNoMoneyUnits);
  });
}

bool HasAge(std::string_view folded) {
  return AnyNumber(folded, [](std::string_view number, std::string_view before,
                              std::string_view after) {
    if (after.starts_with("岁") || after.starts_with("周岁") || after.starts_with("years old") ||
        after.starts_with("year old") || after.starts_with("year-old") ||
        after.starts_with("-year-old") || after.starts_with("-year old") || after.starts_with("yo ") ||
        after == "yo") {
      return true;
    }
    // Years of something else ("干了十年了", "been here 6 years"), a sum, a day, a count; no
    // one is older than 120, and a number after 楼 or "#" names a room ("一楼108").
    const bool digits = std::isdigit(static_cast<unsigned char>(number[0])) != 0;
    // A number in Chinese numerals is an age only before 岁 (above), 了 or the end ("奶奶今年八十
    // 了"); not days of a week ("一三五晚上").
    if (!digits) {
      return after.empty() || after.starts_with("了") || after.starts_with(",") ||
             after.starts_with("。") || after.starts_with(" ");
    }
    if (number.size() > 3 || std::stoi(std::string(number)) > 120 ||
        before.ends_with("楼") || before.ends_with("#") || before.ends_with("室") ||
        AfterMonth(before) || AfterSumSign(before) ||
        StartsWithUnit(after, kZhNoMoneyUnits) || StartsWithUnit(after, kEnNoMoneyUnits) ||
        after.starts_with("块") || after.starts_with("元") || after.starts_with("万") ||
        after.starts_with("k ") || after == "k") {
      return false;
    }
    return true;
  });
}

bool HasSizeNumber(std::string_view folded) {
  return AnyNumber(folded, [](std::string_view number, std::string_view before,
                              std::string_view after) {
    if (!std::isdigit(static_cast<unsigned char>(number[0]))) return false;
    const std::string_view whole = number.substr(0, number.find('.'));
    if (whole.size() > 2 || (whole.size() < number.size() && number.substr(whole.size()) != ".5")) {
      return false;
    }
    return !AfterMonth(before) && !AfterSumSign(before) && !StartsWithUnit(after, kZhNoMoneyUnits) &&
           !StartsWithUnit(after, kEnNoMoneyUnits);
  });
}

bool HasCodeNumber(std::string_view folded) {
  return AnyNumber(folded, [](std::string_view number, std::string_view before,
                              std::string_view after) {
    const size_t digits = std::count_if(number.begin(), number.end(), [](char c) {
      return std::isdigit(static_cast<unsigned char>(c));
    });
    if (digits < 2 || digits != number.size()) return false;  // "7", a numeral, "4.5", "1,200"
    if (AfterMonth(before) || AfterSumSign(before)) return false;
    // A sum said after what it pays ("月租5500", "房租3200", "工资8000").
    for (std::string_view paid : {"租", "价", "费", "薪", "资", "款", "付", "花了", "套餐", "一份",
                                  "一碗", "一杯", "rent ", "paid "}) {
      if (before.ends_with(paid)) return false;
    }
    // Thousands ("civic has 98k miles", "15k grant") count, they name nothing.
    if ((after.starts_with("k") || after.starts_with("m")) &&
        (after.size() == 1 || !std::isalnum(static_cast<unsigned char>(after[1])))) {
      return false;
    }
    // A year ("expires 2031") names no thing; a code may read as one ("gate code is 1937#").
    if (digits == 4 && (number.starts_with("19") || number.starts_with("20")) &&
        !before.ends_with("#") && !after.starts_with("#") && !before.ends_with("code ") &&
        !before.ends_with("code is ") && !before.ends_with("密码")) {
      return false;
    }
    // A place's number names it ("036号车位", "302室", "3楼").
    for (std::string_view place : {"号", "室", "楼", "层", "座", "栋", "幢", "单元"}) {
      if (after.starts_with(place)) return true;
    }
    return !StartsWithUnit(after, kZhNoMoneyUnits) && !StartsWithUnit(after, kEnNoMoneyUnits) &&
           !after.starts_with("块") && !after.starts_with("元") && !after.starts_with("万");
  });
}

bool HasDigit(std::string_view text) {
  for (char c : text) {
    if (std::isdigit(static_cast<unsigned char>(c))) return true;
  }
  return false;
}

bool IsoDateAt(std::string_view text, size_t at) {
  const auto digit = [&](size_t i) {
    return i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]));
  };
  const auto dash = [&](size_t i) { return i < text.size() && text[i] == '-'; };
  return (at == 0 || !digit(at - 1)) && digit(at) && digit(at + 1) && digit(at + 2) &&
         digit(at + 3) && dash(at + 4) && digit(at + 5) && digit(at + 6) && dash(at + 7) &&
         digit(at + 8) && digit(at + 9) && !digit(at + 10);
}

bool NumeralBefore(std::string_view folded, size_t at) {
  if (at == 0) return false;
  if (std::isdigit(static_cast<unsigned char>(folded[at - 1]))) return true;
  const std::string_view before = at >= 3 ? folded.substr(at - 3, 3) : std::string_view();
  return before == "一" || (!before.empty() && kZhNumerals.find(before) != std::string_view::npos);
}

bool HasDayNumber(std::string_view folded) {
  constexpr std::string_view kHao = "号";
  for (size_t at = folded.find(kHao); at != std::string_view::npos;
       at = folded.find(kHao, at + 1)) {
    if (NumeralBefore(folded, at)) return true;
  }
  return false;
}

namespace {

// Three or more groups of digits joined by dashes, no date: a lock's code ("7-2-6-0").
bool HasDashedDigits(std::string_view folded) {
  for (size_t at = 0; at < folded.size(); ++at) {
    if (!std::isdigit(static_cast<unsigned char>(folded[at])) ||
        (at > 0 && std::isalnum(static_cast<unsigned char>(folded[at - 1]))) ||
        IsoDateAt(folded, at)) {
      continue;
    }
    int groups = 0;
    size_t end = at;
    while (end < folded.size() && std::isdigit(static_cast<unsigned char>(folded[end]))) {
      while (end < folded.size() && std::isdigit(static_cast<unsigned char>(folded[end]))) ++end;
      ++groups;
      if (end + 1 < folded.size() && folded[end] == '-' &&
          std::isdigit(static_cast<unsigned char>(folded[end + 1]))) {
        ++end;
      }
    }
    if (groups >= 3 &&
        (end >= folded.size() || !std::isalpha(static_cast<unsigned char>(folded[end])))) {
      return true;
    }
    at = end;
  }
  return false;
}

// A code of capitals joined by a hyphen, as an aircraft's registration is: one or two, then
// three or four ("G-BXTL", "VH-OQA"; not "CO-OP" nor "UK-EU").
bool HasLetterCode(std::string_view raw_text) {
  const auto upper = [&](size_t k) {
    return std::isupper(static_cast<unsigned char>(raw_text[k])) != 0;
  };
  const auto alnum = [&](size_t k) {
    return std::isalnum(static_cast<unsigned char>(raw_text[k])) != 0;
  };
  for (size_t at = raw_text.find('-'); at != std::string_view::npos;
       at = raw_text.find('-', at + 1)) {
    size_t begin = at, end = at + 1;
    while (begin > 0 && upper(begin - 1)) --begin;
    while (end < raw_text.size() && upper(end)) ++end;
    const size_t before = at - begin, after = end - at - 1;
    const bool whole = (begin == 0 || !alnum(begin - 1)) && (end == raw_text.size() || !alnum(end));
    if (before >= 1 && before <= 2 && after >= 3 && after <= 4 && whole) return true;
  }
  return false;
}

}  // namespace

bool CarriesIdentifier(std::string_view raw_text, std::string_view folded,
                       std::string_view folded_query) {
  if (raw_text.find("⟦") != std::string_view::npos) return true;
  // A number a state gives a person or a firm (身份证, a passport, an SSN, an EIN) is long:
  // "刘先生订了203房" does not answer 刘先生的身份证号.
  constexpr std::string_view kLongIds[] = {"身份证", "护照", "passport", "ssn", "social security",
                                           "ein", "tax id", "tax number", "税号", "驾照",
                                           "driver's license", "drivers license"};
  // ... unless only its last digits are asked for (尾号, 后四位, "last four").
  constexpr std::string_view kLastDigits[] = {"尾号", "后四位", "后4位", "最后四位", "最后4位",
                                              "最后", "last four", "last 4", "ends in", "ending"};
  if (AnyCue(folded_query, kLongIds) && !AnyCue(folded_query, kLastDigits)) {
    size_t run = 0;
    for (char c : folded) {
      run = std::isdigit(static_cast<unsigned char>(c)) ? run + 1 : (c == '-' || c == ' ' ? run : 0);
      if (run >= 5) return true;
    }
    return false;
  }
  if (HasCodeNumber(folded) || HasDashedDigits(folded) || HasLetterCode(raw_text)) return true;
  // A password, a code or a lock's combination said in words: the word for it, then what it
  // is ("WiFi密码提示：狗的名字加开业年份", "the password is bluebird", "combination is 6-0-4-2",
  // "the launch code of project falcon is tulip").
  for (std::string_view secret :
       {"密码", "password", "passcode", "pw", "combination", "combo", "code"}) {
    const size_t at = folded.find(secret);
    if (at == std::string_view::npos) continue;
    const std::string_view rest = folded.substr(at + secret.size(), 12);
    for (std::string_view says : {"是", ":", "：", "=", " is "}) {
      if (rest.find(says) != std::string_view::npos) return true;
    }
    // ... of a place named after it ("wifi password for the clinic is greenmtn!paws").
    if (folded.substr(at + secret.size(), 28).find(" is ") != std::string_view::npos) return true;
  }
  constexpr std::string_view kSeats[] = {"aisle", "window", "靠窗", "过道", "靠走廊", "exit row"};
  if ((HasCue(folded_query, "seat") || folded_query.find("座位") != std::string_view::npos) &&
      AnyCue(folded, kSeats)) {
    return true;
  }
  // A sign between two letters or digits is part of a password ("rt9$wl4x").
  const auto is_part = [&](size_t k) {
    const unsigned char c = static_cast<unsigned char>(folded[k]);
    const bool inside = k > 0 && k + 1 < folded.size() &&
                        std::isalnum(static_cast<unsigned char>(folded[k - 1])) &&
                        std::isalnum(static_cast<unsigned char>(folded[k + 1]));
    return std::isalnum(c) || c == '-' || c == '#' || c == '/' || c == '.' || c == '_' ||
           c == '@' || (inside && std::string_view("$!*&^~%").find(c) != std::string_view::npos);
  };
  size_t at = 0;
  while (at < folded.size()) {
    if (!is_part(at)) {
      ++at;
      continue;
    }
    size_t end = at;
    while (end < folded.size() && is_part(end)) ++end;
    std::string_view word = folded.substr(at, end - at);
    at = end;
    while (!word.empty() && (word.front() == '-' || word.front() == '#' || word.front() == '/')) {
      word.remove_prefix(1);
    }
    while (!word.empty() && word.back() == '.') word.remove_suffix(1);
    int digits = 0;
    int letters = 0;
    for (char c : word) {
      digits += std::isdigit(static_cast<unsigned char>(c)) != 0;
      letters += std::isalpha(static_cast<unsigned char>(c)) != 0;
    }
    if (digits == 0) continue;
    const std::string_view before = folded.substr(0, end - word.size());
    if (AfterSumSign(before)) continue;
    // A password's word ("bunny4eva").
    if (letters >= 3 && digits >= 1 && word.size() >= 5 &&
        std::isalpha(static_cast<unsigned char>(word.front()))) {
      return true;
    }
    // Letters and digits in one word ("HX-20931", "京A12345" read as "a12345").
    if (letters > 0 && digits >= 2 && word.size() >= 3) {
      // Not a unit after a number ("25min", "3pm", "2nd", "10am", "5k", "140k").
      std::string_view tail = word;
      while (!tail.empty() && std::isdigit(static_cast<unsigned char>(tail.front()))) {
        tail.remove_prefix(1);
      }
      // A span of hours ("7-10pm", "9-11am").
      if (tail.size() > 1 && tail.front() == '-' && word.size() > tail.size() &&
          std::isdigit(static_cast<unsigned char>(tail[1]))) {
        tail.remove_prefix(1);
        while (!tail.empty() && std::isdigit(static_cast<unsigned char>(tail.front()))) {
          tail.remove_prefix(1);
        }
      }
      const bool unit = !tail.empty() && std::all_of(tail.begin(), tail.end(), [](char c) {
        return std::isalpha(static_cast<unsigned char>(c));
      }) && tail.size() <= 3 && tail != "a" && tail != "b" && tail != "c" && tail != "d";
      // ... or joined by a hyphen ("120-day streak", "6-month lease").
      const bool hyphen_unit =
          tail.size() > 1 && tail.front() == '-' && word.size() > tail.size() &&
          std::all_of(tail.begin() + 1, tail.end(),
                      [](char c) { return std::isalpha(static_cast<unsigned char>(c)); }) &&
          StartsWithUnit(tail, kEnNoMoneyUnits);
      if (!unit && !hyphen_unit) return true;
    }
    // A seat: up to three digits and one letter ("14C"); not thousands of something ("98k
    // miles").
    const bool thousands = (word.back() == 'k' || word.back() == 'm') && end < folded.size() &&
                           folded.substr(end).starts_with(" ") && end + 1 < folded.size() &&
                           std::isalpha(static_cast<unsigned char>(folded[end + 1]));
    if (letters == 1 && digits <= 2 && std::isalpha(static_cast<unsigned char>(word.back())) &&
        !thousands) {
      return true;
    }
  }
  return false;
}

bool CarriesDate(std::string_view folded, bool calendar_day, bool relative_days) {
  // 号 / 日 / 月 after a number, not 号楼 / 号线 (a building, a line) or 日子.
  constexpr std::string_view kNotADay = "楼线门床房室窗车院馆店口位机码子";
  for (std::string_view mark : {"号", "日", "月"}) {
    for (size_t at = folded.find(mark); at != std::string_view::npos;
         at = folded.find(mark, at + 1)) {
      if (!NumeralBefore(folded, at)) continue;
      const size_t next = at + mark.size();
      const std::string_view after = next + 3 <= folded.size() ? folded.substr(next, 3) : "";
      if (mark != "月" && !after.empty() && kNotADay.find(after) != std::string_view::npos) continue;
      return true;
    }
  }
  constexpr std::string_view kZhDays[] = {"初一", "初二", "初三", "初四", "初五", "初六", "初七",
                                          "初八", "初九", "初十", "廿", "中秋", "春节", "元旦",
                                          "除夕", "端午", "国庆", "元宵", "七夕", "圣诞",
                                          "正月", "腊月", "冬月"};
  for (std::string_view d : kZhDays) {
    if (folded.find(d) != std::string_view::npos) return true;
  }
  // Days of a week: the day something is done, no birthday ("这周末来我家住"). A day named
  // from the memory's time is one ("last night we celebrated her birthday").
  constexpr std::string_view kZhWeekDays[] = {"星期", "礼拜", "周一", "周二", "周三", "周四", "周五",
                                              "周六", "周日", "周末"};
  for (std::string_view d : kZhWeekDays) {
    if (!calendar_day && folded.find(d) != std::string_view::npos) return true;
  }
  for (std::string_view d : {"今天", "明天", "后天", "昨天", "前天", "昨晚"}) {
    if (relative_days && folded.find(d) != std::string_view::npos) return true;
  }
  constexpr std::string_view kEnFeasts[] = {"christmas", "thanksgiving", "halloween"};
  constexpr std::string_view kEnDays[] = {"christmas", "thanksgiving", "halloween", "today",
                                          "tomorrow", "tonight", "yesterday", "last night"};
  constexpr std::string_view kEnWeekDays[] = {"monday", "tuesday", "wednesday", "thursday",
                                              "friday", "saturday", "sunday", "weekend"};
  if ((relative_days ? AnyCue(folded, kEnDays) : AnyCue(folded, kEnFeasts)) ||
      (!calendar_day && AnyCue(folded, kEnWeekDays)) ||
      (HasCue(folded, "may") && HasDigit(folded))) {
    return true;
  }
  // A month by its name; "may" and "mar" are words too ("may" with a number above). Of a
  // yearly day not named, with a day ("started in january" is no birthday).
  for (std::string_view m : kMonths) {
    if (m != "may" && m != "mar" && HasCue(folded, m) && (relative_days || HasDigit(folded))) {
      return true;
    }
  }
  // "the 14th", "3rd", "5/12".
  for (size_t i = 0; i + 1 < folded.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(folded[i]))) continue;
    const std::string_view rest = folded.substr(i + 1, 2);
    if (rest == "st" || rest == "nd" || rest == "rd" || rest == "th") return true;
    if (folded[i + 1] == '/' && i + 2 < folded.size() &&
        std::isdigit(static_cast<unsigned char>(folded[i + 2]))) {
      return true;
    }
  }
  return false;
}

bool IsEnNumberWord(std::string_view word) {
  return std::find(std::begin(kEnNumbers), std::end(kEnNumbers), word) != std::end(kEnNumbers);
}

bool HasEnNumberWord(std::string_view folded) {
  return std::any_of(std::begin(kEnNumbers), std::end(kEnNumbers),
                     [&](std::string_view n) { return HasCue(folded, n); });
}

bool NamesADayOrOrder(std::string_view folded, size_t at) {
  for (std::string_view before : {"周", "期", "拜", "第", "初"}) {
    if (at >= before.size() && folded.substr(at - before.size(), before.size()) == before) {
      return true;
    }
  }
  return false;
}

bool HasPercent(std::string_view folded) {
  for (size_t at = 0; at < folded.size(); ++at) {
    if (!std::isdigit(static_cast<unsigned char>(folded[at]))) continue;
    size_t end = at;
    while (end < folded.size() &&
           (std::isdigit(static_cast<unsigned char>(folded[end])) || folded[end] == '.')) {
      ++end;
    }
    std::string_view after = folded.substr(end);
    while (!after.empty() && after.front() == ' ') after.remove_prefix(1);
    if (after.starts_with("%") || after.starts_with("percent") || after.starts_with("个点") ||
        after.starts_with("成")) {
      return true;
    }
    at = end;
  }
  return folded.find("百分之") != std::string_view::npos;
}

bool HasHouseNumber(std::string_view folded) {
  for (size_t at = 0; at < folded.size(); ++at) {
    if (!std::isdigit(static_cast<unsigned char>(folded[at])) ||
        (at > 0 && std::isalnum(static_cast<unsigned char>(folded[at - 1])))) {
      continue;
    }
    size_t end = at;
    while (end < folded.size() && std::isdigit(static_cast<unsigned char>(folded[end]))) ++end;
    const size_t digits = end - at;
    if (digits < 2 || digits > 5 || end + 1 >= folded.size() || folded[end] != ' ' ||
        !std::isalpha(static_cast<unsigned char>(folded[end + 1]))) {
      at = end;
      continue;
    }
    size_t word_end = end + 1;
    while (word_end < folded.size() && std::isalpha(static_cast<unsigned char>(folded[word_end]))) {
      ++word_end;
    }
    const std::string_view word = folded.substr(end + 1, word_end - end - 1);
    constexpr std::string_view kNoStreet[] = {"am", "pm", "at", "and", "or", "to", "of", "in",
                                              "on", "for", "by", "is", "was", "per", "a", "the"};
    const bool year = digits == 4 && (folded.substr(at, 2) == "19" || folded.substr(at, 2) == "20");
    if (!year && !StartsWithUnit(word, kEnNoMoneyUnits) && !CountsAPlural(word) &&
        std::find(std::begin(kNoStreet), std::end(kNoStreet), word) == std::end(kNoStreet)) {
      return true;
    }
    at = end;
  }
  return false;
}

std::string_view AskedMeasure(std::string_view folded_query) {
  // Words after 多少 / 几 that ask no count: a sum, a time, a day, an age, an area.
  constexpr std::string_view kNotMeasures = "钱点号岁平月天年次分秒";
  for (std::string_view lead : {"多少", "几"}) {
    for (size_t at = folded_query.find(lead); at != std::string_view::npos;
         at = folded_query.find(lead, at + 1)) {
      size_t end = at + lead.size();
      if (end >= folded_query.size()) continue;
      const size_t begin = end;
      const char32_t c = base::DecodeUtf8(folded_query, &end);
      const std::string_view measure = folded_query.substr(begin, end - begin);
      if (c < 0x3400 || kNotMeasures.find(measure) != std::string_view::npos) continue;
      return measure;
    }
  }
  return {};
}

bool CountsIn(std::string_view folded, std::string_view measure) {
  if (measure.empty()) return false;
  return AnyNumber(folded, [&](std::string_view, std::string_view, std::string_view after) {
    for (std::string_view about : {"多", "来", "余"}) {
      if (after.starts_with(about)) {
        after.remove_prefix(about.size());
        break;
      }
    }
    return after.starts_with(measure);
  });
}

std::vector<std::string> CodesIn(std::string_view folded) {
  std::vector<std::string> codes;
  const auto is_part = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_';
  };
  for (size_t i = 0; i < folded.size();) {
    if (!is_part(folded[i])) {
      ++i;
      continue;
    }
    size_t end = i;
    while (end < folded.size() && is_part(folded[end])) ++end;
    std::string_view word = folded.substr(i, end - i);
    while (!word.empty() && (word.back() == '-' || word.back() == '_')) word.remove_suffix(1);
    const bool letter_first = !word.empty() && std::isalpha(static_cast<unsigned char>(word[0]));
    const size_t digit = word.find_first_of("0123456789");
    bool letter_between = false;
    if (digit != std::string_view::npos) {
      const size_t letter = word.find_first_of("abcdefghijklmnopqrstuvwxyz", digit);
      letter_between = letter != std::string_view::npos &&
                       word.find_first_of("0123456789", letter) != std::string_view::npos;
    }
    if (word.size() >= 3 && digit != std::string_view::npos && (letter_first || letter_between)) {
      codes.emplace_back(word);
    }
    i = end;
  }
  constexpr std::string_view kHao = "号";
  constexpr std::string_view kNumbered[] = {"库", "楼", "线", "门", "厅", "馆", "仓", "柜",
                                            "床", "桌", "台", "房", "机", "棚", "圈", "栏"};
  for (size_t at = folded.find(kHao); at != std::string_view::npos;
       at = folded.find(kHao, at + 1)) {
    size_t begin = at;
    while (begin > 0 && std::isdigit(static_cast<unsigned char>(folded[begin - 1]))) --begin;
    if (begin == at) continue;
    const std::string_view after = folded.substr(at + kHao.size());
    for (std::string_view n : kNumbered) {
      if (after.starts_with(n)) {
        codes.emplace_back(folded.substr(begin, at + kHao.size() + n.size() - begin));
        break;
      }
    }
  }
  return codes;
}

// Whether a content word is or holds a number (三十 and 十六 of 三十六亩, "12" of "12 bags"): a
// value, which links no two statements of one subject.
bool SaysANumber(std::string_view word) {
  if (std::any_of(word.begin(), word.end(), [](char c) { return c >= '0' && c <= '9'; })) {
    return true;
  }
  for (size_t at = 0; at < word.size();) {
    const size_t begin = at;
    base::DecodeUtf8(word, &at);
    if (kZhNumerals.find(word.substr(begin, at - begin)) != std::string_view::npos) return true;
  }
  return false;
}

}  // namespace engram::recall
