#include "src/recall/query_analysis.h"

#include <gtest/gtest.h>

#include "engram/iso8601.h"
#include "src/recall/recaller.h"

namespace engram::recall {
namespace {

Instant At(const char* iso) { return ParseIso8601(iso).value(); }

TEST(QueryAnalysisTest, AnchorsRelativeDayAgainstQuestionTime) {
  // 2024-06-14 is a Friday; 上周五 is 2024-06-07.
  QueryAnalysis q = AnalyzeQuery("张工上周五说了什么", At("2024-06-14T15:00:00+08:00"));
  ASSERT_EQ(q.windows.size(), 1u);
  EXPECT_EQ(FormatIso8601(q.windows[0].from), "2024-06-07T00:00:00+08:00");
  EXPECT_EQ(FormatIso8601(q.windows[0].to), "2024-06-08T00:00:00+08:00");
  EXPECT_GE(q.windows[0].confidence, kFilterConfidence);
  EXPECT_FALSE(q.wants_history);
}

TEST(QueryAnalysisTest, EnglishWindowAndNoWindow) {
  QueryAnalysis q = AnalyzeQuery("what did we decide yesterday", At("2024-06-14T15:00:00Z"));
  ASSERT_EQ(q.windows.size(), 1u);
  EXPECT_EQ(FormatIso8601(q.windows[0].from), "2024-06-13T00:00:00Z");
  EXPECT_TRUE(AnalyzeQuery("接口文档", At("2024-06-14T15:00:00Z")).windows.empty());
}

TEST(QueryAnalysisTest, WideSpansAreNoWindow) {
  // Several years do not help ranking; one year does.
  EXPECT_TRUE(AnalyzeQuery("过去五年的项目", At("2024-06-14T15:00:00Z")).windows.empty());
  EXPECT_TRUE(
      AnalyzeQuery("projects in the last 3 years", At("2024-06-14T15:00:00Z")).windows.empty());
  EXPECT_EQ(AnalyzeQuery("projects in 2023", At("2024-06-14T15:00:00Z")).windows.size(), 1u);
}

TEST(QueryAnalysisTest, HistoryIntent) {
  EXPECT_TRUE(AnalyzeQuery("张工以前的电话是多少", At("2024-06-14T15:00:00Z")).wants_history);
  EXPECT_TRUE(AnalyzeQuery("What was the price previously?", At("2024-06-14T15:00:00Z"))
                  .wants_history);
  EXPECT_FALSE(AnalyzeQuery("张工的电话是多少", At("2024-06-14T15:00:00Z")).wants_history);
}

TEST(QueryAnalysisTest, TimeFactorBoostsInsideAndDampsOutsideFirmWindows) {
  std::vector<TimeWindow> firm{{At("2024-06-07T00:00:00Z"), At("2024-06-08T00:00:00Z"), 1.0, ""}};
  EXPECT_DOUBLE_EQ(TimeFactor(firm, At("2024-06-07T10:00:00Z")), 1.5);
  EXPECT_DOUBLE_EQ(TimeFactor(firm, At("2024-06-08T00:00:00Z")), 0.5);  // half-open
  std::vector<TimeWindow> weak{{At("2024-06-07T00:00:00Z"), At("2024-06-08T00:00:00Z"), 0.4, ""}};
  EXPECT_DOUBLE_EQ(TimeFactor(weak, At("2024-06-07T10:00:00Z")), 1.2);
  EXPECT_DOUBLE_EQ(TimeFactor(weak, At("2024-06-09T10:00:00Z")), 1.0);
  EXPECT_DOUBLE_EQ(TimeFactor({}, At("2024-06-09T10:00:00Z")), 1.0);
}

TEST(QueryAnalysisTest, QuestionsAboutThePast) {
  const Instant at{1718348400000, 480};  // 2024-06-14T15:00+08:00
  EXPECT_TRUE(AnalyzeQuery("When did Caroline go to the support group?", at).about_past);
  EXPECT_TRUE(AnalyzeQuery("上次出差是去哪里", at).about_past);
  EXPECT_TRUE(AnalyzeQuery("张工昨天说了什么", at).about_past);     // a window that ended
  EXPECT_TRUE(AnalyzeQuery("以前的推送时间", at).about_past);       // history cue
  EXPECT_FALSE(AnalyzeQuery("张工现在在哪里出差", at).about_past);
  EXPECT_FALSE(AnalyzeQuery("What does Caroline like?", at).about_past);
  EXPECT_FALSE(AnalyzeQuery("Wasabi or mustard?", at).about_past);  // whole words only
  EXPECT_FALSE(AnalyzeQuery("下周二的会议", at).about_past);
}

TEST(QueryAnalysisTest, PastWordsAreNotATimeExpression) {
  const Instant at{1718348400000, 480};  // 2024-06-14T15:00+08:00
  EXPECT_TRUE(AnalyzeQuery("What job did I have before my current one?", at).past_words);
  EXPECT_TRUE(AnalyzeQuery("我搬家之前住在哪？", at).wants_history);
  EXPECT_TRUE(AnalyzeQuery("What was my previous WeChat ID?", at).wants_history);
  EXPECT_TRUE(AnalyzeQuery("where'd i live before gentilly", at).wants_history);
  EXPECT_FALSE(AnalyzeQuery("what should i pack before the trip", at).wants_history);
  // A habit at a time of day, and a period a value belongs to, ask what is true now.
  const QueryAnalysis morning = AnalyzeQuery("我早上一般喝什么？", at);
  EXPECT_TRUE(morning.past_window);
  EXPECT_FALSE(morning.past_words);
  EXPECT_FALSE(AnalyzeQuery("下周五之前要交什么？", at).wants_history);
  // What held before a change the question names.
  EXPECT_TRUE(AnalyzeQuery("降价之前这款耳机卖多少？", at).wants_history);
  EXPECT_TRUE(AnalyzeQuery("他升职前是什么职位？", at).wants_history);
  EXPECT_FALSE(AnalyzeQuery("涨价的通知什么时候发？", at).wants_history);
  // ... and before anything done, named or not; not before a time or what is still to do.
  EXPECT_TRUE(AnalyzeQuery("医生换药之前我吃的啥胃药", at).wants_history);
  EXPECT_TRUE(AnalyzeQuery("换之前那个窑多大功率", at).wants_history);
  EXPECT_TRUE(AnalyzeQuery("搬之前档口在几区", at).wants_history);
  EXPECT_FALSE(AnalyzeQuery("3号之前交什么材料", at).wants_history);
  EXPECT_FALSE(AnalyzeQuery("下班之前记得干啥", at).wants_history);
  EXPECT_FALSE(AnalyzeQuery("出差之前要带什么", at).wants_history);
  // "the old" thing, asked in the past tense; not asked in the present.
  EXPECT_TRUE(AnalyzeQuery("what was the old gate code", at).wants_history);
  EXPECT_FALSE(AnalyzeQuery("what's the old barn used for now", at).wants_history);
  // Whether a process ended asks for its state now.
  EXPECT_FALSE(AnalyzeQuery("Did my visa refund go through?", at).past_words);
  EXPECT_FALSE(AnalyzeQuery("Did I get into Northeastern?", at).past_words);
  // Whether it happened yet, however long ago what it is about.
  EXPECT_FALSE(AnalyzeQuery("上次出差那笔钱报下来没", at).past_words);
  EXPECT_FALSE(AnalyzeQuery("SGS那次验货最后结果怎样", at).past_words);
  EXPECT_TRUE(AnalyzeQuery("上次出差住的哪个酒店", at).past_words);
  EXPECT_TRUE(AnalyzeQuery("Who was Milo's old vet?", at).wants_history);
  EXPECT_TRUE(AnalyzeQuery("What did I use to drink in the morning?", at).wants_history);
  EXPECT_FALSE(AnalyzeQuery("What email address should you use to reach me?", at).wants_history);
  EXPECT_TRUE(AnalyzeQuery("我上一部手机是什么？", at).wants_history);
  EXPECT_TRUE(AnalyzeQuery("When did Audrey get into an accident in the park?", at).past_words);
  EXPECT_TRUE(AnalyzeQuery("When did Calvin first get interested in cars?", at).past_words);
  EXPECT_TRUE(AnalyzeQuery("Did my visa refund arrive last week?", at).past_words);
  // A yes/no or "how did" question of how an item stands asks for its state now; a question
  // for a thing of the past that happens to say "progress on" does not.
  EXPECT_FALSE(AnalyzeQuery("Did Luka's visa thing ever get sorted out?", at).past_words);
  EXPECT_FALSE(AnalyzeQuery("How did my iron levels end up?", at).past_words);
  EXPECT_FALSE(AnalyzeQuery("did brightline ever pay me", at).past_words);
  EXPECT_TRUE(
      AnalyzeQuery("What did James lose progress on due to a power outage?", at).past_words);
  EXPECT_TRUE(AnalyzeQuery("Did the bank okay my loan last week?", at).past_words);
  EXPECT_TRUE(IsChangeEvent("跳槽"));
  EXPECT_FALSE(IsChangeEvent("公司"));
}

TEST(QueryAnalysisTest, WhatHeldBeforeSomethingAsksForHistory) {
  const Instant at{1718348400000, 480};
  for (const char* q : {"Where did I live before Denver?", "Who was my manager before the reorg?",
                        "What did I drive before the Subaru?", "What was my old email address?",
                        "Who was my former landlord?", "我上一家公司是哪个？"}) {
    EXPECT_TRUE(AnalyzeQuery(q, at).wants_history) << q;
  }
  // "before" of a plan, and "old" of an age, ask what is true now.
  for (const char* q : {"What should I do before the meeting?", "How old is my daughter?",
                        "Is the old bridge still closed?"}) {
    EXPECT_FALSE(AnalyzeQuery(q, at).wants_history) << q;
  }
}

TEST(QueryAnalysisTest, ALookupAsksNothing) {
  EXPECT_TRUE(IsLookup("rjtrzgwjyoqt"));
  EXPECT_TRUE(IsLookup("张工 手机号"));
  EXPECT_TRUE(IsLookup("parking spot"));
  EXPECT_FALSE(IsLookup("what's my rent"));
  EXPECT_FALSE(IsLookup("车位在哪"));
  EXPECT_FALSE(IsLookup("parking spot?"));
}

TEST(QueryAnalysisTest, StatusAndOneThingQuestions) {
  EXPECT_TRUE(AsksForStatus("where are things with my flight physical"));
  EXPECT_TRUE(AsksForStatus("婴儿床到没到"));
  EXPECT_TRUE(AsksForStatus("皮带巷那个隐患单处理得咋样"));
  EXPECT_TRUE(AsksForStatus("where am i at with the smith permit"));
  EXPECT_TRUE(AsksForStatus("我那个传承人评上了没"));
  EXPECT_TRUE(AsksForStatus("送修的桑塔纳现在怎样"));
  EXPECT_TRUE(AsksForStatus("我那个空气炸锅到哪了"));
  EXPECT_TRUE(AsksForStatus("did my zappos refund go through"));
  EXPECT_TRUE(AsksForStatus("what's the status of the deck permit"));
  EXPECT_TRUE(AsksForStatus("whats happening with the new goalposts"));
  EXPECT_TRUE(AsksForStatus("what's the latest on the st aidan's application"));
  EXPECT_FALSE(AsksForStatus("我的手机号是多少？"));
  EXPECT_TRUE(AsksForStatus("Is my car still in the shop?"));
  EXPECT_TRUE(AsksForStatus("how's the beagle adoption going"));
  EXPECT_FALSE(AsksForStatus("When is Caroline going to the transgender conference?"));
  EXPECT_TRUE(AsksForStatus("Is my VPN problem fixed?"));
  EXPECT_TRUE(AsksForStatus("Has Acme settled their bill?"));
  EXPECT_TRUE(AsksForStatus("How is Biscuit's leg doing?"));
  EXPECT_TRUE(AsksForStatus("宝宝的湿疹好点没"));
  EXPECT_TRUE(AsksForStatus("how's Emma's ear situation now?"));
  EXPECT_TRUE(AsksForStatus("活动室那个空调还要多久能用？"));
  EXPECT_TRUE(AsksForStatus("did the leeds shipment arrive"));
  EXPECT_TRUE(AsksForStatus("what's the deal with the boot heater warranty"));
  EXPECT_TRUE(AsksForStatus("where is my film victoria grant application at"));
  EXPECT_FALSE(AsksForStatus("where is the conference at this year?"));
  EXPECT_TRUE(AsksForStatus("where am i with the ccrn thing"));
  EXPECT_TRUE(AsksForStatus("热水器报修处理得怎么样"));
  EXPECT_TRUE(AsksForStatus("客户审厂结果如何"));
  // Whether it got done, asked the Chinese way, and in a few more English phrasings.
  EXPECT_TRUE(AsksForStatus("宝宝落户的事办完没"));
  EXPECT_TRUE(AsksForStatus("春游车费报了没有"));
  EXPECT_TRUE(AsksForStatus("助理招到了吗？"));
  EXPECT_FALSE(AsksForStatus("你知道我妹叫什么了吗"));
  EXPECT_TRUE(AsksForStatus("did the Pd catalyst come in?"));
  EXPECT_TRUE(AsksForStatus("any news from Lumen?"));
  EXPECT_TRUE(AsksForStatus("did i get that ice cream job or what"));
  EXPECT_FALSE(AsksForStatus("What am I doing this weekend?"));
  EXPECT_FALSE(AsksForStatus("Is my sister's name Ana?"));
  EXPECT_FALSE(AsksForStatus("Has Ana been to Paris?"));
  EXPECT_TRUE(AsksForOne("which bank does my paycheck go to"));
  EXPECT_TRUE(AsksForOne("我现在在哪家公司上班"));
  EXPECT_TRUE(AsksForOne("who's my dentist"));
  EXPECT_TRUE(AsksForOne("what van have I got"));
  EXPECT_TRUE(AsksForOne("who does the service on the frost fans"));
  EXPECT_TRUE(AsksForOne("我们组现在谁管"));
  EXPECT_TRUE(AsksForOne("黄鱼得病了该找谁"));
  EXPECT_FALSE(AsksForOne("what kinds of fish have we got"));
  EXPECT_TRUE(AsksForOne("who supplies the line 4 brackets"));
  EXPECT_TRUE(AsksForOne("谁在帮店里记账"));
  EXPECT_FALSE(AsksForOne("Who supports Caroline when she has a negative experience?"));
  EXPECT_FALSE(AsksForOne("who approved the vendor contract"));  // an event: each its doer
  EXPECT_TRUE(AsksForOne("where does jake live"));
  EXPECT_TRUE(AsksForOne("Which medication should doctors avoid giving me?"));
  EXPECT_TRUE(AsksForOne("我老板是谁"));
  EXPECT_TRUE(AsksForOne("小区门禁密码是多少"));
  EXPECT_TRUE(AsksForOne("What's my home Wi-Fi password?"));
  EXPECT_TRUE(AsksForOne("期中考试哪天"));
  EXPECT_TRUE(AsksForOne("豆豆多重？"));
  // "When is X due" asks one time, but taken as a question for one thing it let "Alice prefers
  // meetings after 10am" replace "Alice's T-102 invoice is due on March 3rd" (one name shared).
  EXPECT_FALSE(AsksForOne("when is the T-102 invoice due?"));
  // Plural: many answers.
  EXPECT_FALSE(AsksForOne("Which places or events has Calvin visited in Tokyo?"));
  EXPECT_FALSE(AsksForOne("Which dairy-free dessert flavors does Nate enjoy?"));
  EXPECT_FALSE(AsksForOne("Where does Joanna get her ideas for the characters from?"));
  EXPECT_FALSE(AsksForOne("我喜欢吃什么？"));
  // "What" and one thing, 啥 / 什么 and a noun, of the asker's own or of now.
  EXPECT_TRUE(AsksForOne("what laptop do I use for work"));
  EXPECT_TRUE(AsksForOne("what music app am I on"));
  EXPECT_TRUE(AsksForOne("咪咪现在吃啥粮"));
  EXPECT_TRUE(AsksForOne("我现在是什么专业"));
  EXPECT_TRUE(AsksForOne("我现在体重多少"));
  EXPECT_TRUE(AsksForOne("who is jake's teacher"));
  EXPECT_TRUE(AsksForOne("店里现在从哪进菜"));
  EXPECT_TRUE(AsksForOne("孩子现在穿多大的鞋"));
  EXPECT_FALSE(AsksForOne("Who is Tim and John's favorite basketball player?"));
  EXPECT_FALSE(AsksForOne("what do I do tuesday nights"));
  EXPECT_FALSE(AsksForOne("What kind of art does Caroline make?"));
  EXPECT_FALSE(AsksForOne("what books do I have on my list"));
  EXPECT_FALSE(AsksForOne("我什么时候去体检"));
  EXPECT_FALSE(AsksForOne("What did Mel and her kids make during the pottery workshop?"));
}

TEST(QueryAnalysisTest, WhereOrNowQuestions) {
  EXPECT_TRUE(AsksWhereOrNow("where's the compost bin now?"));
  EXPECT_TRUE(AsksWhereOrNow("组会现在是什么时候？"));
  EXPECT_TRUE(AsksWhereOrNow("仓库钥匙放哪了？"));
  EXPECT_FALSE(AsksWhereOrNow("Does Deborah like cats?"));
  EXPECT_FALSE(AsksWhereOrNow("What authors has Tim read books from?"));
  EXPECT_FALSE(AsksWhereOrNow("I know how it feels"));  // "now" is a whole word
}

TEST(QueryAnalysisTest, FirstAndFormerlyAskForHistory) {
  const Instant at = At("2026-12-01T10:00:00Z");
  EXPECT_TRUE(AnalyzeQuery("我最早用的是哪家的手机卡？", at).wants_history);
  EXPECT_TRUE(AnalyzeQuery("我之前卧推最好成绩是多少？", at).wants_history);
  EXPECT_FALSE(AnalyzeQuery("周五之前要交什么", at).wants_history);
  EXPECT_FALSE(AnalyzeQuery("我执业证变更办好了没", at).wants_history);
}

TEST(QueryAnalysisTest, WhetherItHappenedIsTheStateNow) {
  const Instant at = At("2026-12-01T10:00:00Z");
  EXPECT_FALSE(AnalyzeQuery("did my thyroid test results come back?", at).past_words);
  EXPECT_FALSE(AnalyzeQuery("did i get my zara refund", at).past_words);
  EXPECT_TRUE(AnalyzeQuery("When did the results come back?", at).past_words);
}

}  // namespace
}  // namespace engram::recall
