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

INSTANTIATE_TEST_SUITE_P(Backends, WeakFusionConformanceTest, ::testing::ValuesIn(Backends()),
                         [](const auto& p) { return p.param.name; });

}  // namespace
}  // namespace engram::store
