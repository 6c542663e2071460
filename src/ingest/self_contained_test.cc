#include "src/ingest/self_contained.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "src/base/time.h"
#include "src/ingest/pipeline.h"

namespace engram::ingest {
namespace {

Instant At(const char* iso) { return base::ParseIso8601(iso).value(); }

SelfContained Make(const std::string& text, std::vector<std::string> newest_first,
                   const char* at = "2024-07-15T10:00:00+08:00") {
  std::vector<extract::CorefTurn> turns;
  for (std::string& t : newest_first) turns.push_back({std::move(t), ""});
  return MakeSelfContained(text, At(at), "user", turns);
}

TEST(SelfContainedTest, ResolvesPronounAndYesterdayZh) {
  SelfContained s = Make("他昨天说要把接口改成异步", {"李工说接口文档周五前给"});
  EXPECT_EQ(s.text, "李工(2024-07-14)说要把接口改成异步");
  EXPECT_EQ(s.pronouns_replaced, 1);
  EXPECT_EQ(s.times_replaced, 1);
  ASSERT_EQ(s.coreferences.size(), 1u);
  EXPECT_EQ(s.coreferences[0].antecedents[0].name, "李工");
}

TEST(SelfContainedTest, ResolvesPronounAndYesterdayEn) {
  SelfContained s =
      Make("He said yesterday he'd rework the plan", {"I met Li this morning about the API."});
  EXPECT_EQ(s.text, "Li said yesterday (2024-07-14) he'd rework the plan");
  EXPECT_EQ(s.pronouns_replaced, 1);  // the second "he" reads locally now
}

TEST(SelfContainedTest, PossessiveAndPlural) {
  EXPECT_EQ(Make("I read his draft", {"I met Li."}).text, "I read Li's draft");
  EXPECT_EQ(Make("they agreed", {"I talked with John and Mary."}).text,
            "John and Mary agreed");
  EXPECT_EQ(Make("他们同意了", {"张工和李工讨论了方案"}).text, "张工和李工同意了");
}

TEST(SelfContainedTest, TimeForms) {
  EXPECT_EQ(Make("明天下午三点开会", {}).text, "(2024-07-16 15:00)开会");
  EXPECT_EQ(Make("we meet next week", {}).text, "we meet next week (2024-07-22~2024-07-28)");
  EXPECT_EQ(Make("the report is due this month", {}).text,
            "the report is due this month (2024-07)");
  EXPECT_EQ(Make("Last Fri. we met", {}).text, "Last Fri (2024-07-12). we met");
  EXPECT_EQ(Make("I went two days ago", {}).text, "I went two days ago (2024-07-13)");
  EXPECT_EQ(Make("上周五开了会", {}).text, "(2024-07-12)开了会");
  EXPECT_EQ(Make("三天前提交了", {}).text, "(2024-07-12)提交了");
  // Guesses stay as said: bare weekdays and clock times (read into the future), ordinals and
  // ordinary words the parser takes for times.
  EXPECT_FALSE(Make("It moved to Friday.", {}).changed());
  EXPECT_FALSE(Make("工单截止日期改到周五", {}).changed());
  EXPECT_FALSE(Make("预算要再砍一点", {}).changed());
  EXPECT_FALSE(Make("let's talk at 3pm", {}).changed());
  EXPECT_FALSE(Make("a bowl for my 18th birthday, the first step, the bright sun", {}).changed());
}

TEST(SelfContainedTest, LeavesAbsoluteAndUnresolvedAlone) {
  EXPECT_FALSE(Make("2024年8月1日上线", {}).changed());
  EXPECT_FALSE(Make("下周二前完成", {}).changed());       // a range: kept as said
  EXPECT_FALSE(Make("每周三开周会", {}).changed());       // a recurrence
  EXPECT_FALSE(Make("他说不来了", {"今天天气不错"}).changed());  // no antecedent
  EXPECT_FALSE(Make("李工说他会来", {}).changed());       // named in the message itself
  EXPECT_EQ(Make("我说要改方案", {"李工说接口要改"}).text, "我说要改方案");
}

TEST(SelfContainedTest, TurnsFromRecentTakesEachMessagesFirstMemory) {
  std::vector<Memory> recent(3);
  recent[0].source.message_id = 2;  // a fact of message 2 (stored after its record)
  recent[0].content = "fact clause";
  recent[1].source.message_id = 2;
  recent[1].content = "second turn";
  recent[2].source.message_id = 1;
  recent[2].content = "first turn";
  auto turns = TurnsFromRecent(recent);
  ASSERT_EQ(turns.size(), 2u);
  EXPECT_EQ(turns[0].text, "second turn");
  EXPECT_EQ(turns[1].text, "first turn");
}

TEST(SelfContainedTest, ApplyRewritesTheMemoryNotTheMessage) {
  RememberRequest r;
  r.principal.user_id = "alice";
  r.session_id = "s1";
  r.text = "他昨天说要把接口改成异步";
  const Instant at = At("2024-07-15T10:00:00+08:00");
  auto batch = BuildBatch(r, at, {});
  ASSERT_TRUE(batch.ok());
  std::vector<extract::CorefTurn> turns = {{"李工说接口文档周五前给", ""}};
  SelfContained s = ApplySelfContained(at, turns, &*batch);
  EXPECT_TRUE(s.changed());
  EXPECT_EQ(batch->message.content, "他昨天说要把接口改成异步");
  EXPECT_EQ(batch->memories[0].content, "李工(2024-07-14)说要把接口改成异步");
  auto context = nlohmann::json::parse(batch->message.context_json);
  EXPECT_EQ(context["coref"][0]["antecedents"][0], "李工");
  EXPECT_EQ(context["self_contained"], true);
  // A quarantined record is evidence: kept as said.
  auto q = BuildBatch(r, at, {});
  q->memories[0].status = MemoryStatus::kQuarantined;
  EXPECT_FALSE(ApplySelfContained(at, turns, &*q).changed());
  EXPECT_EQ(q->memories[0].content, "他昨天说要把接口改成异步");
}

}  // namespace
}  // namespace engram::ingest
