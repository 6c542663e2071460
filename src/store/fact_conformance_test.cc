// The conformance of facts every Store backend passes: a repeated fact reinforces, an older or
// less reliable statement does not supersede, complementary facts are both kept and linked,
// and concurrent writers of one fact leave exactly one current version.
#include <gtest/gtest.h>

#include <atomic>
#include <memory>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "src/store/conformance_backends.h"
#include "src/store/reconcile.h"
#include "src/store/store.h"
#include "src/testing/temp_dir.h"

namespace engram::store {
namespace {

OpContext Ctx(const Principal& p, int64_t now_ms = 1718348400000) {
  return OpContext{p, "req-test", Instant{now_ms, 480}};
}

class FactConformanceTest : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override {
    store_ = GetParam().open(dir_.path());
    ASSERT_NE(store_, nullptr);
  }

  testing::TempDir dir_;
  std::unique_ptr<Store> store_;
  Principal alice_ = TestUser("alice", {"sales"});
};

TEST_P(FactConformanceTest, RepeatedFactReinforcesTheCurrentVersion) {
  auto a1 = store_->Ingest(Ctx(alice_), FactBatch(alice_, "张工", "worksAt", "AI Lab"));
  IngestBatch again = FactBatch(alice_, "张工", "worksAt", "ai lab");  // folds the same
  again.message.at = again.memories[0].source.at = Instant{1718348500000, 480};
  again.memories[0].valid_from = again.message.at;
  auto a2 = store_->Ingest(Ctx(alice_, 1718348500000), again);
  ASSERT_TRUE(a1.ok() && a2.ok());
  const int64_t id = a1->memories[0].id;
  ASSERT_EQ(a2->memories.size(), 1u);
  EXPECT_EQ(a2->memories[0].id, id);  // the current version stands in the draft's place
  EXPECT_EQ(a2->reinforced, std::vector<int64_t>{id});
  EXPECT_TRUE(a2->superseded.empty());
  auto m = store_->GetMemory(Ctx(alice_), id);
  ASSERT_TRUE(m.ok());
  EXPECT_TRUE(m->current);
  EXPECT_EQ(m->reinforced, 1);
  ASSERT_TRUE(m->last_seen.has_value());
  EXPECT_EQ(m->last_seen->unix_ms, 1718348500000);
  EXPECT_EQ(store_->GetHistory(Ctx(alice_), id)->size(), 1u);
  // Another number is another value, however alike the wording.
  auto a3 = store_->Ingest(Ctx(alice_), FactBatch(alice_, "预算", "limit", "控制在20万以内"));
  auto a4 = store_->Ingest(Ctx(alice_), FactBatch(alice_, "预算", "limit", "控制在25万以内"));
  ASSERT_TRUE(a3.ok() && a4.ok());
  EXPECT_EQ(a4->superseded, std::vector<int64_t>{a3->memories[0].id});
}

TEST_P(FactConformanceTest, OlderOrLessReliableStatementsDoNotSupersede) {
  auto fact = [&](const std::string& value, int64_t at_ms, double source) {
    IngestBatch b = FactBatch(alice_, "张工", "hasPhone", value);
    b.memories[0].valid_from = b.message.at = b.memories[0].source.at = Instant{at_ms, 480};
    b.memories[0].confidence.source = source;
    b.memories[0].confidence.overall = source;
    return b;
  };
  const int64_t t1 = 1718348400000, t2 = t1 + 86400000;
  auto form = store_->Ingest(Ctx(alice_), fact("138", t2, 0.95));
  ASSERT_TRUE(form.ok());
  const int64_t current = form->memories[0].id;
  // An older voice transcript processed later: kept, retired at birth, never current.
  auto voice = store_->Ingest(Ctx(alice_), fact("139", t1, 0.72));
  ASSERT_TRUE(voice.ok());
  const Memory& old = voice->memories[0];
  EXPECT_EQ(voice->outranked, std::vector<int64_t>{old.id});
  EXPECT_TRUE(voice->superseded.empty());
  EXPECT_FALSE(old.current);
  EXPECT_TRUE(old.superseded_at.has_value());
  ASSERT_TRUE(old.valid_to.has_value());
  EXPECT_EQ(old.valid_to->unix_ms, t2);
  EXPECT_DOUBLE_EQ(old.confidence.consistency, kConsistencyOutranked);
  EXPECT_DOUBLE_EQ(old.confidence.overall, 0.72 * kConsistencyOutranked);
  // Equally recent but less reliable: outranked too.
  auto chat = store_->Ingest(Ctx(alice_), fact("137", t2, 0.85));
  ASSERT_TRUE(chat.ok());
  EXPECT_EQ(chat->outranked.size(), 1u);
  EXPECT_TRUE(store_->GetMemory(Ctx(alice_), current)->current);
  // An explicit correction outranks age and source.
  IngestBatch fix = fact("136", t1, 0.72);
  fix.corrections = {0};
  auto corrected = store_->Ingest(Ctx(alice_), fix);
  ASSERT_TRUE(corrected.ok());
  EXPECT_EQ(corrected->superseded, std::vector<int64_t>{current});
  EXPECT_TRUE(corrected->memories[0].current);
  EXPECT_EQ(corrected->memories[0].version, 2);
  // A newer statement supersedes whatever its source.
  auto newer = store_->Ingest(Ctx(alice_), fact("135", t2 + 1, 0.72));
  ASSERT_TRUE(newer.ok());
  EXPECT_EQ(newer->superseded, std::vector<int64_t>{corrected->memories[0].id});
  EXPECT_DOUBLE_EQ(newer->memories[0].confidence.consistency, 1.0);
}

TEST_P(FactConformanceTest, ComplementaryFactsAreBothKeptAndLinked) {
  IngestBatch tight = FactBatch(alice_, "user", "budget", "很紧");
  tight.complements = {{0, "budgetLimit"}};
  IngestBatch limit = FactBatch(alice_, "user", "budgetLimit", "20万");
  limit.complements = {{0, "budget"}};
  auto a = store_->Ingest(Ctx(alice_), tight);
  auto b = store_->Ingest(Ctx(alice_), limit);
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_TRUE(a->complements.empty());  // nothing to complement yet
  const int64_t x = a->memories[0].id, y = b->memories[0].id;
  EXPECT_EQ(b->complements, (std::vector<std::pair<int64_t, int64_t>>{{x, y}}));
  EXPECT_TRUE(store_->GetMemory(Ctx(alice_), x)->current);
  EXPECT_TRUE(store_->GetMemory(Ctx(alice_), y)->current);
  auto links = store_->ListLinks(Ctx(alice_), x);
  ASSERT_TRUE(links.ok());
  ASSERT_EQ(links->size(), 1u);
  EXPECT_EQ((*links)[0].kind, "complements");
  EXPECT_EQ((*links)[0].to_id, y);
}

TEST_P(FactConformanceTest, ConcurrentFactWritersLeaveExactlyOneCurrentVersion) {
  constexpr int kThreads = 8;
  constexpr int kRounds = 25;
  // Each thread gets its own handle where the backend supports several (SQLite: several
  // connections on one file), so the database, not a process mutex, must keep the invariant.
  std::vector<std::unique_ptr<Store>> handles;
  for (int t = 0; t < kThreads; ++t) {
    handles.push_back(GetParam().shares_data_across_handles ? GetParam().open(dir_.path())
                                                            : nullptr);
  }
  std::atomic<int> failures{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      Store* s = handles[t] ? handles[t].get() : store_.get();
      for (int r = 0; r < kRounds; ++r) {
        std::string value = std::to_string(t) + "-" + std::to_string(r);
        auto res = s->Ingest(Ctx(alice_), FactBatch(alice_, "张工", "phone", value));
        if (!res.ok()) ++failures;
      }
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(failures.load(), 0);
  auto hits = store_->SearchKeyword(Ctx(alice_), KeywordQuery{{"phone"}, 1000, true});
  ASSERT_TRUE(hits.ok());
  ASSERT_EQ(hits->size(), static_cast<size_t>(kThreads * kRounds));
  int current = 0;
  std::set<int32_t> versions;
  for (const auto& h : *hits) {
    current += h.memory.current;
    versions.insert(h.memory.version);
  }
  EXPECT_EQ(current, 1);
  // One lineage, versions 1..N with no gaps or duplicates.
  EXPECT_EQ(versions.size(), static_cast<size_t>(kThreads * kRounds));
  EXPECT_EQ(*versions.rbegin(), kThreads * kRounds);
  auto v = store_->VerifyAudit();
  ASSERT_TRUE(v.ok());
  EXPECT_TRUE(v->intact);
}

INSTANTIATE_TEST_SUITE_P(Backends, FactConformanceTest, ::testing::ValuesIn(Backends()),
                         [](const auto& param_info) { return param_info.param.name; });

}  // namespace
}  // namespace engram::store
