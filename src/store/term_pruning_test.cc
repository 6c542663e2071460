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

}  // namespace
}  // namespace engram::store
