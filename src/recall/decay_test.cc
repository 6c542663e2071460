#include "src/recall/decay.h"

#include <gtest/gtest.h>

namespace engram::recall {
namespace {

TEST(DecayTest, HalvesEveryHalfLife) {
  EXPECT_DOUBLE_EQ(DecayFactor(0, 1000), 1.0);
  EXPECT_DOUBLE_EQ(DecayFactor(1000, 1000), 0.5);
  EXPECT_DOUBLE_EQ(DecayFactor(3000, 1000), 0.125);
}

TEST(DecayTest, NoHalfLifeOrFutureMeansNoDecay) {
  EXPECT_DOUBLE_EQ(DecayFactor(1'000'000, 0), 1.0);
  EXPECT_DOUBLE_EQ(DecayFactor(-5000, 1000), 1.0);
}

TEST(DecayTest, DampingKeepsAFloor) {
  EXPECT_DOUBLE_EQ(DampedDecay(0.0, 0.5), 0.5);
  EXPECT_DOUBLE_EQ(DampedDecay(1.0, 0.5), 1.0);
  EXPECT_DOUBLE_EQ(DampedDecay(0.5, 0.0), 0.5);
}

}  // namespace
}  // namespace engram::recall
