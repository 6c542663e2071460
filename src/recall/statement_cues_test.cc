// Cues read off one statement and what they decide between two: sales and slips, drinks,
// steps, prices of other things, a "now" closing a clause, people of a role, measures of the
// body, codes and numbers that name things.
#include "src/recall/staleness.h"
#include "src/recall/staleness_cues.h"

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "src/recall/relations.h"
#include "src/recall/staleness_test_util.h"

namespace engram::recall {
namespace {

TEST(StalenessTest, ASaleIsNoEndOfWhatOneHas) {
  EXPECT_FALSE(Cue("sold a used trek fx to a customer today, first big sale").replace);
  EXPECT_TRUE(Cue("sold the honda last week").replace);
  EXPECT_FALSE(Cue("sold out of cheese curds at the farmers market by 10am").replace);
  // Switching a thing, "no more" and 切到 end the old state.
  EXPECT_TRUE(Cue("switched milk supplier, getting it from olson dairy now").replace);
  EXPECT_TRUE(Cue("no more joe for me, doing green tea now").replace);
  EXPECT_TRUE(Cue("告警平台上周全部切到Prometheus了").replace);
}

TEST(StalenessTest, SlipsOfReadingAndCountingCorrect) {
  EXPECT_TRUE(Cue("刚才报价讲错了 是每米86 不是68 我看反了").correction);
  EXPECT_TRUE(Cue("recounted today, i mean it's 32 calves, had miscounted").correction);
  EXPECT_TRUE(Cue("i mean 81 kerr st. dunno why i keep writing the number backwards").correction);
  EXPECT_TRUE(Cue("cutting hours, we're now 9 to 5 on weekdays").change);
  EXPECT_TRUE(Cue("company moved us to hubspot this quarter").replace);
  EXPECT_NE(Cue("switched clay suppliers, going with laguna now").slots & kSlotProvider, 0u);
  EXPECT_NE(Cue("dept rang, the application's been queried").slots & kSlotStatus, 0u);
  EXPECT_NE(Cue("my flat is in ponsonby, rent $620/wk").slots & kSlotResidence, 0u);
  EXPECT_NE(Cue("cutting hours, we're now 9 to 5 on weekdays").slots & kSlotSchedule, 0u);
  EXPECT_FALSE(Cue("i mean, the calves look healthy").correction);
}

// "不对" opening a clause corrects; said of a thing it finds fault with it.
TEST(StalenessTest, NotRightCorrectsOnlyOpeningAClause) {
  EXPECT_TRUE(Cue("不对，我说错了，是下周四飞成都").correction);
  EXPECT_TRUE(Cue("哦不对 编号是421587").correction);
  EXPECT_TRUE(Cue("刚才说的不对 应该是周五").correction);
  EXPECT_TRUE(Cue("号码 不对 是8812").correction);
  EXPECT_FALSE(Cue("客户寄来的样品到了 颜色不对").correction);
  EXPECT_FALSE(Cue("这批货尺寸不对劲").correction);
  EXPECT_FALSE(Cue("你说对不对").correction);
}

// A slip of someone else's, done to what is the speaker's, corrects nothing the speaker said.
TEST(StalenessTest, AnothersSlipIsNoCorrection) {
  EXPECT_FALSE(Cue("今天客户在邮件里把我名字写错了 笑死").correction);
  EXPECT_FALSE(Cue("the barista spelled my name wrong again lol").correction);
  EXPECT_FALSE(Cue("they got my order wrong, no pickles my foot").correction);
  EXPECT_TRUE(Cue("i mean thursdays for marisol, got my days mixed up").correction);
  EXPECT_TRUE(Cue("i got my dates wrong, the trip is the 14th").correction);
  EXPECT_TRUE(Cue("刚才把号码写错了 是8812").correction);
}

// A change to a value told with a number in its words; a move out of a home ends it; "也" in a
// clause after the change adds to something else.
TEST(StalenessTest, ChangesMovesOutAndAfterthoughts) {
  EXPECT_TRUE(ChangesToAValue("switched u16 training to mon and wed, pitch clash"));
  EXPECT_TRUE(Cue("moved out of the old place, renting in coral gables now").replace);
  EXPECT_FALSE(Cue("记账软件换成金蝶精斗云了 理事长说云端的他在牧场也能看").additive);
  EXPECT_TRUE(Cue("午饭也换成米线了").additive);
}

// Results of exams and reviews are steps; "sent in" starts a process.
TEST(StalenessTest, ResultsOfReviewsAreSteps) {
  EXPECT_NE(Cue("复审没通过 明年再报").slots & kSlotStatus, 0u);
  EXPECT_NE(Cue("考完了 感觉一般 等成绩吧").slots & kSlotStatus, 0u);
  EXPECT_NE(Cue("smith river permit came thru!! approved for june launch").slots & kSlotStatus,
            0u);
  EXPECT_NE(Cue("sent in my commercial permit application").slots & kSlotStarted, 0u);
}

TEST(StalenessTest, DrinksStepsAndPossessives) {
  EXPECT_NE(Cue("每天早上两杯美式 不然开会撑不住").slots & kSlotDrinkEat, 0u);
  EXPECT_NE(Cue("试车没问题 张姐的途观已经交车了 钱也结了").slots & kSlotStatus, 0u);
  EXPECT_NE(Cue("张姐的途观变速箱有问题 拆开了 等配件").slots & kSlotStatus, 0u);
  // The payment that closes a job adds no second item.
  EXPECT_FALSE(Cue("试车没问题 张姐的途观已经交车了 钱也结了").additive);
  EXPECT_TRUE(Cue("张姐的途观也交车了").additive);
  // "accountant's sharon": the possessive or contracted "is" ends the cue word.
  EXPECT_NE(Cue("accountant's sharon in lisburn, does the books quarterly").slots & kSlotProvider,
            0u);
  EXPECT_TRUE(Outdates(Cue("accountant is paddy quinn on the lisburn rd, books quarterly"),
                       Cue("accountant's sharon in lisburn, does the books quarterly"), Both(0.5)));
}

TEST(StalenessTest, AnotherThingsPriceAndAMoveOfAThing) {
  // Rent of a warehouse that went up, no amount said, leaves the lens budget alone.
  EXPECT_EQ(OutdatedFor("今年买镜片能花多少钱", "不对 我看错邮件了 黄总定的镜片预算是150万 不是180",
                        "瓯海那个仓库租金又涨了"),
            -1);
  // A thing moved to a new place of the kind the older one put it in.
  const Memory a = Record(1, 1, 1000, "we fish out of the wharf at Eastern Passage");
  const Memory b = Record(2, 2, 2000, "moved the boat to Ketch Harbour wharf, cheaper berth");
  EXPECT_EQ(OutdatedByCues({&a, &b}, {0.55, 1})[0], 1);
}

TEST(StalenessTest, NowClosingAClauseIsAChange) {
  EXPECT_TRUE(EndsAClauseWithNow("moose is on purina pro plan sport now, the fancy stuff"));
  EXPECT_TRUE(EndsAClauseWithNow("pickles weighs 38 lbs now"));
  EXPECT_FALSE(EndsAClauseWithNow("now it's 38 lbs"));
  EXPECT_FALSE(EndsAClauseWithNow("called the vet just now"));
  EXPECT_FALSE(EndsAClauseWithNow("should be there by now."));
  EXPECT_FALSE(EndsAClauseWithNow("nowhere to park"));
  EXPECT_TRUE(Cue("moose is on purina pro plan sport now, the fancy stuff got too pricey").change);
  EXPECT_EQ(OutdatedFor("what food does moose get",
                        "moose eats orijen large breed, 25lb bag lasts like 3 weeks",
                        "moose is on purina pro plan sport now, the fancy stuff got too pricey"),
            1);
  // A change of something else, sharing no word, replaces only what both answer fully.
  const Memory weight = Record(1, 1, 1000, "学员小吴 体重62kg 配重给他配4公斤");
  const Memory rent = Record(2, 2, 2000, "房租这个月涨了200 心痛");
  EXPECT_EQ(OutdatedByCues({&weight, &rent}, {1, 0.4}, "", false, true, "小吴下水要挂多少铅")[0],
            -1);
}

TEST(StalenessTest, TwoPeopleOfTheRoleAskedForAreTwoAnswers) {
  const Memory lin = Record(1, 1, 1000, "牙医是五马街口腔诊所的林医生 洗牙找他");
  const Memory pan = Record(2, 2, 2000, "我的牙医 瓯海区口腔医院潘医生 下个月8号复诊");
  const std::string_view question = "我看牙是找哪个医生";
  EXPECT_EQ(OutdatedByCues({&lin, &pan}, {1, 1}, "", /*asks_one=*/true, true, question)[0], 1);
  EXPECT_TRUE(ShareARole("牙医是林医生", "潘医生"));
  EXPECT_FALSE(ShareARole("游泳教练叫李杰", "钢琴老师姓何"));
}

TEST(StalenessTest, AMeasureOfTheBodyIsOnePerMeasure) {
  const Memory before = Record(1, 1, 1000, "今天称了下 体重86公斤 肚子太大了");
  const Memory now = Record(2, 2, 2000, "体重78.5公斤");
  EXPECT_EQ(OutdatedByCues({&before, &now}, {1, 0.7})[0], 1);
  const Memory height = Record(3, 3, 2000, "儿子身高120公分");
  EXPECT_EQ(OutdatedByCues({&before, &height}, {1, 0.7})[0], -1);
}

TEST(StalenessTest, CodesThatAreTheAnswerNameNoTwoItems) {
  EXPECT_EQ(OutdatedFor("我那个潜水保险单号多少", "潜水保险是DAN的 保单号 DAN-88213407",
                        "DAN潜水保险 保单号 DAN-88219955 到期明年三月"),
            1);
  EXPECT_NE(Cue("PADI说材料缺一张体检表 今天补交了").slots & kSlotStatus, 0u);
  EXPECT_NE(Cue("考官考核过了!! 正式拿到OWSI证 教练等级升了").slots & kSlotStatus, 0u);
}

TEST(StalenessTest, ANumberInAPlacesNameIsNoValue) {
  EXPECT_TRUE(OtherValues(Cue("7 merthyr rd teneriffe unit is $655 a week"),
                          Cue("rent at 7 merthyr rd teneriffe is $620/wk"), {}));
  EXPECT_FALSE(OtherValues(Cue("switch version locks at 30 fps, we're not chasing 60 there"),
                           Cue("our target framerate on switch is 30 fps"), {}));
}

TEST(StalenessTest, ASpanOfTimeIsNoOtherThing) {
  EXPECT_FALSE(Cue("FAA issued my medical!! good for another year").additive);
  EXPECT_TRUE(Cue("got another dog").additive);
  EXPECT_NE(Cue("FAA issued my medical!! good for another year").slots & kSlotStatus, 0u);
  EXPECT_NE(Cue("密封圈换好了 不漏了").slots & kSlotStatus, 0u);
  EXPECT_NE(Cue("婴儿床到深圳转运中心了").slots & kSlotStatus, 0u);
}

TEST(StalenessTest, SomeoneCalledByWhatTheyDoIsAProvider) {
  EXPECT_TRUE(Cue("女儿看病找的是张大夫 市妇儿三楼").slots & kSlotProvider);
  EXPECT_TRUE(Cue("we see Dr. Okafor for the kids now").slots & kSlotProvider);
  EXPECT_FALSE(Cue("李经理下午来开会").slots & kSlotProvider);
}

}  // namespace
}  // namespace engram::recall
