// Keyword statistics are per scope, for every Store backend: another tenant's writes change
// neither a user's keyword scores nor their ranking (keyword_index.h), and the backends
// rank identically (one BM25, bm25.h).
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "src/store/conformance_backends.h"
#include "src/store/store.h"
#include "src/testing/temp_dir.h"

namespace engram::store {
namespace {

OpContext Ctx(const Principal& p) { return OpContext{p, "req-test", Instant{1718348400000, 480}}; }

Principal User(const std::string& id, std::vector<std::string> teams = {}) {
  Principal p;
  p.user_id = id;
  p.teams = std::move(teams);
  return p;
}

// Alice's own corpus: private memories, one of her team's, one public.
void WriteAlice(Store* store) {
  const Principal alice = User("alice", {"eng"});
  const std::vector<std::string> texts = {
      "the budget review moved to Tuesday", "release notes for the budget tool",
      "lunch with Bob about the release",   "budget budget budget spreadsheet",
      "quarterly plan and hiring",          "预算报表 下周二 提交"};
  for (const std::string& t : texts) ASSERT_TRUE(store->Ingest(Ctx(alice), Batch(alice, t)).ok());
  ASSERT_TRUE(
      store->Ingest(Ctx(alice), Batch(alice, "team budget sync", Visibility::kTeam, "eng")).ok());
  const Principal admin = User("root");
  Principal root = admin;
  root.roles = {"admin"};
  ASSERT_TRUE(
      store->Ingest(Ctx(root), Batch(root, "public release calendar", Visibility::kPublic)).ok());
}

// "预算报表" is several tokens: the SQLite backend ranks it in SQL, the rest by its index.
std::vector<KeywordHit> Search(Store* store, const Principal& p,
                               std::vector<std::string> terms = {"budget", "release", "预算报表"}) {
  KeywordQuery q{std::move(terms), 20, false};
  auto r = store->SearchKeyword(Ctx(p), q);
  EXPECT_TRUE(r.ok()) << r.status().ToString();
  return r.ok() ? *r : std::vector<KeywordHit>{};
}

void ExpectSame(const std::vector<KeywordHit>& a, const std::vector<KeywordHit>& b) {
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].memory.content, b[i].memory.content) << "#" << i;
    EXPECT_EQ(a[i].score, b[i].score) << "#" << i << " " << a[i].memory.content;
  }
}

class KeywordScopeConformanceTest : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override {
    store_ = GetParam().open(dir_.path());
    ASSERT_NE(store_, nullptr);
  }
  testing::TempDir dir_;
  std::unique_ptr<Store> store_;
};

TEST_P(KeywordScopeConformanceTest, OtherTenantsWritesChangeNeitherScoresNorRanking) {
  WriteAlice(store_.get());
  const Principal alice = User("alice", {"eng"});
  const std::vector<KeywordHit> before = Search(store_.get(), alice);
  ASSERT_EQ(before.size(), 7u);
  // Bob (and his team, which alice is not in) fill their scopes with alice's query words:
  // more than PruningParams::min_docs documents, so whole-store pruning would also change.
  const Principal bob = User("bob", {"ops"});
  for (int i = 0; i < 1100; ++i) {
    const std::string text = i % 3 == 0 ? "budget release 预算报表 " + std::to_string(i)
                                         : "budget only " + std::to_string(i);
    IngestBatch b = i % 5 == 0 ? Batch(bob, text, Visibility::kTeam, "ops") : Batch(bob, text);
    ASSERT_TRUE(store_->Ingest(Ctx(bob), b).ok());
  }
  ExpectSame(Search(store_.get(), alice), before);
  // A teammate's write is alice's to see: it may change her statistics, and it shows.
  const Principal carol = User("carol", {"eng"});
  ASSERT_TRUE(
      store_->Ingest(Ctx(carol), Batch(carol, "carol budget", Visibility::kTeam, "eng")).ok());
  EXPECT_EQ(Search(store_.get(), alice).size(), 8u);
}

INSTANTIATE_TEST_SUITE_P(Backends, KeywordScopeConformanceTest, ::testing::ValuesIn(Backends()),
                         [](const auto& p) { return p.param.name; });

TEST(KeywordScopeCrossBackendTest, BackendsRankWithTheSameScores) {
  std::vector<std::vector<KeywordHit>> results;
  std::vector<std::unique_ptr<testing::TempDir>> dirs;
  for (const Backend& backend : Backends()) {
    dirs.push_back(std::make_unique<testing::TempDir>());
    std::unique_ptr<Store> store = backend.open(dirs.back()->path());
    ASSERT_NE(store, nullptr);
    WriteAlice(store.get());
    results.push_back(Search(store.get(), User("alice", {"eng"}), {"budget", "release"}));
  }
  ASSERT_EQ(results.size(), Backends().size());
  EXPECT_EQ(results[0].size(), 6u);
  for (size_t i = 1; i < results.size(); ++i) ExpectSame(results[0], results[i]);
}

}  // namespace
}  // namespace engram::store
