#include "src/store/reconcile.h"

#include <gtest/gtest.h>

namespace engram::store {
namespace {

Memory Fact(const std::string& value, int64_t valid_from_ms, double source) {
  Memory m;
  m.subject = "张工";
  m.attribute = "hasPhone";
  m.value = value;
  m.content = "张工的手机号是" + value;
  m.valid_from = Instant{valid_from_ms, 480};
  m.source.at = m.valid_from;
  m.confidence.source = source;
  return m;
}

TEST(TextSimilarityTest, IsDiceOfFoldedCharacterBigrams) {
  EXPECT_DOUBLE_EQ(TextSimilarity("AI Lab", "ai lab"), 1.0);
  EXPECT_DOUBLE_EQ(TextSimilarity("", "x"), 0.0);
  EXPECT_DOUBLE_EQ(TextSimilarity("预算很紧", "预算很紧"), 1.0);
  EXPECT_LT(TextSimilarity("预算很紧", "预算只能控制在20万"), 0.5);
  EXPECT_GE(TextSimilarity("高级算法工程师（深度学习方向）", "高级算法工程师(深度学习方向)"),
            kReinforceSimilarity);
}

TEST(ReconcileTest, SameOrNearlySameValueReinforces) {
  EXPECT_EQ(Reconcile(Fact("138", 1, 0.85), Fact("138", 2, 0.72), false).action,
            ReconcileAction::kReinforce);
  EXPECT_EQ(Reconcile(Fact("138", 2, 0.85), Fact("138", 1, 0.72), true).action,
            ReconcileAction::kReinforce);
  // Other digits are another value, however alike the text.
  EXPECT_EQ(Reconcile(Fact("控制在200000元以内的研发预算", 1, 0.85),
                      Fact("控制在300000元以内的研发预算", 2, 0.85), false).action,
            ReconcileAction::kSupersede);
}

TEST(ReconcileTest, CorrectionThenNewerThenMoreReliable) {
  const Memory current = Fact("138", 100, 0.95);
  EXPECT_EQ(Reconcile(current, Fact("139", 50, 0.72), true).action,
            ReconcileAction::kSupersede);
  EXPECT_EQ(Reconcile(current, Fact("139", 200, 0.72), false).action,
            ReconcileAction::kSupersede);
  EXPECT_EQ(Reconcile(current, Fact("139", 50, 0.95), false).action,
            ReconcileAction::kOutranked);
  EXPECT_EQ(Reconcile(current, Fact("139", 100, 0.88), false).action,
            ReconcileAction::kOutranked);
  EXPECT_EQ(Reconcile(current, Fact("139", 100, 0.95), false).action,
            ReconcileAction::kSupersede);
  EXPECT_DOUBLE_EQ(Reconcile(current, Fact("139", 200, 0.72), false).consistency, 1.0);
}

TEST(ReconcileTest, StampsConsistencyAndRetiresOutrankedDrafts) {
  const Memory current = Fact("138", 100, 0.95);
  Memory draft = Fact("139", 50, 0.72);
  draft.confidence.overall = 0.72;
  StampDraft(Reconcile(current, draft, false), current, Instant{300, 0}, &draft);
  EXPECT_FALSE(draft.current);
  EXPECT_EQ(draft.superseded_at->unix_ms, 300);
  EXPECT_EQ(draft.valid_to->unix_ms, 100);
  EXPECT_DOUBLE_EQ(draft.confidence.consistency, kConsistencyOutranked);
  EXPECT_DOUBLE_EQ(draft.confidence.overall, 0.72 * kConsistencyOutranked);
  Memory kept = current;
  Reinforce(Fact("138", 400, 0.85), &kept);
  Reinforce(Fact("138", 350, 0.85), &kept);
  EXPECT_EQ(kept.reinforced, 2);
  EXPECT_EQ(kept.last_seen->unix_ms, 400);
}

}  // namespace
}  // namespace engram::store
