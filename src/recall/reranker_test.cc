#include "src/recall/reranker.h"

#include <gtest/gtest.h>

namespace engram::recall {
namespace {

TEST(LexicalOverlapTest, ShareOfQueryTokensFound) {
  EXPECT_DOUBLE_EQ(LexicalOverlap("接口文档", "张工说要验收接口文档"), 1.0);
  EXPECT_DOUBLE_EQ(LexicalOverlap("oat milk", "she likes oat cookies"), 0.5);
  EXPECT_DOUBLE_EQ(LexicalOverlap("?!", "anything"), 0.0);
}

TEST(LexicalOverlapRerankerTest, MovesTheFullerMatchUp) {
  std::vector<RecallHit> hits(2);
  hits[0].memory.content = "milk prices rose";
  hits[0].score = 1.0;
  hits[1].memory.content = "Alice prefers oat milk";
  hits[1].score = 0.9;
  NewLexicalOverlapReranker(0.5)->Rerank("oat milk", &hits);
  EXPECT_EQ(hits[0].memory.content, "Alice prefers oat milk");
  EXPECT_DOUBLE_EQ(hits[0].explanation.rerank, 1.5);
  EXPECT_DOUBLE_EQ(hits[1].explanation.rerank, 1.25);
}

}  // namespace
}  // namespace engram::recall
