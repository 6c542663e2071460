#include "src/govern/token_sets.h"

#include <gtest/gtest.h>

#include <random>

namespace engram::govern {
namespace {

TEST(TokenSetsTest, FoldsCaseWidthAndScript) {
  EXPECT_EQ(TokenSet("I LIKE Green tea"), TokenSet("i like green TEA"));
  EXPECT_EQ(TokenSet("會議 ＡＢＣ"), TokenSet("会议 abc"));
  EXPECT_TRUE(TokenSet("  ,. ").empty());
}

TEST(TokenSetsTest, JaccardOfSortedSets) {
  EXPECT_DOUBLE_EQ(Jaccard({"a", "b", "c"}, {"b", "c", "d"}), 0.5);
  EXPECT_DOUBLE_EQ(Jaccard({"a"}, {"a"}), 1.0);
  EXPECT_DOUBLE_EQ(Jaccard({}, {}), 0.0);
  EXPECT_DOUBLE_EQ(Jaccard({"a"}, {}), 0.0);
}

// Prefix filtering must find exactly the pairs a brute-force comparison finds.
TEST(TokenSetsTest, SimilarPairsMatchesBruteForce) {
  std::mt19937 rng(7);
  std::vector<std::vector<std::string>> sets;
  for (int i = 0; i < 300; ++i) {
    std::vector<std::string> s;
    int n = 1 + static_cast<int>(rng() % 8);
    for (int k = 0; k < n; ++k) s.push_back("t" + std::to_string(rng() % 12));
    std::sort(s.begin(), s.end());
    s.erase(std::unique(s.begin(), s.end()), s.end());
    if (i % 50 == 0) s.clear();
    sets.push_back(std::move(s));
  }
  for (double t : {0.3, 0.5, 0.85, 1.0}) {
    std::vector<std::pair<size_t, size_t>> expected;
    for (size_t i = 0; i < sets.size(); ++i) {
      for (size_t j = i + 1; j < sets.size(); ++j) {
        if (!sets[i].empty() && !sets[j].empty() && Jaccard(sets[i], sets[j]) >= t) {
          expected.emplace_back(i, j);
        }
      }
    }
    ASSERT_FALSE(expected.empty()) << t;  // so the comparison can fail
    EXPECT_EQ(SimilarPairs(sets, t), expected) << "threshold " << t;
  }
  EXPECT_TRUE(SimilarPairs(sets, 0).empty());
}

}  // namespace
}  // namespace engram::govern
