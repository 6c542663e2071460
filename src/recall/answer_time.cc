#include "src/recall/answer_time.h"

#include <algorithm>
#include <cctype>
#include <string>

#include "src/recall/answer_words.h"
#include "src/recall/cue_index.h"
#include "src/recall/numbers_said.h"

namespace engram::recall {
namespace {

// Chinese words that give a day, a part of a day or a season. Said of the time asked for,
// not of a statement's own day: 昨天 / 前天 / 刚才 give no time still to come.
constexpr std::string_view kZhTimeWords[] = {
    "明天", "后天", "今晚", "明晚", "今早", "明早", "今夜", "明儿", "今儿", "今年", "明年",
    "后年", "早上", "早晨", "上午", "中午", "下午", "晚上", "傍晚", "凌晨", "半夜", "午夜", "夜里",
    "白天", "夜班", "白班", "早班", "晚班", "中班", "周一", "周二", "周三", "周四", "周五", "周六",
    "周日", "周天", "周末", "星期", "礼拜", "月底", "月初", "月中", "年底", "年初", "年前", "年后",
    "节前", "节后", "下周", "这周", "本周", "下个月", "下月", "这个月", "本月", "春节", "过年",
    "国庆", "中秋", "端午", "元旦", "清明", "五一", "暑假", "寒假", "开学", "季度", "春天", "夏天",
    "秋天", "冬天", "开春", "入冬", "每天", "每周", "每月", "每年", "天天", "隔天", "日期", "改天"};

// The parts of a day, for a question that asks what time of day.
constexpr std::string_view kZhDayParts[] = {"早上", "早晨", "上午", "中午", "下午", "晚上", "傍晚",
                                            "凌晨", "半夜", "午夜", "夜里", "今晚", "明晚", "今早",
                                            "明早", "夜班", "白班", "早班", "晚班", "中班", "点半"};

// Whether folded `text` has a number of one of the Chinese units `units` (each one character):
// "3点", "三点半", "两个月", "5号"; not "好一点了" (a bit), which 一点 says unless a part of a
// day comes before it or 半 / 钟 after it.
bool HasZhTimeNumber(std::string_view text, std::string_view units) {
  for (size_t u = 0; u + 3 <= units.size(); u += 3) {
    const std::string_view unit = units.substr(u, 3);
    for (size_t at = text.find(unit); at != std::string_view::npos; at = text.find(unit, at + 1)) {
      size_t n = at;
      if (n >= 3 && text.substr(n - 3, 3) == "个") n -= 3;
      if (!NumeralBefore(text, n)) continue;
      if (unit == "点" && n >= 3 && text.substr(n - 3, 3) == "一") {
        const std::string_view after = text.substr(at + 3);
        const std::string_view before = text.substr(0, n - 3);
        if (!after.starts_with("半") && !after.starts_with("钟") && !before.ends_with("午") &&
            !before.ends_with("晨") && !before.ends_with("上")) {
          continue;
        }
      }
      return true;
    }
  }
  return false;
}

// Whether `after` (the text after a number) opens with a unit that counts things, no time:
// "3万字", "20斤", "两百块" ("3点", "5号", "10天" are times).
bool CountsThings(std::string_view after) {
  constexpr std::string_view kCounts[] = {"万", "千", "百", "字", "斤", "公斤", "元", "块", "人",
                                          "个", "件", "份", "篇", "页", "张", "条", "本", "箱",
                                          "瓶", "盒", "只", "台", "套", "米", "公里", "平"};
  return std::any_of(std::begin(kCounts), std::end(kCounts),
                     [&](std::string_view u) { return after.starts_with(u); });
}

// Whether `w` is one of `words`.
template <size_t N>
bool AnyOf(const std::string_view (&words)[N], std::string_view w) {
  return std::find(std::begin(words), std::end(words), w) != std::end(words);
}

// Whether `before` ends with a noun that a number after it names one of ("field 2", "gate 12",
// "room 204").
bool NumbersAThing(std::string_view before) {
  constexpr std::string_view kThings[] = {
      "field", "court", "gate", "room", "lane", "pier", "bay", "door", "table", "terminal",
      "platform", "exit", "route", "bus", "line", "level", "floor", "section", "row", "seat",
      "unit", "apt", "suite", "building", "hole", "dock", "stall", "locker", "booth", "ward",
      "bed", "box", "rink", "diamond", "pitch", "studio", "station", "stage", "hall", "lot"};
  if (!before.ends_with(' ')) return false;
  before.remove_suffix(1);
  size_t b = before.size();
  while (b > 0 && std::isalpha(static_cast<unsigned char>(before[b - 1]))) --b;
  return AnyOf(kThings, before.substr(b));
}

// The Latin word that opens `s` (letters and apostrophes), lowered by the caller's folding.
std::string_view LeadingWord(std::string_view s) {
  size_t n = 0;
  while (n < s.size() && (std::isalpha(static_cast<unsigned char>(s[n])) || s[n] == '\'')) ++n;
  return s.substr(0, n);
}

// Whether the number ending at `end` of `text` counts things ("a family of 5 from ohio", "3
// gym sessions a week", "venue 3: salt"): a word follows it, one that says no time, and no
// word of time comes before it ("at 5 from the dock" is a time).
bool CountsWithAWord(std::string_view text, size_t begin, size_t end) {
  constexpr std::string_view kTimeAfter[] = {
      "am", "pm", "a", "p", "o'clock", "oclock", "sharp", "ish", "on", "in", "at", "to", "til",
      "till", "until", "or", "and", "thru", "through", "past", "before", "after", "every", "each",
      "this", "min", "mins", "minute", "minutes", "hour", "hours", "hr", "hrs", "h", "day",
      "days", "weeks", "months", "years", "sec", "secs", "seconds", "st", "nd", "rd", "th",
      "mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri", "sat", "sun", "mondays",
      "tuesdays", "wednesdays", "thursdays", "fridays", "saturdays", "sundays", "nightly",
      "start", "starts", "finish", "finishes", "shift", "kickoff", "departure", "pickup",
      "close", "closes", "open", "opens"};
  constexpr std::string_view kTimeBefore[] = {
      "at", "by", "around", "till", "til", "until", "before", "after", "from", "to", "about",
      "between", "since", "and", "or", "approx", "on", "the", "opens", "closes", "starts",
      "ends", "due", "is", "are", "was", "be", "thru", "mar", "may", "sep", "dec"};
  // A year ("a 2016 not 2014", "my 2011 tacoma") stays a time.
  const std::string_view number = text.substr(begin, end - begin);
  if (number.size() == 4 && (number.starts_with("19") || number.starts_with("20"))) return false;
  // ... and so does a clock of four digits ("0545 start mondays").
  if (number.size() == 4 && number.starts_with("0")) return false;
  std::string_view after = text.substr(end);
  if (after.starts_with(":")) {  // "3:30" is a clock; "venue 3: salt" names a thing
    if (after.size() > 1 && std::isdigit(static_cast<unsigned char>(after[1]))) return false;
    return after.size() > 1 && after[1] == ' ';
  }
  if (!after.starts_with(" ")) return false;
  const std::string_view next = LeadingWord(after.substr(1));
  if (next.empty() || AnyOf(kTimeAfter, next) || AnyOf(kEnTimeWords, next)) return false;
  std::string_view before = text.substr(0, begin);
  while (!before.empty() && before.back() == ' ') before.remove_suffix(1);
  size_t b = before.size();
  while (b > 0 && (std::isalpha(static_cast<unsigned char>(before[b - 1])) ||
                   before[b - 1] == '\'')) {
    --b;
  }
  const std::string_view previous = before.substr(b);
  if (AnyOf(kTimeBefore, previous) || AnyOf(kEnTimeWords, previous)) return false;
  return !before.ends_with("@");
}

// A number that may be a time: digits not ending a Latin word ("3月", "at 2 pm", not the
// model name "X1"), at most four of them ("2027", not the phone number "13812345678"), and
// not a share ("2.1%").
bool HasFreeDigit(std::string_view text) {
  for (size_t i = 0; i < text.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(text[i]))) continue;
    // Not ending a Latin word ("X1"), no sum ("$40", "£480"), no number of a thing ("field
    // 2", "gate 12") and no fraction alone (".300 win mag").
    const std::string_view before = text.substr(0, i);
    const bool free = i == 0 || (!std::isalpha(static_cast<unsigned char>(text[i - 1])) &&
                                 !before.ends_with("$") && !before.ends_with("£") &&
                                 !before.ends_with("¥") && !before.ends_with("€") &&
                                 !before.ends_with(".") &&
                                 !NumbersAThing(before));
    size_t end = i;
    while (end < text.size() && (std::isdigit(static_cast<unsigned char>(text[end])) ||
                                 (text[end] == '.' && end + 1 < text.size() &&
                                  std::isdigit(static_cast<unsigned char>(text[end + 1]))))) {
      ++end;
    }
    size_t digits = 0;
    for (size_t k = i; k < end; ++k) digits += text[k] != '.';
    // Not a share ("2.1%") nor a count that makes a word ("a 9-frame radial", "3-bedroom")
    // or counts things ("3万字", "20斤").
    const bool compound = (end + 1 < text.size() && text[end] == '-' &&
                           std::isalpha(static_cast<unsigned char>(text[end + 1]))) ||
                          CountsThings(text.substr(end)) || CountsWithAWord(text, i, end);
    if (free && digits <= 4 && (end >= text.size() || text[end] != '%') && !compound) return true;
    i = end;
  }
  return false;
}

// A word of time that gives no time still to come: a day before the statement's own
// ("yesterday", "two weeks ago") or "soon" ("dentist can't come soon enough").
bool GivesNoTimeToCome(std::string_view w) {
  return w == "yesterday" || w == "ago" || w == "today" || w == "soon";
}

}  // namespace

namespace {

// The word of folded `text` that ends right before byte `at` (after spaces), or empty.
std::string_view WordBefore(std::string_view text, size_t at) {
  size_t end = at;
  while (end > 0 && text[end - 1] == ' ') --end;
  size_t begin = end;
  while (begin > 0 && std::isalpha(static_cast<unsigned char>(text[begin - 1]))) --begin;
  return text.substr(begin, end - begin);
}

// Folded `text` without the days of a month ("june 8", "the 3rd") and without a "night" that
// names an event ("open mic night", "quiz night"; not "friday night", "at night"): asked the
// time of day, neither gives one.
std::string WithoutDaysAndEventNights(std::string_view text) {
  constexpr std::string_view kMonths[] = {
      "january", "february", "march", "april", "may", "june", "july", "august", "september",
      "october", "november", "december", "jan", "feb", "mar", "apr", "jun", "jul", "aug",
      "sep", "sept", "oct", "nov", "dec"};
  constexpr std::string_view kNightOf[] = {
      "at", "on", "the", "a", "every", "each", "this", "that", "last", "next", "tomorrow",
      "one", "late", "by", "per", "all", "monday", "tuesday", "wednesday", "thursday",
      "friday", "saturday", "sunday"};
  std::string out(text);
  for (size_t i = 0; i < out.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(out[i])) ||
        (i > 0 && std::isdigit(static_cast<unsigned char>(out[i - 1])))) {
      continue;
    }
    size_t end = i;
    while (end < out.size() && std::isdigit(static_cast<unsigned char>(out[end]))) ++end;
    const std::string_view month = WordBefore(out, i);
    const std::string_view after = std::string_view(out).substr(end, 2);
    const bool ordinal = (after == "st" || after == "nd" || after == "rd" || after == "th") &&
                         (end + 2 >= out.size() ||
                          !std::isalpha(static_cast<unsigned char>(out[end + 2])));
    const bool of_month = (i == 0 || out[i - 1] == ' ') &&
                          std::find(std::begin(kMonths), std::end(kMonths), month) !=
                              std::end(kMonths);
    if (ordinal || of_month) std::fill(out.begin() + i, out.begin() + end, ' ');
    i = end;
  }
  constexpr std::string_view kNight = "night";
  for (size_t at = out.find(kNight); at != std::string::npos; at = out.find(kNight, at + 1)) {
    const size_t end = at + kNight.size();
    if ((at > 0 && std::isalpha(static_cast<unsigned char>(out[at - 1]))) ||
        (end < out.size() && std::isalpha(static_cast<unsigned char>(out[end])))) {
      continue;
    }
    const std::string_view before = WordBefore(out, at);
    if (!before.empty() &&
        std::find(std::begin(kNightOf), std::end(kNightOf), before) == std::end(kNightOf)) {
      std::fill(out.begin() + at, out.begin() + end, ' ');
    }
  }
  return out;
}

}  // namespace

bool CarriesTime(std::string_view text, std::string_view query) {
  // "next to the settling tank" is a place, not a time.
  std::string timed(text);
  for (size_t at = timed.find("next to"); at != std::string::npos; at = timed.find("next to")) {
    timed.replace(at, 7, " ");
  }
  // A time word the question says names what is asked about ("what time is saturday's
  // game" of "saturday's game vs the mudcats is at lake highlands field 2").
  for (std::string_view w : kEnTimeWords) {
    if (!HasCue(query, w)) continue;
    for (size_t at = timed.find(w); at != std::string::npos; at = timed.find(w, at + 1)) {
      const bool starts = at == 0 || !std::isalpha(static_cast<unsigned char>(timed[at - 1]));
      const size_t end = at + w.size();
      const bool ends =
          end >= timed.size() || !std::isalpha(static_cast<unsigned char>(timed[end]));
      if (starts && ends) {
        timed.replace(at, w.size(), std::string(w.size(), ' '));
      }
    }
  }
  // Asked what time of day, a day or a month is no answer ("trip is in october"); asked it of
  // a day the question names, a move to another day is ("saturday's game moved to sunday").
  constexpr std::string_view kMoves[] = {"moved to", "pushed to", "changed to", "switched to",
                                         "rescheduled", "改到", "改成", "挪到", "换到", "推到",
                                         "延到", "提前到"};
  if (AsksClockTime(query) && !(NamesADay(query) && AnyCue(timed, kMoves))) {
    constexpr std::string_view kEnClock[] = {"noon",  "midnight", "o'clock", "morning", "am",
                                             "pm", "afternoon", "evening", "tonight", "night"};
    const std::string clock = WithoutDaysAndEventNights(timed);
    return HasFreeDigit(clock) || HasZhTimeNumber(clock, "点时分钟") ||
           AnyCue(clock, kZhDayParts) || AnyCue(clock, kEnClock);
  }
  // Days and parts of days that recur ("i'm doing sundays now", "weekends only").
  constexpr std::string_view kEnRecurring[] = {
      "mondays", "tuesdays", "wednesdays", "thursdays", "fridays", "saturdays", "sundays",
      "weekends", "weekdays", "mornings", "afternoons", "evenings", "nights"};
  return HasFreeDigit(timed) || HasZhTimeNumber(timed, "点时分号日月年周") ||
         AnyCue(timed, kZhTimeWords) || AnyCue(timed, kEnRecurring) ||
         std::any_of(std::begin(kEnTimeWords), std::end(kEnTimeWords), [&](std::string_view w) {
           return !GivesNoTimeToCome(w) && HasCue(timed, w);
         });
}

bool NamesAnotherWeekday(std::string_view text, std::string_view query) {
  struct Day {
    std::string_view en, ens;
    std::string_view zh[6];  // after 周, 星期 or 礼拜
  };
  static constexpr Day kDays[] = {
      {"monday", "mondays", {"周一", "星期一", "礼拜一"}},
      {"tuesday", "tuesdays", {"周二", "星期二", "礼拜二"}},
      {"wednesday", "wednesdays", {"周三", "星期三", "礼拜三"}},
      {"thursday", "thursdays", {"周四", "星期四", "礼拜四"}},
      {"friday", "fridays", {"周五", "星期五", "礼拜五"}},
      {"saturday", "saturdays", {"周六", "星期六", "礼拜六"}},
      {"sunday", "sundays", {"周日", "周天", "星期日", "星期天", "礼拜日", "礼拜天"}}};
  auto says = [](std::string_view folded, const Day& d) {
    if (HasCue(folded, d.en) || HasCue(folded, d.ens)) return true;
    return std::any_of(std::begin(d.zh), std::end(d.zh), [&](std::string_view zh) {
      return !zh.empty() && folded.find(zh) != std::string_view::npos;
    });
  };
  bool asked[7] = {};
  bool any_asked = false;
  for (size_t d = 0; d < 7; ++d) {
    asked[d] = says(query, kDays[d]);
    any_asked = any_asked || asked[d];
  }
  if (!any_asked) return false;
  bool other = false;
  for (size_t d = 0; d < 7; ++d) {
    if (!says(text, kDays[d])) continue;
    if (asked[d]) return false;  // a day the question names
    other = true;
  }
  return other;
}

}  // namespace engram::recall
