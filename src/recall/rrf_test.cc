#include "src/recall/rrf.h"

#include <gtest/gtest.h>

namespace engram::recall {
namespace {

TEST(RrfFusionTest, AgreementBeatsASingleTopRank) {
  // 2 is second in both lists; 1 and 3 are first in one list only.
  auto fused = FuseRrf({{"a", 1.0, {1, 2}}, {"b", 1.0, {3, 2}}}, 60);
  ASSERT_EQ(fused.size(), 3u);
  EXPECT_EQ(fused[0].id, 2);
  EXPECT_DOUBLE_EQ(fused[0].score, 2.0 / 62);
}

TEST(RrfFusionTest, BreaksTiesByBestRankThenId) {
  auto fused = FuseRrf({{"a", 1.0, {5, 7}}, {"b", 1.0, {9, 4}}}, 60);
  ASSERT_EQ(fused.size(), 4u);
  EXPECT_EQ(fused[0].id, 5);  // rank 1, tie with 9, smaller id
  EXPECT_EQ(fused[1].id, 9);
  EXPECT_EQ(fused[2].id, 4);
  EXPECT_EQ(fused[3].id, 7);
}

TEST(RrfFusionTest, WeightsScaleAChannelAndDuplicatesCountOnce) {
  auto fused = FuseRrf({{"a", 0.1, {1}}, {"b", 1.0, {2, 2, 2}}}, 0);
  ASSERT_EQ(fused.size(), 2u);
  EXPECT_EQ(fused[0].id, 2);
  EXPECT_DOUBLE_EQ(fused[0].score, 1.0);
  EXPECT_DOUBLE_EQ(fused[1].score, 0.1);
  EXPECT_TRUE(FuseRrf({}, 60).empty());
}

}  // namespace
}  // namespace engram::recall
