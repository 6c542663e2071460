#include "src/govern/metrics.h"

#include <gtest/gtest.h>

namespace engram::govern {
namespace {

TEST(MetricsTest, FingerprintsCompareQuestionsNotText) {
  const std::string a = QueryFingerprint("张工提了什么要求？");
  EXPECT_EQ(a, QueryFingerprint("张工提了什么要求"));  // punctuation is not a token
  EXPECT_EQ(a.find("张"), std::string::npos);            // no text, only hashes
  EXPECT_GE(FingerprintSimilarity(a, QueryFingerprint("張工提了什麼要求")), kRepeatSimilarity);
  EXPECT_LT(FingerprintSimilarity(a, QueryFingerprint("接口文档什么时候验收")), 0.3);
  EXPECT_EQ(FingerprintSimilarity(a, ""), 0);
  EXPECT_GE(FingerprintSimilarity(QueryFingerprint("What did Zhang ask for?"),
                                  QueryFingerprint("what did zhang ask for")),
            kRepeatSimilarity);
}

TEST(MetricsTest, SummarizeCountsRepeatsWithinThirtyDays) {
  const int64_t day = 24LL * 3600 * 1000;
  const std::string q1 = QueryFingerprint("张工提了什么要求");
  const std::string q2 = QueryFingerprint("周会改到哪天");
  store::MetricsCounts c;
  c.recalls = {{0, q1},            // before the window: compared against only
               {10 * day, q1},     // repeat of day 0 (10 days)
               {11 * day, q2},
               {50 * day, q2},     // 39 days after the last q2: not a repeat
               {51 * day, q2}};    // repeat
  c.used = 2;
  c.messages = 4;
  c.context_reloads = 1;
  MetricsSummary m = Summarize(c, 5 * day);
  EXPECT_EQ(m.recalls, 4);
  EXPECT_EQ(m.repeated_questions, 2);
  EXPECT_DOUBLE_EQ(m.repeated_question_rate, 0.5);
  EXPECT_DOUBLE_EQ(m.hit_rate, 0.5);
  EXPECT_DOUBLE_EQ(m.context_reload_rate, 0.25);
  EXPECT_EQ(Summarize({}, 0).hit_rate, 0);  // no recalls: 0, not NaN
}

}  // namespace
}  // namespace engram::govern
