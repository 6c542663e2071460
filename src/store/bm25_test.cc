#include "src/store/bm25.h"

#include <gtest/gtest.h>

#include <cmath>

namespace engram::store {
namespace {

TEST(Bm25Test, RareTermsShortDocumentsAndRepeatsScoreHigher) {
  const double common = Bm25TermScore(Bm25Idf(100, 40), 1, 10, 10);
  const double rare = Bm25TermScore(Bm25Idf(100, 2), 1, 10, 10);
  EXPECT_GT(rare, common);
  EXPECT_GT(Bm25TermScore(Bm25Idf(100, 2), 1, 5, 10), Bm25TermScore(Bm25Idf(100, 2), 1, 20, 10));
  EXPECT_GT(Bm25TermScore(Bm25Idf(100, 2), 3, 10, 10), Bm25TermScore(Bm25Idf(100, 2), 1, 10, 10));
}

TEST(Bm25Test, IdfIsFts5sFlooredLogAndAbsentTermsScoreZero) {
  EXPECT_DOUBLE_EQ(Bm25Idf(100, 9), std::log(91.5 / 9.5));
  EXPECT_DOUBLE_EQ(Bm25Idf(100, 90), 1e-6);  // in most documents: floored, not negative
  EXPECT_EQ(Bm25TermScore(Bm25Idf(100, 5), 0, 10, 10), 0);
  // tf = 1 in a document of average length: idf * 2.2 / 2.2.
  EXPECT_DOUBLE_EQ(Bm25TermScore(2.0, 1, 10, 10), 2.0);
}

}  // namespace
}  // namespace engram::store
