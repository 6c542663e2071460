#include "src/store/term_pruning.h"

#include <gtest/gtest.h>

namespace engram::store {
namespace {

TEST(TermPruningTest, DropsCommonTermsWhenRareOnesRemain) {
  EXPECT_EQ(KeepTerms({5000, 2, 300}, 10000), (std::vector<bool>{false, true, true}));
}

TEST(TermPruningTest, KeepsCommonTermsWhenTheyAreAllThereIs) {
  EXPECT_EQ(KeepTerms({5000, 6000, 0}, 10000), (std::vector<bool>{true, true, false}));
}

TEST(TermPruningTest, SmallCollectionsAreNotPruned) {
  EXPECT_EQ(KeepTerms({3, 1}, 4), (std::vector<bool>{true, true}));
}

TEST(TermPruningTest, LongQueriesKeepTheirRarestTerms) {
  PruningParams p;
  p.max_terms = 2;
  EXPECT_EQ(KeepTerms({9, 1, 5, 1}, 100, p), (std::vector<bool>{false, true, false, true}));
}

}  // namespace
}  // namespace engram::store
