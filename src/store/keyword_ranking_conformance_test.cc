// The SQLite and PostgreSQL backends rank keyword hits identically: the same data set
// (English and Chinese, private, team and public scopes, facts and records, a rewritten
// record) written to both, then the same queries by several principals must give the same
// memories in the same order with the same scores — single tokens (SQLite's index path),
// CJK phrases (its FTS5 path), filters, history, pruned common terms, writes through a second
// handle, and documents removed by a hard forget.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "src/store/conformance_backends.h"
#include "src/store/memory_filter.h"
#include "src/store/store.h"
#include "src/testing/temp_dir.h"

namespace engram::store {
namespace {

OpContext Ctx(const Principal& p) { return OpContext{p, "req-rank", Instant{1718348400000, 480}}; }

const Principal& Alice() {
  static const Principal* p = new Principal(TestUser("alice", {"eng"}));
  return *p;
}
const Principal& Bob() {
  static const Principal* p = new Principal(TestUser("bob", {"eng", "ops"}));
  return *p;
}
const Principal& Root() {
  static const Principal* p = new Principal(TestUser("root", {}, {"admin"}));
  return *p;
}

void Ingest(Store* s, const Principal& p, const IngestBatch& b) {
  auto r = s->Ingest(Ctx(p), b);
  ASSERT_TRUE(r.ok()) << r.status().ToString();
}

// The shared data set, written in one order (so both backends allocate the same ids).
void WriteDataSet(Store* s) {
  const std::vector<std::string> alice = {
      "the budget review moved to Tuesday afternoon",
      "release notes for the budget tool are due Friday",
      "lunch with Bob about the release of the mobile app",
      "budget budget budget spreadsheet for the quarterly plan",
      "Alice prefers green tea over coffee in the morning",
      "预算报表 下周二 提交 给 财务部",
      "下周二的预算评审会改到周三下午",
      "张工 的 电话 换了 新号码",
      "我们 讨论 了 移动 应用 的 发布 计划",
      "接口文档 需要 在 发布 之前 更新",
      "the interface docs need an update before the release",
      "預算報表 已經 提交",  // traditional script: folded to simplified
  };
  for (const std::string& t : alice) ASSERT_NO_FATAL_FAILURE(Ingest(s, Alice(), Batch(Alice(), t)));
  ASSERT_NO_FATAL_FAILURE(Ingest(s, Alice(), FactBatch(Alice(), "张工", "phone", "13800138000")));
  ASSERT_NO_FATAL_FAILURE(Ingest(s, Alice(), FactBatch(Alice(), "Alice", "drink", "green tea")));
  // A rewritten record: its keyword document is what was said.
  IngestBatch rewritten = Batch(Alice(), "On 2024-06-14 Alice met Bob about the budget");
  rewritten.record_said = "yesterday she met him about the budget";
  ASSERT_NO_FATAL_FAILURE(Ingest(s, Alice(), rewritten));
  const std::vector<std::string> team = {"team budget sync every Monday", "团队 预算 同步 会议",
                                         "release checklist for the team"};
  for (const std::string& t : team) {
    ASSERT_NO_FATAL_FAILURE(Ingest(s, Bob(), Batch(Bob(), t, Visibility::kTeam, "eng")));
  }
  ASSERT_NO_FATAL_FAILURE(
      Ingest(s, Bob(), Batch(Bob(), "ops budget for servers", Visibility::kTeam, "ops")));
  ASSERT_NO_FATAL_FAILURE(Ingest(s, Bob(), Batch(Bob(), "bob private budget notes 预算")));
  ASSERT_NO_FATAL_FAILURE(
      Ingest(s, Root(), Batch(Root(), "public release calendar 发布 日历", Visibility::kPublic)));
}

struct Query {
  const Principal* who;
  std::vector<std::string> terms;
  bool history = false;
  const MemoryFilter* filter = nullptr;
};

std::vector<Query> Queries() {
  static const MemoryFilter* semantic = [] {
    RecallFilter f;
    f.types = {MemoryType::kSemantic};
    return new MemoryFilter(MemoryFilter::Compile(f).value());
  }();
  return {
      {&Alice(), {"budget"}},
      {&Alice(), {"budget", "release", "tuesday"}},
      {&Alice(), {"预算"}},
      {&Alice(), {"预算", "发布", "接口"}},
      {&Alice(), {"预算报表"}},               // a phrase of three bigrams
      {&Alice(), {"预算报表", "budget", "周三"}},  // phrase and single tokens together
      {&Alice(), {"接口文档", "interface"}},
      {&Alice(), {"phone", "张工"}, true},
      {&Alice(), {"tea", "green", "phone"}, false, semantic},
      {&Alice(), {"yesterday", "met"}},        // the rewritten record's said words
      {&Alice(), {"nothing", "matches"}},
      {&Bob(), {"budget", "release"}},
      {&Bob(), {"预算", "同步"}},
      {&Root(), {"release", "日历"}},
  };
}

// Each query's hits in `s`.
std::vector<std::vector<KeywordHit>> RunQueries(Store* s) {
  std::vector<std::vector<KeywordHit>> out;
  for (const Query& q : Queries()) {
    KeywordQuery kq{q.terms, 20, q.history, q.filter};
    auto r = s->SearchKeyword(Ctx(*q.who), kq);
    EXPECT_TRUE(r.ok()) << r.status().ToString();
    out.push_back(r.ok() ? *r : std::vector<KeywordHit>{});
  }
  return out;
}

// Same memories (ids and text), same order, same scores.
void ExpectSameRanking(const std::vector<std::vector<KeywordHit>>& a,
                       const std::vector<std::vector<KeywordHit>>& b) {
  ASSERT_EQ(a.size(), b.size());
  for (size_t q = 0; q < a.size(); ++q) {
    SCOPED_TRACE("query #" + std::to_string(q) + " " + Queries()[q].terms[0]);
    ASSERT_EQ(a[q].size(), b[q].size());
    for (size_t i = 0; i < a[q].size(); ++i) {
      EXPECT_EQ(a[q][i].memory.id, b[q][i].memory.id) << "#" << i;
      EXPECT_EQ(a[q][i].memory.content, b[q][i].memory.content) << "#" << i;
      EXPECT_NEAR(a[q][i].score, b[q][i].score, 1e-9) << "#" << i;
    }
  }
}

const Backend& Named(const std::string& name) {
  static const std::vector<Backend>* all = new std::vector<Backend>(Backends());
  for (const Backend& b : *all) {
    if (b.name == name) return b;
  }
  ADD_FAILURE() << "no backend " << name;
  return all->front();
}

class KeywordRankingCrossBackendTest : public ::testing::Test {
 protected:
  void SetUp() override {
    sqlite_ = Named("sqlite").open(sqlite_dir_.path());
    postgres_ = Named("postgres").open(postgres_dir_.path());
    ASSERT_NE(sqlite_, nullptr);
    ASSERT_NE(postgres_, nullptr);
    ASSERT_NO_FATAL_FAILURE(WriteDataSet(sqlite_.get()));
    ASSERT_NO_FATAL_FAILURE(WriteDataSet(postgres_.get()));
  }
  // Both backends' answers, which must agree; returns SQLite's.
  std::vector<std::vector<KeywordHit>> Compare() {
    auto a = RunQueries(sqlite_.get());
    auto b = RunQueries(postgres_.get());
    ExpectSameRanking(a, b);
    return a;
  }

  testing::TempDir sqlite_dir_;
  testing::TempDir postgres_dir_;
  std::unique_ptr<Store> sqlite_;
  std::unique_ptr<Store> postgres_;
};

TEST_F(KeywordRankingCrossBackendTest, SameHitsOrderAndScores) {
  auto hits = Compare();
  // The data set exercises what it claims to: hits, a phrase hit, a filtered answer.
  EXPECT_GE(hits[1].size(), 8u);
  ASSERT_FALSE(hits[4].empty());
  EXPECT_EQ(hits[4].size(), 2u);  // both scripts of 预算报表, not 下周二的预算评审会
  for (const KeywordHit& h : hits[8]) EXPECT_EQ(h.memory.type, MemoryType::kSemantic);
  EXPECT_FALSE(hits[8].empty());
  EXPECT_TRUE(hits[10].empty());
}

TEST_F(KeywordRankingCrossBackendTest, CommonTermsArePrunedAlike) {
  // Enough of alice's documents for pruning (PruningParams::min_docs): "budget" is in more
  // than a fifth of them, so it drops out of queries with rarer terms.
  // One message of 1000 records (one transaction per backend, to keep the test fast).
  IngestBatch lines = Batch(Alice(), "budget lines");
  for (int i = 0; i < 1000; ++i) {
    Memory m = lines.memories[0];
    m.content = "budget line " + std::to_string(i) + (i % 7 == 0 ? " 预算报表" : "");
    lines.memories.push_back(m);
  }
  for (Store* s : {sqlite_.get(), postgres_.get()}) {
    ASSERT_NO_FATAL_FAILURE(Ingest(s, Alice(), lines));
  }
  auto hits = Compare();
  // "budget" was dropped from {budget, release, tuesday}: no budget-only line is a hit.
  ASSERT_FALSE(hits[1].empty());
  for (const KeywordHit& h : hits[1]) {
    EXPECT_EQ(h.memory.content.rfind("budget line", 0), std::string::npos) << h.memory.content;
  }
}

TEST_F(KeywordRankingCrossBackendTest, WritesThroughAnotherHandleAreSeen) {
  Compare();  // both indexes are built
  for (auto [name, dir] : {std::pair{"sqlite", &sqlite_dir_}, {"postgres", &postgres_dir_}}) {
    std::unique_ptr<Store> other = Named(name).open(dir->path());
    ASSERT_NE(other, nullptr);
    ASSERT_NO_FATAL_FAILURE(Ingest(other.get(), Alice(), Batch(Alice(), "budget 预算报表 again")));
  }
  auto hits = Compare();
  bool seen = false;
  for (const KeywordHit& h : hits[4]) seen = seen || h.memory.content == "budget 预算报表 again";
  EXPECT_TRUE(seen);
  EXPECT_EQ(hits[4].size(), 3u);
}

TEST_F(KeywordRankingCrossBackendTest, HardForgottenDocumentsLeaveTheStatistics) {
  auto before = Compare();
  ASSERT_FALSE(before[0].empty());
  const int64_t gone = before[0].front().memory.id;
  // Forgotten through another handle: the searching handle learns it from the database.
  for (auto [name, dir] : {std::pair{"sqlite", &sqlite_dir_}, {"postgres", &postgres_dir_}}) {
    std::unique_ptr<Store> other = Named(name).open(dir->path());
    ASSERT_NE(other, nullptr);
    Status s = other->Forget(Ctx(Alice()), gone, true);
    ASSERT_TRUE(s.ok()) << name << ": " << s.ToString();
  }
  auto after = Compare();
  for (const KeywordHit& h : after[0]) EXPECT_NE(h.memory.id, gone);
  ASSERT_FALSE(after[0].empty());
  EXPECT_NE(after[0].front().score, before[0][1].score);  // fewer documents: new idf
}

}  // namespace
}  // namespace engram::store
