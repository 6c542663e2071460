// The Chinese lunisolar calendar for lunar years 1900-2100, from the classic compact table
// (one 17-bit word per year: month lengths, leap month and its length).
//
// Thread safety: pure functions over constant data.
#ifndef ENGRAM_TEMPORAL_LUNAR_H_
#define ENGRAM_TEMPORAL_LUNAR_H_

#include <cstdint>
#include <optional>

namespace engram::temporal {

constexpr int kLunarFirstYear = 1900;
constexpr int kLunarLastYear = 2100;

// Leap month of a lunar year (1-12), 0 when none or out of range.
int LunarLeapMonth(int year);
// Days in a lunar month (29 or 30); 0 when the month does not exist.
int LunarMonthDays(int year, int month, bool leap);
// Gregorian day number (days since 1970-01-01) of a lunar date; nullopt when out of range or
// invalid (day 30 of a short month, a leap month that does not exist).
std::optional<int64_t> LunarToDay(int year, int month, int day, bool leap = false);

}  // namespace engram::temporal

#endif  // ENGRAM_TEMPORAL_LUNAR_H_
