#include "src/recall/statement_frame.h"

#include <gtest/gtest.h>

#include "src/text/normalize.h"

namespace engram::recall {
namespace {

std::string FrameOf(std::string_view text) { return StatementFrame(text::FoldForSearch(text)); }

TEST(StatementFrameTest, NamesTheThingBeforeTheCopula) {
  EXPECT_EQ(FrameOf("My WiFi password is BlueHeron#88."), "my wifi password is");
  EXPECT_EQ(FrameOf("My favorite band is The National."), "my favorite band is");
  EXPECT_EQ(FrameOf("The kitchen remodel is on hold."), "the kitchen remodel is");
  EXPECT_EQ(FrameOf("我的体重是71公斤"), "我的体重是");
  EXPECT_EQ(FrameOf("我家地址是望京西园三区121号楼"), "我家地址是");
  // Two statements of one thing share the frame, whatever the value.
  EXPECT_EQ(FrameOf("My emergency contact is my brother Tom."),
            FrameOf("My emergency contact is my wife, Elena."));
}

// An English label before a colon is a frame, colon kept; not one with a number, nor in Chinese.
TEST(StatementFrameTest, ALabelIsAFrame) {
  EXPECT_EQ(FrameOf("production office: suite 500, 1133 w pender"), "production office:");
  EXPECT_TRUE(IsLabel(FrameOf("production office: suite 500, 1133 w pender")));
  // A dash set apart by spaces labels as a colon does.
  EXPECT_EQ(FrameOf("coffee order — medium oat latte 1 sugar"), "coffee order:");
  EXPECT_EQ(FrameOf("coffee order: large skinny cap, no sugar"), "coffee order:");
  EXPECT_EQ(FrameOf("Sept 21: Okafor, Millbrook Barn"), "");
  EXPECT_EQ(FrameOf("这学期班委选举结果：班长陈浩然"), "");
  EXPECT_FALSE(IsLabel(FrameOf("my favorite band is Heat")));
}

TEST(StatementFrameTest, TooLittleNamedIsNoFrame) {
  EXPECT_EQ(FrameOf("I am tired."), "");
  EXPECT_EQ(FrameOf("Priya is joining our team next month."), "");
  EXPECT_EQ(FrameOf("The weather is nice."), "");
  EXPECT_EQ(FrameOf("我是程序员"), "");
  EXPECT_EQ(FrameOf("他是谁"), "");
}

TEST(StatementFrameTest, NegatedAdditiveOrLaterClausesAreNoFrame) {
  EXPECT_EQ(FrameOf("My favorite band is also Radiohead."), "");
  EXPECT_EQ(FrameOf("My WiFi password is not Sunflower."), "");
  EXPECT_EQ(FrameOf("My home office is now upstairs."), "");  // a change: the cues read it
  EXPECT_EQ(FrameOf("我的体重不是78公斤"), "");
  EXPECT_EQ(FrameOf("我的体重也是71公斤"), "");
  EXPECT_EQ(FrameOf("我们组但是没人管"), "");
  EXPECT_EQ(FrameOf("Thanks Maria, my favorite band is Radiohead."), "");
  EXPECT_EQ(FrameOf("我喜欢的乐队，是五月天"), "");
  EXPECT_EQ(FrameOf("My favorite band is"), "");  // no value
}

TEST(StatementFrameTest, OneWordAfterMyNamesEnough) {
  EXPECT_EQ(StatementFrame("my accountant is gary holt in bootle"), "my accountant is");
  EXPECT_EQ(StatementFrame("my go-to beer: summit epa"), "my go-to beer:");
  EXPECT_EQ(StatementFrame("priya is great with kids"), "");
  EXPECT_EQ(StatementFrame("my mum is visiting"), "my mum is");
}

TEST(StatementFrameTest, ALabelBeforeACodeIsAFrame) {
  EXPECT_EQ(StatementFrame("家里wifi密码 lj88886666"), "家里wifi密码");
  EXPECT_EQ(StatementFrame("办公室wifi密码 yw20240601"), "办公室wifi密码");
  EXPECT_EQ(StatementFrame("back gate code 4521#"), "back gate code");
  EXPECT_EQ(StatementFrame("店里wifi密码 lzmian888 客人老问"), "店里wifi密码");
  EXPECT_EQ(StatementFrame("收银平板密码0618 别告诉服务员"), "收银平板密码");
  EXPECT_EQ(StatementFrame("下个月广交会 展位号 12.2 e15"), "");  // "12" ends a clause
  // Not a label with a number, a word that names no code, or a short value.
  EXPECT_EQ(StatementFrame("3号楼门禁码 4521"), "");
  EXPECT_EQ(StatementFrame("called mum at 1400"), "");
  EXPECT_EQ(StatementFrame("门禁密码 12"), "");
  EXPECT_EQ(StatementFrame("wifi密码 abc123"), "wifi密码");
  EXPECT_EQ(StatementFrame("密码 abc123"), "");  // 密码 alone names too little
}

}  // namespace
}  // namespace engram::recall
