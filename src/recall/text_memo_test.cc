#include "src/recall/text_memo.h"

#include <gtest/gtest.h>

#include "src/recall/relevance.h"
#include "src/text/normalize.h"

namespace engram::recall {
namespace {

const char* const kTexts[] = {"張工的手機號是13812341234", "I moved every note to Obsidian.",
                              "ＡＩ Lab 负责大模型推理优化", "", "我上周搬到杭州了"};

TEST(TextMemoTest, ServesOnlyTheThreadAndScopeThatMadeIt) {
  EXPECT_EQ(TextMemo::Current(), nullptr);
  {
    TextMemo outer;
    EXPECT_EQ(TextMemo::Current(), &outer);
    {
      TextMemo inner;
      EXPECT_EQ(TextMemo::Current(), &inner);
    }
    EXPECT_EQ(TextMemo::Current(), &outer);
  }
  EXPECT_EQ(TextMemo::Current(), nullptr);
}

TEST(TextMemoTest, ResultsAreTheSameWithAndWithoutAMemo) {
  for (const char* t : kTexts) {
    const std::string folded = Folded(t);
    const WordSet words = *DocumentWords(t);
    const std::vector<std::string> content = ContentWords(t);
    EXPECT_EQ(folded, text::FoldForSearch(t));
    TextMemo memo;
    for (int pass = 0; pass < 2; ++pass) {  // the first reads, the second is served
      EXPECT_EQ(Folded(t), folded) << t;
      EXPECT_EQ(*DocumentWords(t), words) << t;
      EXPECT_EQ(ContentWords(t), content) << t;
    }
    EXPECT_EQ(memo.folded.size(), 1u);
    EXPECT_EQ(memo.document_words.size(), 1u);
    EXPECT_EQ(memo.content_words.size(), 1u);
  }
}

TEST(TextMemoTest, KeepsEachTextOnceAndTellsTextsApart) {
  TextMemo memo;
  const auto a = DocumentWords("张工的手机号");
  const auto b = DocumentWords("张工的手机号");
  const auto c = DocumentWords("李工的手机号");
  EXPECT_EQ(a.get(), b.get());  // served, not read again
  EXPECT_NE(*a, *c);
  EXPECT_TRUE(a->count("张工"));
  EXPECT_FALSE(a->count("李工"));
  EXPECT_EQ(memo.document_words.size(), 2u);
}

}  // namespace
}  // namespace engram::recall
