// Values that answer a question in other forms: a count in the measure asked, plain numbers of
// other lengths, a sum in yuan and jiao, a newer version of one thing (a value given twice:
// truth_test.cc).
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "src/recall/answer_kind.h"
#include "src/recall/numbers_said.h"
#include "src/recall/other_thing.h"
#include "src/recall/staleness.h"
#include "src/recall/staleness_cues.h"

namespace engram::recall {
namespace {

Memory Said(int64_t id, const std::string& text, int64_t at_ms) {
  Memory m;
  m.id = m.source.message_id = id;
  m.content = text;
  m.type = MemoryType::kEpisodic;
  m.current = true;
  m.source.at = Instant{at_ms, 480};
  return m;
}

// Asked `question`, both answering fully: 1 when the newer replaces the older, else -1.
int OutdatedFor(std::string_view question, const std::string& older, const std::string& newer) {
  const Memory a = Said(1, older, 1000);
  const Memory b = Said(2, newer, 2000);
  return OutdatedByCues({&a, &b}, {1, 1}, "", false, true, question)[0];
}

TEST(AnswerValuesTest, TheMeasureAChineseCountIsAskedIn) {
  EXPECT_EQ(AskedMeasure("我们班多少个学生"), "个");
  EXPECT_EQ(AskedMeasure("驿站一天大概多少件"), "件");
  EXPECT_EQ(AskedMeasure("仓库里还有几台"), "台");
  EXPECT_EQ(AskedMeasure("一个月多少钱"), "");
  EXPECT_EQ(AskedMeasure("几点开门"), "");
  EXPECT_EQ(AskedMeasure("what's the count"), "");
  EXPECT_TRUE(CountsIn("班里一共45个人", "个"));
  EXPECT_TRUE(CountsIn("今天又是900多件 天天这个量", "件"));
  EXPECT_TRUE(CountsIn("今天来了三个新会员", "个"));
  EXPECT_FALSE(CountsIn("今天来了三个新会员", "件"));
  EXPECT_FALSE(CountsIn("一个人在家", "个"));  // a lone 一 counts nothing
  EXPECT_FALSE(CountsIn("班里人不少", "个"));
}

// A vehicle's plate asked for is an identifier: a statement of the vehicle without one does
// not answer it; an aircraft's registration of capitals does.
TEST(AnswerValuesTest, APlateIsAnIdentifier) {
  const std::string rego = "what's the Ranger's rego";
  ASSERT_EQ(AskedKind(rego, false), AnswerKind::kIdentifier);
  EXPECT_FALSE(CarriesKind(AnswerKind::kIdentifier, "Ranger's due for a service in March", rego));
  EXPECT_TRUE(CarriesKind(AnswerKind::kIdentifier, "ranger rego is 1ABC234", rego));
  const std::string plane = "what's the registration on the new envelope";
  ASSERT_EQ(AskedKind(plane, false), AnswerKind::kIdentifier);
  EXPECT_TRUE(CarriesKind(AnswerKind::kIdentifier, "it's G-BXTL. checked the CAA entry", plane));
  EXPECT_FALSE(CarriesKind(AnswerKind::kIdentifier, "CO-OP closes at 5", plane));
  EXPECT_NE(AskedKind("what's the registration fee for the show", false),
            AnswerKind::kIdentifier);
}

// A brand sold, a name after a post, an organisation's name asked by its kind's word.
TEST(AnswerValuesTest, BrandsSoldNamesAfterAPostAndNamesOfAPlaceOfWork) {
  const std::string beer = "摊上卖的啤酒是什么牌子";
  ASSERT_EQ(AskedKind(beer, false), AnswerKind::kBrand);
  EXPECT_TRUE(CarriesKind(AnswerKind::kBrand, "摊上啤酒一直卖珠江纯生 十块一瓶", beer));
  const std::string road = "黄老板的店开在哪条路上？";
  EXPECT_FALSE(CarriesKind(AskedKind(road, false), "黄老板喜欢喝普洱,下次拜访带一饼", road));
  const std::string lead = "我们车间领导叫什么名字";
  ASSERT_EQ(AskedKind(lead, false), AnswerKind::kName);
  EXPECT_TRUE(CarriesKind(AnswerKind::kName, "车间主任白海峰 今天来查岗", lead));
  const std::string hotel = "what was the name of the hotel I used to work at";
  ASSERT_EQ(AskedKind(hotel, true), AnswerKind::kName);
  EXPECT_TRUE(CarriesKind(AnswerKind::kName, "I work nights at the Meadfoot Grange Hotel", hotel));
  const std::string nurse = "what's the name of my nurse";
  EXPECT_FALSE(CarriesKind(AskedKind(nurse, false), "I work nights at the Meadfoot Grange Hotel",
                           nurse));
  EXPECT_EQ(OutdatedFor("摊上卖的啤酒是什么牌子", "摊上啤酒一直卖珠江纯生", "啤酒改卖青岛了"), 1);
  // A price asked by the unit or in dialect; star anise (八角) is no sum of eight 角.
  const std::string anise = "八角进价每斤多少";
  ASSERT_EQ(AskedKind(anise, false), AnswerKind::kMoney);
  EXPECT_FALSE(CarriesKind(AnswerKind::kMoney, "八角最近到货三百件 放二号仓", anise));
  EXPECT_TRUE(CarriesKind(AnswerKind::kMoney, "桂皮这批进价每斤十一块", anise));
  EXPECT_EQ(AskedKind("腊猪蹄卖好多钱一斤", false), AnswerKind::kMoney);
  const std::string fish = "带鱼现在卖多少一斤";
  ASSERT_EQ(AskedKind(fish, false), AnswerKind::kMoney);
  EXPECT_TRUE(CarriesKind(AnswerKind::kMoney, "带鱼收购价 二十三一斤", fish));
  EXPECT_FALSE(CarriesKind(AnswerKind::kMoney, "今天打了三十一斤带鱼", fish));
  EXPECT_FALSE(CarriesKind(AnswerKind::kMoney, "东魁还有十来天才能摘", fish));
  const std::string rent = "铺子一个月租金多少";
  EXPECT_TRUE(CarriesKind(AskedKind(rent, false), "店面房租 7500一个月", rent));
  // 改进 improves; it replaces nothing.
  EXPECT_EQ(OutdatedFor("窑是什么牌子的", "窑用的是德国纳博热", "纳博热的窑今年改进了温控"), -1);
  // A name alone after a post, a pet name after a relative; not a word after a relative.
  const std::string head = "我们雪场的头儿叫啥";
  EXPECT_TRUE(CarriesKind(AskedKind(head, false), "雪场经理巴合提 明天开会", head));
  const std::string pupil = "我以前那个徒弟叫什么名字";
  EXPECT_TRUE(CarriesKind(AskedKind(pupil, true), "徒弟小亮学了两年了", pupil));
  EXPECT_FALSE(CarriesKind(AskedKind(pupil, true), "丹阳的表哥结婚 随了八百", pupil));
  // A brand after a count of packs; a place moved to.
  const std::string smokes = "我平时抽什么牌子的烟";
  EXPECT_TRUE(CarriesKind(AskedKind(smokes, false), "一天一包红塔山", smokes));
  EXPECT_FALSE(CarriesKind(AskedKind(smokes, false), "一天一包烟", smokes));
  const std::string home = "我现在住哪里";
  EXPECT_TRUE(CarriesKind(AskedKind(home, false), "搬到金州了 骑车十分钟到厂", home));
}

TEST(AnswerValuesTest, ANewerCountInTheMeasureAskedReplacesTheOlder) {
  // What is counted is said in other words (学生 / 人, 小朋友 / 孩子).
  EXPECT_EQ(OutdatedFor("我们班多少个学生", "我们班42个学生", "班里一共45个人 明天要订校服"), 1);
  EXPECT_EQ(OutdatedFor("驿站一天大概多少件", "一天大概进600多件", "今天又是900多件 天天这个量"),
            1);
  // Counted in another measure, or of nothing the older is about: no answer to replace it.
  EXPECT_EQ(OutdatedFor("我们班多少个学生", "我们班42个学生", "今天收了45份作业"), -1);
  EXPECT_EQ(OutdatedFor("我们班多少个学生", "我们班42个学生", "周末来了3个朋友吃饭"), -1);
}

TEST(AnswerValuesTest, PlainNumbersOfOtherLengthsAndSumsInYuanAndJiao) {
  // 800 and 1100: one shape of plain numbers, a digit apart.
  EXPECT_EQ(OutdatedFor("老二幼儿园一个月多少钱", "老二幼儿园一个月学费800",
                        "老二幼儿园每个月学费1100"),
            1);
  // "3块2" is one sum (3.2), not 3 and 2: no value in common with "2块5".
  EXPECT_EQ(ReadCues("包装盒进价3块2一个").numbers, std::vector<std::string>{"3块2"});
  EXPECT_EQ(OutdatedFor("包装盒进价多少一个", "茶叶快递包装盒 一个2块5", "包装盒进价3块2一个"), 1);
}

TEST(AnswerValuesTest, ANewVersionOfOneThingIsNoOtherThing) {
  const AskedThing asked = ReadAskedThing("license plate number");
  EXPECT_FALSE(NamesAnotherThing(asked, "my license plate is 7KDL482",
                                 "got new plates, it's 8RTX015 now"));
  EXPECT_FALSE(NamesAnotherThing(asked, "my license plate is 7KDL482",
                                 "the current plate is 8RTX015"));
  // Words side by side only in the list of content words, across a clause break, qualify
  // nothing: "checkups, she's their pediatrician".
  EXPECT_FALSE(NamesAnotherThing(ReadAskedThing("who's the kids' pediatrician"),
                                 "kids' pediatrician is dr. halvorsen at park nicollet",
                                 "took the twins to dr. nguyen for checkups, she's their pediatrician"));
  // Another word in the question's place still names another thing.
  EXPECT_TRUE(NamesAnotherThing(ReadAskedThing("what's the office wifi password"),
                                "the office wifi password is Blue1234",
                                "guest wifi password is Green5678"));
}

TEST(AnswerValuesTest, TooManyAndAChargePaidApartAddNothing) {
  EXPECT_FALSE(ReadCues("moved practice to thursdays, too many tuesday conflicts").additive);
  EXPECT_FALSE(ReadCues("老二幼儿园每个月1100 伙食费另外交").additive);
  EXPECT_TRUE(ReadCues("I like green tea too").additive);
  EXPECT_TRUE(ReadCues("另外我也喜欢乌龙茶").additive);
  EXPECT_EQ(OutdatedFor("when is rattlers practice",
                        "practice for the rattlers is tuesdays 6pm at kiwanis park",
                        "moved practice to thursdays, too many tuesday conflicts w the other coaches"),
            1);
}

TEST(AnswerValuesTest, AHouseNumberBeforeAStreetNameIsAnAddress) {
  EXPECT_TRUE(HasHouseNumber("hendersons are at 2204 nw hoyt"));
  EXPECT_TRUE(HasHouseNumber("studio's at 1820 ne alberta, second floor"));
  EXPECT_FALSE(HasHouseNumber("took 20 minutes"));
  EXPECT_FALSE(HasHouseNumber("since 2020 at least"));
  EXPECT_FALSE(HasHouseNumber("we have 12 plants"));
  EXPECT_FALSE(HasHouseNumber("3 kids"));
}

// Asked for a value now, a change that says a word of the question the older says too
// replaces it, however few of the older's words it repeats; two frames that differ by the
// question's words are one.
TEST(AnswerValuesTest, AChangeOfWhatBothSayAndFramesThatDifferByTheQuestionsWords) {
  EXPECT_EQ(OutdatedFor("我现在刑法用谁的资料", "法考主观题刑法用的是罗翔的讲义",
                        "刑法资料换成柏浪涛的了 之前那套太厚看不完"),
            1);
  EXPECT_EQ(OutdatedFor("who chairs my thesis committee?", "my thesis committee chair is dr. okafor",
                        "committee chair is dr. lindqvist, meeting her thurs"),
            1);
  // The frame of another owner is another thing.
  EXPECT_EQ(OutdatedFor("who is my teacher?", "my teacher is ms. brennan",
                        "theo's teacher is mr. ruiz"),
            -1);
}

// Chinese numerals before a unit are values; a change of what the question names; a phrase
// said alike (truth_test.cc).
TEST(AnswerValuesTest, ChineseNumeralsAChangeOfWhatIsAskedAndNewChangeVerbs) {
  EXPECT_EQ(ReadCues("奶茶店营业时间 早十点到晚十点").numbers,
            (std::vector<std::string>{"十点", "十点"}));
  EXPECT_EQ(ReadCues("周三一个人去").numbers, std::vector<std::string>{});
  EXPECT_EQ(OutdatedFor("店几点开门", "奶茶店营业时间 早十点到晚十点", "现在改成中午十二点开门 早上没人"),
            1);
  EXPECT_EQ(OutdatedFor("冰块现在从谁那进", "冰块一直从松花江边老王那拉 一方120",
                        "太贵了 现在冰块改从呼兰的张姐那进"),
            1);
}

// Asked for a phone number, a statement that carries none is no answer a contact update
// replaces, though both name 张工: "把张工的联系方式更新为⟦PHONE⟧" leaves "客户张工说(2024-06-18)
// 要验收接口文档" alone.
TEST(AnswerValuesTest, AWayToReachSomeoneAndADateAreValuesOfTwoKinds) {
  const std::string task = "(2024-06-13 15:00),客户张工说(2024-06-18)要验收接口文档";
  const std::string update = "把张工的联系方式更新为⟦PHONE:65psqkdehwjr7eol⟧";
  EXPECT_EQ(OutdatedFor("张工以前的手机号是多少？", task, update), -1);
  EXPECT_EQ(OutdatedFor("张工的手机号是多少？", "张工的手机号是⟦PHONE:zcnbpt2bx7x4xtnb⟧", update), 1);
}

// Asked for one thing, a newer statement that says none of the question's words while the
// older does, sharing no word with it, answers something else: "what milk do I like" is not
// answered by "我爱喝拿铁".
TEST(AnswerValuesTest, OnlyTheOlderSayingWhatIsAskedIsNoSecondAnswer) {
  auto outdated_for_one = [](std::string_view question, const std::string& older,
                             const std::string& newer) {
    const Memory a = Said(1, older, 1000);
    const Memory b = Said(2, newer, 2000);
    return OutdatedByCues({&a, &b}, {1, 1}, "", true, true, question)[0];
  };
  EXPECT_EQ(outdated_for_one("what milk do I like", "I prefer soy milk in my coffee",
                             "我爱喝拿铁，每天早上一杯"),
            -1);
  EXPECT_EQ(outdated_for_one("what milk do I like", "I prefer soy milk in my coffee",
                             "switched to oat milk in my coffee"),
            1);
}

// Asked what holds now, a short change to a new value on the question's topic replaces what
// answers it, though the two share no word; a change in passing does not.
TEST(AnswerValuesTest, AChangeToANewValueReplacesWhatAnsweredInOtherWords) {
  struct Case {
    const char* question;
    const char* older;
    const char* newer;
    int outdated;
  };
  const Case cases[] = {
      {"what engine is the prototype on", "we're using unity for the new prototype",
       "team switched to godot last week after the pricing mess", 1},
      {"which club do i race for", "racing for Lea Valley CC this season",
       "moved over to Herne Hill Velo, fees were way cheaper", 1},
      {"what do i use for citations?", "i use zotero for all my citations",
       "thanks, i'll keep you updated on the draft", -1},
  };
  for (const Case& c : cases) EXPECT_EQ(OutdatedFor(c.question, c.older, c.newer), c.outdated) << c.newer;
  EXPECT_TRUE(ChangesToAValue("they moved me to fri-sat-sun nights starting this month"));
  EXPECT_TRUE(ChangesToAValue("transferred over to oncology as of monday"));
  EXPECT_TRUE(ChangesToAValue("搬到工学部的研究生公寓了"));
  EXPECT_FALSE(ChangesToAValue("i'll keep you updated"));
  EXPECT_FALSE(ChangesToAValue("last weekend i joined a mentorship program"));
}

TEST(AnswerValuesTest, CodesAQuestionNames) {
  EXPECT_EQ(CodesIn("工单t-102"), std::vector<std::string>{"t-102"});
  // A numbered place of a site; not a day of a month.
  EXPECT_EQ(CodesIn("3号库能放多少托"), std::vector<std::string>{"3号库"});
  EXPECT_TRUE(CodesIn("3号下午开会").empty());
  // A price after what it buys is no code.
  EXPECT_FALSE(HasCodeNumber("园区食堂周三开始涨价 一份套餐14"));
  EXPECT_EQ(CodesIn("status of inc-20417 and ca927?"),
            (std::vector<std::string>{"inc-20417", "ca927"}));
  EXPECT_EQ(CodesIn("1z88a04"), std::vector<std::string>{"1z88a04"});
  EXPECT_TRUE(CodesIn("meet at 10am, 5km run").empty());
}

// A role the question says, a word or two, then "is" or ":" and a name typed in lower case;
// not a day of the week, one or many. A relative, then a Chinese name.
TEST(AnswerValuesTest, ARoleThenAWordThenANameInLowerCase) {
  EXPECT_EQ(AskedKind("who handles our insurance", false), AnswerKind::kName);
  EXPECT_TRUE(CarriesKind(AnswerKind::kName, "union delegate is kirra dwyer, ext 214",
                          "who's our union rep"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kName, "insurance agent: carla mims, 662-555-0178",
                          "who handles our insurance"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kName, "hay guy is dave ouellette 802-586-9034",
                          "who do I call when we need hay"));
  EXPECT_FALSE(CarriesKind(AnswerKind::kName, "Guinness delivery is fridays before noon",
                           "what's the Guinness rep called"));
  EXPECT_FALSE(CarriesKind(AnswerKind::kName, "union office is closed till monday",
                           "who's our union rep"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kName,
                          "i had it wrong about the union rep, it's dean marsh. mixed him up",
                          "who's our rep for the union"));
  // A relative, then a surname and a given name.
  EXPECT_TRUE(CarriesKind(AnswerKind::kName, "店是跟我表哥周强合伙开的",
                          "之前跟我合伙开店的叫啥名字"));
  EXPECT_FALSE(CarriesKind(AnswerKind::kName, "表哥退股了 店现在我一个人干",
                           "之前跟我合伙开店的叫啥名字"));
}

TEST(AnswerValuesTest, NumeralsOfANameACountOfBagsAndMeasuresAskedWithWhat) {
  // Chinese numerals without a magnitude or a unit of money name a thing or a ratio.
  EXPECT_FALSE(CarriesKind(AnswerKind::kMoney, "二荆条这批不太辣 下次换个地方", "二荆条多少钱一斤"));
  EXPECT_FALSE(CarriesKind(AnswerKind::kMoney, "老婆说五花肉得挑肥瘦三七开的",
                           "五花肉进价多少钱一斤"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kMoney, "煎饼卖五块一套", "一套卖多少钱"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kMoney, "老婆报了驾校 学费四千", "学费多少钱"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kMoney, "炒茶师傅老汪一天350 包吃住", "一天给多少钱"));
  // A count of bags is no price of one.
  EXPECT_FALSE(CarriesKind(AnswerKind::kMoney, "复合肥明天到货 拉了40袋", "复合肥多少钱一袋"));
  // A measure asked with "what"; a booking reference and a hull id are identifiers; 哪个城市
  // and a driving school's 在哪 ask for a place.
  EXPECT_EQ(AskedKind("what horsepower is the dinghy outboard", false), AnswerKind::kAmount);
  EXPECT_EQ(AskedKind("what's the torque spec on the lift 2 bullwheel bolts", false),
            AnswerKind::kAmount);
  EXPECT_EQ(AskedKind("booking reference for the korea shipment?", false),
            AnswerKind::kIdentifier);
  EXPECT_EQ(AskedKind("whats the hull id on the small boat", false), AnswerKind::kIdentifier);
  EXPECT_EQ(AskedKind("英国灯展在哪个城市办", false), AnswerKind::kPlace);
  EXPECT_EQ(AskedKind("老婆那个驾校在哪儿", false), AnswerKind::kPlace);
  // "the cat's better" says how it is, not what it is called.
  EXPECT_FALSE(
      CarriesKind(AnswerKind::kName, "cat's better, eating again", "what's my cat called"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kName, "my cat is pickles", "what's my cat called"));
}

}  // namespace

// How many of a trade or of a place's stock, how long or fast, a measure by its short name, a
// VIN or a locker, which shop or works: a value one statement gives.
TEST(AnswerValuesTest, CountsOfATradeMeasuresByShortNamesAndWhichShop) {
  EXPECT_EQ(AskedKind("how many bags did Olsen order", false), AnswerKind::kAmount);
  EXPECT_EQ(AskedKind("how many head are in barn 3?", false), AnswerKind::kAmount);
  EXPECT_EQ(AskedKind("How many children does Melanie have?", false), AnswerKind::kAny);
  EXPECT_EQ(AskedKind("how many times did I go running", false), AnswerKind::kAny);
  EXPECT_EQ(AskedKind("how long is Bella", false), AnswerKind::kAmount);
  EXPECT_EQ(AskedKind("what temp is pool 5 kept at?", false), AnswerKind::kAmount);
  EXPECT_EQ(AskedKind("what was the pH on the top paddock", true), AnswerKind::kAmount);
  EXPECT_EQ(AskedKind("澳门客户订咗几多斤", false), AnswerKind::kAmount);
  EXPECT_EQ(AskedKind("what's the VIN on truck 9", false), AnswerKind::kIdentifier);
  EXPECT_EQ(AskedKind("which locker is Ramon's", false), AnswerKind::kIdentifier);
  const std::string shop = "白蜡杆是在哪家店买的";
  EXPECT_EQ(AskedKind(shop, false), AnswerKind::kPlace);
  EXPECT_FALSE(CarriesKind(AnswerKind::kPlace, "买了十根白蜡杆,每根八十", shop));
  EXPECT_EQ(AskedKind("菌包是哪家菌厂送的", false), AnswerKind::kPlace);
  EXPECT_EQ(AskedKind("店里wifi密码是什么", false), AnswerKind::kIdentifier);
  EXPECT_NE(AskedKind("我现在在哪个公司上班", false), AnswerKind::kPlace);
  // Asked which works, one said by its kind; asked which shop, one moved to.
  EXPECT_TRUE(CarriesKind(AnswerKind::kPlace, "牡丹籽卖给偃师那家榨油厂 一斤六块",
                          "我原来牡丹籽都卖给哪家厂子"));
  EXPECT_TRUE(CarriesKind(AnswerKind::kPlace, "这周起调到大东海的海狸潜水当主教练了",
                          "我现在在哪家潜店干活"));
  // A measure after "at" is no time of a clock.
  const std::string cellar = "what temp should the cellar be?";
  EXPECT_TRUE(CarriesKind(AnswerKind::kAmount, "Cellar needs to sit at 12°C for the cask ales",
                          cellar));
  EXPECT_FALSE(CarriesKind(AnswerKind::kAmount, "cellar delivery at 12", cellar));
  // Asked the time of day, a day of a month and the night an event is named by give none.
  const std::string wedding = "what time does Tyler's wedding start?";
  EXPECT_FALSE(CarriesKind(AnswerKind::kTime, "Tyler's wedding is June 8 in Owensboro", wedding));
  EXPECT_FALSE(CarriesKind(AnswerKind::kTime, "Tyler's wedding is on the 8th", wedding));
  EXPECT_TRUE(CarriesKind(AnswerKind::kTime, "ceremony at 3 on June 8", wedding));
  const std::string mic = "what time does open mic start";
  EXPECT_FALSE(CarriesKind(AnswerKind::kTime, "Open mic night is hosted by Dafydd", mic));
  EXPECT_TRUE(CarriesKind(AnswerKind::kTime, "open mic starts friday night", mic));
  // Asked a home address, a street by its name answers without a number; a name does not.
  const std::string home = "what's my home address now";
  EXPECT_TRUE(CarriesKind(AnswerKind::kPlace,
                          "Moved to a cottage on Seafield Avenue, keys handed back on the flat",
                          home));
  EXPECT_FALSE(CarriesKind(AnswerKind::kPlace, "Kevin is handling the Meridian slide deck.",
                           "what's Kevin's home address"));
}

}  // namespace engram::recall
