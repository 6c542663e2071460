#include "src/store/memory/bm25.h"

#include <gtest/gtest.h>

namespace engram::store {
namespace {

TEST(Bm25Test, RareTermsAndShortDocumentsScoreHigher) {
  double common = Bm25TermScore(1, 90, 100, 10, 10);
  double rare = Bm25TermScore(1, 2, 100, 10, 10);
  EXPECT_GT(rare, common);
  EXPECT_GT(Bm25TermScore(1, 2, 100, 5, 10), Bm25TermScore(1, 2, 100, 20, 10));
  EXPECT_GT(Bm25TermScore(3, 2, 100, 10, 10), Bm25TermScore(1, 2, 100, 10, 10));
}

TEST(Bm25Test, NoOccurrenceScoresZeroAndIdfIsNeverNegative) {
  EXPECT_EQ(Bm25TermScore(0, 5, 100, 10, 10), 0);
  EXPECT_GT(Bm25TermScore(1, 100, 100, 10, 10), 0);
}

}  // namespace
}  // namespace engram::store
