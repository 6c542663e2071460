#include <gtest/gtest.h>

#include "engram/temporal.h"
#include "src/base/time.h"

namespace engram {
namespace {

// Duckling's reference: Tuesday 2013-02-12 04:30 -02:00.
Instant Ref() { return *base::ParseIso8601("2013-02-12T04:30:00-02:00"); }

std::string One(std::string_view text, TimeParseOptions opt = {}) {
  opt.language = "en";
  auto r = ParseTime(text, Ref(), opt);
  if (!r.ok()) return "error " + r.status().ToString();
  if (r->size() != 1) return "matches: " + std::to_string(r->size());
  const TimeMatch& m = (*r)[0];
  auto iso = [](const std::optional<Instant>& t) {
    return t ? base::FormatIso8601(*t) : std::string("-");
  };
  return std::string(ToString(m.kind)) + " " + iso(m.from) + " " + iso(m.to) + " " +
         std::string(ToString(m.grain));
}

TEST(ParseTimeEnTest, WeekdaysPreferTheFuture) {
  EXPECT_EQ(One("tuesday"), "value 2013-02-19T00:00:00-02:00 2013-02-20T00:00:00-02:00 day");
  EXPECT_EQ(One("next tuesday"),
            "value 2013-02-19T00:00:00-02:00 2013-02-20T00:00:00-02:00 day");
  EXPECT_EQ(One("last tuesday"),
            "value 2013-02-05T00:00:00-02:00 2013-02-06T00:00:00-02:00 day");
}

TEST(ParseTimeEnTest, IssueExamples) {
  EXPECT_EQ(One("next Friday at 3pm"),
            "value 2013-02-22T15:00:00-02:00 2013-02-22T16:00:00-02:00 hour");
  EXPECT_EQ(One("two weeks ago"),
            "value 2013-01-29T00:00:00-02:00 2013-01-30T00:00:00-02:00 day");
  EXPECT_EQ(One("end of the month"),
            "interval 2013-02-21T00:00:00-02:00 2013-03-01T00:00:00-02:00 day");
  TimeParseOptions mon_fri;
  mon_fri.calendar = "";
  EXPECT_EQ(One("next business day", mon_fri),
            "value 2013-02-13T00:00:00-02:00 2013-02-14T00:00:00-02:00 day");
}

TEST(ParseTimeEnTest, DurationsAndShifts) {
  EXPECT_EQ(One("in 2 minutes"),
            "value 2013-02-12T04:32:00-02:00 2013-02-12T04:32:01-02:00 second");
  EXPECT_EQ(One("last 2 weeks"),
            "interval 2013-01-28T00:00:00-02:00 2013-02-11T00:00:00-02:00 week");
  EXPECT_EQ(One("3 fridays from now"),
            "value 2013-03-01T00:00:00-02:00 2013-03-02T00:00:00-02:00 day");
}

TEST(ParseTimeEnTest, RangesExtendTheClosedEndByOneGrain) {
  EXPECT_EQ(One("July 13-15"),
            "interval 2013-07-13T00:00:00-02:00 2013-07-16T00:00:00-02:00 day");
  EXPECT_EQ(One("3-4pm"), "interval 2013-02-12T15:00:00-02:00 2013-02-12T17:00:00-02:00 hour");
  EXPECT_EQ(One("until 2:00pm"), "open_interval - 2013-02-12T14:00:00-02:00 minute");
}

TEST(ParseTimeEnTest, NegativesProduceNothing) {
  for (const char* text : {"laughing out loud", "1 adult", "25", "at 650-650-6500", "palm"}) {
    auto r = ParseTime(text, Ref(), TimeParseOptions{.language = "en"});
    ASSERT_TRUE(r.ok());
    EXPECT_TRUE(r->empty()) << text;
  }
}

// A model year before an English word is no time, whatever the language asked for.
TEST(ParseTimeEnTest, AModelYearIsNoTime) {
  // ... nor is a group of digits after another (a phone number).
  for (const char* text : {"bought a 2019 transit connect, the old van went to my nephew",
                           "my 2015 civic needs tires", "phone kena stolen, new number 8832 1907",
                           "新号码 0571-8832 2019"}) {
    auto r = ParseTime(text, Ref());
    ASSERT_TRUE(r.ok());
    EXPECT_TRUE(r->empty()) << text;
  }
  auto r = ParseTime("2019年搬到杭州", Ref());
  ASSERT_TRUE(r.ok());
  EXPECT_FALSE(r->empty());
}

TEST(ParseTimeEnTest, MixedSentenceFindsBoth) {
  auto r = ParseTime("Let's meet tomorrow at 5pm, or 下周三上午十点.", Ref());
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r->size(), 2u);
  EXPECT_EQ((*r)[0].text, "tomorrow at 5pm");
  EXPECT_EQ((*r)[1].text, "下周三上午十点");
}

}  // namespace
}  // namespace engram
