#include <gtest/gtest.h>

#include "engram/temporal.h"
#include "src/base/time.h"

namespace engram {
namespace {

// Reference: Wednesday 2024-06-12 10:00 +08:00.
Instant Ref() { return *base::ParseIso8601("2024-06-12T10:00:00+08:00"); }

std::string Iso(const std::optional<Instant>& t) {
  return t ? base::FormatIso8601(*t) : std::string("-");
}

// The single match for `text`, rendered "kind from to grain".
std::string One(std::string_view text, TimeParseOptions opt = {}) {
  auto r = ParseTime(text, Ref(), opt);
  if (!r.ok()) return "error " + r.status().ToString();
  if (r->size() != 1) return "matches: " + std::to_string(r->size());
  const TimeMatch& m = (*r)[0];
  return std::string(ToString(m.kind)) + " " + Iso(m.from) + " " + Iso(m.to) + " " +
         std::string(ToString(m.grain));
}

TEST(ParseTimeZhTest, RelativeDaysAndWeeks) {
  EXPECT_EQ(One("下个月15号"), "value 2024-07-15T00:00:00+08:00 2024-07-16T00:00:00+08:00 day");
  EXPECT_EQ(One("大前天下午"),
            "interval 2024-06-09T12:00:00+08:00 2024-06-09T19:00:00+08:00 hour");
  EXPECT_EQ(One("上周五"), "value 2024-06-07T00:00:00+08:00 2024-06-08T00:00:00+08:00 day");
  EXPECT_EQ(One("下周二"), "value 2024-06-18T00:00:00+08:00 2024-06-19T00:00:00+08:00 day");
  EXPECT_EQ(One("上上周"), "value 2024-05-27T00:00:00+08:00 2024-06-03T00:00:00+08:00 week");
  EXPECT_EQ(One("下下个月"), "value 2024-08-01T00:00:00+08:00 2024-09-01T00:00:00+08:00 month");
  EXPECT_EQ(One("礼拜天"), "value 2024-06-16T00:00:00+08:00 2024-06-17T00:00:00+08:00 day");
}

TEST(ParseTimeZhTest, PartsOfPeriods) {
  EXPECT_EQ(One("月底"), "interval 2024-06-25T00:00:00+08:00 2024-07-01T00:00:00+08:00 day");
  EXPECT_EQ(One("月初"), "interval 2024-06-01T00:00:00+08:00 2024-06-06T00:00:00+08:00 day");
  EXPECT_EQ(One("上旬"), "interval 2024-06-01T00:00:00+08:00 2024-06-11T00:00:00+08:00 day");
  EXPECT_EQ(One("下旬"), "interval 2024-06-21T00:00:00+08:00 2024-07-01T00:00:00+08:00 day");
  EXPECT_EQ(One("年底"), "interval 2024-11-01T00:00:00+08:00 2025-01-01T00:00:00+08:00 month");
}

TEST(ParseTimeZhTest, QuartersAndHalves) {
  EXPECT_EQ(One("Q3"), "value 2024-07-01T00:00:00+08:00 2024-10-01T00:00:00+08:00 quarter");
  EXPECT_EQ(One("本季度"), "value 2024-04-01T00:00:00+08:00 2024-07-01T00:00:00+08:00 quarter");
  EXPECT_EQ(One("下个季度"),
            "value 2024-07-01T00:00:00+08:00 2024-10-01T00:00:00+08:00 quarter");
  EXPECT_EQ(One("去年Q3"), "value 2023-07-01T00:00:00+08:00 2023-10-01T00:00:00+08:00 quarter");
  EXPECT_EQ(One("上半年"),
            "interval 2024-01-01T00:00:00+08:00 2024-07-01T00:00:00+08:00 month");
  EXPECT_EQ(One("H2"), "interval 2024-07-01T00:00:00+08:00 2025-01-01T00:00:00+08:00 month");
  TimeParseOptions fiscal;
  fiscal.fiscal_year_start_month = 4;
  EXPECT_EQ(One("Q1", fiscal),
            "value 2024-04-01T00:00:00+08:00 2024-07-01T00:00:00+08:00 quarter");
}

TEST(ParseTimeZhTest, WorkdayArithmeticUsesTheCalendar) {
  EXPECT_EQ(One("下个月第一个工作日"),
            "value 2024-07-01T00:00:00+08:00 2024-07-02T00:00:00+08:00 day");
  EXPECT_EQ(One("本月最后一个工作日"),
            "value 2024-06-28T00:00:00+08:00 2024-06-29T00:00:00+08:00 day");
  EXPECT_EQ(One("3个工作日后"), "value 2024-06-17T00:00:00+08:00 2024-06-18T00:00:00+08:00 day");
  // 2024-09-14 (Saturday) is a make-up workday for Mid-Autumn in zh-CN.
  auto r = ParseTime("9月的第二个工作日", Ref());
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r->size(), 1u);
  EXPECT_EQ(Iso((*r)[0].from), "2024-09-03T00:00:00+08:00");
}

TEST(ParseTimeZhTest, ChineseNumeralsAndClockTimes) {
  EXPECT_EQ(One("十一点半"), "value 2024-06-12T11:30:00+08:00 2024-06-12T11:31:00+08:00 minute");
  EXPECT_EQ(One("三点三刻"), "value 2024-06-12T15:45:00+08:00 2024-06-12T15:46:00+08:00 minute");
  EXPECT_EQ(One("二十三号"), "value 2024-06-23T00:00:00+08:00 2024-06-24T00:00:00+08:00 day");
  EXPECT_EQ(One("今晚八点"), "value 2024-06-12T20:00:00+08:00 2024-06-12T21:00:00+08:00 hour");
  EXPECT_EQ(One("今晚"), "interval 2024-06-12T18:00:00+08:00 2024-06-13T00:00:00+08:00 hour");
  auto r = ParseTime("两周", Ref());
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r->size(), 1u);
  EXPECT_EQ((*r)[0].kind, TimeKind::kDuration);
  EXPECT_EQ((*r)[0].duration_ms, int64_t{14} * 86400000);
}

TEST(ParseTimeZhTest, LunarFestivals) {
  EXPECT_EQ(One("春节"), "value 2025-01-29T00:00:00+08:00 2025-01-30T00:00:00+08:00 day");
  EXPECT_EQ(One("中秋"), "value 2024-09-17T00:00:00+08:00 2024-09-18T00:00:00+08:00 day");
  EXPECT_EQ(One("2026年春节"), "value 2026-02-17T00:00:00+08:00 2026-02-18T00:00:00+08:00 day");
  EXPECT_EQ(One("农历八月十五"),
            "value 2024-09-17T00:00:00+08:00 2024-09-18T00:00:00+08:00 day");
  auto r = ParseTime("除夕", Ref());
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r->size(), 1u);
  EXPECT_EQ((*r)[0].holiday, "除夕");
}

TEST(ParseTimeZhTest, RangesAndOpenIntervals) {
  EXPECT_EQ(One("明天下午3点到5点"),
            "interval 2024-06-13T15:00:00+08:00 2024-06-13T17:00:01+08:00 second");
  EXPECT_EQ(One("2017年8月至11月"),
            "interval 2017-08-01T00:00:00+08:00 2017-12-01T00:00:00+08:00 month");
  EXPECT_EQ(One("上两天"), "interval 2024-06-10T00:00:00+08:00 2024-06-12T00:00:00+08:00 day");
}

TEST(ParseTimeZhTest, FuzzySpansHaveLowConfidence) {
  auto r = ParseTime("前几天", Ref());
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r->size(), 1u);
  EXPECT_LT((*r)[0].confidence, 0.7);
  r = ParseTime("最近", Ref());
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r->size(), 1u);
  EXPECT_LT((*r)[0].confidence, 0.7);
  r = ParseTime("一段时间", Ref());
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r->size(), 1u);
  EXPECT_FALSE((*r)[0].unresolved_reason.empty());
}

TEST(ParseTimeZhTest, OffsetsAreCodePoints) {
  auto r = ParseTime("我们下周二见，明天下午三点也行", Ref());
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r->size(), 2u);
  EXPECT_EQ((*r)[0].text, "下周二");
  EXPECT_EQ((*r)[0].start, 2u);
  EXPECT_EQ((*r)[0].end, 5u);
  EXPECT_EQ((*r)[1].text, "明天下午三点");
  EXPECT_EQ((*r)[1].start, 7u);
}

TEST(ParseTimeZhTest, RejectsBadInput) {
  EXPECT_EQ(ParseTime("\xff\xfe", Ref()).status().code(), StatusCode::kInvalidArgument);
  TimeParseOptions opt;
  opt.language = "fr";
  EXPECT_EQ(ParseTime("明天", Ref(), opt).status().code(), StatusCode::kInvalidArgument);
  auto r = ParseTime("", Ref());
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(r->empty());
}

TEST(ParseTimeZhTest, JsonShape) {
  auto r = ParseTime("明天", Ref());
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r->size(), 1u);
  EXPECT_EQ(TimeMatchToJson((*r)[0]),
            "{\"text\":\"明天\",\"start\":0,\"end\":2,\"kind\":\"value\","
            "\"from\":\"2024-06-13T00:00:00+08:00\",\"to\":\"2024-06-14T00:00:00+08:00\","
            "\"grain\":\"day\",\"confidence\":1.0}");
}

}  // namespace
}  // namespace engram
