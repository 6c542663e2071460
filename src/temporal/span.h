// Internal representation used by the temporal grammars: wall-clock seconds in the
// reference offset, grain arithmetic, the parse context and the partially filled time
// fields that a grammar collects before resolution.
//
// Thread safety: plain values and pure functions.
#ifndef ENGRAM_TEMPORAL_SPAN_H_
#define ENGRAM_TEMPORAL_SPAN_H_

#include <cstdint>
#include <optional>
#include <string>

#include "engram/temporal.h"
#include "engram/types.h"

namespace engram::temporal {

constexpr int64_t kDay = 86400;
// Spans beyond year 9999 (or before year -9999) are dropped; shifts and durations are
// capped so that no arithmetic overflows.
constexpr int64_t kMaxAbsSeconds = 253402300799;
constexpr int64_t kMaxShiftSeconds = int64_t{400} * 1000 * 366 * kDay;

// A resolved span in local wall-clock seconds (seconds since 1970-01-01T00:00 local).
struct Span {
  int64_t from = 0;
  int64_t to = 0;
  bool has_from = true;
  bool has_to = true;
  Grain grain = Grain::kDay;
  TimeKind kind = TimeKind::kValue;
  double confidence = 1.0;
  int64_t duration_s = 0;
  std::string holiday;
  std::string unresolved;  // why the span could not be anchored, if so
};

struct Context {
  int64_t now = 0;  // local seconds
  int64_t today = 0;  // local day number
  int year = 0, month = 0, day = 0, weekday = 0;  // weekday 0 = Monday
  int32_t offset_minutes = 0;
  const TimeParseOptions* options = nullptr;
};

Context MakeContext(const Instant& ref, const TimeParseOptions& options);

int64_t DayNumber(int y, int m, int d);
void SplitDay(int64_t day, int* y, int* m, int* d);
int Weekday(int64_t day);  // 0 = Monday
int64_t MonthIndex(int y, int m);  // y * 12 + (m - 1)
int64_t MonthStart(int64_t month_index);  // local seconds
int64_t Floor(int64_t t, Grain g);  // start of the grain containing t (weeks start Monday)
int64_t Add(int64_t t, Grain g, int64_t n);  // calendar-aware for month/quarter/year
int64_t GrainSeconds(Grain g);  // nominal length (month = 30 d, year = 365 d)

// A value span of one grain starting at `t`.
Span ValueAt(int64_t t, Grain g);
Span Interval(int64_t from, int64_t to, Grain g);

// Parts of the day as hour ranges [from_h, to_h) (to_h may be 24).
struct PartOfDay {
  int from_h = 0;
  int to_h = 24;
  int pm = -1;  // 1: clock hours 1-11 mean pm, 0: am, -1: either, 2: 9-11 mean pm (半夜)
};

// Fields collected by a grammar before resolution.
struct Fields {
  std::optional<int> year;
  bool year_relative = false;
  bool two_digit_year = false;
  std::optional<int> month;
  bool month_relative = false;
  std::optional<int> day;
  std::optional<int64_t> abs_day;  // a concrete day (relative words, holidays)
  std::optional<int> weekday;      // 0 = Monday
  std::optional<int> week_offset;  // relative week for a weekday or a week
  bool week_only = false;          // "下周" without a weekday
  std::optional<PartOfDay> pod;
  std::optional<int> hour, minute, second;
  bool hour_24 = false;            // "15:00", "15点": no am/pm ambiguity
  bool latent = false;
  bool weak = false;  // an ambiguous word (solar term names double as weather words)
  std::string holiday;
  bool Empty() const {
    return !year && !month && !day && !abs_day && !weekday && !week_only && !pod && !hour;
  }
  bool HasDate() const { return year || month || day || abs_day || weekday || week_only; }
};

// Resolves fields to a span (future preference for missing upper fields).
std::optional<Span> Resolve(const Fields& f, const Context& ctx);
// Resolves `f` taking missing upper fields from `outer` (for "8月11日至22日").
std::optional<Span> ResolveWithDefaults(Fields f, const Fields& outer, const Context& ctx);

// Converts to the public match.
TimeMatch ToMatch(const Span& s, const Context& ctx);

// Workdays (holidays.cc).
bool IsWorkdayDay(int64_t day, const std::string& calendar);

}  // namespace engram::temporal

#endif  // ENGRAM_TEMPORAL_SPAN_H_
