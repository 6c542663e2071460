#include "src/extract/event_typer.h"

#include <gtest/gtest.h>

#include <string>

#include "src/text/normalize.h"
#include "src/text/pii/pii_masker.h"

namespace engram::extract {
namespace {

// Sanitize + fold, as the pipeline does before the extract stage.
std::string Prepare(std::string_view raw) {
  return text::FoldForSearch(text::pii::Sanitize(raw).text);
}

std::string SlotValue(const EventTyping& e, SlotName name) {
  const EventSlot* s = e.Slot(name);
  return s == nullptr ? std::string() : s->value;
}

bool HasRunnerUp(const EventTyping& e, EventType type) {
  for (const ScoredEventType& r : e.runner_ups) {
    if (r.type == type) return true;
  }
  return false;
}

TEST(EventTyperTest, ApplicationIsAnApprovalNotANotification) {
  const EventTyping e = TypeEvent(Prepare("申请开通测试环境权限"));
  EXPECT_EQ(e.type, EventType::kApproval);
  EXPECT_EQ(EventTypeName(e.type), "approval");  // the seed's class (000 §4.3)
  EXPECT_GE(e.confidence, 0.8);
  EXPECT_EQ(SlotValue(e, SlotName::kObject), "测试环境权限");
  EXPECT_EQ(SlotValue(e, SlotName::kActor), "user");  // the speaker, implicitly
  EXPECT_FALSE(HasRunnerUp(e, EventType::kNotification));

  const EventTyping en = TypeEvent(Prepare("I need to request access to the staging database"));
  EXPECT_EQ(en.type, EventType::kApproval);

  // Issue 20's sentence: the time clause does not change the class.
  EXPECT_EQ(TypeEvent(Prepare("申请开通测试环境权限，明天要用。")).type, EventType::kApproval);
  EXPECT_EQ(SlotValue(en, SlotName::kObject), "staging database");
}

TEST(EventTyperTest, NamedActorWithRoleObjectAndTime) {
  const std::string text = Prepare("客户张工说下周二要验收接口文档");
  const EventTyping e = TypeEvent(text);
  EXPECT_TRUE(e.type == EventType::kTask || e.type == EventType::kSchedule)
      << EventTypeName(e.type);
  EXPECT_EQ(SlotValue(e, SlotName::kActor), "张工");
  EXPECT_EQ(SlotValue(e, SlotName::kRole), "客户");
  EXPECT_EQ(SlotValue(e, SlotName::kObject), "接口文档");
  const EventSlot* time = e.Slot(SlotName::kTime);
  ASSERT_NE(time, nullptr);
  EXPECT_EQ(time->value, "下周二");
  EXPECT_EQ(text.substr(time->begin, time->end - time->begin), "下周二");
}

TEST(EventTyperTest, TimeHintFromTheTemporalStageWins) {
  const std::string text = Prepare("客户张工说下周二下午三点要验收接口文档");
  const TimeHint hints[] = {{"下周二下午三点", 0.95}};
  const EventTyping e = TypeEvent(text, hints);
  const EventSlot* time = e.Slot(SlotName::kTime);
  ASSERT_NE(time, nullptr);
  EXPECT_EQ(time->value, "下周二下午三点");
  EXPECT_DOUBLE_EQ(time->confidence, 0.95);
  // A hint below the slot threshold leaves the slot empty rather than guessing.
  const TimeHint weak[] = {{"下周二下午三点", 0.4}};
  EXPECT_EQ(TypeEvent(text, weak).Slot(SlotName::kTime), nullptr);
}

TEST(EventTyperTest, MeetingRisksWithCount) {
  const EventTyping e = TypeEvent(Prepare("上周五会议的三个风险点"));
  EXPECT_EQ(e.type, EventType::kRisk);
  EXPECT_TRUE(HasRunnerUp(e, EventType::kSchedule));
  EXPECT_EQ(SlotValue(e, SlotName::kCount), "3");
  EXPECT_EQ(SlotValue(e, SlotName::kTime), "上周五");
  EXPECT_EQ(SlotValue(e, SlotName::kObject), "风险点");

  const EventTyping en = TypeEvent(Prepare("Friday's meeting flagged three risks"));
  EXPECT_EQ(en.type, EventType::kRisk);
  EXPECT_EQ(SlotValue(en, SlotName::kCount), "3");
}

TEST(EventTyperTest, ComplaintWithTargetAndSeverity) {
  const EventTyping e = TypeEvent(Prepare("客户投诉物流太慢"));
  EXPECT_EQ(e.type, EventType::kComplaint);
  EXPECT_EQ(SlotValue(e, SlotName::kActor), "客户");
  EXPECT_EQ(SlotValue(e, SlotName::kTarget), "物流");
  EXPECT_EQ(SlotValue(e, SlotName::kSeverity), "medium");

  const EventTyping urgent = TypeEvent(Prepare("紧急：客户投诉支付失败，非常不满"));
  EXPECT_EQ(urgent.type, EventType::kComplaint);
  EXPECT_EQ(SlotValue(urgent, SlotName::kSeverity), "high");

  const EventTyping en =
      TypeEvent(Prepare("The customer complained about the delivery again, this is urgent"));
  EXPECT_EQ(en.type, EventType::kComplaint);
  EXPECT_EQ(SlotValue(en, SlotName::kActor), "customer");
  EXPECT_EQ(SlotValue(en, SlotName::kTarget), "delivery");
  EXPECT_EQ(SlotValue(en, SlotName::kSeverity), "high");
}

TEST(EventTyperTest, MoneyIsAValueSlot) {
  const EventTyping e = TypeEvent(Prepare("预算只能控制在20万"));
  EXPECT_EQ(e.type, EventType::kDecision);
  EXPECT_EQ(SlotValue(e, SlotName::kValue), "20万");
  const EventTyping en = TypeEvent(Prepare("We decided the budget is capped at $50k"));
  EXPECT_EQ(en.type, EventType::kDecision);
  EXPECT_EQ(SlotValue(en, SlotName::kValue), "$50k");
}

TEST(EventTyperTest, ContactUpdateAndStatus) {
  const EventTyping e = TypeEvent(Prepare("张工的手机号换成13912345432了"));
  EXPECT_EQ(e.type, EventType::kUpdate);
  EXPECT_EQ(SlotValue(e, SlotName::kTarget), "手机号");

  const EventTyping s = TypeEvent(Prepare("工单T-102状态改为待财务审批"));
  EXPECT_EQ(s.type, EventType::kStatus);
  EXPECT_EQ(SlotValue(s, SlotName::kStatus), "待财务审批");
  EXPECT_EQ(SlotValue(s, SlotName::kTarget), "工单t-102");  // folded text
}

TEST(EventTyperTest, PushPreference) {
  const EventTyping e = TypeEvent(Prepare("以后推送改到白天吧"));
  EXPECT_EQ(e.type, EventType::kPreference);
  EXPECT_EQ(TypeEvent(Prepare("Please move my notifications to the daytime")).type,
            EventType::kPreference);
}

TEST(EventTyperTest, QuestionsAreInquiries) {
  const EventTyping e = TypeEvent(Prepare("张工的电话是多少？"));
  EXPECT_EQ(e.type, EventType::kInquiry);
  EXPECT_TRUE(e.is_question);
  EXPECT_EQ(TypeEvent(Prepare("When is the next release?")).type, EventType::kInquiry);
}

TEST(EventTyperTest, ChitChatHasNoType) {
  for (const char* text : {"你好", "哈哈哈好的", "ok thanks", "Good morning"}) {
    const EventTyping e = TypeEvent(Prepare(text));
    EXPECT_EQ(e.type, EventType::kNone) << text;
    EXPECT_TRUE(e.slots.empty()) << text;
  }
}

TEST(EventTyperTest, SlotsRespectTheSchemaAndTheThreshold) {
  for (const char* raw : {"客户张工说下周二要验收接口文档", "上周五会议的三个风险点",
                          "紧急：客户投诉支付失败", "I'll send the quote by Friday",
                          "工单T-102状态改为待财务审批", "预算只能控制在20万"}) {
    const std::string text = Prepare(raw);
    const EventTyping e = TypeEvent(text);
    const std::span<const SlotName> schema = SlotSchema(e.type);
    for (const EventSlot& s : e.slots) {
      EXPECT_GE(s.confidence, kMinSlotConfidence) << raw;
      EXPECT_NE(std::find(schema.begin(), schema.end(), s.name), schema.end()) << raw;
      EXPECT_LE(s.begin, s.end) << raw;
      EXPECT_LE(s.end, text.size()) << raw;
    }
    for (const ScoredEventType& r : e.runner_ups) EXPECT_LE(r.confidence, e.confidence) << raw;
  }
}

TEST(EventTyperTest, NeverFailsOnOddInput) {
  const std::string odd[] = {"", " ", "???", std::string("\xff\xfe\x80", 3), "⟦phone:1⟧",
                             std::string(5000, 'a'), "三三三三三个个个", "在在在在开会"};
  for (const std::string& text : odd) {
    const EventTyping e = TypeEvent(text);
    for (const EventSlot& s : e.slots) EXPECT_LE(s.end, text.size());
  }
}

TEST(EventTyperTest, EveryTypeHasANameAndASchema) {
  for (int k = 1; k < kEventTypeCount; ++k) {
    const EventType type = static_cast<EventType>(k);
    EXPECT_NE(EventTypeName(type), "none");
    EXPECT_FALSE(SlotSchema(type).empty());
  }
  for (const EventRuleSpec& rule : DefaultEventRules()) {
    EXPECT_GT(rule.weight, 0.0) << rule.id;
    EXPECT_LE(rule.weight, 1.0) << rule.id;
    EXPECT_NE(rule.type, EventType::kNone) << rule.id;
  }
}

}  // namespace
}  // namespace engram::extract
