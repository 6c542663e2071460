#include "src/recall/query_terms.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace engram::recall {
namespace {

using ::testing::ElementsAre;

TEST(QueryTermsTest, SlicesOfTheOriginalQuery) {
  EXPECT_THAT(KeywordTerms("接口文档"), ElementsAre("接口", "口文", "文档"));
  EXPECT_THAT(KeywordTerms("工单T-102"), ElementsAre("工单", "T-102"));
  EXPECT_THAT(KeywordTerms("會議"), ElementsAre("會議"));
}

TEST(QueryTermsTest, DeduplicatesAndDropsPunctuation) {
  EXPECT_THAT(KeywordTerms("Docs, docs!! DOCS?"), ElementsAre("Docs"));
  EXPECT_TRUE(KeywordTerms("?!。，").empty());
}

TEST(QueryTermsTest, LeavesOutFunctionAndQuestionWordsUnlessThatIsAll) {
  EXPECT_THAT(KeywordTerms("What's the wireless network key at home?"),
              ElementsAre("wireless", "network", "key", "home"));
  EXPECT_THAT(KeywordTerms("我的体重是多少？"), ElementsAre("体重"));
  EXPECT_THAT(KeywordTerms("What is it?"), ElementsAre("What", "is", "it"));
}

}  // namespace
}  // namespace engram::recall
