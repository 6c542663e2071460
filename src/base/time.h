// Civil-calendar arithmetic and ISO 8601 for Instant. Pure functions, thread-safe.
#ifndef ENGRAM_BASE_TIME_H_
#define ENGRAM_BASE_TIME_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "engram/result.h"
#include "engram/types.h"

namespace engram::base {

struct CivilDate {
  int year = 1970;
  int month = 1;  // 1..12
  int day = 1;    // 1..31
};

// A wall-clock time in some offset.
struct CivilTime {
  int year = 1970, month = 1, day = 1;
  int hour = 0, minute = 0, second = 0, millisecond = 0;
};

// Days since 1970-01-01 of a proleptic Gregorian date (any month/day, normalized like mktime
// only for day overflow within the month; callers pass valid dates).
int64_t DaysFromCivil(int year, int month, int day);
CivilDate CivilFromDays(int64_t days);
// 0 = Monday ... 6 = Sunday.
int WeekdayFromDays(int64_t days);
int DaysInMonth(int year, int month);
bool IsLeapYear(int year);

// Wall-clock fields of `t` in its own offset.
CivilTime ToCivil(const Instant& t);
// The instant whose wall clock in `offset_minutes` is `c`.
Instant FromCivil(const CivilTime& c, int32_t offset_minutes);

// Parses "2024-06-14", "2024-06-14T15:00", "2024-06-14T15:00:00.123+08:00", "...Z", with
// ' ' accepted instead of 'T'. Without an offset the time is taken in `default_offset_minutes`.
// Returns InvalidArgument for anything else (including out-of-range fields).
Result<Instant> ParseIso8601(std::string_view text, int32_t default_offset_minutes = 0);

// "2024-06-14T15:00:00+08:00" ("Z" for offset 0); milliseconds shown only when non-zero.
std::string FormatIso8601(const Instant& t);

// Now from microseconds, in the given offset.
inline Instant InstantFromMicros(int64_t micros, int32_t offset_minutes) {
  int64_t ms = micros >= 0 ? micros / 1000 : -((-micros + 999) / 1000);
  return Instant{ms, offset_minutes};
}

}  // namespace engram::base

#endif  // ENGRAM_BASE_TIME_H_
