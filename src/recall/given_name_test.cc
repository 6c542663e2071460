#include "src/recall/given_name.h"

#include <gtest/gtest.h>

#include "src/recall/text_memo.h"

namespace engram::recall {
namespace {

std::string NameIn(std::string_view text) { return GivenName(Folded(text)); }

TEST(GivenNameTest, ANameAfterANamingCue) {
  EXPECT_EQ(NameIn("我家猫叫豆包 英短蓝猫"), "豆包");
  EXPECT_EQ(NameIn("我们用的牛群管理软件叫牧云 每天录数据"), "牧云");
  EXPECT_EQ(NameIn("狗狗的名字叫旺财"), "旺财");
  EXPECT_EQ(NameIn("pretrip checklist app we use is called zonar"), "zonar");
  EXPECT_EQ(NameIn("got a puppy named biscuit, he's tiny"), "biscuit");
  EXPECT_EQ(NameIn("the band is called the blue notes."), "the blue notes");
}

TEST(GivenNameTest, NoNameWhereTheCueNamesNothingOrTwoThings) {
  EXPECT_EQ(NameIn("今天叫了外卖"), "");
  EXPECT_EQ(NameIn("妈妈叫我回家吃饭"), "");
  EXPECT_EQ(NameIn("the vet called me back"), "");
  EXPECT_EQ(NameIn("the cat is called milo and the dog is called rex"), "");
  EXPECT_EQ(NameIn("zonar tablet froze during pretrip"), "");
}

TEST(GivenNameTest, SaysANameAsAWholeWord) {
  EXPECT_TRUE(SaysName("zonar tablet froze", "zonar"));
  EXPECT_FALSE(SaysName("zonars are great", "zonar"));
  EXPECT_TRUE(SaysName("宠物医院登记名字 写的豆包", "豆包"));
}

}  // namespace
}  // namespace engram::recall
