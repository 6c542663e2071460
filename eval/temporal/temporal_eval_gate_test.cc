// CI gate: the temporal corpora must stay above the floors of issue 3.
#include <cstdlib>
#include <string>

#include <gtest/gtest.h>

#include "eval/temporal/temporal_eval.h"

namespace engram {
namespace {

std::string Corpus(const char* name) {
  const char* root = std::getenv("ENGRAM_SOURCE_DIR");
  return std::string(root ? root : ".") + "/../shared/data/temporal/" + name;
}

double Rate(const char* name, const char* group) {
  auto report = RunTemporalEval(Corpus(name));
  EXPECT_TRUE(report.ok()) << report.status().ToString();
  if (!report.ok()) return 0;
  auto it = report->groups.find(group);
  EXPECT_NE(it, report->groups.end());
  return it == report->groups.end() ? 0 : it->second.rate();
}

TEST(TemporalEvalGateTest, DucklingZhCore) { EXPECT_GE(Rate("duckling_zh.json", "core"), 0.95); }

TEST(TemporalEvalGateTest, DucklingZhFixedDateAndLunisolarHolidays) {
  EXPECT_GE(Rate("duckling_zh.json", "holiday_cn"), 0.90);
}

TEST(TemporalEvalGateTest, DucklingEnCore) { EXPECT_GE(Rate("duckling_en.json", "core"), 0.90); }

TEST(TemporalEvalGateTest, JioNlp) { EXPECT_GE(Rate("jionlp_cases.json", "all"), 0.85); }

TEST(TemporalEvalGateTest, MissingCorpusIsNotFound) {
  auto report = RunTemporalEval(Corpus("no_such_file.json"));
  ASSERT_FALSE(report.ok());
  EXPECT_EQ(report.status().code(), StatusCode::kNotFound);
}

}  // namespace
}  // namespace engram
