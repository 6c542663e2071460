// Temporal anchoring: finds time expressions in Chinese or English text and resolves each to
// an absolute half-open span [from, to) relative to a reference instant.
//
// Semantics follow Duckling (weeks start on Monday, bare weekdays/months/clock times prefer
// the future, "下周二" / "next Tuesday" is the Tuesday of next week, closed ranges in text are
// extended by one grain), plus quarters and halves, Chinese lunar festivals (1950-2100),
// mainland statutory holidays with make-up workdays, and workday arithmetic.
//
// Thread safety: every function here is pure and may be called concurrently.
#ifndef ENGRAM_TEMPORAL_H_
#define ENGRAM_TEMPORAL_H_

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engram/result.h"
#include "engram/types.h"

namespace engram {

enum class TimeKind {
  kValue,         // one grain-sized span, e.g. "明天" (to = from + 1 grain)
  kInterval,      // explicit [from, to), e.g. "上午9点到11点", "last 2 weeks"
  kOpenInterval,  // one side missing, e.g. "2014年以后", "until 2pm"
  kDuration,      // a length with no anchor, e.g. "三个小时"; see duration_ms
  kRecurrence,    // a repeating time, e.g. "每周三"; from/to is the next occurrence if known
};

struct TimeParseOptions {
  // "zh", "en" or "auto" (both grammars). Default: "auto".
  std::string language = "auto";
  // First day of the week, 1 = Monday (ISO) ... 7 = Sunday. Default: 1.
  int week_start = 1;
  // Workday calendar and holiday locale: "zh-CN" (mainland statutory holidays and make-up
  // workdays), "zh-TW" / "zh-HK" / "zh-MO" (festival variants, Monday-Friday workdays), or ""
  // for Monday-Friday. Default: "zh-CN".
  std::string calendar = "zh-CN";
  // First month (1-12) of the fiscal year; quarters and halves count from it. Default: 1.
  int fiscal_year_start_month = 1;
  // Dates and clock times with missing upper fields resolve to the next occurrence
  // (Duckling). When false they stay in the reference's year / month / day (JioNLP's
  // default). Default: true.
  bool prefer_future = true;
};

struct TimeMatch {
  std::string text;  // the matched text, verbatim (UTF-8)
  // Code point offsets [start, end) into the input (not bytes; Duckling corpora use
  // character offsets too).
  size_t start = 0;
  size_t end = 0;
  TimeKind kind = TimeKind::kValue;
  // Half-open span in the reference's UTC offset. A value has both; an open interval misses
  // one side; a duration has neither.
  std::optional<Instant> from;
  std::optional<Instant> to;
  Grain grain = Grain::kDay;
  double confidence = 1.0;        // in [0, 1]; lower for bare numbers and fuzzy spans
  std::string unresolved_reason;  // empty when resolved
  int64_t duration_ms = 0;        // length of a duration (kDuration only)
  std::string holiday;            // canonical holiday/festival name when one was named
};

// Finds and resolves every time expression in `text`, left to right, non-overlapping.
// Returns InvalidArgument when `text` is not valid UTF-8 or the language is unknown.
// Thread-safe.
Result<std::vector<TimeMatch>> ParseTime(std::string_view text, const Instant& reference,
                                         const TimeParseOptions& options = {});

// "value", "interval", "open_interval", "duration", "recurrence".
std::string_view ToString(TimeKind kind);

// One match as a JSON object {"text","start","end","kind","from","to","grain","confidence"}
// (plus "duration_ms", "holiday", "unresolved_reason" when set); instants in ISO 8601.
std::string TimeMatchToJson(const TimeMatch& match);

// True iff `day` (in the civil calendar) is a workday in `calendar` ("zh-CN" honours statutory
// holidays and make-up workdays 2020-2026; anything else is Monday-Friday). Thread-safe.
bool IsWorkday(int year, int month, int day, std::string_view calendar);

}  // namespace engram

#endif  // ENGRAM_TEMPORAL_H_
