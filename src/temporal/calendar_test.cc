#include "src/temporal/calendar.h"

#include <gtest/gtest.h>

#include "engram/temporal.h"
#include "src/temporal/grammar.h"
#include "src/temporal/span.h"

namespace engram::temporal {
namespace {

TEST(CalendarTest, StatutoryHolidaysAndMakeUpWorkdays) {
  // 2024 Spring Festival: 2/10-2/17 off, Sunday 2/4 and 2/18 are workdays.
  EXPECT_FALSE(IsWorkday(2024, 2, 12, "zh-CN"));
  EXPECT_TRUE(IsWorkday(2024, 2, 4, "zh-CN"));
  EXPECT_TRUE(IsWorkday(2024, 2, 18, "zh-CN"));
  // National Day 2025: 10/1-10/8 off, Saturday 10/11 a workday.
  EXPECT_FALSE(IsWorkday(2025, 10, 8, "zh-CN"));
  EXPECT_TRUE(IsWorkday(2025, 10, 11, "zh-CN"));
  // Without a calendar: Monday-Friday.
  EXPECT_TRUE(IsWorkday(2024, 2, 12, ""));
  EXPECT_FALSE(IsWorkday(2024, 2, 4, ""));
  EXPECT_FALSE(IsWorkday(2024, 2, 30, "zh-CN"));
}

TEST(CalendarTest, AddWorkdaysSkipsHolidays) {
  // Friday 2024-09-13 + 1 workday = Saturday 9/14 (make-up day for Mid-Autumn).
  EXPECT_EQ(AddWorkdays(DayNumber(2024, 9, 13), 1, "zh-CN"), DayNumber(2024, 9, 14));
  // ... and 2 workdays = Wednesday 9/18 (9/15-9/17 off).
  EXPECT_EQ(AddWorkdays(DayNumber(2024, 9, 13), 2, "zh-CN"), DayNumber(2024, 9, 18));
  EXPECT_EQ(AddWorkdays(DayNumber(2024, 9, 13), 1, ""), DayNumber(2024, 9, 16));
}

TEST(CalendarTest, FestivalsResolvePerYear) {
  std::u32string s = U"中秋节";
  Cursor c{&s, 0};
  const Festival* f = MatchFestival(&c);
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(c.i, 3u);
  EXPECT_EQ(FestivalDay(*f, 2024, "zh-CN"), DayNumber(2024, 9, 17));
  std::u32string eve = U"除夕";
  Cursor e{&eve, 0};
  const Festival* fe = MatchFestival(&e);
  ASSERT_NE(fe, nullptr);
  EXPECT_EQ(FestivalDay(*fe, 2025, "zh-CN"), DayNumber(2026, 2, 16));
  std::u32string nd = U"国庆";
  Cursor n{&nd, 0};
  const Festival* fn = MatchFestival(&n);
  ASSERT_NE(fn, nullptr);
  EXPECT_EQ(FestivalDay(*fn, 2013, "zh-TW"), DayNumber(2013, 10, 10));
  EXPECT_EQ(FestivalDay(*fn, 2013, "zh-CN"), DayNumber(2013, 10, 1));
}

TEST(CalendarTest, SolarTerms) {
  std::u32string s = U"冬至";
  Cursor c{&s, 0};
  const Festival* f = MatchFestival(&c);
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(FestivalDay(*f, 2024, ""), DayNumber(2024, 12, 21));
  std::u32string q = U"清明";
  Cursor cq{&q, 0};
  const Festival* fq = MatchFestival(&cq);
  ASSERT_NE(fq, nullptr);
  EXPECT_EQ(FestivalDay(*fq, 2024, ""), DayNumber(2024, 4, 4));
  EXPECT_EQ(FestivalDay(*fq, 2025, ""), DayNumber(2025, 4, 4));
}

}  // namespace
}  // namespace engram::temporal
