#include "src/recall/text_memo.h"

#include <gtest/gtest.h>

#include "src/extract/entity_extractor.h"
#include "src/recall/relevance.h"
#include "src/recall/staleness.h"
#include "src/text/normalize.h"

namespace engram::recall {
namespace {

const char* const kTexts[] = {"張工的手機號是13812341234", "I moved every note to Obsidian.",
                              "ＡＩ Lab 负责大模型推理优化", "", "我上周搬到杭州了",
                              "张工说财务总监下周要看T-102的合同"};

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
    auto keys = [](const std::vector<extract::EntityMention>& ms) {
      std::vector<std::string> out;
      for (const auto& m : ms) out.push_back(m.key + "@" + std::to_string(m.begin));
      return out;
    };
    const std::vector<std::string> mentions = keys(extract::FindEntityMentions(t));
    auto cues = [](const StatementCues& c) {
      std::vector<std::string> out = c.subjects;
      out.insert(out.end(), c.numbers.begin(), c.numbers.end());
      out.push_back(c.folded + "|" + c.frame + "|" + std::to_string(c.slots) +
                    (c.change ? "c" : "") + (c.replace ? "r" : "") + (c.correction ? "x" : ""));
      return out;
    };
    const std::vector<std::string> read_cues = cues(ReadCues(t));
    EXPECT_EQ(keys(*Mentions(t)), mentions);
    EXPECT_EQ(folded, text::FoldForSearch(t));
    TextMemo memo;
    for (int pass = 0; pass < 2; ++pass) {  // the first reads, the second is served
      EXPECT_EQ(Folded(t), folded) << t;
      EXPECT_EQ(*DocumentWords(t), words) << t;
      EXPECT_EQ(ContentWords(t), content) << t;
      EXPECT_EQ(keys(*Mentions(t)), mentions) << t;
    }
    EXPECT_EQ(memo.folded.size(), 1u);
    EXPECT_EQ(memo.document_words.size(), 1u);
    EXPECT_EQ(memo.content_words.size(), 1u);
    EXPECT_EQ(memo.mentions.size(), 1u);
    TextMemo cue_memo;  // ReadCues folds parts of the text too: counted in a memo of its own
    for (int pass = 0; pass < 2; ++pass) EXPECT_EQ(cues(ReadCues(t)), read_cues) << t;
    EXPECT_EQ(cue_memo.cues.size(), 1u);
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

TEST(TextMemoTest, FoldedPutsBackTheApostropheOfAContraction) {
  EXPECT_EQ(Folded("whats happening with the goalposts"), "what's happening with the goalposts");
  EXPECT_EQ(Folded("I dont drink, Im driving"), "i don't drink, i'm driving");
  EXPECT_EQ(Folded("what's up, I'm here"), "what's up, i'm here");  // already there
  // Words that are something else stay: "its", "were", "ill", "cant" inside a word.
  EXPECT_EQ(Folded("its tail, we were ill"), "its tail, we were ill");
  EXPECT_EQ(Folded("cantaloupe 3im"), "cantaloupe 3im");
}

TEST(WordSetTest, HoldsEachWordOnceAndFindsExactlyThose) {
  EXPECT_EQ(WordSet().count("x"), 0u);
  EXPECT_TRUE(WordSet(std::vector<std::string>{}).empty());
  std::vector<std::string> words;
  for (int i = 0; i < 500; ++i) words.push_back("w" + std::to_string(i % 300));  // repeats
  const WordSet set(words);
  EXPECT_EQ(set.size(), 300u);
  for (int i = 0; i < 300; ++i) EXPECT_EQ(set.count("w" + std::to_string(i)), 1u) << i;
  for (int i = 300; i < 1000; ++i) EXPECT_EQ(set.count("w" + std::to_string(i)), 0u) << i;
  EXPECT_EQ(set.count(""), 0u);
  EXPECT_EQ(set.count("w"), 0u);
  std::vector<std::string> reversed(words.rbegin(), words.rend());
  EXPECT_EQ(WordSet(reversed), set);  // the same words in another order
  reversed.push_back("w300");
  EXPECT_NE(WordSet(reversed), set);
}

}  // namespace
}  // namespace engram::recall
