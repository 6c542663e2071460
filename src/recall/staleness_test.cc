#include "src/recall/staleness.h"
#include "src/recall/staleness_cues.h"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "src/recall/relations.h"
#include "src/recall/relevance.h"
#include "src/recall/same_statement.h"
#include "src/recall/staleness_test_util.h"

namespace engram::recall {
namespace {


// OutdatedByCues of `ms` when none of them answers the question at hand (relevance 0).
std::vector<int> OutdatedWithoutTheQuestion(const std::vector<Memory>& ms) {
  std::vector<const Memory*> ptrs;
  for (const Memory& m : ms) ptrs.push_back(&m);
  return OutdatedByCues(ptrs, std::vector<double>(ms.size(), 0));
}


TEST(StalenessTest, ChangeVerbOutdatesTheSameSlot) {
  EXPECT_TRUE(Outdates(Cue("我上周搬到上海了"), Cue("我住在杭州"), Both()));
  EXPECT_TRUE(Outdates(Cue("I switched to black coffee"), Cue("I drink oat milk lattes"), Both()));
  EXPECT_TRUE(Outdates(Cue("工单T-205已关闭"), Cue("工单T-205目前处理中"), Both()));
}

TEST(StalenessTest, AChangeThatSaysMoreOrNamesOneWordOfTheOlderStillReplacesIt) {
  EXPECT_EQ(OutdatedFor("我现在住哪儿", "住在花溪大学城边上 房子便宜 就是离商圈远",
                        "搬家了 搬到云岩区黔灵山附近 合租 一个月八百 离送单区近多了"),
            1);
  EXPECT_EQ(OutdatedFor("我怎么去上班", "每天坐地铁4号线上班 挤死",
                        "不再挤地铁了 现在骑电动车去园里 二十分钟"),
            1);
}

TEST(StalenessTest, AMaskedValueIsOneValueWhateverItsIdSpells) {
  // A placeholder's id is random base32 from the store's key: with or without a digit, the
  // statement names one value, and the same one only with the same id.
  for (std::string_view id : {"abcdefghijkmnopq", "ab3now7xk2pq5rst"}) {
    const std::string text = "admin login is ⟦EMAIL:" + std::string(id) + "⟧";
    EXPECT_EQ(Cue(text).numbers, std::vector<std::string>{"⟦email:" + std::string(id) + "⟧"})
        << text;
  }
  EXPECT_TRUE(OtherValues(Cue("my email is ⟦EMAIL:abcdefghijkmnopq⟧"),
                          Cue("my email is ⟦EMAIL:ab3now7xk2pq5rst⟧"), {}));
  EXPECT_FALSE(OtherValues(Cue("my email is ⟦EMAIL:abcdefghijkmnopq⟧"),
                           Cue("email me at ⟦EMAIL:abcdefghijkmnopq⟧"), {}));
}


TEST(StalenessTest, AValueOfAnotherThingReplacesNone) {
  struct Case {
    std::string_view question, older, newer;
    int outdated;  // OutdatedFor: 1 = the newer replaces the older, -1 = it does not
  };
  const Case cases[] = {
      // Another word qualifies the question's, or another relation owns the value.
      {"what's the office wifi password", "the office wifi password is Blue1234",
       "guest wifi password is Green5678", -1},
      {"when is Sam's birthday", "Sam's birthday is March 3", "Kim's birthday is March 9", -1},
      {"what time is the blue team meeting", "the blue team meeting is at 10:30 on mondays",
       "the red team meeting is at 11:30 on mondays", -1},
      {"房租一个月多少钱", "房租每个月3500", "物业费每个月1200", -1},
      {"我妈手机号多少", "我妈的手机号是13912345678", "我爸的手机号是13887654321", -1},
      {"what's my passport number", "my passport number is K1234567",
       "my wife's passport number is K7654321", -1},
      // A value of the same shape that says nothing of the thing asked.
      {"how much is my gym membership", "gym membership is $45 a month",
       "netflix is $15 a month now", -1},
      // The same thing in other words, a value of the same shape: the later one is the answer.
      {"what's the after-hours on-call number", "our on-call night number is 208-555-0193",
       "on-call line for after hours: 208-555-0321, put it on the door sign", 1},
      {"how much is my emergency callout fee", "my emergency callout fee is $150",
       "emergency callout is $175 from now", 1},
      // A relation that is the value, not whose it is.
      {"who is my emergency contact", "My emergency contact is my brother Tom.",
       "My emergency contact is my wife, Elena.", 1},
      // A change cue: the value moved ("调去" is one).
      {"我现在在哪家店上班", "我现在在静安那家店上早班",
       "老板把我调去徐汇那家店了,以后都在那边上早班", 1},
  };
  for (const Case& c : cases) {
    EXPECT_EQ(OutdatedFor(c.question, std::string(c.older), std::string(c.newer)), c.outdated)
        << c.question << " | " << c.older << " | " << c.newer;
  }
}

TEST(StalenessTest, NewerPlainStatementOfASingleValuedSlotOutdates) {
  EXPECT_TRUE(Outdates(Cue("我的分机号是 8066"), Cue("我的分机号是 8021"), Both()));
  // Likes accumulate: a plain new like does not replace an old one.
  EXPECT_FALSE(Outdates(Cue("I like swimming"), Cue("I like hiking on weekends"), Both()));
}

TEST(StalenessTest, TheSameFrameWithAnotherValueOutdatesWhateverTheQuestion) {
  const Topic off_topic{0, 0, 0};  // neither answers the question
  EXPECT_TRUE(Outdates(Cue("My favorite band is The National."),
                       Cue("My favorite band is Radiohead."), off_topic));
  EXPECT_TRUE(Outdates(Cue("我的体重是71公斤"), Cue("我的体重是78公斤"), off_topic));
  // Not the same thing, not one value, or the same words again.
  EXPECT_FALSE(Outdates(Cue("My favorite movie is Heat."), Cue("My favorite band is Radiohead."),
                        off_topic));
  EXPECT_FALSE(Outdates(Cue("My favorite band is also Radiohead."),
                        Cue("My favorite band is The National."), off_topic));
  EXPECT_FALSE(Outdates(Cue("The weather is cold."), Cue("The weather is nice."), off_topic));
  EXPECT_FALSE(Outdates(Cue("My WiFi password is A1."), Cue("My WiFi password is B2."),
                        Topic{0, 0, 0, true, false}));
}

TEST(StalenessTest, AdditiveQuestionOrOtherSlotDoesNotOutdate) {
  EXPECT_FALSE(Outdates(Cue("I also like swimming"), Cue("I like hiking"), Both()));
  EXPECT_FALSE(Outdates(Cue("我搬到上海了吗？"), Cue("我住在杭州"), Both()));
  EXPECT_FALSE(Outdates(Cue("我现在喜欢喝茶"), Cue("我住在杭州"), Both()));
}

TEST(StalenessTest, TheFirstStepOfAProcessIsAStatusItsLaterStepsReplace) {
  EXPECT_TRUE(Outdates(Cue("日本签证被拒了，说材料不全。"), Cue("我提交了日本签证申请。"), Both()));
  EXPECT_TRUE(Outdates(Cue("Chase approved the pre-approval for $450k."),
                       Cue("I applied for a mortgage pre-approval with Chase."), Both()));
  EXPECT_TRUE(Outdates(Cue("团建因为天气原因延期了，具体时间再定。"),
                       Cue("下周六的团建计划去爬香山。"), Both()));
  // "也" inside a status that moves on adds nothing to the slot; outside a status it still does.
  EXPECT_TRUE(Outdates(Cue("那笔3200的差旅报销已经批下来了，钱也到账了。"),
                       Cue("我报销了一笔差旅费，3200元，正在审批。"), Both()));
  EXPECT_FALSE(Outdates(Cue("我也喜欢喝茶"), Cue("我喜欢喝咖啡"), Both()));
  // Two first steps are two processes.
  EXPECT_FALSE(Outdates(Cue("我计划下个月学吉他。"), Cue("我计划明年去日本玩。"), Both()));
  EXPECT_FALSE(Outdates(Cue("I ordered a desk lamp."), Cue("I ordered a pizza for tonight."),
                        Both()));
}

TEST(StalenessTest, CorrectionOfTheSameTopicOutdatesWithoutASlot) {
  EXPECT_TRUE(Outdates(Cue("不对，我说错了，是下周四飞成都"), Cue("我下周三飞成都出差"), Both()));
  // Slips said in other words.
  for (std::string_view slip : {"ugh copied it wrong, Lisbon flight is TP 1358",
                                "fat-fingered the rent number lol. new rent is $2,310",
                                "我记岔了 我妹生日其实是4月17号", "记反了 我妹生日其实是4月18号",
                                "I mistyped the router password earlier, it's maple-Horizon-24",
                                "Mis-typed the HP earlier. Level 4 boss is 21,000 HP"}) {
    EXPECT_TRUE(Cue(slip).correction) << slip;
  }
  // Not about the question and no words in common: a correction of something else.
  EXPECT_FALSE(Outdates(Cue("Actually, the talk is at noon"), Cue("My cat is called Tom"),
                        Topic{1, 0.1, 0}));
}

TEST(StalenessTest, AnExplicitCorrectionReplacesTheClosestOlderStatement) {
  const std::vector<Memory> ms = {
      Record(1, 1, 1000, "My car insurance policy number is HX-448210."),
      Record(2, 2, 2000, "The kids start swim lessons on Saturdays."),
      Record(3, 3, 3000, "Scratch that policy number I gave you, the right one is HX-448201."),
      Record(4, 4, 4000, "The team meeting with Bob is on Monday."),
      Record(5, 5, 5000, "The budget meeting with Alice is on Tuesday."),
      Record(6, 6, 6000, "Correction: the meeting with Bob is on Wednesday.")};
  // None answers the question (a paraphrase: "What's my auto coverage reference number?").
  const std::vector<int> by = OutdatedWithoutTheQuestion(ms);
  EXPECT_EQ(by[0], 2);   // 2 of the older one's 5 words repeated, the closest
  EXPECT_EQ(by[1], -1);
  EXPECT_EQ(by[3], 5);
  EXPECT_EQ(by[4], -1);  // "meeting" in common, but Bob's meeting is closer
}

TEST(StalenessTest, TheSameWordsWithOtherValuesReplaceTheOlderStatement) {
  const std::vector<Memory> ms = {
      Record(1, 1, 1000, "My daughter Emma's piano lessons are on Wednesdays at 4."),
      Record(2, 2, 2000, "I need to buy a birthday gift for Dad."),
      Record(3, 3, 3000, "Emma's piano lessons are on Mondays at 5 with Mrs. Keller."),
      Record(4, 4, 4000, "李老师的钢琴课一节课300块"),
      Record(5, 5, 5000, "李老师钢琴课一节课收350块")};
  // No cue word and no question at hand: the values alone changed.
  EXPECT_EQ(OutdatedWithoutTheQuestion(ms), (std::vector<int>{2, -1, -1, 4, -1}));
}

// Two changes of different things are two: each names, before its change cue, what the other
// does not ("the billing service", "the search service"; "my sister", "my brother").
TEST(StalenessTest, ChangesOfOtherThingsReplaceNothing) {
  Memory billing = Record(1, 1, 1000, "The billing service moved to rack 12.");
  Memory search = Record(2, 2, 2000, "The search service moved to rack 40.");
  EXPECT_EQ(OutdatedByCues({&billing, &search}, {1, 1}), (std::vector<int>{-1, -1}));
  Memory sister = Record(3, 3, 3000, "My sister moved to Denver.");
  Memory brother = Record(4, 4, 4000, "My brother moved to Austin.");
  EXPECT_EQ(OutdatedByCues({&sister, &brother}, {1, 1}), (std::vector<int>{-1, -1}));
  Memory jifei = Record(5, 5, 5000, "计费服务迁到了12号机架。");
  Memory sousuo = Record(6, 6, 6000, "搜索服务迁到了40号机架。");
  EXPECT_EQ(OutdatedByCues({&jifei, &sousuo}, {1, 1}), (std::vector<int>{-1, -1}));
  // The same thing moved again: the newer replaces the older.
  Memory denver = Record(7, 7, 7000, "Dana moved to Denver last year.");
  Memory austin = Record(8, 8, 8000, "Dana moved to Austin this spring.");
  EXPECT_EQ(OutdatedByCues({&denver, &austin}, {1, 1}), (std::vector<int>{1, -1}));
  // An adverb before the cue ("已经") names nothing that changed.
  Memory cola = Record(11, 11, 11000, "我每天下午喝一罐可乐，不喝就犯困。");
  Memory water = Record(12, 12, 12000, "我已经戒了可乐，现在下午只喝白开水。");
  EXPECT_EQ(OutdatedByCues({&cola, &water}, {1, 1}), (std::vector<int>{1, -1}));
  Memory rack12 = Record(9, 9, 9000, "The billing service moved to rack 12.");
  Memory rack7 = Record(10, 10, 10000, "The billing service moved to rack 7.");
  EXPECT_EQ(OutdatedByCues({&rack12, &rack7}, {1, 1}), (std::vector<int>{1, -1}));
}

// "Heads up:" opens a message; it names no speaker whose "I" differs from the older one's.
TEST(StalenessTest, AnOpeningBeforeAColonIsNoSpeaker) {
  Memory older = Record(1, 1, 1000, "For the Acme account, our main contact is Dana Moss.");
  Memory newer = Record(2, 2, 2000, "Heads up: the Acme account's contact changed to Ivo Lind.");
  EXPECT_EQ(OutdatedByCues({&older, &newer}, {1, 1}), (std::vector<int>{1, -1}));
  // Two speakers of a transcript, each with a name of two capitalized words, stay apart.
  Memory mary = Record(3, 3, 3000, "Mary Jane: my contact number is 555-0101.");
  Memory john = Record(4, 4, 4000, "John Smith: my contact number changed to 555-0199.");
  EXPECT_EQ(OutdatedByCues({&mary, &john}, {1, 1}), (std::vector<int>{-1, -1}));
  // A role before a name labels a note about someone; it names no speaker.
  EXPECT_EQ(Speaker("Client Ramirez: biometrics appointment scheduled for March 14"), "");
  EXPECT_EQ(Speaker("Mary Jane: my contact number is 555-0101."), "Mary Jane");
}

TEST(StalenessTest, OtherValuesReplaceNothingInEventsOrWithAValueInCommon) {
  Memory ran = Record(1, 1, 1000, "I ran 5 km on Monday morning.");
  Memory again = Record(2, 2, 2000, "I ran 8 km on Tuesday morning.");
  ran.kind = again.kind = MemoryKind::kEvent;
  EXPECT_EQ(OutdatedByCues({&ran, &again}, {0, 0}), (std::vector<int>{-1, -1}));
  // Read as events ("trip"), but naming no day, with a number both say besides their own: the
  // rate changed.
  Memory rate = Record(7, 7, 7000, "half day trip rate is $450 for two anglers");
  Memory raised = Record(8, 8, 8000, "half day trip rate $525 for two anglers");
  rate.kind = raised.kind = MemoryKind::kEvent;
  EXPECT_EQ(OutdatedByCues({&rate, &raised}, {0, 0}), (std::vector<int>{1, -1}));
  // A value in common: the same thing, more said of it ("at 3" and "at 3, room 204").
  Memory at3 = Record(3, 3, 3000, "We review the designs with Ana on Thursday at 3.");
  Memory room = Record(4, 4, 4000, "We review the designs with Ana on Thursday, room 204.");
  EXPECT_EQ(OutdatedByCues({&at3, &room}, {0, 0}), (std::vector<int>{-1, -1}));
  // Other values, but of something else: too few of the older one's words repeated.
  Memory rent = Record(5, 5, 5000, "My rent is 2400 dollars a month.");
  Memory gym = Record(6, 6, 6000, "The gym costs 60 dollars a month.");
  EXPECT_EQ(OutdatedByCues({&rent, &gym}, {0, 0}), (std::vector<int>{-1, -1}));
}

// Numbers are read whole: "$16.99" and "$19.99" share no "99".
TEST(StalenessTest, NumbersAreReadWhole) {
  EXPECT_EQ(Cue("Spotify family plan is $19.99/month.").numbers,
            (std::vector<std::string>{"19.99"}));
  EXPECT_EQ(Cue("Call 555-0142 at 4:30 about B3-056").numbers,
            (std::vector<std::string>{"555-0142", "4:30", "b3-056"}));
  const std::vector<Memory> ms = {
      Record(1, 1, 1000, "My Spotify family plan costs $16.99 a month."),
      Record(2, 2, 2000, "Spotify family plan is $19.99/month.")};
  EXPECT_EQ(OutdatedWithoutTheQuestion(ms), (std::vector<int>{1, -1}));
}

// A name right after a copula is what the statement says, its value, not who it is about:
// a correction of it corrects the same teacher's slot.
TEST(StalenessTest, ANameAfterACopulaIsTheValue) {
  EXPECT_TRUE(Cue("女儿的班主任是王老师，人挺好的").subjects.empty());
  EXPECT_FALSE(Cue("王老师下周请假").subjects.empty());
  EXPECT_TRUE(Outdates(Cue("我记错了，女儿的班主任其实是赵老师"), Cue("女儿的班主任是王老师，人挺好的"),
                       Both(0.8)));
}

// A change said of what both statements answer, with other values of one kind, replaces the
// older one in words of no slot; off the question it does not.
TEST(StalenessTest, AChangeWithOtherValuesOfWhatBothAnswer) {
  Topic both = Both();
  both.other_values = true;
  EXPECT_TRUE(Outdates(Cue("手机换成了华为Mate 60 Pro，旧的给我妈用了"), Cue("我的主力机是小米13"), both));
  Topic off = both;
  off.newer_relevance = off.older_relevance = 0.1;
  EXPECT_FALSE(Outdates(Cue("手机换成了华为Mate 60 Pro，旧的给我妈用了"), Cue("我的主力机是小米13"), off));
}

// Two short statements in the same words with other numbers replace each other, unless they
// name two members of one series or two measures of one thing.
TEST(StalenessTest, OtherValuesOfOtherThingsReplaceNothing) {
  EXPECT_TRUE(NamesOtherThings("hive 3's queen is unmarked; couldn't find her",
                               "the queen in hive 2 is marked blue, she's a 2025 queen."));
  EXPECT_TRUE(NamesOtherThings("saddle setback is 6 cm behind bb",
                               "my saddle height is 74.5 cm from bb center"));
  EXPECT_FALSE(NamesOtherThings("meeting is in room 305 now", "meeting is in room 204"));
  EXPECT_FALSE(NamesOtherThings("note: dispatcher line 555-0187", "dispatcher's number is 555-0142."));
  EXPECT_FALSE(NamesOtherThings("electric bill runs about $140 a month", "electric bill averages $95/mo."));
  Topic values = Both();
  values.other_values = true;
  values.shared_besides_values = 0.6;
  EXPECT_TRUE(Outdates(Cue("saddle height is 72 cm now, dropped it"), Cue("my saddle height is 74.5 cm"),
                       values));
  EXPECT_FALSE(Outdates(Cue("saddle setback is 6 cm behind BB"), Cue("my saddle height is 74.5 cm"),
                        values));
  EXPECT_FALSE(Outdates(Cue("Hive 3's queen is unmarked."), Cue("The queen in hive 2 is marked blue."),
                        values));
}

// Asked how an item stands, two statements of it that both answer are two steps, whatever
// their words; not of two items, nor with "也".
TEST(StalenessTest, AStatusQuestionMakesTheLaterStepOfAnItemTheState) {
  Memory sent = Record(1, 1, 1000, "买的空气炸锅 顺丰已经揽收了");
  Memory came = Record(2, 2, 2000, "空气炸锅到了 丰巢签收了");
  EXPECT_EQ(OutdatedByCues({&sent, &came}, {1, 1}, "我那个空气炸锅到哪了"),
            (std::vector<int>{1, -1}));
  EXPECT_EQ(OutdatedByCues({&sent, &came}, {1, 1}), (std::vector<int>{-1, -1}));
  Memory a = Record(3, 3, 1000, "蓝海科技的合同也在法务审核中");
  Memory b = Record(4, 4, 2000, "华星的合同法务审核通过，已经签了");
  EXPECT_EQ(OutdatedByCues({&a, &b}, {1, 1}, "蓝海科技那份合同走到哪一步了？"),
            (std::vector<int>{-1, -1}));
  // A step that names no one and nothing may be a step of the item the question names.
  Memory printed = Record(5, 5, 1000, "那本相册印好了，在装订");
  Memory mailed = Record(6, 6, 2000, "相册顺丰寄出了，单号SF1402937765");
  EXPECT_EQ(OutdatedByCues({&printed, &mailed}, {1, 1}, "陈先生那本相册到哪一步了"),
            (std::vector<int>{1, -1}));
}

// Asked for one thing now, a long statement that says it in passing is outdated in part by a
// later short one that replaces what its clause says.
TEST(StalenessTest, AClauseOfALongStatementIsOutdatedByALaterAnswer) {
  Memory day = Record(1, 1, 1000,
                      "Long day. Showed the Victorian on Oak twice, the sellers are dragging their "
                      "feet on the inspection repairs, and my commission split with the brokerage "
                      "is 70/30, which honestly feels fine for now, though the desk fee keeps "
                      "creeping up. Need to call the title company tomorrow.");
  Memory split = Record(2, 2, 2000, "commission split is 80/20");
  EXPECT_EQ(OutdatedByCues({&day, &split}, {1, 1}, "", /*asks_one=*/true),
            (std::vector<int>{1, -1}));
  // Not asked for one thing: the long statement stays whole.
  EXPECT_EQ(OutdatedByCues({&day, &split}, {1, 1}), (std::vector<int>{-1, -1}));
  // A clause outdates nothing: the short statement said first stays.
  Memory first = Record(3, 3, 500, "commission split is 80/20");
  EXPECT_EQ(OutdatedByCues({&first, &day}, {1, 1}, "", true)[0], -1);
}

// Asked for a kind of value, a later statement that carries none is no later answer.
TEST(StalenessTest, ALaterStatementWithoutTheKindAskedForReplacesNoAnswer) {
  Memory account = Record(1, 1, 1000,
                         "correction on the glidewell acct — I had two digits swapped, it's "
                         "448231. also Dr. Patel wants the lab slips in the blue tray from now on");
  Memory pickup = Record(2, 2, 2000, "Glidewell pickup is Tuesdays around 2");
  const std::string q = "what's our Glidewell account number?";
  EXPECT_EQ(OutdatedByCues({&account, &pickup}, {1, 1}, "", true, true, q),
            (std::vector<int>{-1, -1}));
  // Read without the kind asked for, the later short statement was taken for the answer now.
  EXPECT_EQ(OutdatedByCues({&account, &pickup}, {1, 1}, "", true, true)[0], 1);
  Memory moved = Record(3, 3, 3000, "glidewell acct changed to 448299");
  EXPECT_EQ(OutdatedByCues({&account, &moved}, {1, 1}, "", true, true, q)[0], 1);
}

// A step between two linked steps of an item is a step of it, though it does not name it; not
// when it answers the question weakly or was said after the last step.
TEST(StalenessTest, AStepBetweenTwoStepsOfAnItemIsAStepOfIt) {
  Memory sent = Record(1, 1, 1000, "营业执照续期的材料交上去了");
  Memory missing = Record(2, 2, 2000, "工商那边说缺个消防证明 得补");
  Memory done = Record(3, 3, 3000, "执照续期批下来了 新证下礼拜去领");
  const std::string_view q = "执照续期现在啥情况";
  EXPECT_EQ(OutdatedByCues({&sent, &missing, &done}, {1, 0.86, 1}, q),
            (std::vector<int>{2, 2, -1}));
  EXPECT_EQ(OutdatedByCues({&sent, &missing, &done}, {1, 0.3, 1}, q),
            (std::vector<int>{2, -1, -1}));
  Memory after = Record(4, 4, 4000, "工商那边说缺个消防证明 得补");
  EXPECT_EQ(OutdatedByCues({&sent, &done, &after}, {1, 1, 0.86}, q),
            (std::vector<int>{1, -1, -1}));
  // Not asked how it stands: nothing but the linked pair.
  EXPECT_EQ(OutdatedByCues({&sent, &missing, &done}, {1, 0.86, 1}), (std::vector<int>{-1, -1, -1}));
}

TEST(StalenessTest, AnAfterthoughtOfAnotherThingAddsNothing) {
  EXPECT_FALSE(Cue("between calls: olive oil case is $52, tell Rosa before she reorders, also "
                   "pick up dry cleaning")
                   .additive);
  EXPECT_TRUE(Cue("I also use an iPad for work").additive);
  EXPECT_TRUE(Cue("蓝海科技的合同也在法务审核中").additive);
  // The payment that closes a job is an afterthought to it, no second item in its state.
  EXPECT_FALSE(Cue("报销批下来了,钱也到账了").additive);
}

// Asked for a value now, a change of what both answer fully need repeat only a few words of the
// older; asked nothing of the kind (a chat question, relevance saturated), it does not.
TEST(StalenessTest, AChangeOfWhatBothAnswerReplacesAValueAskedForNow) {
  Memory shed = Record(1, 1, 1000, "compost bin is behind the shed next to the rhubarb");
  Memory fence = Record(2, 2, 2000,
                        "finally moved the compost bin over by the back fence where it gets more "
                        "sun my back is killing me");
  EXPECT_EQ(OutdatedByCues({&shed, &fence}, {1, 1}, "", false, /*asks_value=*/true),
            (std::vector<int>{1, -1}));
  EXPECT_EQ(OutdatedByCues({&shed, &fence}, {1, 1}), (std::vector<int>{-1, -1}));
  EXPECT_EQ(OutdatedByCues({&shed, &fence}, {1, 0.5}, "", false, true), (std::vector<int>{-1, -1}));
  // 减到 says a change.
  EXPECT_TRUE(Cue("复诊了,医生把褪黑素减到每晚1.5毫克").change);
  // One word in common is too few: the interface changed, not the date of the document.
  Memory doc = Record(5, 5, 1000, "李工说接口文档周五前给");
  Memory async = Record(6, 6, 2000, "他昨天说要把接口改成异步");
  EXPECT_EQ(OutdatedByCues({&doc, &async}, {1, 1}, "", false, true), (std::vector<int>{-1, -1}));
  Memory drawer = Record(3, 3, 1000, "社区中心仓库的钥匙在前台抽屉里。");
  Memory safe = Record(4, 4, 2000, "仓库钥匙搬到办公室保险柜里了,密码问我");
  EXPECT_EQ(OutdatedByCues({&drawer, &safe}, {1, 1}, "", false, true), (std::vector<int>{1, -1}));
}

// Asked for one thing, two short statements that both answer it fully are two answers, the
// later the one now; an additive one adds.
TEST(StalenessTest, AOneThingQuestionMakesTheLaterAnswerCurrent) {
  Memory old_laptop = Record(1, 1, 1000, "work gave me a ThinkPad X1");
  Memory new_laptop = Record(2, 2, 2000, "typing this on my work MacBook Pro, the 14 inch");
  EXPECT_EQ(OutdatedByCues({&old_laptop, &new_laptop}, {1, 1}, "", /*asks_one=*/true),
            (std::vector<int>{1, -1}));
  EXPECT_EQ(OutdatedByCues({&old_laptop, &new_laptop}, {1, 0.5}, "", true),
            (std::vector<int>{-1, -1}));
  // Two frames, two things: the favorite movie is not replaced by the favorite cuisine.
  Memory movie = Record(4, 4, 1000, "My favorite movie is Heat.");
  Memory cuisine = Record(5, 5, 2000, "My favorite cuisine is Ethiopian.");
  EXPECT_EQ(OutdatedByCues({&movie, &cuisine}, {1, 1}, "", true), (std::vector<int>{-1, -1}));
  // A frame whose words are all in the other's names the same thing.
  Memory alvarez = Record(8, 8, 1000, "Theo's teacher this year is Ms. Alvarez.");
  Memory okafor = Record(9, 9, 2000, "Theo's teacher is Mr. Okafor, seems strict");
  EXPECT_EQ(OutdatedByCues({&alvarez, &okafor}, {1, 1}, "", true), (std::vector<int>{1, -1}));
  // Two that share no word and do not both name a value are not two answers.
  Memory car = Record(6, 6, 1000, "traded in the old ride, driving a Mazda CX-5 now");
  Memory remind = Record(7, 7, 2000, "pls remind me about mom's call sunday");
  EXPECT_EQ(OutdatedByCues({&car, &remind}, {1, 1}, "", true), (std::vector<int>{-1, -1}));
  Memory also = Record(3, 3, 3000, "I also use an iPad for work");
  EXPECT_EQ(OutdatedByCues({&new_laptop, &also}, {1, 1}, "", true), (std::vector<int>{-1, -1}));
  // One Han character both say (药 of 药房 and 降压药) is no shared topic; with a change said,
  // one is (猫 of 猫粮 and 猫主子).
  Memory hours = Record(10, 10, 1000, "药房营业时间改成早8点到晚10点了,从这周一开始");
  Memory refill = Record(11, 11, 2000, "张阿姨的降压药又要续方了");
  EXPECT_EQ(OutdatedByCues({&hours, &refill}, {1, 1}, "", true), (std::vector<int>{-1, -1}));
  Memory royal = Record(12, 12, 1000, "我家猫粮一直喂的皇家室内成猫");
  Memory orijen = Record(13, 13, 2000, "猫主子嫌弃了 改口吃渴望了 天天就认这个");
  EXPECT_EQ(OutdatedByCues({&royal, &orijen}, {1, 1}, "", true), (std::vector<int>{1, -1}));
}

// A short Chinese change replaces what it repeats most characters of, whatever the question.
TEST(StalenessTest, AShortChineseChangeIsReadByItsCharacters) {
  Memory old_book = Record(1, 1, 1000, "高一物理用的是人教版教材");
  Memory new_book = Record(2, 2, 2000, "今年开始高一物理改用鲁科版了");
  EXPECT_EQ(OutdatedByCues({&old_book, &new_book}, {1, 1}), (std::vector<int>{1, -1}));
  Memory maths = Record(3, 3, 1000, "初二数学用的是北师大版");
  EXPECT_EQ(OutdatedByCues({&maths, &new_book}, {1, 1}), (std::vector<int>{-1, -1}));
}

// Asked for one thing, a later remark about it that is further from the question than the
// answer before it (kRemarkCosineGap) and gives no value of the answer's shape is no new
// answer; one that names a new value of that shape, or says the answer again, is.
TEST(StalenessTest, ALaterRemarkIsNoNewAnswer) {
  const std::string q = "where are sunday classes held now";
  Memory moved = Record(1, 1, 1000, "moved sunday group classes indoors to 212 Kessler Ave");
  Memory dogs = Record(2, 2, 2000, "7 dogs signed up for sunday already");
  auto outdated = [&](const Memory& older, const Memory& newer, std::vector<double> cosine) {
    return OutdatedByCues({&older, &newer}, {1, 1}, "", /*asks_one=*/true, true, q, cosine)[0];
  };
  EXPECT_EQ(outdated(moved, dogs, {0.865, 0.816}), -1);
  // Not further from the question, or its cosine unknown: the rule as before.
  EXPECT_EQ(outdated(moved, dogs, {0.83, 0.816}), 1);
  EXPECT_EQ(outdated(moved, dogs, {}), 1);
  // A new value of the older's shape (a name) answers, though further from the question.
  Memory patel = Record(3, 3, 1000, "my dentist is Dr. Patel over on Elm");
  Memory nguyen = Record(4, 4, 2000, "got a cleaning tomorrow w/ Dr. Nguyen at Bright Smiles");
  EXPECT_EQ(OutdatedByCues({&patel, &nguyen}, {1, 1}, "", true, true, "who's my dentist",
                           std::vector<double>{0.868, 0.832})[0],
            1);
  // A number of another shape is no answer ("7 dogs" after "212 Kessler Ave"); a name after a
  // title is one however written ("ms. brennan").
  Memory holloway = Record(5, 5, 1000, "jake's teacher is mrs. holloway");
  Memory brennan = Record(6, 6, 2000, "ms. brennan (jake's class) emailed about the reading log");
  EXPECT_EQ(OutdatedByCues({&holloway, &brennan}, {1, 1}, "", true, true, "who is jake's teacher",
                           std::vector<double>{0.880, 0.826})[0],
            1);
  // Said again, further from the question: still one answer (the later shown).
  Memory waffles = Record(7, 7, 1000, "My dog's name is Waffles.");
  Memory corgi = Record(8, 8, 2000, "Waffles, my corgi, turned five last week.");
  EXPECT_EQ(OutdatedByCues({&waffles, &corgi}, {1, 1}, "", true, true, "What's my dog called?",
                           std::vector<double>{0.850, 0.806})[0],
            1);
}

// Asked for a kind of value, a later remark that carries none does not replace the answer
// that carries one, even in the same words with other numbers; and a number the question says
// names what is asked about ("the 600k qualifier"), so two statements that both say it may
// still give two dates.
TEST(StalenessTest, AValueAskedForIsReplacedOnlyByAnotherOfItsKind) {
  Memory dilution = Record(1, 1, 1000, "β-actin一抗按1:5000稀释就行");
  Memory fridge = Record(2, 2, 2000, "β-actin一抗放在-20度冰箱第二层");
  const std::string_view q = "β-actin抗体稀释多少倍";
  EXPECT_EQ(OutdatedByCues({&dilution, &fridge}, {1, 1}, "", false, true, q),
            (std::vector<int>{-1, -1}));
  // Without the question's kind, the same words with other numbers replace.
  EXPECT_EQ(OutdatedByCues({&dilution, &fridge}, {1, 1}), (std::vector<int>{1, -1}));
  Memory june8 = Record(3, 3, 1000, "PBP qualifier 600k is June 8");
  Memory june22 = Record(4, 4, 2000, "600k qualifier: June 22, Harrisburg start");
  EXPECT_EQ(OutdatedByCues({&june8, &june22}, {1, 1}, "", false, true, "when's the 600k qualifier?"),
            (std::vector<int>{1, -1}));
}

TEST(StalenessTest, StatementsThatDoNotAnswerTheQuestionAreLeftAlone) {
  EXPECT_FALSE(Outdates(Cue("我上周搬到上海了"), Cue("我住在杭州"), Topic{1, 0.05, 0}));
}

TEST(StalenessTest, DifferentSubjectsDoNotOutdateEachOther) {
  EXPECT_FALSE(Outdates(Cue("李工的手机号换成了新的"), Cue("张工的手机号是旧的"), Both()));
}

TEST(StalenessTest, OutdatedByCuesPairsRecordsOfOneOwnerInTimeOrder) {
  Memory old_home = Record(1, 10, 1000, "我住在杭州西湖区");
  Memory filler = Record(2, 11, 2000, "周末一般去爬山");
  Memory new_home = Record(3, 12, 3000, "我上周搬到上海了");
  Memory other_user = Record(4, 13, 4000, "我搬到北京了");
  other_user.scope.user_id = "v";
  std::vector<int> out =
      OutdatedByCues({&old_home, &filler, &new_home, &other_user}, {1, 1, 1, 1});
  EXPECT_EQ(out, (std::vector<int>{2, -1, -1, -1}));
  // Whatever the order of the hits, the later statement outdates the earlier.
  std::vector<int> reversed = OutdatedByCues({&new_home, &old_home}, {1, 1});
  EXPECT_EQ(reversed, (std::vector<int>{-1, 0}));
}

TEST(StalenessTest, StatusWordsOfBothLanguagesReadAsTransitions) {
  // {newer, older}. The later ones say steps in other words: came through (下来了), not
  // arrived yet (还没收到), waiting, escalated, testing, processing, an approval.
  const std::vector<std::pair<std::string, std::string>> moved_on = {
      {"差旅报销已经审批通过了", "我提交的差旅报销单还在审批中"},
      {"显示器到了，已经签收", "我买的显示器已经发货了"},
      {"Kitchen renovation is complete", "The kitchen renovation is on hold"},
      {"My visa application was approved!", "My visa application is under review"},
      {"护照办下来了，下周去取。", "护照材料交上去了，在等审核。"},
      {"快递到了，已签收。", "快递寄出了，对方还没收到。"},
      {"The payroll bug is in testing on staging now.",
       "The payroll bug ticket was escalated to the backend team."},
      {"The lease got final approval yesterday.", "The lease application is still processing."},
      // reviews, refunds, hiring and paperwork
      {"那个重构的MR已经合并了", "重构的MR提给老王了，在等他看"},
      {"保险公司同意赔付了，钱已经退到卡里。", "理赔材料已提交，等保险公司审核。"},
      {"Acme made me an offer yesterday.", "I applied to Acme for the backend role."},
      {"My green card interview is scheduled for March.", "I filed my green card paperwork."},
      {"The replacement card is in the mail.", "My card replacement request is in process."},
      {"The billing revamp is in production now.", "The billing revamp is in development."},
  };
  for (const auto& [newer, older] : moved_on) {
    EXPECT_TRUE(Outdates(Cue(newer), Cue(older), Both())) << newer << " / " << older;
  }
  EXPECT_FALSE(Outdates(Cue("I'm still waiting for the bus."), Cue("我住在杭州"), Both()));
}

TEST(StalenessTest, ASchoolAndAHabitHoldOneValueAtATime) {
  // A change that names no school ("switched to Westfield High") is not read as one.
  EXPECT_TRUE(Outdates(Cue("My daughter switched to the Westfield school this year."),
                       Cue("My daughter goes to Kennedy High School."), Both()));
  EXPECT_NE(Cue("Our son attends Lincoln Elementary.").slots & kSlotSchool, 0u);
  // Trading a thing in ends it: a tool or car, which otherwise may be one of several.
  EXPECT_TRUE(Outdates(Cue("Traded in the Prius; I'm driving a Kia EV6 now."),
                       Cue("I drive a 2012 Toyota Prius."), Both()));
  EXPECT_TRUE(Outdates(Cue("女儿转学去了实验中学。"), Cue("女儿在十一中上初中。"), Both()));
  // Schools are one per child, like favorites: a plain statement of another school is not
  // a change of one ("My son's school had a play" after "I finished university in 2010").
  const char* play = "My son's school had a play last night.";
  const char* uni = "I finished university in 2010.";
  EXPECT_FALSE(Outdates(Cue(play), Cue(uni), Both(KeywordCoverage(ContentWords(uni), play))));
  EXPECT_TRUE(Outdates(Cue("老周调到成都分公司了。"), Cue("老周在北京总部上班。"), Both()));
  EXPECT_TRUE(Outdates(Cue("我妈把车换成了一辆电车。"), Cue("我妈开的是一辆本田雅阁。"), Both()));
  EXPECT_TRUE(Outdates(Cue("我老公已经戒烟三个月了。"), Cue("我老公一天抽半包烟。"), Both()));
  EXPECT_NE(Cue("My dad smokes a pack a day.").slots & kSlotDrinkEat, 0u);
  // Two schools named without a change: another child, or the same one's two classes.
  EXPECT_FALSE(Outdates(Cue("The twins like their school."), Cue("I drive a Prius."), Both()));
}

// A dentist, a doctor, a weight: one of each at a time, like favorites, so a newer plain
// statement replaces only the one of the same thing (kFavoriteSharedWords of its words).
TEST(StalenessTest, AProviderOrAMeasureIsReplacedOnlyByOneOfTheSameThing) {
  auto same = [](const char* newer, const char* older) {  // as OutdatedByCues reads the X
    return Both(std::max(KeywordCoverage(ContentWords(older), newer),
                         UnitShare(ShapeOf(older), ShapeOf(newer))));
  };
  const char* dentist = "My dentist is Dr. Patel on Oak Street.";
  const char* new_dentist = "My dentist is Dr. Romano.";
  EXPECT_TRUE(Outdates(Cue(new_dentist), Cue("My dentist is Dr. Patel."),
                       same(new_dentist, "My dentist is Dr. Patel.")));
  const char* switched = "I switched to Dr. Romano for my teeth.";
  EXPECT_TRUE(Outdates(Cue(switched), Cue(dentist), same(switched, dentist)));
  const char* doctor = "My doctor is Dr. Lee at Mercy Clinic.";
  EXPECT_FALSE(Outdates(Cue(doctor), Cue(dentist), same(doctor, dentist)));
  EXPECT_TRUE(Outdates(Cue("我现在体重65公斤。"), Cue("我体重70公斤。"),
                       same("我现在体重65公斤。", "我体重70公斤。")));
  EXPECT_NE(Cue("I bank with Chase.").slots & kSlotProvider, 0u);
  // Read off the records: the X is what the older one says besides its value (a name, a
  // number), and whoever owns it must own the newer one's too.
  Memory landlord = Record(1, 1, 1000, "My landlord is Greg Miller.");
  Memory new_landlord = Record(2, 2, 2000, "My landlord is Dana Wu.");
  EXPECT_EQ(OutdatedByCues({&landlord, &new_landlord}, {1, 1}), (std::vector<int>{1, -1}));
  Memory toms = Record(3, 3, 3000, "Tom's favorite tea is Earl Grey.");
  Memory ellens = Record(4, 4, 4000, "Ellen's favorite tea is rooibos.");
  EXPECT_EQ(OutdatedByCues({&toms, &ellens}, {1, 1}), (std::vector<int>{-1, -1}));
  Memory weight = Record(5, 5, 5000, "我体重82公斤。");
  Memory weighed = Record(6, 6, 6000, "今天早上称了一下，76公斤。");
  EXPECT_EQ(OutdatedByCues({&weight, &weighed}, {1, 1}), (std::vector<int>{1, -1}));
  // A favorite's X follows the cue: "favorite" alone is no X in common.
  Memory movie = Record(7, 7, 7000, "My favorite movie is Heat.");
  Memory cuisine = Record(8, 8, 8000, "My favorite cuisine is Ethiopian.");
  EXPECT_EQ(OutdatedByCues({&movie, &cuisine}, {1, 1}), (std::vector<int>{-1, -1}));
}

TEST(StalenessTest, AFavoriteReplacesOnlyTheFavoriteOfTheSameThing) {
  const std::vector<std::string> older = ContentWords("My favorite cuisine is Thai.");
  Topic same = Both(KeywordCoverage(older, "My favorite cuisine is Ethiopian."));
  EXPECT_TRUE(Outdates(Cue("My favorite cuisine is Ethiopian."),
                       Cue("My favorite cuisine is Thai."), same));
  const std::vector<std::string> movie = ContentWords("My favorite movie is Heat.");
  Topic other = Both(KeywordCoverage(movie, "My favorite book is Dune."));
  EXPECT_FALSE(Outdates(Cue("My favorite book is Dune."), Cue("My favorite movie is Heat."),
                        other));
}

TEST(StalenessTest, ANameWithATitleIsNoStatementOfATitle) {
  // "李经理" names someone: no title slot, so his visit does not replace his WeChat id.
  EXPECT_EQ(Cue("李经理下周来访").slots & kSlotTitle, 0u);
  EXPECT_NE(Cue("我在云岭智能当技术经理").slots & kSlotTitle, 0u);
  EXPECT_TRUE(Outdates(Cue("我在云岭智能当技术经理"), Cue("我在星河科技做算法工程师"), Both()));
}

TEST(StalenessTest, JoiningAnOrganisationIsAChangeOfEmployer) {
  EXPECT_NE(Cue("I moved to Ferncrest Health in October").slots & kSlotEmployer, 0u);
  EXPECT_EQ(Cue("I moved to Denver in October").slots & kSlotEmployer, 0u);
  EXPECT_TRUE(Outdates(Cue("I moved to Ferncrest Health in October, still doing product."),
                       Cue("I work at Kestrel Analytics as a product manager."), Both()));
}

TEST(StalenessTest, APlainNewerStatementMustAnswerTheQuestionToo) {
  // Two contacts, not one said again (another frame): the newer must answer the question.
  EXPECT_FALSE(Outdates(Cue("我的分机号是 8066"), Cue("我的座机是 8021"), Topic{0.2, 1, 0}));
  EXPECT_TRUE(Outdates(Cue("我的分机号是 8066"), Cue("我的座机是 8021"), Both()));
}

TEST(StalenessTest, AShortWordForAMobileNamesTheContactSlot) {
  EXPECT_TRUE(Cue("macca mob 0427 660 318").slots & kSlotContact);
  EXPECT_TRUE(Outdates(Cue("macca mob 0427 660 318"), Cue("dive sup Macca's mobile 0438 112 905"),
                       Both()));
}

TEST(StalenessTest, AskedWhatHoldsNowAReplaceCueEndsAHabitItSharesNoWordWith) {
  auto now = [](std::string_view newer, std::string_view older, double older_relevance) {
    Topic t{1, older_relevance, 0};
    t.asks_now = true;
    return Outdates(Cue(newer), Cue(older), t);
  };
  EXPECT_TRUE(now("switched to community coffee dark roast, wife's orders",
                  "folgers every morning, 2 pots at the barn", 0.75));
  // An older statement far from the question is no answer the cue ends.
  EXPECT_FALSE(now("switched to community coffee dark roast, wife's orders",
                   "folgers every morning, 2 pots at the barn", 0.4));
}

}  // namespace
}  // namespace engram::recall

namespace engram::recall {
namespace {

TEST(StalenessTest, AStatusOfOneNamedItemLeavesAnotherItemAlone) {
  Memory pending = Record(1, 10, 1000, "华星那份合同目前在法务审核中");
  Memory other = Record(2, 11, 2000, "蓝海科技的合同也在法务审核中,预计下周出结果");
  Memory signed_ = Record(3, 12, 3000, "华星的合同法务审核通过,已经签了");
  EXPECT_EQ(OutdatedByCues({&other, &pending, &signed_}, {1, 1, 1}),
            (std::vector<int>{-1, 2, -1}));
  // A project named once with its word 项目 and once without is one project.
  EXPECT_TRUE(Outdates(Cue("官网改版项目已上线"), Cue("官网改版已经进入开发阶段，前端在做了"),
                       Both()));
}

TEST(StalenessTest, ActuallyCorrectsOnlyWhereAStatementOpensWithIt) {
  EXPECT_TRUE(Cue("Actually, the Linwood grant is due October 21").opening_correction);
  EXPECT_TRUE(Cue("Melanie: Oh, actually the grant is due October 21").opening_correction);
  EXPECT_TRUE(Cue("其实标书是12月15日截止").opening_correction);
  EXPECT_TRUE(Cue("nvm just looked at the card, cdl expires may 2026").opening_correction);
  EXPECT_FALSE(Cue("I was actually just remembering the beach").opening_correction);
  EXPECT_FALSE(Cue("I was actually just remembering the beach").correction);
  EXPECT_TRUE(Outdates(Cue("Actually, the Linwood grant is due October 21"),
                       Cue("The Linwood grant is due October 14"), Both(0.75)));
  // Opening with it but about something else: it repeats too little.
  EXPECT_FALSE(Outdates(Cue("Actually, we went to the beach"),
                        Cue("The Linwood grant is due October 14"), Both(0.1)));
}

TEST(StalenessTest, ANegatedEndingCueEndsNothing) {
  EXPECT_FALSE(Cue("I won't quit, I'm gonna make it!").replace);
  EXPECT_FALSE(Cue("She never gave up on the studio").replace);
  EXPECT_FALSE(Cue("Don't quit!").replace);
  EXPECT_TRUE(Cue("I quit my job at Corvell").replace);
  EXPECT_TRUE(Cue("We no longer use Trello").replace);
}

TEST(StalenessTest, SlotRulesReadShortStatementsOnly) {
  EXPECT_EQ(StatementUnits("Caroline: I moved to Denver."), 4);
  EXPECT_EQ(StatementUnits("我住在杭州"), 5);
  Topic long_turns = Both();
  long_turns.both_short = false;
  EXPECT_TRUE(Outdates(Cue("我的分机号是 8066"), Cue("我的分机号是 8021"), Both()));
  EXPECT_FALSE(Outdates(Cue("我的分机号是 8066"), Cue("我的分机号是 8021"), long_turns));
  // An explicit correction still reads a long statement.
  EXPECT_TRUE(Outdates(Cue("更正：我的分机号是 8066"), Cue("我的分机号是 8021"), long_turns));
}

TEST(StalenessTest, AShortChangeInEnglishSharesTheStemsOfItsWords) {
  const std::vector<Memory> ms = {
      Record(1, 1, 1000, "I use Harvest for time tracking."),
      Record(2, 2, 2000, "changed my time tracker to Toggl, the old one got too pricey")};
  const std::vector<const Memory*> ptrs = {&ms[0], &ms[1]};
  EXPECT_EQ(OutdatedByCues(ptrs, {1, 1}), (std::vector<int>{1, -1}));
}

TEST(StalenessTest, AGreetingsNameIsNotWhatTwoTurnsShare) {
  // "Maria" is whom both turns address; a change cue in the later one ("anymore") is about
  // something the earlier one never mentions.
  const std::vector<Memory> ms = {
      Record(1, 1, 1000, "John: Thanks, Maria. This is a reminder to stay strong."),
      Record(2, 2, 2000,
             "John: Hey Maria, long time no talk! It's hard to think Max is not here anymore.")};
  const std::vector<const Memory*> ptrs = {&ms[0], &ms[1]};
  EXPECT_EQ(OutdatedByCues(ptrs, {1, 1}), (std::vector<int>{-1, -1}));
}

TEST(StalenessTest, ALaterStatusOfTheItemBothNameReplacesAStatementOfAnyLength) {
  Topic long_ones = Both();
  long_ones.both_short = false;
  EXPECT_TRUE(Outdates(Cue("INC-20417那个工单已经关闭了，他们帮我重装了客户端。"),
                       Cue("我提交了一个IT工单，编号INC-20417，电脑连不上VPN，现在状态是处理中。"),
                       long_ones));
  // Another item's status, or an addition, replaces nothing.
  EXPECT_FALSE(Outdates(Cue("INC-20418那个工单已经关闭了。"),
                        Cue("我提交了一个IT工单，编号INC-20417，现在状态是处理中。"), long_ones));
  EXPECT_FALSE(Outdates(Cue("INC-20417也已经关闭了。"), Cue("INC-20417现在状态是处理中。"),
                        long_ones));
  // A team is said like an employer: a newer one replaces it.
  EXPECT_TRUE(Outdates(Cue("My team is Developer Experience, we own CI and internal tooling."),
                       Cue("My team is Platform Infrastructure."), Both()));
}

TEST(StalenessTest, AStatusNamedByAnIdMovesOnInAStatementOfTheSameItem) {
  auto item = [](std::string_view newer, std::string_view older) {
    Topic t = Both();
    t.shared_item_words = SharedItemWords(newer, older);
    return Outdates(Cue(newer), Cue(older), t);
  };
  EXPECT_TRUE(item("The standing desk got delivered today.",
                   "Order #A-5530 (the standing desk) shipped yesterday."));
  EXPECT_TRUE(item("车险理赔审核通过，赔款已经打到卡上了。", "车险理赔已经受理了，保险公司说要等几天。"));
  // One word of the item is not enough; another name of its own is another item; 也 adds.
  EXPECT_FALSE(item("The desk got delivered today.", "Order #A-5530 (the standing desk) shipped."));
  EXPECT_FALSE(item("华星的合同法务审核通过，已经签了", "蓝海科技的合同也在法务审核中，预计下周出结果"));
  EXPECT_FALSE(item("蓝海科技的合同也在法务审核中", "华星那份合同目前在法务审核中"));
}

TEST(StalenessTest, AskedHowAnItemStandsAStepNamingNoItemMovesItOn) {
  auto asked = [](std::string_view newer, std::string_view older) {
    Topic t = Both();
    t.asks_status = true;
    t.shared_item_words = SharedItemWords(newer, older);
    return Outdates(Cue(newer), Cue(older), t);
  };
  EXPECT_TRUE(asked("修好了,下午开机试了两个小时,没问题", "冲床的液压泵坏了,已经联系厂家"));
  EXPECT_TRUE(asked("merged to main this morning", "Reviewers left 17 comments, lots of nitpicks"));
  // Naming an item of its own, or saying no status, it is not a step of the item asked about.
  EXPECT_FALSE(asked("Brightline paid the invoice today", "Reviewers left 17 comments, lots of nitpicks"));
  EXPECT_FALSE(asked("今天带了三组客户,腿都跑断了", "滨江花园那套今天签了意向书"));
  // The item's word is no status word for being part of one ("sign" of "signed"), and a bid
  // won is a step.
  EXPECT_TRUE(asked("new sign is up over the door, looks braw",
                    "signwriter says the sign is painted, just drying"));
  EXPECT_TRUE(asked("中标了!合同下周签", "给冰雪节投的标 方案已经提交"));
  // A statement naming only a code is the speaker's own, said without "I".
  EXPECT_TRUE(asked("drone claim got paid out, $2,400 hit my account",
                    "filed an insurance claim for the drone, claim #C-55102"));
  // A status that answers fully moves on an earlier step that answers at all, in any words.
  auto step = [](std::string_view newer, std::string_view older, double older_relevance) {
    Topic t{1, older_relevance, 0};
    t.asks_status = true;
    return Outdates(Cue(newer), Cue(older), t);
  };
  EXPECT_TRUE(step("case closed, kid got a zero on that lab and a warning",
                   "integrity hearing scheduled for the 12th", 0.45));
  EXPECT_TRUE(step("热水器修好了", "物业说已经派单了", 0.36));
  EXPECT_FALSE(step("热水器修好了", "物业说已经派单了", 0.2));
  EXPECT_FALSE(step("热水器修好了", "今天夜班 急诊要了一堆肾上腺素", 0.3));
}

}  // namespace
}  // namespace engram::recall
