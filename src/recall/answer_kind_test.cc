#include "src/recall/answer_kind.h"

#include <gtest/gtest.h>

namespace engram::recall {
namespace {

TEST(AnswerKindTest, QuestionsAskForTheirKind) {
  EXPECT_EQ(AskedKind("刘畅的手机号是多少？", false), AnswerKind::kContact);
  EXPECT_EQ(AskedKind("橘子几岁了？", false), AnswerKind::kAge);
  EXPECT_EQ(AskedKind("How old is Emma?", false), AnswerKind::kAge);
  EXPECT_EQ(AskedKind("我姐姐生日是哪天？", false), AnswerKind::kTime);
  EXPECT_EQ(AskedKind("When is my eye exam?", false), AnswerKind::kTime);
  EXPECT_EQ(AskedKind("What color is my car?", false), AnswerKind::kColour);
  EXPECT_EQ(AskedKind("我的年薪是多少？", false), AnswerKind::kAmount);
  EXPECT_EQ(AskedKind("How much is the gym a month?", false), AnswerKind::kAmount);
  EXPECT_EQ(AskedKind("我女儿的班主任叫什么？", false), AnswerKind::kName);
  EXPECT_EQ(AskedKind("What's the name of Sophie's teacher?", false), AnswerKind::kName);
  EXPECT_EQ(AskedKind("Who is Max's vet?", false), AnswerKind::kName);
}

TEST(AnswerKindTest, OpenQuestionsAskForAnything) {
  EXPECT_EQ(AskedKind("张工提了什么要求？", false), AnswerKind::kAny);
  EXPECT_EQ(AskedKind("Which app do I keep my notes in?", false), AnswerKind::kAny);
  // A count is the number of memories, not a value in one.
  EXPECT_EQ(AskedKind("How many times has Melanie gone camping?", false), AnswerKind::kAny);
  // "Who helped ...": a description ("a close friend") answers it.
  EXPECT_EQ(AskedKind("Who helped Evan get the painting published?", false), AnswerKind::kAny);
  // A past event's own time answers when it happened.
  EXPECT_EQ(AskedKind("年糕上次打疫苗是什么时候？", true), AnswerKind::kAny);
  EXPECT_EQ(AskedKind("When did Caroline go to the support group?", true), AnswerKind::kAny);
}

TEST(AnswerKindTest, NumbersAgesAndAmounts) {
  EXPECT_TRUE(CarriesKind(AnswerKind::kAge, "咪咪今年三岁。", "咪咪几岁了？"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kAge, "Emma turned 7 in May.", "How old is Emma?"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kAmount, "My rent is twenty-one hundred a month.", ""));
  EXPECT_FALSE(CarriesKind(AnswerKind::kAge, "橘子最近胃口不太好。", "橘子几岁了？"));
  // "一家", "one-on-ones": an article, not a number.
  EXPECT_FALSE(CarriesKind(AnswerKind::kAmount, "我在上海一家外企做财务", "我一个月挣多少钱？"));
  EXPECT_FALSE(CarriesKind(AnswerKind::kAmount, "Karen likes one-on-ones on Mondays.", ""));
}

TEST(AnswerKindTest, Times) {
  EXPECT_TRUE(CarriesKind(AnswerKind::kTime, "我姐姐生日是10月3号。", ""));
  EXPECT_TRUE(CarriesKind(AnswerKind::kTime, "周会改到周三下午三点。", ""));
  EXPECT_TRUE(CarriesKind(AnswerKind::kTime, "The review got pushed to next week.", ""));
  EXPECT_TRUE(CarriesKind(AnswerKind::kTime, "Dinner is on Thursday.", ""));
  EXPECT_FALSE(CarriesKind(AnswerKind::kTime, "我姐姐叫林芳，在银行上班", "我姐姐生日是哪天？"));
  EXPECT_FALSE(CarriesKind(AnswerKind::kTime, "I drive a Mazda CX-five.", ""));
  // A digit ending a model name is not a date.
  EXPECT_FALSE(CarriesKind(AnswerKind::kTime, "My laptop is a ThinkPad X1 Carbon.", ""));
  EXPECT_TRUE(CarriesKind(AnswerKind::kTime, "The warranty runs until 2027.", ""));
}

TEST(AnswerKindTest, APhoneNumberOrAShareIsNoTime) {
  EXPECT_FALSE(CarriesKind(AnswerKind::kTime, "张工的手机号是13812345678", ""));
  EXPECT_FALSE(CarriesKind(AnswerKind::kTime, "那笔定期的利率是2.1%", ""));
  EXPECT_FALSE(CarriesKind(AnswerKind::kTime, "我在招商银行开了个定期存款", ""));
  EXPECT_TRUE(CarriesKind(AnswerKind::kTime, "下星期一交", ""));
  EXPECT_TRUE(CarriesKind(AnswerKind::kTime, "婚礼定在十一号", ""));
  EXPECT_EQ(AskedKind("家里空调是哪年买的？", false), AnswerKind::kTime);
}

TEST(AnswerKindTest, Colours) {
  EXPECT_TRUE(CarriesKind(AnswerKind::kColour, "我的车是白色的特斯拉。", ""));
  EXPECT_TRUE(CarriesKind(AnswerKind::kColour, "I drive a blue Mazda.", ""));
  EXPECT_FALSE(CarriesKind(AnswerKind::kColour, "The Outback is great in the snow.", ""));
}

TEST(AnswerKindTest, NamesTheQuestionDoesNotSay) {
  const std::string_view sophie = "What's the name of Sophie's teacher?";
  EXPECT_FALSE(CarriesKind(AnswerKind::kName, "My daughter Sophie started kindergarten.", sophie));
  EXPECT_TRUE(CarriesKind(AnswerKind::kName, "Sophie's teacher is Mrs. Alvarez.", sophie));
  // A title names someone however it is typed.
  EXPECT_TRUE(CarriesKind(AnswerKind::kName, "switched therapists, seeing dr lindqvist now",
                          "who is my therapist"));
  EXPECT_EQ(AskedKind("who is my therapist", false), AnswerKind::kName);
  // A name that begins the sentence is a name; "My" is not.
  EXPECT_TRUE(CarriesKind(AnswerKind::kName, "Olivia is my wife.", "What's my wife's name?"));
  EXPECT_FALSE(CarriesKind(AnswerKind::kName, "My wife is a nurse.", "What's my wife's name?"));
  // Weekdays and months are not names.
  EXPECT_FALSE(CarriesKind(AnswerKind::kName, "Max sees the vet on Monday.", "Who is Max's vet?"));
  const std::string_view teacher = "我女儿的班主任叫什么？";
  EXPECT_FALSE(CarriesKind(AnswerKind::kName, "我女儿今年上初二。", teacher));
  EXPECT_TRUE(CarriesKind(AnswerKind::kName, "班主任是王老师。", teacher));
  EXPECT_TRUE(CarriesKind(AnswerKind::kName, "新组长是赵凯。", "新组长叫什么？"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kName, "我家狗是金毛，叫豆豆", "狗叫什么？"));
  EXPECT_FALSE(CarriesKind(AnswerKind::kName, "我们组长是个好人。", "组长叫什么？"));
  // 叫 naming whom the question already names does not answer it.
  EXPECT_FALSE(CarriesKind(AnswerKind::kName, "我家狗叫豆豆，是只柯基", "豆豆的兽医叫什么名字"));
  EXPECT_EQ(AskedKind("游泳教练姓什么？", false), AnswerKind::kName);
  EXPECT_TRUE(CarriesKind(AnswerKind::kName, "游泳教练姓王。", "游泳教练姓什么？"));
  // A masked value and the name of a school or a company name no person.
  const std::string_view dentist = "What's my dentist's name?";
  EXPECT_FALSE(CarriesKind(AnswerKind::kName, "My email is ⟦EMAIL:k3j9⟧.", dentist));
  EXPECT_FALSE(CarriesKind(AnswerKind::kName, "My daughter goes to Maplewood Elementary.",
                           "What's the name of my daughter's pediatrician?"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kName, "My dentist is Dr. Osei at Lakeside Clinic.", dentist));
}

TEST(AnswerKindTest, AnyIsCarriedByEverything) {
  EXPECT_TRUE(CarriesKind(AnswerKind::kAny, "", "anything"));
}

}  // namespace
}  // namespace engram::recall
