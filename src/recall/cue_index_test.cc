#include "src/recall/cue_index.h"

#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace engram::recall {
namespace {

TEST(HasCue, AsciiCuesMatchWholeWordsOnly) {
  EXPECT_TRUE(HasCue("i moved to denver", "moved to"));
  EXPECT_FALSE(HasCue("i removed tools", "moved"));
  EXPECT_FALSE(HasCue("teacher", "tea"));
  EXPECT_TRUE(HasCue("tea, please", "tea"));
  EXPECT_TRUE(HasCue("我搬到杭州了", "搬到"));
}

TEST(HasCue, UnnegatedSkipsANegatedOccurrenceButFindsALaterOne) {
  EXPECT_FALSE(HasCue("i won't quit", "quit", /*unnegated=*/true));
  EXPECT_TRUE(HasCue("i won't quit", "quit"));
  EXPECT_TRUE(HasCue("i never quit smoking, then i quit", "quit", /*unnegated=*/true));
}

TEST(CueIndex, OrsTheBitsOfEveryCueFound) {
  const CueIndex index({{"phone", 1}, {"搬到", 2}, {"tea", 4}, {"no", 8}, {"喝", 16}});
  EXPECT_EQ(index.Match("my phone, 我搬到杭州"), 3u);
  EXPECT_EQ(index.Match("teacher"), 0u);
  EXPECT_EQ(index.Match("no tea"), 12u);
  EXPECT_EQ(index.Match("我喝茶"), 16u);
  EXPECT_EQ(index.Match(""), 0u);
}

// Random texts built from the cues themselves, their parts, negations and word characters:
// the index finds exactly what a search per cue finds, with and without `unnegated`.
TEST(CueIndex, FirstIsWhereTheEarliestCueBegins) {
  const CueIndex index({{"moved to", 1}, {"喝", 2}, {"no", 4}});
  EXPECT_EQ(index.First("the billing service moved to rack 12"), 20u);
  EXPECT_EQ(index.First("我每天喝茶, now moved to coffee"), 9u);     // a short cue, in bytes
  EXPECT_EQ(index.First("it removed to-dos; no tea, moved to x"), 19u);  // whole words only
  EXPECT_EQ(index.First("nothing here"), std::string_view::npos);
}

TEST(CueIndex, AgreesWithASearchPerCue) {
  const std::vector<std::string_view> cue_texts = {
      "moved to", "moved", "no longer", "quit", "tea", "i'm", "e-mail", "喝", "搬到", "不再",
      "换成", "in progress", "on hold", "done", "ab", "x", "最喜欢的", "手机", "switched to"};
  std::vector<CueIndex::Cue> cues;
  for (size_t i = 0; i < cue_texts.size(); ++i) {
    cues.push_back({cue_texts[i], 1u << i});
  }
  const CueIndex index(cues);
  const std::vector<std::string> parts = {
      "moved", " to", "to ", "no ", "not ", "won't ", "never ", "longer", "quit", "tea",
      "cher", "i'm", "'", "e-", "mail", "喝", "搬", "到", "不再", "换成", "in ", "progress",
      "on", " hold", "done", "ab", "x", "最喜欢", "的", "手机", "switched", ",", ".", " ", "a",
      "z", "9", "。"};
  std::mt19937 rng(7);
  for (int round = 0; round < 5000; ++round) {
    std::string text;
    const int n = static_cast<int>(rng() % 12);
    for (int k = 0; k < n; ++k) text += parts[rng() % parts.size()];
    for (bool unnegated : {false, true}) {
      uint32_t want = 0;
      for (const CueIndex::Cue& c : cues) {
        if (HasCue(text, c.text, unnegated)) want |= c.bits;
      }
      ASSERT_EQ(index.Match(text, unnegated), want) << "'" << text << "' unnegated=" << unnegated;
    }
  }
}

}  // namespace
}  // namespace engram::recall
