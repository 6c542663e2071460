#include "src/extract/lifecycle_cues.h"

#include <gtest/gtest.h>

#include "src/text/normalize.h"

namespace engram::extract {
namespace {

bool Temporary(std::string_view s) { return IsTemporaryState(text::FoldForSearch(s)); }
bool Reload(std::string_view s) { return IsContextReload(text::FoldForSearch(s)); }

TEST(LifecycleCuesTest, TemporaryStates) {
  EXPECT_TRUE(Temporary("这周我在上海出差，有事发消息"));
  EXPECT_TRUE(Temporary("今天有点发烧，会议改线上吧"));
  EXPECT_TRUE(Temporary("我暂时不在办公室"));
  EXPECT_TRUE(Temporary("這幾天我在休假"));  // traditional script folds to simplified
  EXPECT_TRUE(Temporary("I'm traveling this week, email me"));
  EXPECT_TRUE(Temporary("Today I'm out of office"));
  EXPECT_TRUE(Temporary("I'm sick, skip the standup"));
}

TEST(LifecycleCuesTest, LastingStatesAreNotTemporary) {
  EXPECT_FALSE(Temporary("我搬到上海了"));
  EXPECT_FALSE(Temporary("我喜欢白天收到推送"));
  EXPECT_FALSE(Temporary("张工的手机号换了"));
  EXPECT_FALSE(Temporary("I moved to Berlin last year"));
  EXPECT_FALSE(Temporary("Today we signed the contract"));
}

TEST(LifecycleCuesTest, ContextReload) {
  EXPECT_TRUE(Reload("我之前说过，我不吃辣"));
  EXPECT_TRUE(Reload("不是跟你说过了吗，周五不开会"));
  EXPECT_TRUE(Reload("As I said before, I'm vegetarian"));
  EXPECT_TRUE(Reload("like I told you, no meetings on Friday"));
  EXPECT_FALSE(Reload("我说一下明天的安排"));
  EXPECT_FALSE(Reload("She said she would come"));
}

}  // namespace
}  // namespace engram::extract
