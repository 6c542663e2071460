#include "src/recall/word_kin.h"

#include <gtest/gtest.h>

#include "src/recall/relevance.h"

namespace engram::recall {
namespace {

TEST(WordKinTest, AQuestionWordIsFoundByAWordOfItsSense) {
  auto found = [](std::string_view query, std::string_view text) {
    const std::vector<std::string> words = ContentWords(query);
    const std::vector<bool> f = WithKinFound(words, text, WordsFound(words, text));
    return std::count(f.begin(), f.end(), true);
  };
  EXPECT_EQ(found("who's my PCP", "my primary care doc is dr. lindqvist"), 1);
  EXPECT_EQ(found("who's my boss", "we've a new supervisor now, ciaran walsh"), 1);
  EXPECT_EQ(found("我的直属领导叫什么", "我们站长是刘姐"), 1);
  EXPECT_EQ(found("我的员工编号多少", "工号打错了 应该是ZJ20837"), 1);
  EXPECT_EQ(found("what's the combination", "shed code is 4471"), 1);
  EXPECT_EQ(found("who do i work for", "started at belfast harbour this week"), 1);
  EXPECT_EQ(found("who's my boss", "my chargehand is now dean moss"), 1);
  EXPECT_EQ(found("what part of dublin do i live in", "moved to a place in crumlin"), 1);
  // Read from the question's word to the statement's: a manager of anything is no boss.
  EXPECT_EQ(found("who's my boss", "tour manager's number is 512-555-0199"), 0);
  // Whole words in Latin script: "doc" is not in "docks".
  EXPECT_EQ(found("who's my doctor", "the boat docks at 9"), 0);
  // A thing one lives in is no question of where one lives.
  EXPECT_EQ(found("how much is the apartment", "he lives upstairs"), 0);
  EXPECT_TRUE(KinOf("unheard").empty());
}

}  // namespace
}  // namespace engram::recall
