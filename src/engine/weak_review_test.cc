// Weak candidates through the review queue (Engine::Review / ResolveReview): a skill said
// about someone else once waits as a candidate with a weak_candidate item; approving it makes
// it the current fact (relation, vector: recalled as current), rejecting it forgets it, and a
// confirming mention resolves the item on its own.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engram/engine.h"
#include "src/testing/fake_clock.h"
#include "src/testing/temp_dir.h"
#include "src/testing/test_backends.h"

namespace engram {
namespace {

class WeakReviewTest : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    Options o = testing::BackendOptions(GetParam(), dir_);
    o.clock = &clock_;
    o.embedder = "hashing";
    o.extract_facts = true;
    auto e = Engine::Open(o);
    ASSERT_TRUE(e.ok()) << e.status().ToString();
    engine_ = std::move(e).value();
    EntityEntry zhang;
    zhang.name = "张工";
    zhang.type = "person";
    auto imported = engine_->ImportEntities({alice_, {zhang}});
    ASSERT_TRUE(imported.ok()) << imported.status().ToString();
    zhang_ = imported->entities.at(0).id;
  }
  RememberResult Remember(const std::string& text) {
    clock_.Advance(60'000'000);
    auto out = engine_->Remember({.principal = alice_, .text = text});
    EXPECT_TRUE(out.ok()) << out.status().ToString();
    return out.ok() ? *out : RememberResult{};
  }
  std::vector<std::string> Skills() {
    auto r = engine_->EntityRelations(alice_, zhang_, 20);
    EXPECT_TRUE(r.ok()) << r.status().ToString();
    std::vector<std::string> out;
    if (!r.ok()) return out;
    for (const EntityRelationView& v : r->relations) {
      if (v.predicate == "hasSkill") out.push_back(v.value);
    }
    return out;
  }
  // Current facts recall finds for the question, and through which channels.
  std::vector<RecallHit> Facts(const std::string& query) {
    RecallRequest q{.principal = alice_, .query = query};
    q.filter.types = {MemoryType::kSemantic};
    auto out = engine_->Recall(q);
    EXPECT_TRUE(out.ok()) << out.status().ToString();
    return out.ok() ? out->hits : std::vector<RecallHit>{};
  }

  testing::TempDir dir_;
  testing::FakeClock clock_;
  std::unique_ptr<Engine> engine_;
  Principal alice_{"alice", "", {}, {}};
  Principal bob_{"bob", "", {}, {}};
  int64_t zhang_ = 0;
};

TEST_P(WeakReviewTest, ApprovalMakesTheCandidateTheCurrentFact) {
  RememberResult said = Remember("张工擅长Python");
  ASSERT_EQ(said.candidates.size(), 1u);
  ASSERT_EQ(said.review_items.size(), 1u);
  const int64_t candidate = said.candidates[0];
  auto queue = engine_->Review(alice_, false, 10);
  ASSERT_TRUE(queue.ok()) << queue.status().ToString();
  ASSERT_EQ(queue->size(), 1u);
  EXPECT_EQ(queue->at(0).kind, "weak_candidate");
  EXPECT_EQ(queue->at(0).memory_id, candidate);
  EXPECT_NE(queue->at(0).reason.find("hasSkill Python"), std::string::npos);
  EXPECT_TRUE(Skills().empty());
  EXPECT_TRUE(Facts("张工擅长什么").empty());

  EXPECT_EQ(engine_->ResolveReview(bob_, queue->at(0).id, "approve").status().code(),
            StatusCode::kNotFound);
  auto approved = engine_->ResolveReview(alice_, queue->at(0).id, "approve");
  ASSERT_TRUE(approved.ok()) << approved.status().ToString();
  EXPECT_EQ(approved->resolution, "approve");
  auto got = engine_->Get(alice_, candidate);
  ASSERT_TRUE(got.ok());
  EXPECT_TRUE(got->current);
  EXPECT_EQ(Skills(), std::vector<std::string>{"Python"});
  std::vector<RecallHit> hits = Facts("张工擅长什么");
  ASSERT_EQ(hits.size(), 1u);
  EXPECT_EQ(hits[0].memory.id, candidate);
  EXPECT_TRUE(hits[0].memory.current);
  EXPECT_TRUE(hits[0].channels.count("vector")) << "the approval stored no vector";
  EXPECT_EQ(engine_->ResolveReview(alice_, queue->at(0).id, "reject").status().code(),
            StatusCode::kFailedPrecondition);
  // Said again: the record and the approved fact are reinforced, no new memory, candidate
  // nor item.
  RememberResult again = Remember("张工擅长Python");
  EXPECT_EQ(again.duplicate_of, said.memories[0].id);
  EXPECT_EQ(again.reinforced, (std::vector<int64_t>{said.memories[0].id, candidate}));
  EXPECT_TRUE(again.review_items.empty());
}

TEST_P(WeakReviewTest, RejectionForgetsTheCandidate) {
  RememberResult said = Remember("张工擅长Python");
  ASSERT_EQ(said.review_items.size(), 1u);
  auto rejected = engine_->ResolveReview(alice_, said.review_items[0], "reject");
  ASSERT_TRUE(rejected.ok()) << rejected.status().ToString();
  EXPECT_EQ(rejected->resolution, "reject");
  auto history = engine_->History(alice_, said.candidates.at(0));
  ASSERT_TRUE(history.ok()) << history.status().ToString();
  ASSERT_EQ(history->size(), 1u);
  EXPECT_EQ(history->at(0).status, MemoryStatus::kDeleted);
  EXPECT_TRUE(Skills().empty());
  // Two more mentions: the rejected one does not count, so the fact still waits.
  Remember("听说张工擅长Python");
  RememberResult third = Remember("张工擅长Python");
  EXPECT_EQ(third.candidates.size(), 1u);
  EXPECT_TRUE(Skills().empty());
  auto queue = engine_->Review(alice_, false, 10);
  ASSERT_TRUE(queue.ok());
  EXPECT_EQ(queue->size(), 2u);
}

TEST_P(WeakReviewTest, AConfirmingMentionResolvesTheItem) {
  RememberResult said = Remember("张工擅长Python");
  ASSERT_EQ(said.review_items.size(), 1u);
  RememberResult confirmed = Remember("张工确实擅长Python");
  EXPECT_TRUE(confirmed.candidates.empty());
  EXPECT_EQ(Skills(), std::vector<std::string>{"Python"});
  auto queue = engine_->Review(alice_, false, 10);
  ASSERT_TRUE(queue.ok());
  EXPECT_TRUE(queue->empty());
  auto all = engine_->Review(alice_, true, 10);
  ASSERT_TRUE(all.ok());
  ASSERT_EQ(all->size(), 1u);
  EXPECT_EQ(all->at(0).resolution, "confirmed");
  EXPECT_EQ(engine_->ResolveReview(alice_, said.review_items[0], "approve").status().code(),
            StatusCode::kFailedPrecondition);
}

INSTANTIATE_TEST_SUITE_P(Backends, WeakReviewTest,
                         ::testing::Values("sqlite", "memory", "postgres"),
                         [](const auto& p) { return std::string(p.param); });

}  // namespace
}  // namespace engram
