#include "src/recall/numbers_said.h"

#include <algorithm>
#include <cctype>
#include <span>

#include "src/base/utf8.h"
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
    "℃"};
constexpr std::string_view kEnNoMoneyUnits[] = {
    "min", "mins", "minute", "minutes", "hour", "hours", "hr", "hrs", "day", "days", "week",
    "weeks", "wk", "wks", "month", "months", "year", "years", "yr", "yrs", "time", "times",
    "am", "pm", "cm", "mm", "km", "kg", "lb", "lbs", "mile", "miles", "people", "kids",
    "st", "nd", "rd", "th", "floor", "pages", "reps", "sets", "x", "inch", "inches", "ft",
    "feet", "gb", "tb", "mb", "seats", "rooms", "bedroom", "bed", "bath"};

bool StartsWithUnit(std::string_view rest, std::span<const std::string_view> units) {
  for (std::string_view u : units) {
    if (rest.substr(0, u.size()) != u) continue;
    // A Latin unit ends its word ("min" of "25 min", not "minimum").
    if (std::isalpha(static_cast<unsigned char>(u[0])) && rest.size() > u.size() &&
        std::isalpha(static_cast<unsigned char>(rest[u.size()]))) {
      continue;
    }
    return true;
  }
  return false;
}

}  // namespace

bool HasMoneyNumber(std::string_view folded) {
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
      // A lone 一 ("一家") or a weekday or ordinal (周四, 第二) is no amount.
      lone_yi = (chars == 1 && folded.substr(at, end - at) == "一") || NamesADayOrOrder(folded, at);
    } else if (std::isalpha(c)) {
      while (end < folded.size() && std::isalpha(static_cast<unsigned char>(folded[end]))) ++end;
      const std::string_view word = folded.substr(at, end - at);
      const bool number = IsEnNumberWord(word);
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
    const std::string_view after = folded.substr(rest);
    at = end;
    if (lone_yi) continue;
    // A year ("since 2020", "2020年") is no sum.
    std::string_view number = folded.substr(begin, end - begin);
    while (!number.empty() && (number.back() == ',' || number.back() == '.')) number.remove_suffix(1);
    if (number.size() == 4 && (number.starts_with("19") || number.starts_with("20"))) {
      const std::string_view before = folded.substr(0, begin);
      bool year = after.starts_with("年");
      for (std::string_view w : {"since ", "in ", "from ", "until ", "of ", "by "}) {
        year = year || before.ends_with(w);
      }
      if (year) continue;
    }
    if (StartsWithUnit(after, kZhNoMoneyUnits) || StartsWithUnit(after, kEnNoMoneyUnits)) continue;
    return true;
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

}  // namespace engram::recall
