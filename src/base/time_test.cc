#include "src/base/time.h"

#include <gtest/gtest.h>

namespace engram::base {
namespace {

TEST(TimeTest, CivilRoundTripAcrossCenturies) {
  for (int64_t d = -800000; d <= 800000; d += 997) {
    CivilDate c = CivilFromDays(d);
    EXPECT_EQ(DaysFromCivil(c.year, c.month, c.day), d);
  }
  EXPECT_EQ(DaysFromCivil(1970, 1, 1), 0);
  EXPECT_EQ(WeekdayFromDays(DaysFromCivil(2024, 6, 14)), 4);  // a Friday
}

TEST(TimeTest, ParsesOffsetsAndFormatsBack) {
  auto t = ParseIso8601("2024-06-14T15:00:00+08:00");
  ASSERT_TRUE(t.ok());
  EXPECT_EQ(t->unix_ms, 1718348400000);
  EXPECT_EQ(t->offset_minutes, 480);
  EXPECT_EQ(FormatIso8601(*t), "2024-06-14T15:00:00+08:00");
  auto z = ParseIso8601("2024-06-14T07:00:00.250Z");
  ASSERT_TRUE(z.ok());
  EXPECT_EQ(z->unix_ms, 1718348400250);
  EXPECT_EQ(FormatIso8601(*z), "2024-06-14T07:00:00.250Z");
}

TEST(TimeTest, DateOnlyUsesDefaultOffset) {
  auto t = ParseIso8601("2024-02-29", 480);
  ASSERT_TRUE(t.ok());
  EXPECT_EQ(FormatIso8601(*t), "2024-02-29T00:00:00+08:00");
}

TEST(TimeTest, RejectsMalformed) {
  for (const char* s : {"", "2024", "2024-13-01", "2023-02-29", "2024-06-14T25:00",
                        "2024-06-14T10:00+99:00", "2024-06-14Tnoon", "2024-06-14T10:00:00X"}) {
    EXPECT_FALSE(ParseIso8601(s).ok()) << s;
  }
}

}  // namespace
}  // namespace engram::base
