#include "src/recall/answer_kind.h"

#include <gtest/gtest.h>

#include "src/recall/answer_time.h"

namespace engram::recall {
namespace {

TEST(AnswerKindTest, QuestionsAskForTheirKind) {
  EXPECT_EQ(AskedKind("刘畅的手机号是多少？", false), AnswerKind::kContact);
  EXPECT_EQ(AskedKind("橘子几岁了？", false), AnswerKind::kAge);
  EXPECT_EQ(AskedKind("How old is Emma?", false), AnswerKind::kAge);
  EXPECT_EQ(AskedKind("我姐姐生日是哪天？", false), AnswerKind::kDate);
  EXPECT_EQ(AskedKind("When is my eye exam?", false), AnswerKind::kTime);
  EXPECT_EQ(AskedKind("What color is my car?", false), AnswerKind::kColour);
  EXPECT_EQ(AskedKind("我的年薪是多少？", false), AnswerKind::kMoney);
  EXPECT_EQ(AskedKind("我的体重是多少？", false), AnswerKind::kAmount);
  EXPECT_EQ(AskedKind("How much is the gym a month?", false), AnswerKind::kAmount);
  EXPECT_EQ(AskedKind("我女儿的班主任叫什么？", false), AnswerKind::kName);
  EXPECT_EQ(AskedKind("What's the name of Sophie's teacher?", false), AnswerKind::kName);
  EXPECT_EQ(AskedKind("Who is Max's vet?", false), AnswerKind::kName);
}

// A name given by a word however typed, a length in inches, a masked phone number.
TEST(AnswerKindTest, NamesGivenLengthsAndMaskedNumbersAreCarried) {
  EXPECT_TRUE(CarriesKind(AnswerKind::kName, "actually neighbor's name is harold not gerald",
                          "what's the name of dad's neighbor"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kName, "got a puppy named biscuit", "what's my dog called"));
  EXPECT_FALSE(CarriesKind(AnswerKind::kName, "my accountant is great", "who's my accountant"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kName, "jen left, my new boss is carlos", "who's my boss"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kName, "new org chart dropped, my manager is now tom briggs",
                          "who's my boss?"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kName,
                          "relief milker for weekends: colm o'driscoll, good lad",
                          "who's my weekend relief milker"));
  EXPECT_FALSE(CarriesKind(AnswerKind::kName, "My cat Milo is 7 years old.",
                           "What's the name of Milo's vet?"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kIdentifier, "wifi password for the clinic is greenmtn!paws",
                          "clinic wifi password?"));
  // A name in Chinese after 是 / 换成, or a surname before 先生; not a kind ("是只柯基").
  EXPECT_TRUE(CarriesKind(AnswerKind::kBrand, "月子中心是馨月汇,28天5万6", "月子中心最后定的哪家"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kName, "日语项目换对接人了,现在找田中先生", "日语项目现在找谁对接"));
  EXPECT_FALSE(CarriesKind(AnswerKind::kName, "我家狗叫豆豆的事", "豆豆的兽医叫什么名字"));
  EXPECT_FALSE(CarriesKind(AnswerKind::kBrand, "家里养的是只柯基", "狗粮是什么牌子"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kSize, "she should go 11.5 inch for 2nd base",
                          "what size glove am i getting maddie"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kSize, "买了个65寸的电视", "电视多大尺寸"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kAmount, "ring riverside on ⟦PHONE:ab3now7xk2pq5rst⟧",
                          "what's the number for the flyer printer"));
  EXPECT_FALSE(CarriesKind(AnswerKind::kAmount, "ring riverside about the april flyers",
                           "what's the number for the flyer printer"));
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
  // What someone does asks for an act, whatever else it names; a mobile game is no phone.
  EXPECT_EQ(AskedKind("What is John planning to do after receiving Samantha's phone number?",
                      false),
            AnswerKind::kAny);
  EXPECT_EQ(AskedKind("What type of game is John's upcoming mobile game?", false),
            AnswerKind::kAny);
  EXPECT_EQ(AskedKind("what's her mobile?", false), AnswerKind::kContact);
  EXPECT_EQ(AskedKind("what's dave's cell number", false), AnswerKind::kContact);
  EXPECT_EQ(AskedKind("老周今年多大", false), AnswerKind::kAge);
  EXPECT_FALSE(CarriesKind(AnswerKind::kAge, "老周一周练三次 一三五晚上", "老周今年多大"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kAge, "奶奶今年八十了", "奶奶多大年纪"));
  EXPECT_EQ(AskedKind("hale's cell for after hours?", false), AnswerKind::kContact);
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
  EXPECT_TRUE(CarriesKind(AnswerKind::kTime, "museum shifts got moved, i'm doing sundays now",
                          "which day do i volunteer at the fire museum"));
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
  // A masked value's id is no number, whatever it begins with.
  EXPECT_FALSE(CarriesKind(AnswerKind::kTime, "同事陈晨的手机号是⟦PHONE:73kl4ts3c7tb27ld⟧。", ""));
  EXPECT_TRUE(CarriesKind(AnswerKind::kTime, "下星期一交", ""));
  EXPECT_TRUE(CarriesKind(AnswerKind::kTime, "婚礼定在十一号", ""));
  EXPECT_EQ(AskedKind("家里空调是哪年买的？", false), AnswerKind::kTime);
}

TEST(AnswerKindTest, HowBigAPlaceIsMayBeAnArea) {
  ASSERT_EQ(AskedKind("东圈有多大", false), AnswerKind::kSize);
  EXPECT_TRUE(CarriesKind(AnswerKind::kSize, "东边圈面积我打错了 是54亩", "东圈有多大"));
  EXPECT_FALSE(CarriesKind(AnswerKind::kSize, "东边圈今年多投点苗", "东圈有多大"));
}

TEST(AnswerKindTest, ColoursOfHair) {
  const char* q = "what colour was my hair before the platinum";
  ASSERT_EQ(AskedKind(q, true), AnswerKind::kColour);
  EXPECT_TRUE(CarriesKind(AnswerKind::kColour, "my own hair's copper at the mo", q));
  EXPECT_FALSE(CarriesKind(AnswerKind::kColour, "new scissors arrived, jaguar ones", q));
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

TEST(AnswerKindTest, NoSentenceVerbOrPlaceIsAName) {
  const std::string_view piano = "What's my piano teacher's name?";
  EXPECT_FALSE(CarriesKind(AnswerKind::kName, "Started learning piano, 30 min a day.", piano));
  EXPECT_FALSE(CarriesKind(AnswerKind::kName, "Booked a trial lesson.", piano));
  EXPECT_FALSE(CarriesKind(AnswerKind::kName, "My grandson is studying engineering in Toronto.",
                           "What's my grandson's girlfriend's name?"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kName, "His girlfriend is Mia.",
                          "What's my grandson's girlfriend's name?"));
  EXPECT_EQ(AskedKind("旺财的兽医是谁？", false), AnswerKind::kName);
  EXPECT_FALSE(CarriesKind(AnswerKind::kName, "旺财每天早晚各遛一次", "旺财的兽医是谁？"));
  // An employer is an organisation: 是谁 alone asks for no name.
  EXPECT_EQ(AskedKind("我的雇主是谁？", false), AnswerKind::kAny);
}

TEST(AnswerKindTest, MoneyIsNoCountOfAnotherUnit) {
  EXPECT_EQ(AskedKind("我那个吸尘器花了多少钱", false), AnswerKind::kMoney);
  EXPECT_EQ(AskedKind("What is the budget for the CRM migration?", false), AnswerKind::kMoney);
  EXPECT_EQ(AskedKind("How much did I pay for the couch?", false), AnswerKind::kMoney);
  // Money words that do not ask for an amount.
  EXPECT_EQ(AskedKind("What happened with the laptop budget request?", false), AnswerKind::kAny);
  EXPECT_NE(AskedKind("Who do I rent from?", false), AnswerKind::kMoney);
  EXPECT_NE(AskedKind("我的工资发到哪个银行？", false), AnswerKind::kMoney);
  const std::string_view q = "游泳课一节多少钱";
  EXPECT_FALSE(CarriesKind(AnswerKind::kMoney, "游泳课每次一个半小时", q));
  EXPECT_FALSE(CarriesKind(AnswerKind::kMoney, "入了台戴森V12吸尘器", q));
  EXPECT_FALSE(CarriesKind(AnswerKind::kMoney, "I'm leading the Q3 migration to the new CRM.", q));
  EXPECT_FALSE(CarriesKind(AnswerKind::kMoney, "Practicing chords every evening for 20 minutes.", q));
  EXPECT_FALSE(CarriesKind(AnswerKind::kMoney, "一个月去三次", q));
  EXPECT_FALSE(CarriesKind(AnswerKind::kMoney, "周四下午要去批发市场看看新到的海鲜", q));
  EXPECT_FALSE(CarriesKind(AnswerKind::kMoney, "walk-in fridge holds at 3°C", q));
  EXPECT_TRUE(CarriesKind(AnswerKind::kMoney, "一节课两百块", q));
  // A fee or a rate may be a share; an amount asked for is not.
  EXPECT_TRUE(CarriesKind(AnswerKind::kMoney, "Flat A's letting agent charges me 12% of the rent",
                          "What fee was the agent charging before?"));
  EXPECT_FALSE(CarriesKind(AnswerKind::kMoney, "rent went up 5%", "How much is my rent?"));
  // What a thing is for is no job; an old name is any name.
  EXPECT_EQ(AskedKind("我以前的课题是做什么的？", true), AnswerKind::kAny);
  EXPECT_EQ(AskedKind("我姐夫是做什么的？", false), AnswerKind::kJob);
  EXPECT_EQ(AskedKind("御膳坊原来叫什么名字？", true), AnswerKind::kAny);
  EXPECT_TRUE(CarriesKind(AnswerKind::kMoney, "花了三千多", q));
  EXPECT_TRUE(CarriesKind(AnswerKind::kMoney, "4999入的", q));
  EXPECT_TRUE(CarriesKind(AnswerKind::kMoney, "Budget is 40k.", q));
  EXPECT_TRUE(CarriesKind(AnswerKind::kMoney, "We have fifty thousand for it.", q));
}

TEST(AnswerKindTest, BrandsAndModels) {
  const std::string_view q = "我的扫地机器人是什么牌子的";
  EXPECT_EQ(AskedKind(q, false), AnswerKind::kBrand);
  EXPECT_EQ(AskedKind("what brand is my bike", false), AnswerKind::kBrand);
  EXPECT_FALSE(CarriesKind(AnswerKind::kBrand, "新买了一台扫地机器人 还挺好用", q));
  EXPECT_FALSE(CarriesKind(AnswerKind::kBrand, "家里是木地板 怕刮花", q));
  EXPECT_TRUE(CarriesKind(AnswerKind::kBrand, "买了科沃斯", q));
  EXPECT_TRUE(CarriesKind(AnswerKind::kBrand, "家里空调是格力的", q));
  EXPECT_TRUE(CarriesKind(AnswerKind::kBrand, "入了台戴森V12吸尘器", q));
  EXPECT_TRUE(CarriesKind(AnswerKind::kBrand, "狗粮换成了渴望", "狗粮是哪个牌子？"));
  const std::string_view bike = "what brand is my bike";
  EXPECT_FALSE(CarriesKind(AnswerKind::kBrand, "got a new bike last wk, commuting on it now", bike));
  EXPECT_FALSE(CarriesKind(AnswerKind::kBrand, "bought a used road bike, 56cm frame", bike));
  EXPECT_TRUE(CarriesKind(AnswerKind::kBrand, "my Trek is great", bike));
}

TEST(AnswerKindTest, PlacesOfAKind) {
  const std::string_view hotel = "我成都住哪个酒店";
  EXPECT_EQ(AskedKind(hotel, false), AnswerKind::kPlace);
  EXPECT_FALSE(CarriesKind(AnswerKind::kPlace, "下周要去成都出差", hotel));
  EXPECT_TRUE(CarriesKind(AnswerKind::kPlace, "这次住在全季", hotel));
  EXPECT_TRUE(CarriesKind(AnswerKind::kPlace, "订了亚朵酒店", hotel));
  EXPECT_FALSE(CarriesKind(AnswerKind::kPlace, "上次那个澳门来的大客户 林先生 买了两块劳力士",
                           "林先生住哪个酒店"));
  // Which street: its name, without a number.
  EXPECT_TRUE(CarriesKind(AnswerKind::kPlace, "店在城中区莫家街", "店以前开在哪条街"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kPlace, "工作室搬到徐汇了 天钥桥路 租金便宜点",
                          "我工作室地址是哪里"));
  EXPECT_FALSE(CarriesKind(AnswerKind::kPlace, "过马路的时候看手机", "店以前开在哪条街"));
  // Where someone lives: a home, not a place said of something else.
  const std::string_view lives = "where does jerome live";
  EXPECT_EQ(AskedKind(lives, false), AnswerKind::kPlace);
  EXPECT_FALSE(CarriesKind(AnswerKind::kPlace, "jerome's kid just started at nocca", lives));
  EXPECT_TRUE(CarriesKind(AnswerKind::kPlace, "jerome lives out in gentilly now", lives));
  EXPECT_TRUE(CarriesKind(AnswerKind::kPlace, "jerome moved to Baton Rouge", lives));
  const std::string_view school = "娃现在在哪所学校念书？";
  EXPECT_EQ(AskedKind(school, false), AnswerKind::kPlace);
  EXPECT_TRUE(CarriesKind(AnswerKind::kPlace, "孩子这学期转学到实验小学了。", school));
  // The thing a name is asked of, then its name.
  EXPECT_TRUE(CarriesKind(AnswerKind::kName, "医生开的降压药 苯磺酸氨氯地平 每天早上一片 5mg",
                          "我吃的降压药叫啥"));
  EXPECT_FALSE(CarriesKind(AnswerKind::kName, "降压药 每天早上一片", "我吃的降压药叫啥"));
  EXPECT_EQ(AskedKind("船上那个北斗设备号多少", false), AnswerKind::kIdentifier);
  // A person's name right after the role asked by.
  EXPECT_TRUE(CarriesKind(AnswerKind::kName, "校医刘娟 电话在办公室墙上贴着", "校医叫什么"));
  EXPECT_FALSE(CarriesKind(AnswerKind::kName, "校医室在二楼", "校医叫什么"));
  // A school by its number; not an hour or a noon.
  const std::string_view taught = "我以前在哪个学校教书";
  EXPECT_TRUE(CarriesKind(AnswerKind::kPlace, "我在八十三中教物理 第六年了", taught));
  EXPECT_TRUE(CarriesKind(AnswerKind::kPlace, "这学期起调到26中了", taught));
  EXPECT_FALSE(CarriesKind(AnswerKind::kPlace, "备课一小时 周一中午开会", taught));
  const std::string_view venue = "Where is Tasha's wedding venue?";
  EXPECT_EQ(AskedKind(venue, false), AnswerKind::kPlace);
  EXPECT_FALSE(CarriesKind(AnswerKind::kPlace, "My best friend Tasha is getting married in September.", venue));
  EXPECT_FALSE(CarriesKind(AnswerKind::kPlace, "I'm one of Tasha's bridesmaids.", venue));
  EXPECT_TRUE(CarriesKind(AnswerKind::kPlace, "It's at the Grand Hyatt.", venue));
  // An address is where one lives, not the kind of place one works at.
  const std::string_view address = "What's Clara's new address in Denver?";
  EXPECT_FALSE(CarriesKind(AnswerKind::kPlace, "Clara's new job is at a hospital.", address));
  EXPECT_TRUE(CarriesKind(AnswerKind::kPlace, "Clara lives at 1420 pine street now.", address));
  // The address of an e-mail is a contact.
  EXPECT_NE(AskedKind("给雅婷发邮件该用哪个地址？", false), AnswerKind::kPlace);
  EXPECT_NE(AskedKind("What address should colleagues use to reach me?", false), AnswerKind::kPlace);
}

TEST(AnswerKindTest, AJobIsWorkATradeOrAWorkplace) {
  const std::string_view marcus = "What does Marcus do for work?";
  EXPECT_EQ(AskedKind(marcus, false), AnswerKind::kJob);
  EXPECT_EQ(AskedKind("我哥是干啥工作的", false), AnswerKind::kJob);
  EXPECT_FALSE(CarriesKind(AnswerKind::kJob, "My brother Marcus lives in Seattle.", marcus));
  EXPECT_TRUE(CarriesKind(AnswerKind::kJob, "Marcus is a nurse at Swedish.", marcus));
  EXPECT_TRUE(CarriesKind(AnswerKind::kJob, "Marcus works for Amazon.", marcus));
  EXPECT_FALSE(CarriesKind(AnswerKind::kJob, "我哥下个月结婚 要当伴郎", "我哥是干啥工作的"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kJob, "我哥在银行上班", "我哥是干啥工作的"));
}

TEST(AnswerKindTest, SizesLevelsAndModels) {
  const std::string_view size = "我老婆穿多大码的衣服";
  EXPECT_EQ(AskedKind(size, false), AnswerKind::kSize);
  EXPECT_FALSE(CarriesKind(AnswerKind::kSize, "老婆生日下个月20号", size));
  EXPECT_TRUE(CarriesKind(AnswerKind::kSize, "老婆衣服穿M码", size));
  EXPECT_TRUE(CarriesKind(AnswerKind::kSize, "My shoe size is 10.5 US.", "what's my shoe size"));
  // A weekday is no count: 几级 is not answered by 每周六.
  const std::string_view level = "帮我查下儿子钢琴考到几级了";
  EXPECT_EQ(AskedKind(level, false), AnswerKind::kAmount);
  EXPECT_FALSE(CarriesKind(AnswerKind::kAmount, "儿子在学钢琴 每周六上课", level));
  EXPECT_TRUE(CarriesKind(AnswerKind::kAmount, "儿子钢琴考过了五级", level));
  EXPECT_EQ(AskedKind("宝宝出生的时候多重来着", false), AnswerKind::kAmount);
  EXPECT_FALSE(CarriesKind(AnswerKind::kMoney, "先招十个人试试", "一个人收多少钱"));
  const std::string_view kindle = "Which Kindle model did I buy?";
  EXPECT_EQ(AskedKind(kindle, false), AnswerKind::kBrand);
  EXPECT_FALSE(CarriesKind(AnswerKind::kBrand, "thinking about getting a kindle for reading", kindle));
  EXPECT_TRUE(CarriesKind(AnswerKind::kBrand, "got the Kindle Paperwhite", kindle));
}

TEST(AnswerKindTest, AnyIsCarriedByEverything) {
  EXPECT_TRUE(CarriesKind(AnswerKind::kAny, "", "anything"));
}

TEST(AnswerKindTest, ABirthdayOrADateIsADayOfTheCalendar) {
  EXPECT_EQ(AskedKind("张工的生日是哪天？", false), AnswerKind::kDate);
  EXPECT_EQ(AskedKind("when is Cindy's birthday?", false), AnswerKind::kDate);
  EXPECT_EQ(AskedKind("What date is the latte art throwdown?", false), AnswerKind::kDate);
  EXPECT_EQ(AskedKind("What time is our anniversary dinner?", false), AnswerKind::kTime);
  EXPECT_EQ(AskedKind("Who performed at the concert at Melanie's daughter's birthday?", false),
            AnswerKind::kAny);
  const std::string_view q = "张工的生日是哪天？";
  EXPECT_TRUE(CarriesKind(AnswerKind::kDate, "张工生日是8月16号", q));
  EXPECT_TRUE(CarriesKind(AnswerKind::kDate, "我妈生日是农历八月初六", q));
  EXPECT_TRUE(CarriesKind(AnswerKind::kDate, "媳妇生日腊月十八", q));
  // A day said from the memory's time, or a month alone, is a birthday only when named so.
  EXPECT_FALSE(CarriesKind(AnswerKind::kDate, "小刘今天雕了只老虎 有模有样", "小刘生日是哪天"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kDate, "今天是小刘生日", "小刘生日是哪天"));
  EXPECT_FALSE(CarriesKind(AnswerKind::kDate, "Kelly on the booking desk started in January",
                           "when's kelly's birthday"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kDate, "kelly turns 30 on january 5",
                          "when's kelly's birthday"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kDate, "last night we celebrated kelly's birthday",
                          "when's kelly's birthday"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kDate, "My sister Emma's birthday is October 3.", q));
  EXPECT_TRUE(CarriesKind(AnswerKind::kDate, "Our anniversary is the 14th", q));
  EXPECT_TRUE(CarriesKind(AnswerKind::kDate, "Last night was my daughter's birthday", q));
  EXPECT_FALSE(CarriesKind(AnswerKind::kDate, "张工在5号楼办公", q));
  EXPECT_FALSE(CarriesKind(AnswerKind::kDate, "Cindy covers Sundays this month", q));
  EXPECT_FALSE(CarriesKind(AnswerKind::kDate, "Cindy is our lead tech, been here 6 years", q));
  EXPECT_FALSE(CarriesKind(AnswerKind::kDate, "the twins' school starts at 8:15", q));
}

TEST(AnswerKindTest, ANumberTheQuestionSaysOrAYearIsNoAnswer) {
  const std::string_view rent = "What's the new rent for 3A going to be?";
  EXPECT_EQ(AskedKind(rent, false), AnswerKind::kMoney);
  EXPECT_FALSE(CarriesKind(AnswerKind::kMoney, "Need to repaint 3A and replace the carpet", rent));
  EXPECT_TRUE(CarriesKind(AnswerKind::kMoney, "3A goes up to $2,150 in July", rent));
  const std::string_view deposit = "How much is Mr. Osei's security deposit?";
  EXPECT_EQ(AskedKind(deposit, false), AnswerKind::kMoney);
  EXPECT_FALSE(CarriesKind(AnswerKind::kMoney,
                           "Mr. Osei has lived in flat C since 2020, never a late payment", deposit));
  EXPECT_TRUE(CarriesKind(AnswerKind::kMoney, "Osei paid a 1800 deposit", deposit));
}


TEST(AnswerKindTest, IdentifiersAreCodesNotSums) {
  const std::string policy = "what's our travel insurance policy number";
  EXPECT_EQ(AskedKind(policy, false), AnswerKind::kIdentifier);
  EXPECT_EQ(AskedKind("餐车保险的保单号是多少", false), AnswerKind::kIdentifier);
  // A certificate's or a train's number is a code; a length of a boat (70尺) is none.
  const std::string boat = "海之梦的船检证号是多少";
  EXPECT_EQ(AskedKind(boat, false), AnswerKind::kIdentifier);
  EXPECT_TRUE(CarriesKind(AnswerKind::kIdentifier, "42尺那条船的船检证号是YT-ZH-0835", boat));
  EXPECT_FALSE(CarriesKind(AnswerKind::kIdentifier, "我们公司最大那条船叫海之梦 70尺", boat));
  EXPECT_EQ(AskedKind("我妈坐的那趟高铁车次是多少", false), AnswerKind::kIdentifier);
  EXPECT_EQ(AskedKind("what's my sister's flight number?", false), AnswerKind::kIdentifier);
  // A phone number is a way to reach someone.
  EXPECT_EQ(AskedKind("what's Priya's phone number?", false), AnswerKind::kContact);
  EXPECT_FALSE(CarriesKind(AnswerKind::kIdentifier,
                           "Bought travel insurance through Allianz for the Portugal trip, $286 "
                           "for both of us", policy));
  EXPECT_FALSE(CarriesKind(AnswerKind::kIdentifier, "Linda's passport expires 2031", policy));
  EXPECT_FALSE(CarriesKind(AnswerKind::kIdentifier, "餐车的保险在平安买的，一年四千二", "保单号"));
  EXPECT_FALSE(CarriesKind(AnswerKind::kIdentifier, "The junior prom is May 10", policy));
  EXPECT_FALSE(CarriesKind(AnswerKind::kIdentifier, "Booked flights to Denver for the 14th.",
                           "what's my frequent flyer number?"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kIdentifier, "claim #HX-20931 approved", policy));
  EXPECT_TRUE(CarriesKind(AnswerKind::kIdentifier, "Lisbon flight is TP 1358", policy));
  EXPECT_TRUE(CarriesKind(AnswerKind::kIdentifier, "my locker at the gym is #217", policy));
  EXPECT_TRUE(CarriesKind(AnswerKind::kIdentifier, "导师办公室是B座421", "门牌号多少"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kIdentifier, "Always book me an aisle seat",
                          "What seat do I like on planes?"));
  // A password or a door code is a code too; a sum after what it pays is none.
  const std::string wifi = "what's the wifi password at my sister's new place";
  EXPECT_EQ(AskedKind(wifi, false), AnswerKind::kIdentifier);
  EXPECT_EQ(AskedKind("which password manager do I use", false), AnswerKind::kAny);
  EXPECT_TRUE(CarriesKind(AnswerKind::kIdentifier, "cabin wifi is Pinecone_2024", wifi));
  EXPECT_FALSE(CarriesKind(AnswerKind::kIdentifier, "she has a cat named mochi now lol", wifi));
  EXPECT_FALSE(CarriesKind(AnswerKind::kIdentifier, "吴先生签了一年合同，月租5500。", "吴先生的车牌号是多少？"));
}

TEST(AnswerKindTest, AgesAreNoYearsOfSomethingElse) {
  EXPECT_FALSE(CarriesKind(AnswerKind::kAge, "周阿姨是我们最老的志愿者，干了十年了", "周阿姨多大年纪了？"));
  EXPECT_FALSE(CarriesKind(AnswerKind::kAge, "Cindy is our lead tech, been here 6 years",
                           "how old is Cindy?"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kAge, "周阿姨今年六十八了", "周阿姨多大年纪了？"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kAge, "Cindy just turned 41", "how old is Cindy?"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kAge, "my 5-year-old loves trains", "how old is my son?"));
}

TEST(AnswerKindTest, WagesAndPaymentsAskForMoney) {
  EXPECT_EQ(AskedKind("what's Marcus's hourly wage?", false), AnswerKind::kMoney);
  EXPECT_EQ(AskedKind("what am I paying Jess per hour", false), AnswerKind::kMoney);
  EXPECT_EQ(AskedKind("音乐节摊位费具体多少钱？", false), AnswerKind::kMoney);
  EXPECT_EQ(AskedKind("how much is Tony asking for the Prius?", false), AnswerKind::kMoney);
  EXPECT_FALSE(CarriesKind(AnswerKind::kMoney, "Hired Marcus as weekend cook, starts Saturday",
                           "what's Marcus's hourly wage?"));
  EXPECT_FALSE(CarriesKind(AnswerKind::kMoney, "今天下大雨，出摊就卖了二十份，亏死", "摊位费多少钱"));
  EXPECT_FALSE(CarriesKind(AnswerKind::kMoney, "Field trip to the science museum on April 25",
                           "how much does the museum trip cost?"));
  // A comma ends what a number counts.
  EXPECT_TRUE(CarriesKind(AnswerKind::kMoney, "我月薪税前25000，年底还有两个月奖金", "我工资多少？"));
}

TEST(AnswerKindTest, WhereSomeoneLivesAsksForAPlace) {
  EXPECT_EQ(AskedKind("Where does my mom live?", false), AnswerKind::kPlace);
  EXPECT_EQ(AskedKind("黄老板的店开在哪条路上？", false), AnswerKind::kPlace);
  EXPECT_FALSE(CarriesKind(AnswerKind::kPlace, "My mom is retiring this summer.",
                           "Where does my mom live?"));
  EXPECT_FALSE(CarriesKind(AnswerKind::kPlace, "黄老板喜欢喝普洱，下次拜访带一饼", "黄老板的店开在哪条路上？"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kPlace, "黄老板的店在中山路18号", "黄老板的店开在哪条路上？"));
}

TEST(AnswerKindTest, ACallOrAPersonIsNoChannel) {
  EXPECT_FALSE(CarriesKind(AnswerKind::kContact, "李医生开的处方经常字迹潦草，每次都要打电话确认",
                           "李医生诊所的电话是多少？"));
  EXPECT_FALSE(CarriesKind(AnswerKind::kContact, "my contact at Orbis is Priya, she's the eng manager",
                           "what's Priya's phone number?"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kContact, "李医生诊所电话 021-6438 2210", "李医生诊所的电话是多少？"));
  EXPECT_FALSE(CarriesKind(AnswerKind::kContact, "My brother Geoffrey lives in Harrogate; I "
                           "telephone him on Sundays.", "What is Geoffrey's telephone number?"));
}

TEST(AnswerKindTest, APlaceIsNamedWherePlacesAreSaid) {
  const char* q = "where does Angela Ruiz live?";
  EXPECT_FALSE(CarriesKind(AnswerKind::kPlace,
                           "key witness for Kessler: Angela Ruiz, former Brightline ops manager", q));
  EXPECT_TRUE(CarriesKind(AnswerKind::kPlace, "Angela Ruiz lives in Tacoma now", q));
  EXPECT_TRUE(CarriesKind(AnswerKind::kPlace, "Angela's place is on Harbor Street", q));
  EXPECT_TRUE(CarriesKind(AnswerKind::kPlace, "Angela is looking for a place near a park", q));
  // Mailing a drive asks for a postal address, not an e-mail address.
  const char* office = "what's Harbor Light's office address? need to mail the drive";
  EXPECT_EQ(AskedKind(office, false), AnswerKind::kPlace);
  EXPECT_FALSE(CarriesKind(AnswerKind::kPlace, "Harbor Light producer is Sasha, very detail oriented",
                           office));
  EXPECT_TRUE(CarriesKind(AnswerKind::kPlace, "Harbor Light's office is at 220 Pier St", office));
  EXPECT_TRUE(CarriesKind(AnswerKind::kPlace, "新地址是恒通国际创新园C2栋3层", "公司现在地址是哪"));
  // Typed in lower case, a place after a phrase that puts someone there.
  EXPECT_TRUE(CarriesKind(AnswerKind::kPlace, "living out in katy, commute is brutal",
                          "where do i live"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kPlace, "work at st joseph's er, nights",
                          "which hospital did i work at"));
  EXPECT_FALSE(CarriesKind(AnswerKind::kPlace, "moved to a night shift rotation, ugh",
                           "which hospital did i work at"));
}

TEST(AnswerKindTest, SharesAreasAndSizesAskForTheirUnits) {
  EXPECT_EQ(AskedKind("What's Marcus's body fat percentage?", false), AnswerKind::kShare);
  EXPECT_FALSE(CarriesKind(AnswerKind::kShare, "Marcus's deadlift PR is 158 kg",
                           "What's Marcus's body fat percentage?"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kShare, "Marcus is at 14% body fat",
                          "What's Marcus's body fat percentage?"));
  EXPECT_EQ(AskedKind("一抗稀释比例是多少", false), AnswerKind::kShare);
  EXPECT_TRUE(CarriesKind(AnswerKind::kShare, "一抗按1:5000稀释", "一抗稀释比例是多少"));
  EXPECT_FALSE(CarriesKind(AnswerKind::kShare, "一抗放在-20度冰箱第二层", "一抗稀释比例是多少"));
  EXPECT_EQ(AskedKind("李老板那间门面多大面积？多少平", false), AnswerKind::kArea);
  EXPECT_FALSE(CarriesKind(AnswerKind::kArea, "李老板那个门面房装修 预算控制在15万以内", "门面多大面积"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kArea, "门面120平，两层", "门面多大面积"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kArea, "the shop is 1,200 sq ft", "how many square feet is the shop?"));
}

TEST(AnswerKindTest, BloodTypesDaysOfTheMonthAddressesAndNumbersOfOtherThings) {
  EXPECT_EQ(AskedKind("宝宝什么血型", false), AnswerKind::kBloodType);
  EXPECT_EQ(AskedKind("What's my blood type?", false), AnswerKind::kBloodType);
  for (const char* carries : {"宝宝是A型血", "我是O型", "blood type is AB+", "she's O negative",
                              "type B, same as dad", "RH阴性"}) {
    EXPECT_TRUE(CarriesKind(AnswerKind::kBloodType, carries, "what blood type")) << carries;
  }
  for (const char* none : {"宝宝疫苗本上写着下一针是五联", "My dog's name is Biscuit.",
                           "a b-movie night", "家里买了个B超机"}) {
    EXPECT_FALSE(CarriesKind(AnswerKind::kBloodType, none, "what blood type")) << none;
  }
  // 多大 of a thing asks for its size; of someone, a room or a dose, no size.
  EXPECT_EQ(AskedKind("熬汤的桶多大", false), AnswerKind::kSize);
  EXPECT_NE(AskedKind("他儿子多大", false), AnswerKind::kSize);
  EXPECT_NE(AskedKind("主卧多大", false), AnswerKind::kSize);
  EXPECT_NE(AskedKind("我吃的降压药叫啥 多大剂量", false), AnswerKind::kSize);
  // "what's X's birthday" asks for a day as "when" does; a booth's number is a code; a count
  // in thousands ("98k miles") is no code nor seat.
  EXPECT_EQ(AskedKind("what's tom's birthday?", false), AnswerKind::kDate);
  EXPECT_FALSE(CarriesKind(AnswerKind::kDate, "tom's flight lands at 7:40pm", "what's tom's birthday?"));
  EXPECT_EQ(AskedKind("台北展会展位号多少", false), AnswerKind::kIdentifier);
  EXPECT_FALSE(CarriesKind(AnswerKind::kIdentifier, "civic has 98k miles",
                           "what's my car's license plate"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kIdentifier, "my seat is 14k", "what seat am i in"));
  // 几号 of a day asks for a day, not a month; of a line or a parking space, no date.
  EXPECT_EQ(AskedKind("去海南的机票订的几号？", false), AnswerKind::kDate);
  EXPECT_FALSE(CarriesKind(AnswerKind::kDate, "我们下个月去海南过冬", "去海南的机票订的几号？"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kDate, "机票订了15号的", "去海南的机票订的几号？"));
  EXPECT_NE(AskedKind("我现在上班坐几号线", false), AnswerKind::kDate);
  EXPECT_NE(AskedKind("我的车位是几号？", false), AnswerKind::kDate);
  // An address is a number on a street, not a name.
  EXPECT_FALSE(CarriesKind(AnswerKind::kPlace, "Kevin is handling the Meridian slide deck.",
                           "What's Kevin's home address?"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kPlace, "Kevin moved to 41 Elm St.",
                          "What's Kevin's home address?"));
  // Counts, decades and retirement plans are no codes or sums.
  EXPECT_FALSE(CarriesKind(AnswerKind::kIdentifier, "Duolingo, 120-day streak",
                           "What's my frequent flyer number?"));
  EXPECT_FALSE(CarriesKind(AnswerKind::kMoney, "old tribal piece from the 2000s",
                           "how much was jenna's deposit?"));
  EXPECT_FALSE(CarriesKind(AnswerKind::kMoney, "I contribute 6% of my salary to the 401k.",
                           "What's the balance in my Roth IRA?"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kAge, "my 6-year-old nephew", "how old is my nephew?"));
  EXPECT_EQ(AskedKind("what boot size do I put down for Marcus?", false), AnswerKind::kSize);
  EXPECT_FALSE(CarriesKind(AnswerKind::kSize, "Marcus is paired with me for rope rescue drills",
                           "what boot size do I put down for Marcus?"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kSize, "Marcus wears an 11.5 in boots",
                          "what boot size do I put down for Marcus?"));
}

TEST(AnswerKindTest, WhatLooksLikeAValueOfAnotherKindIsNone) {
  // "next to" is a place, "9-frame" a count, "7-10pm" hours, "RDH 22871" a licence, 一楼108 a
  // room; a number a state gives is long, unless only its last digits are asked for.
  EXPECT_FALSE(CarriesKind(AnswerKind::kTime, "The extractor lives in the garage next to the tank.",
                           "When does the warranty on my extractor run out?"));
  EXPECT_FALSE(CarriesKind(AnswerKind::kTime, "Bought a 9-frame radial extractor from Lyson",
                           "When does the warranty on my extractor run out?"));
  EXPECT_EQ(AskedKind("黄医生星期几出门诊？", false), AnswerKind::kTime);
  EXPECT_FALSE(CarriesKind(AnswerKind::kIdentifier, "Booked Bunker Studios for Monday 7-10pm.",
                           "What's the door code for Bunker Studios?"));
  EXPECT_FALSE(CarriesKind(AnswerKind::kMoney, "Carla's license number is on file, RDH 22871",
                           "what's Carla's hourly rate?"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kMoney, "Carla is paid USD 48 an hour", "what's Carla's hourly rate?"));
  EXPECT_FALSE(CarriesKind(AnswerKind::kAge, "国画课在老年大学一楼108，周四下午", "周老师多大年纪了？"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kAge, "周老师今年68了", "周老师多大年纪了？"));
  EXPECT_FALSE(CarriesKind(AnswerKind::kIdentifier, "刘先生订了203房，晚上十点以后到", "刘先生的身份证号是多少？"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kIdentifier, "我的护照号码尾号是5821。", "我护照号最后四位是多少？"));
  EXPECT_EQ(AskedKind("what's the federal tax number for my company?", false), AnswerKind::kIdentifier);
  EXPECT_FALSE(CarriesKind(AnswerKind::kIdentifier, "LLC annual report due April 1",
                           "what's the federal tax number for my company?"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kIdentifier, "EIN for my LLC: 84-3390127",
                          "what's the federal tax number for my company?"));
}

TEST(AnswerKindTest, CardsDoctorsAndNumbersWantedAreAskedFor) {
  EXPECT_EQ(AskedKind("这个月房租转到哪张卡？", false), AnswerKind::kIdentifier);
  EXPECT_FALSE(CarriesKind(AnswerKind::kIdentifier, "房东说今年不涨租，续签还是两年", "这个月房租转到哪张卡？"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kIdentifier, "房租打到房东建行卡 6217 0012 6678 4403",
                          "这个月房租转到哪张卡？"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kIdentifier, "the netflix sub is on my Amex",
                          "Which card pays for Netflix?"));
  EXPECT_EQ(AskedKind("奶奶复诊该挂哪个医生", false), AnswerKind::kName);
  EXPECT_EQ(AskedKind("how many exhibit binders do we need printed?", false), AnswerKind::kAmount);
  EXPECT_EQ(AskedKind("How many pets does James have?", false), AnswerKind::kAny);
  EXPECT_EQ(AskedKind("how many times did I go?", false), AnswerKind::kAny);
  // A place noun before another noun asks for that noun.
  EXPECT_EQ(AskedKind("which gym locker is mine", false), AnswerKind::kAny);
  EXPECT_EQ(AskedKind("which gym do I go to?", false), AnswerKind::kPlace);
}

TEST(AnswerKindTest, WhoDoesAThingAsksForAName) {
  EXPECT_EQ(AskedKind("视频剪辑是谁在做？", false), AnswerKind::kName);
  EXPECT_EQ(AskedKind("who handles payroll now?", false), AnswerKind::kName);
  EXPECT_TRUE(CarriesKind(AnswerKind::kName, "剪辑外包:小雨,一条350,周结", "视频剪辑是谁在做？"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kName, "剪辑外包给阿杰，每条300", "视频剪辑是谁在做？"));
  EXPECT_FALSE(CarriesKind(AnswerKind::kName, "剪辑要求统一用思源黑体字幕", "视频剪辑是谁在做？"));
  // Whom one answers to, typed in lower case.
  const char* boss = "who's my supervisor on the platform";
  EXPECT_TRUE(CarriesKind(AnswerKind::kName, "reporting to carla mendez on the platform", boss));
  EXPECT_FALSE(CarriesKind(AnswerKind::kName, "reporting to the ops desk on the platform", boss));
  // A role, then a name after "'s", ": " or a few words and "is".
  EXPECT_TRUE(CarriesKind(AnswerKind::kName, "drummer's marcus, he's solid", "who's our drummer"));
  EXPECT_FALSE(CarriesKind(AnswerKind::kName, "drummer's kit got stolen", "who's our drummer"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kName, "deckhand this season is tyler from kodiak",
                          "who's my deckhand"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kName, "second shooter for summer: ciaran, 6 dates",
                          "who's my second shooter for the summer"));
  // ... or "now, X", with the role asked by another word.
  EXPECT_TRUE(CarriesKind(AnswerKind::kName, "we've a new supervisor now, ciaran walsh",
                          "who's my boss at work these days"));
  EXPECT_FALSE(CarriesKind(AnswerKind::kName, "we've a new supervisor now, great news",
                           "who's my boss at work these days"));
  EXPECT_FALSE(
      CarriesKind(AnswerKind::kName, "deckhand this season is great", "who's my deckhand"));
}

TEST(AnswerKindTest, ValuesOfAnotherKindAnswerNoKnownSubject) {
  EXPECT_EQ(AskedKind("老林那边收货地址是啥", false), AnswerKind::kPlace);
  EXPECT_EQ(AskedKind("刘洋答辩在哪个教室", false), AnswerKind::kPlace);
  EXPECT_TRUE(CarriesKind(AnswerKind::kPlace, "刘洋答辩定在302教室", "刘洋答辩在哪个教室"));
  // A count of things is no sum and no time; a weekend is no birthday, last night may be.
  EXPECT_FALSE(CarriesKind(AnswerKind::kMoney, "Tom wants to hire 2 AEs in Q1", "what's Tom's base salary?"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kMoney, "Tom's base is 2 hundred k", "what's Tom's base salary?"));
  EXPECT_FALSE(CarriesKind(AnswerKind::kTime, "接了个专利翻译的活 3万字 德译中", "专利那个稿子啥时候交"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kTime, "专利稿3号交", "专利那个稿子啥时候交"));
  EXPECT_FALSE(CarriesKind(AnswerKind::kDate, "小宝这周末来我家住 要吃红烧肉", "小宝生日是几号"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kDate, "Last night we celebrated my daughter's birthday",
                          "When is my daughter's birthday?"));
  // A place gone to and an abbreviation name no one.
  EXPECT_FALSE(CarriesKind(AnswerKind::kName, "Rocky's owner is moving to Denver in spring", "who's Rocky's vet?"));
  EXPECT_FALSE(CarriesKind(AnswerKind::kName, "Rocky the GSD is doing better", "who's Rocky's vet?"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kName, "Rocky sees Dr. Patel at Oak Vet", "who's Rocky's vet?"));
}

// A time word the question says, a number of a thing, a day after "is", half a year and a
// house number: what each carries.
TEST(AnswerKindTest, TheQuestionsOwnDayAndANumberOfAThingAreNoTime) {
  const std::string_view game = "what time is saturday's game against the mudcats";
  EXPECT_FALSE(CarriesKind(AnswerKind::kTime,
                           "saturday's game vs the mudcats is at lake highlands field 2", game));
  EXPECT_TRUE(CarriesKind(AnswerKind::kTime, "saturday's game vs the mudcats is at 2", game));
  EXPECT_TRUE(CarriesKind(AnswerKind::kTime, "mudcats game moved to sunday", game));
  // A dose is an amount: a statement that names none carries none; shows are no sum.
  EXPECT_EQ(AskedKind("what dose is marco taking for his migraines", false), AnswerKind::kAmount);
  EXPECT_EQ(AskedKind("老伴那个药一次吃几片", false), AnswerKind::kAmount);
  EXPECT_FALSE(CarriesKind(AnswerKind::kAmount, "neuro put him on something new",
                           "what dose is marco taking for his migraines"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kAmount, "neuro put marco on topiramate 25mg twice a day",
                          "what dose is marco taking for his migraines"));
  EXPECT_FALSE(CarriesKind(AnswerKind::kMoney, "光裕书场下个月有我两场", "光裕书场门票多少钱"));
  // Asked what time, with no day named, a day or a month is no answer.
  const std::string_view flight = "what time's my flight to sydney";
  EXPECT_FALSE(CarriesKind(AnswerKind::kTime, "sydney trip is in october, still need to book",
                           flight));
  EXPECT_TRUE(CarriesKind(AnswerKind::kTime, "flight to sydney leaves 6:40am", flight));
  EXPECT_FALSE(CarriesKind(AnswerKind::kTime, "船上保险今年买的人保", "体检几点开始"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kTime, "体检早上八点开始 空腹", "体检几点开始"));
  EXPECT_FALSE(CarriesKind(AnswerKind::kName,
                           "parent teacher conference w jace's 4th grade teacher is tues at 4:15",
                           "what's jace's teacher's name"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kName, "jace's teacher is mrs. alvarez",
                          "what's jace's teacher's name"));
  EXPECT_FALSE(CarriesKind(AnswerKind::kMoney, "店面房东姓钟 合同还有一年半到期", "店面房租一个月多少"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kMoney, "店面房租一个月一万二", "店面房租一个月多少"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kMoney, "滨江球馆包场一小时120 周末还要更贵",
                          "滨江球馆包场多少钱一小时"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kPlace, "sorry i had the address wrong, hendersons are at 2204 nw hoyt",
                          "what's the address for the henderson wedding venue"));
}

// A rating of equipment is a size, a bank a place asked for, a clock time no amount.
TEST(AnswerKindTest, RatingsBanksAndClockTimes) {
  EXPECT_TRUE(CarriesKind(AnswerKind::kSize, "scratch that, lake st unit is 3.5 ton",
                          "what size condenser did i order for lake street"));
  EXPECT_FALSE(CarriesKind(AnswerKind::kSize, "drove to boston for the lake street parts",
                           "what size condenser did i order for lake street"));
  EXPECT_EQ(AskedKind("房贷是在哪个银行贷的", false), AnswerKind::kPlace);
  EXPECT_TRUE(CarriesKind(AnswerKind::kPlace, "工资卡是长沙银行的", "房贷是在哪个银行贷的"));
  const std::string_view weigh = "how much does moose weigh";
  EXPECT_FALSE(CarriesKind(AnswerKind::kAmount, "moose has his vet appt fri at 9", weigh));
  EXPECT_FALSE(CarriesKind(AnswerKind::kAmount, "moose's vet appt is 9:30 friday", weigh));
  EXPECT_TRUE(CarriesKind(AnswerKind::kAmount, "moose is at 38 lbs now", weigh));
  EXPECT_TRUE(CarriesKind(AnswerKind::kAmount, "moose weighs 38", weigh));
}

TEST(AnswerKindTest, PricesPlatesDosesDaysOfAMonthAndLengths) {
  EXPECT_EQ(AskedKind("天目碗我定价多少", false), AnswerKind::kMoney);
  EXPECT_FALSE(CarriesKind(AnswerKind::kMoney, "天目碗这窑出了三只 挺满意", "天目碗我定价多少"));
  EXPECT_EQ(AskedKind("what's joseph's number plate", false), AnswerKind::kIdentifier);
  EXPECT_EQ(AskedKind("如意珍宝丸一次吃几丸", false), AnswerKind::kAmount);
  // A day of the month counts nothing.
  const std::string_view dose = "what dose is marco taking for his migraines";
  EXPECT_FALSE(CarriesKind(AnswerKind::kAmount, "marco's neuro follow up is the 14th", dose));
  EXPECT_TRUE(CarriesKind(AnswerKind::kAmount, "marco takes 50 mg of sumatriptan", dose));
  // How tall: a number with a unit of length.
  EXPECT_FALSE(CarriesKind(AnswerKind::kAmount, "主塔要用两千方冰", "主塔多高"));
  EXPECT_FALSE(CarriesKind(AnswerKind::kAmount, "中央大街那两个冰雕 甲方要欧式风格",
                           "中央大街那个冰雕要做多高"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kAmount, "主塔定了十二米高", "主塔多高"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kAmount, "the main tower is 40 ft", "how tall is the tower"));
  // A code that reads as a year, a password with a sign inside.
  EXPECT_TRUE(CarriesKind(AnswerKind::kIdentifier, "apt gate code is 1937#",
                          "what's the gate code at my place"));
  EXPECT_FALSE(CarriesKind(AnswerKind::kIdentifier, "the lease expires 2031",
                           "what's the gate code at my place"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kIdentifier, "堡垒机登录密码 Rt9$wL4x", "登跳板机那个密码多少"));
}

TEST(AnswerKindTest, ATimeIsAClockADayOrAWordOfWhenNotACharacter) {
  // 点 of 好点了 (a bit) is no hour; 一点 is one after a part of the day or before 半.
  EXPECT_FALSE(CarriesKind(AnswerKind::kTime, "老婆说腰好点了", "老婆在湘雅约的几点"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kTime, "我自己周四下午3点在湘雅二医院看胃", "老婆在湘雅约的几点"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kTime, "下午一点到", "几点到"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kTime, "明早出发", "几点出发"));
  // Days counted, the statement's own day and the days before it give no time still to come.
  EXPECT_FALSE(CarriesKind(AnswerKind::kTime, "那个专利稿术语好难 一天只能弄三千字",
                           "专利那个稿子啥时候交"));
  EXPECT_FALSE(CarriesKind(AnswerKind::kTime, "M12今天开始清理 人骨保存得不错", "M12的报告什么时候交"));
  EXPECT_FALSE(CarriesKind(AnswerKind::kTime, "beaver flew the mail run fine today",
                           "when is the beaver's next oil change due"));
  EXPECT_FALSE(
      CarriesKind(AnswerKind::kTime, "dan got his rifle two weeks ago", "when does dan land"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kTime, "M13的发掘报告月底前交", "M12的报告什么时候交"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kTime, "交货定在下个月", "什么时候交货"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kTime, "report is due tomorrow", "when is the report due"));
  // A fraction alone is no hour (a calibre).
  EXPECT_FALSE(CarriesKind(AnswerKind::kTime, "dan bought a new rifle, .300 win mag",
                           "when does dan's flight land"));
  // 月结 is a monthly account, not a month asked for.
  EXPECT_NE(AskedKind("寄顺丰填哪个月结号", false), AnswerKind::kTime);
}

TEST(AnswerKindTest, NumbersOfPlacesMeasuresAndKinds) {
  EXPECT_EQ(AskedKind("whats marco's cabin number", false), AnswerKind::kIdentifier);
  EXPECT_FALSE(CarriesKind(AnswerKind::kIdentifier, "marco owes me $40 from the poker game lol",
                           "whats marco's cabin number"));
  EXPECT_EQ(AskedKind("what's my room number", false), AnswerKind::kIdentifier);
  EXPECT_EQ(AskedKind("how many units of insulin does kyle take", false), AnswerKind::kAmount);
  EXPECT_EQ(AskedKind("how many pets does james have", false), AnswerKind::kAny);
  // "type 1 diabetic" names a kind, no amount.
  EXPECT_FALSE(CarriesKind(AnswerKind::kAmount,
                           "new roughneck kyle brandt on crew A, type 1 diabetic, uses humalog",
                           "how many units of insulin does kyle take"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kAmount, "kyle takes 12 units at night",
                          "how many units of insulin does kyle take"));
}

TEST(AnswerKindTest, WhichPlaceOfAKindAndWhereSomeoneWorks) {
  EXPECT_EQ(AskedKind("汤圆平时在哪家宠物医院看病", false), AnswerKind::kPlace);
  EXPECT_FALSE(CarriesKind(AnswerKind::kPlace, "汤圆好了 又开始拆家", "汤圆平时在哪家宠物医院看病"));
  EXPECT_EQ(AskedKind("华仔档口在哪", false), AnswerKind::kPlace);
  EXPECT_EQ(AskedKind("阿杰在哪上班", false), AnswerKind::kJob);
  EXPECT_FALSE(CarriesKind(AnswerKind::kJob, "和阿杰去吃了回民街的肉夹馍", "阿杰在哪上班"));
  // "work out" is no work, and "where do i work" may be answered by a place alone.
  EXPECT_NE(AskedKind("where do i work out", false), AnswerKind::kJob);
  // The payment terms of a factory are no place.
  EXPECT_NE(AskedKind("之前跟工厂的付款条件是啥", false), AnswerKind::kPlace);
}

TEST(AnswerKindTest, APhoneAPriceOfAKindACodeAndACount) {
  // 手机 with 多少 asks for its number; with 多少钱, its price.
  EXPECT_EQ(AskedKind("陈总手机多少", false), AnswerKind::kContact);
  EXPECT_FALSE(CarriesKind(AnswerKind::kContact, "陈总说这个月业绩要冲50万", "陈总手机多少"));
  EXPECT_EQ(AskedKind("新手机多少钱", false), AnswerKind::kMoney);
  // A price of a kind (进价, 出厂价) and what someone charges are money; a count is none.
  EXPECT_EQ(AskedKind("咸蛋黄进价多少一个", false), AnswerKind::kMoney);
  EXPECT_FALSE(CarriesKind(AnswerKind::kMoney, "蛋黄到了二十箱 放冷库", "咸蛋黄进价多少一个"));
  EXPECT_EQ(AskedKind("what do i charge for the aged cheddar", false), AnswerKind::kMoney);
  EXPECT_FALSE(CarriesKind(AnswerKind::kMoney, "the 2yr aged cheddar is selling out every week",
                           "what do i charge for the aged cheddar"));
  EXPECT_NE(AskedKind("这家店评价多少分", false), AnswerKind::kMoney);
  // A code or a combination that opens something is an identifier; a dress code is not.
  EXPECT_EQ(AskedKind("what's the key safe code at heaton box", false),
            AnswerKind::kIdentifier);
  EXPECT_FALSE(CarriesKind(AnswerKind::kIdentifier,
                           "Heaton box is getting a new key safe next month",
                           "what's the key safe code at heaton box"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kIdentifier,
                          "For reference, the garden shed padlock combination is 6-0-4-2.",
                          "What is the shed padlock combination?"));
  EXPECT_NE(AskedKind("what's the dress code for the gala", false), AnswerKind::kIdentifier);
  // A code said in words is one ("is tulip").
  EXPECT_TRUE(CarriesKind(AnswerKind::kIdentifier, "The launch code of project falcon is tulip",
                          "launch code falcon"));
  // A number a word follows counts things ("a family of 5 from ohio"), unless a word of time
  // comes before it or after it; a year stays a time.
  const char* const kWhen = "what time do we meet on sunday";
  EXPECT_FALSE(CarriesKind(AnswerKind::kTime, "sunday pax are a family of 5 from ohio", kWhen));
  EXPECT_FALSE(CarriesKind(AnswerKind::kTime, "two shows in venue 3: salt and the long walk home",
                           "when's the tech for the long walk home"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kTime, "we meet at 5 from the dock", kWhen));
  EXPECT_TRUE(CarriesKind(AnswerKind::kTime, "pickup 7 tomorrow", kWhen));
  EXPECT_TRUE(CarriesKind(AnswerKind::kTime, "crew meets 4:45 at the field", kWhen));
  EXPECT_TRUE(CarriesKind(AnswerKind::kTime, "I fly back on Dec 18 with British Airways",
                          "when's my flight home"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kTime, "actually its a 2016 not what i said",
                          "what year is my truck"));
}

TEST(AnswerKindTest, HowThickHowManyHoursAndSoon) {
  EXPECT_EQ(AskedKind("how thick was the ice on leech lake", false), AnswerKind::kAmount);
  EXPECT_FALSE(CarriesKind(AnswerKind::kAmount,
                           "leech lake's got a pressure ridge near walker bay, stay off it",
                           "how thick was the ice on leech lake"));
  EXPECT_EQ(AskedKind("how many engine hours on the combine", false), AnswerKind::kAmount);
  EXPECT_FALSE(CarriesKind(AnswerKind::kTime, "tooth still twinges, dentist can't come soon enough",
                           "when's my dentist appointment"));
  // A lock's code of dashed digits; a clock of four digits before a word.
  EXPECT_TRUE(CarriesKind(AnswerKind::kIdentifier, "patrol shack code 7-2-6-0",
                          "code to get into the shack?"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kTime, "misread the rota. its 0545 start mondays",
                          "what time do I start work on mondays?"));
  // 两句 counts words said, no money.
  EXPECT_FALSE(CarriesKind(AnswerKind::kMoney, "小马火烧打得越来越好了 夸了他两句",
                           "小马一个月工资多少"));
}

// Asked what time on a day named, a day alone is no answer; a measure or tips asked in the
// past tense; a statement of another day of the week.
TEST(AnswerKindTest, AClockOnADayAMeasureAskedInThePastAndAnotherWeekday) {
  EXPECT_FALSE(CarriesKind(AnswerKind::kTime, "got 2 flights booked this weekend, sat and sunday",
                           "what time do we meet on sunday"));
  EXPECT_EQ(AskedKind("how many sacks did we roast saturday", true), AnswerKind::kAmount);
  EXPECT_EQ(AskedKind("how much did i get in tips on saturday", true), AnswerKind::kMoney);
  const char* const kSat = "how many sacks did we roast saturday";
  EXPECT_TRUE(NamesAnotherWeekday("sunday roasted 64 sacks, record", kSat));
  EXPECT_FALSE(NamesAnotherWeekday("saturday and sunday both roasted 60", kSat));
  EXPECT_FALSE(NamesAnotherWeekday("roasted 64 sacks, record", kSat));
  EXPECT_TRUE(NamesAnotherWeekday("周日送了300箱", "周六送了多少箱"));
  EXPECT_FALSE(NamesAnotherWeekday("星期六送了300箱", "周六送了多少箱"));
}

}  // namespace
}  // namespace engram::recall

