// Weak fusion, for every Store backend (weak_fusion.h): an unconfirmed weak fact becomes
// current, with its relation, only at its third mention by different messages of the scope;
// before that it is a candidate kept as history.
#include <gtest/gtest.h>

#include <functional>
#include <memory>

#include "src/store/conformance_backends.h"
#include "src/store/memory/memory_store.h"
#include "src/store/sqlite/sqlite_store.h"
#include "src/store/store.h"
#include "src/store/weak_fusion.h"
#include "src/testing/temp_dir.h"

namespace engram::store {
namespace {

constexpr int64_t kT0 = 1718348400000;

class WeakFusionConformanceTest : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override {
    store_ = GetParam().open(dir_.path());
    ASSERT_NE(store_, nullptr);
    EntityRecord e;
    e.scope = Scope{"alice", "", "", Visibility::kPrivate};
    e.name = "张工";
    auto r = store_->PutEntities(Ctx(alice_, 0), {e});
    ASSERT_TRUE(r.ok()) << r.status().ToString();
    zhang_ = r->entities.at(0).id;
  }
  static OpContext Ctx(const Principal& p, int step) {
    return OpContext{p, "req", Instant{kT0 + step * 60000, 480}};
  }
  // One message stating (张工, hasSkill, value); `unconfirmed` marks it weak and unconfirmed.
  Result<IngestOutcome> Say(const std::string& value, int step, bool unconfirmed = true,
                            const Principal* who = nullptr) {
    const Principal& p = who ? *who : alice_;
    IngestBatch b;
    b.scope = Scope{p.user_id, "", "", Visibility::kPrivate};
    b.message.content = "张工擅长" + value;
    b.message.at = Instant{kT0 + step * 60000, 480};
    Memory m;
    m.type = MemoryType::kSemantic;
    m.kind = MemoryKind::kFact;
    m.content = b.message.content;
    m.subject = "张工";
    m.attribute = "hasSkill";
    m.value = value;
    m.valid_from = m.source.at = b.message.at;
    b.memories.push_back(m);
    if (p.user_id == "alice") {
      b.entity_links.push_back({0, zhang_, "", "", "张工", 1.0});
      b.relations.push_back({0, 0, -1, "hasSkill", value});
    }
    if (unconfirmed) b.unconfirmed.emplace_back(0, 3);
    return store_->Ingest(Ctx(p, step), b);
  }
  std::vector<std::string> Skills() {
    auto rels = store_->ListEntityRelations(Ctx(alice_, 99), zhang_, 20);
    EXPECT_TRUE(rels.ok()) << rels.status().ToString();
    std::vector<std::string> out;
    if (!rels.ok()) return out;
    for (const EntityRelation& r : *rels) {
      if (r.predicate == "hasSkill") out.push_back(r.object_literal);
    }
    return out;
  }
  size_t CurrentFacts() {
    ListQuery q;
    q.type = "semantic";
    auto l = store_->ListMemories(Ctx(alice_, 99), q);
    EXPECT_TRUE(l.ok());
    return l.ok() ? l->size() : 0;
  }

  testing::TempDir dir_;
  std::unique_ptr<Store> store_;
  Principal alice_{"alice", "", {}, {}};
  Principal bob_{"bob", "", {}, {}};
  int64_t zhang_ = 0;
};

TEST_P(WeakFusionConformanceTest, ThirdMentionMakesTheFactCurrent) {
  auto first = Say("Python", 1);
  ASSERT_TRUE(first.ok()) << first.status().ToString();
  ASSERT_EQ(first->memories.size(), 1u);
  const Memory& c1 = first->memories[0];
  EXPECT_FALSE(c1.current);
  ASSERT_TRUE(c1.superseded_at.has_value());
  EXPECT_EQ(first->candidates, std::vector<int64_t>{c1.id});
  EXPECT_TRUE(first->outranked.empty());
  EXPECT_TRUE(Skills().empty());
  EXPECT_EQ(CurrentFacts(), 0u);
  // A candidate is history: readable, never searchable as current.
  auto got = store_->GetMemory(Ctx(alice_, 2), c1.id);
  ASSERT_TRUE(got.ok());
  EXPECT_FALSE(got->current);
  auto searchable = store_->GetSearchable(Ctx(alice_, 2), {c1.id}, false, nullptr);
  ASSERT_TRUE(searchable.ok());
  EXPECT_TRUE(searchable->empty());

  auto second = Say("python", 2);  // the same value, folded
  ASSERT_TRUE(second.ok());
  EXPECT_EQ(second->candidates.size(), 1u);
  EXPECT_TRUE(Skills().empty());

  auto third = Say("Python", 3);
  ASSERT_TRUE(third.ok());
  EXPECT_TRUE(third->candidates.empty());
  ASSERT_EQ(third->memories.size(), 1u);
  EXPECT_TRUE(third->memories[0].current);
  EXPECT_EQ(Skills(), std::vector<std::string>{"Python"});
  EXPECT_EQ(CurrentFacts(), 1u);

  // A fourth mention reinforces the current fact, as any repeated statement does.
  auto fourth = Say("Python", 4);
  ASSERT_TRUE(fourth.ok());
  EXPECT_EQ(fourth->reinforced, std::vector<int64_t>{third->memories[0].id});
  EXPECT_TRUE(fourth->candidates.empty());
}

TEST_P(WeakFusionConformanceTest, OtherValuesAndScopesDoNotCount) {
  ASSERT_TRUE(Say("Python", 1).ok());
  ASSERT_TRUE(Say("Go", 2).ok());
  ASSERT_TRUE(Say("Python", 3, true, &bob_).ok());  // another user's scope
  auto r = Say("Python", 4);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->candidates.size(), 1u);  // two mentions in alice's scope
  EXPECT_TRUE(Skills().empty());
  // A forgotten mention no longer counts.
  auto more = Say("Go", 5);
  ASSERT_TRUE(more.ok() && more->candidates.size() == 1u);
  ASSERT_TRUE(store_->Forget(Ctx(alice_, 6), more->memories[0].id, false).ok());
  auto go = Say("Go", 7);
  ASSERT_TRUE(go.ok());
  EXPECT_EQ(go->candidates.size(), 1u);
  EXPECT_TRUE(Skills().empty());
}

TEST_P(WeakFusionConformanceTest, ACandidateNeverRetiresTheCurrentValue) {
  auto confirmed = Say("Python", 1, /*unconfirmed=*/false);
  ASSERT_TRUE(confirmed.ok());
  EXPECT_TRUE(confirmed->memories[0].current);
  EXPECT_EQ(Skills(), std::vector<std::string>{"Python"});
  auto other = Say("Go", 2);
  ASSERT_TRUE(other.ok());
  EXPECT_EQ(other->candidates.size(), 1u);
  EXPECT_TRUE(other->superseded.empty());
  EXPECT_FALSE(other->memories[0].current);
  auto still = store_->GetMemory(Ctx(alice_, 3), confirmed->memories[0].id);
  ASSERT_TRUE(still.ok());
  EXPECT_TRUE(still->current);
  EXPECT_EQ(Skills(), std::vector<std::string>{"Python"});
  // The same value as the current one reinforces it even unconfirmed.
  auto again = Say("Python", 3);
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(again->reinforced.size(), 1u);
  EXPECT_TRUE(again->candidates.empty());
  // Heard three times, the new value supersedes the old one like any later statement.
  ASSERT_TRUE(Say("Go", 4).ok());
  auto third = Say("Go", 5);
  ASSERT_TRUE(third.ok());
  EXPECT_TRUE(third->candidates.empty());
  EXPECT_EQ(third->superseded, std::vector<int64_t>{confirmed->memories[0].id});
  EXPECT_EQ(Skills(), std::vector<std::string>{"Go"});
}

// --- the review queue: each candidate raises a weak_candidate item ---------------------------

TEST_P(WeakFusionConformanceTest, EachCandidateRaisesAReviewItem) {
  auto first = Say("Python", 1);
  ASSERT_TRUE(first.ok()) << first.status().ToString();
  ASSERT_EQ(first->reviews.size(), 1u);
  auto second = Say("python", 2);
  ASSERT_TRUE(second.ok());
  ASSERT_EQ(second->reviews.size(), 1u);
  auto items = store_->ListReview(Ctx(alice_, 3), false, 10);
  ASSERT_TRUE(items.ok()) << items.status().ToString();
  ASSERT_EQ(items->size(), 2u);
  const ReviewItem& r = (*items)[0];
  EXPECT_EQ(r.id, first->reviews[0]);
  EXPECT_EQ(r.kind, kWeakCandidateReview);
  EXPECT_EQ(r.memory_id, first->candidates.at(0));
  EXPECT_EQ(r.message_id, first->message_id);
  EXPECT_NE(r.reason.find("张工 hasSkill Python: mentioned 1 of 3"), std::string::npos) << r.reason;
  EXPECT_NE(r.payload_json.find("\"mentions\":1"), std::string::npos) << r.payload_json;
  EXPECT_NE((*items)[1].reason.find("mentioned 2 of 3"), std::string::npos);
  auto one = store_->GetReview(Ctx(alice_, 3), r.id);
  ASSERT_TRUE(one.ok());
  EXPECT_EQ(one->memory_id, r.memory_id);
  EXPECT_EQ(store_->GetReview(Ctx(bob_, 3), r.id).status().code(), StatusCode::kNotFound);
  // A confirmed statement raises none.
  auto confirmed = Say("Go", 4, /*unconfirmed=*/false);
  ASSERT_TRUE(confirmed.ok());
  EXPECT_TRUE(confirmed->reviews.empty());
}

TEST_P(WeakFusionConformanceTest, ApprovalMakesTheCandidateCurrent) {
  auto first = Say("Python", 1);
  auto second = Say("Python", 2);
  ASSERT_TRUE(first.ok() && second.ok());
  const int64_t c1 = first->candidates.at(0);
  auto approved =
      store_->ResolveReview(Ctx(alice_, 3), first->reviews.at(0), "approve", "m1", "vec1");
  ASSERT_TRUE(approved.ok()) << approved.status().ToString();
  EXPECT_EQ(approved->resolution, "approve");
  auto got = store_->GetMemory(Ctx(alice_, 4), c1);
  ASSERT_TRUE(got.ok());
  EXPECT_TRUE(got->current);
  EXPECT_FALSE(got->superseded_at.has_value());
  EXPECT_FALSE(got->valid_to.has_value());
  EXPECT_EQ(got->status, MemoryStatus::kActive);
  EXPECT_EQ(Skills(), std::vector<std::string>{"Python"});
  EXPECT_EQ(CurrentFacts(), 1u);
  auto searchable = store_->GetSearchable(Ctx(alice_, 4), {c1}, false, nullptr);
  ASSERT_TRUE(searchable.ok());
  EXPECT_EQ(searchable->size(), 1u);
  auto hits = store_->SearchKeyword(Ctx(alice_, 4), KeywordQuery{{"Python"}, 10, false});
  ASSERT_TRUE(hits.ok()) << hits.status().ToString();
  ASSERT_FALSE(hits->empty());
  EXPECT_EQ((*hits)[0].memory.id, c1);
  auto log = store_->VectorChangesSince(0, "m1", 100);
  ASSERT_TRUE(log.ok());
  ASSERT_FALSE(log->empty());
  EXPECT_EQ(log->back().memory_id, c1);
  EXPECT_TRUE(log->back().upsert);
  EXPECT_EQ(log->back().vector, "vec1");
  // The other mention's item is resolved with it; the queue is empty.
  auto open = store_->ListReview(Ctx(alice_, 4), false, 10);
  ASSERT_TRUE(open.ok());
  EXPECT_TRUE(open->empty());
  auto other = store_->GetReview(Ctx(alice_, 4), second->reviews.at(0));
  ASSERT_TRUE(other.ok());
  EXPECT_EQ(other->resolution, kConfirmedResolution);
  EXPECT_EQ(store_->ResolveReview(Ctx(alice_, 5), other->id, "approve", "", "").status().code(),
            StatusCode::kFailedPrecondition);
  auto audit = store_->ListAudit(Ctx(alice_, 5), AuditQuery{});
  ASSERT_TRUE(audit.ok());
  bool audited = false;
  for (const AuditRecord& a : *audit) {
    if (a.action != "review.approve") continue;
    audited = a.targets == std::vector<int64_t>{c1} &&
              a.detail_json.find("\"confirmed_reviews\":[" +
                                 std::to_string(other->id) + "]") != std::string::npos;
  }
  EXPECT_TRUE(audited);
  // A later mention reinforces the approved fact.
  auto third = Say("Python", 6);
  ASSERT_TRUE(third.ok());
  EXPECT_EQ(third->reinforced, std::vector<int64_t>{c1});
  EXPECT_TRUE(third->candidates.empty());
  EXPECT_TRUE(third->reviews.empty());
}

TEST_P(WeakFusionConformanceTest, ApprovalSupersedesAnotherCurrentValue) {
  auto python = Say("Python", 1, /*unconfirmed=*/false);
  ASSERT_TRUE(python.ok());
  const Memory old = python->memories.at(0);
  auto go = Say("Go", 2);
  ASSERT_TRUE(go.ok());
  auto r = store_->ResolveReview(Ctx(alice_, 3), go->reviews.at(0), "approve", "", "");
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  auto retired = store_->GetMemory(Ctx(alice_, 4), old.id);
  ASSERT_TRUE(retired.ok());
  EXPECT_FALSE(retired->current);
  EXPECT_TRUE(retired->superseded_at.has_value());
  auto now = store_->GetMemory(Ctx(alice_, 4), go->candidates.at(0));
  ASSERT_TRUE(now.ok());
  EXPECT_TRUE(now->current);
  EXPECT_EQ(now->supersedes, old.id);
  EXPECT_EQ(now->lineage_id, old.lineage_id);
  EXPECT_EQ(now->version, old.version + 1);
  EXPECT_EQ(Skills(), std::vector<std::string>{"Go"});
  EXPECT_EQ(CurrentFacts(), 1u);
  auto history = store_->GetHistory(Ctx(alice_, 4), now->id);
  ASSERT_TRUE(history.ok());
  EXPECT_EQ(history->size(), 2u);
}

TEST_P(WeakFusionConformanceTest, ApprovingTheCurrentValueReinforcesIt) {
  auto go = Say("Go", 1, /*unconfirmed=*/false);
  auto python = Say("Python", 2);
  ASSERT_TRUE(go.ok() && python.ok());
  // A correction (no mention) makes the candidate's value current.
  Revision rev;
  rev.content = "张工擅长Python";
  rev.value = "Python";
  auto corrected = store_->Supersede(Ctx(alice_, 3), go->memories.at(0).id, rev);
  ASSERT_TRUE(corrected.ok()) << corrected.status().ToString();
  auto r = store_->ResolveReview(Ctx(alice_, 4), python->reviews.at(0), "approve", "", "");
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  auto current = store_->GetMemory(Ctx(alice_, 5), corrected->id);
  ASSERT_TRUE(current.ok());
  EXPECT_TRUE(current->current);
  EXPECT_EQ(current->reinforced, 1);
  auto candidate = store_->GetMemory(Ctx(alice_, 5), python->candidates.at(0));
  ASSERT_TRUE(candidate.ok());
  EXPECT_FALSE(candidate->current);
  EXPECT_EQ(CurrentFacts(), 1u);
}

TEST_P(WeakFusionConformanceTest, AConfirmingMentionResolvesTheOpenItems) {
  auto first = Say("Python", 1);
  auto second = Say("Python", 2);
  ASSERT_TRUE(first.ok() && second.ok());
  auto other = Say("Go", 3);  // another value: its item stays open
  ASSERT_TRUE(other.ok());
  auto third = Say("Python", 4);
  ASSERT_TRUE(third.ok());
  EXPECT_TRUE(third->candidates.empty());
  auto open = store_->ListReview(Ctx(alice_, 5), false, 10);
  ASSERT_TRUE(open.ok());
  ASSERT_EQ(open->size(), 1u);
  EXPECT_EQ(open->at(0).id, other->reviews.at(0));
  for (int64_t id : {first->reviews.at(0), second->reviews.at(0)}) {
    auto item = store_->GetReview(Ctx(alice_, 5), id);
    ASSERT_TRUE(item.ok());
    EXPECT_EQ(item->resolution, kConfirmedResolution);
    EXPECT_TRUE(item->resolved_at.has_value());
    auto again = store_->ResolveReview(Ctx(alice_, 5), id, "approve", "", "");
    EXPECT_EQ(again.status().code(), StatusCode::kFailedPrecondition);
  }
  EXPECT_EQ(Skills(), std::vector<std::string>{"Python"});
  // Approving the other value now supersedes the confirmed one.
  auto go = store_->ResolveReview(Ctx(alice_, 6), other->reviews.at(0), "approve", "", "");
  ASSERT_TRUE(go.ok()) << go.status().ToString();
  EXPECT_EQ(Skills(), std::vector<std::string>{"Go"});
}

TEST_P(WeakFusionConformanceTest, RejectionForgetsTheCandidate) {
  auto first = Say("Python", 1);
  auto second = Say("Python", 2);
  ASSERT_TRUE(first.ok() && second.ok());
  EXPECT_EQ(store_->ResolveReview(Ctx(alice_, 3), second->reviews.at(0), "maybe", "", "")
                .status()
                .code(),
            StatusCode::kInvalidArgument);
  EXPECT_EQ(store_->ResolveReview(Ctx(bob_, 3), second->reviews.at(0), "reject", "", "")
                .status()
                .code(),
            StatusCode::kNotFound);
  auto rejected = store_->ResolveReview(Ctx(alice_, 3), second->reviews.at(0), "reject", "", "");
  ASSERT_TRUE(rejected.ok()) << rejected.status().ToString();
  EXPECT_EQ(rejected->resolution, "reject");
  auto c2 = store_->GetHistory(Ctx(alice_, 4), second->candidates.at(0));
  ASSERT_TRUE(c2.ok());
  ASSERT_EQ(c2->size(), 1u);
  EXPECT_EQ(c2->at(0).status, MemoryStatus::kDeleted);
  EXPECT_FALSE(c2->at(0).current);
  // The rejected mention no longer counts: a third message leaves a candidate.
  auto third = Say("Python", 5);
  ASSERT_TRUE(third.ok());
  EXPECT_EQ(third->candidates.size(), 1u);
  EXPECT_TRUE(Skills().empty());
  // The first item is still open; approving it works. A rejected one cannot be approved.
  EXPECT_EQ(store_->ResolveReview(Ctx(alice_, 6), second->reviews.at(0), "approve", "", "")
                .status()
                .code(),
            StatusCode::kFailedPrecondition);
  auto approved = store_->ResolveReview(Ctx(alice_, 6), first->reviews.at(0), "approve", "", "");
  ASSERT_TRUE(approved.ok()) << approved.status().ToString();
  EXPECT_EQ(Skills(), std::vector<std::string>{"Python"});
  auto open = store_->ListReview(Ctx(alice_, 7), false, 10);
  ASSERT_TRUE(open.ok());
  EXPECT_TRUE(open->empty());  // the third mention's item was confirmed by the approval
}

TEST_P(WeakFusionConformanceTest, AForgottenCandidateCannotBeApproved) {
  auto first = Say("Python", 1);
  ASSERT_TRUE(first.ok());
  ASSERT_TRUE(store_->Forget(Ctx(alice_, 2), first->candidates.at(0), false).ok());
  auto r = store_->ResolveReview(Ctx(alice_, 3), first->reviews.at(0), "approve", "", "");
  EXPECT_EQ(r.status().code(), StatusCode::kFailedPrecondition);
  EXPECT_TRUE(Skills().empty());
  auto item = store_->GetReview(Ctx(alice_, 3), first->reviews.at(0));
  ASSERT_TRUE(item.ok());
  EXPECT_FALSE(item->resolved_at.has_value());  // nothing changed: it can still be rejected
  EXPECT_TRUE(store_->ResolveReview(Ctx(alice_, 4), item->id, "reject", "", "").ok());
}

INSTANTIATE_TEST_SUITE_P(Backends, WeakFusionConformanceTest, ::testing::ValuesIn(Backends()),
                         [](const auto& p) { return p.param.name; });

}  // namespace
}  // namespace engram::store
