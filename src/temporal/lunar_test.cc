#include "src/temporal/lunar.h"

#include <gtest/gtest.h>

#include "src/temporal/span.h"

namespace engram::temporal {
namespace {

int64_t D(int y, int m, int d) { return DayNumber(y, m, d); }

TEST(LunarTest, SpringFestivalMatchesKnownDates) {
  EXPECT_EQ(LunarToDay(2024, 1, 1), D(2024, 2, 10));
  EXPECT_EQ(LunarToDay(2025, 1, 1), D(2025, 1, 29));
  EXPECT_EQ(LunarToDay(2026, 1, 1), D(2026, 2, 17));
  EXPECT_EQ(LunarToDay(2014, 1, 1), D(2014, 1, 31));
  EXPECT_EQ(LunarToDay(1950, 1, 1), D(1950, 2, 17));
  EXPECT_EQ(LunarToDay(2100, 1, 1), D(2100, 2, 9));
}

TEST(LunarTest, MidAutumnMatchesKnownDates) {
  EXPECT_EQ(LunarToDay(2024, 8, 15), D(2024, 9, 17));
  EXPECT_EQ(LunarToDay(2025, 8, 15), D(2025, 10, 6));
  EXPECT_EQ(LunarToDay(2020, 8, 15), D(2020, 10, 1));
}

TEST(LunarTest, LeapMonthsAreDistinct) {
  EXPECT_EQ(LunarLeapMonth(2020), 4);
  EXPECT_EQ(LunarToDay(2020, 4, 1, /*leap=*/true), D(2020, 5, 23));
  EXPECT_EQ(LunarToDay(2023, 2, 1, /*leap=*/true), D(2023, 3, 22));
  EXPECT_FALSE(LunarToDay(2021, 4, 1, /*leap=*/true).has_value());
}

TEST(LunarTest, RejectsInvalidDates) {
  EXPECT_FALSE(LunarToDay(1899, 1, 1).has_value());
  EXPECT_FALSE(LunarToDay(2101, 1, 1).has_value());
  EXPECT_FALSE(LunarToDay(2024, 13, 1).has_value());
  EXPECT_FALSE(LunarToDay(2024, 1, 31).has_value());
  EXPECT_FALSE(LunarToDay(2024, 1, 0).has_value());
}

TEST(LunarTest, MonthsAre29Or30DaysAndYearsChain) {
  for (int y = 1950; y < 2100; ++y) {
    int64_t days = *LunarToDay(y + 1, 1, 1) - *LunarToDay(y, 1, 1);
    EXPECT_TRUE(days == 353 || days == 354 || days == 355 || (days >= 383 && days <= 385))
        << y << ": " << days;
  }
}

}  // namespace
}  // namespace engram::temporal
