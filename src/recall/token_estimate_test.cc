#include "src/recall/token_estimate.h"

#include <gtest/gtest.h>

namespace engram::recall {
namespace {

TEST(TokenEstimateTest, CjkCountsPerCharacterLatinPerFourBytes) {
  EXPECT_EQ(EstimateTokens(""), 0);
  EXPECT_EQ(EstimateTokens("接口文档"), 4);
  EXPECT_EQ(EstimateTokens("abcdefgh"), 2);
  EXPECT_EQ(EstimateTokens("abc接口"), 3);
  EXPECT_GT(EstimateTokens(std::string(4000, 'a')), 900);
}

}  // namespace
}  // namespace engram::recall
