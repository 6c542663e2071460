#include "src/store/keyword_index.h"

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <random>
#include <set>
#include <string>
#include <vector>

#include "src/store/sqlite/fts5_tokenizer.h"
#include "src/store/sqlite/keyword_search.h"
#include "src/store/sqlite/sqlite_store.h"
#include "src/testing/temp_dir.h"
#include "src/text/tokenizer.h"

namespace engram::store::sqlite {
namespace {

const std::vector<std::string> kWords = {
    "张工", "李老师", "接口文档", "预算报表", "测试用例", "合同草案", "下周二验收", "提交",
    "Alice", "Bob", "approved", "review", "budget", "contract", "release notes", "the API docs",
    "security audit", "onboarding", "ticket", "postpone", "shipped", "rejected", "季度总结",
    "发布计划", "风险清单", "采购申请", "工单", "讨论"};

std::string Sentence(std::mt19937_64& rng) {
  std::string s;
  const int n = 2 + static_cast<int>(rng() % 6);
  for (int i = 0; i < n; ++i) {
    if (i) s += rng() % 2 ? " " : "，";
    s += kWords[rng() % kWords.size()];
  }
  return s + " T-" + std::to_string(rng() % 300);
}

// Surface strings of the query's tokens, first occurrence of each (as recall builds them).
std::vector<std::string> Terms(const std::string& q) {
  std::vector<text::Token> toks;
  text::Tokenize(q, text::TokenizeMode::kQuery, &toks);
  std::vector<std::string> out;
  std::set<std::string> seen;
  for (const text::Token& t : toks) {
    if (seen.insert(t.text).second) out.push_back(q.substr(t.begin, t.end - t.begin));
  }
  return out;
}

Principal User(const std::string& id, std::vector<std::string> teams = {}) {
  Principal p;
  p.user_id = id;
  p.teams = std::move(teams);
  return p;
}

OpContext Ctx(const Principal& p) { return OpContext{p, "req", Instant{1718348400000, 480}}; }

Result<IngestOutcome> Put(Store& store, const Principal& p, const Scope& scope,
                          const std::string& text) {
  IngestBatch b;
  b.scope = scope;
  b.message.content = text;
  Memory m;
  m.content = text;
  b.memories.push_back(m);
  return store.Ingest(Ctx(p), b);
}

// A raw connection to the store's file, as SearchKeywordRows needs it.
struct Raw {
  sqlite3* db = nullptr;
  std::unique_ptr<StmtCache> cache;
  explicit Raw(const std::string& path) {
    EXPECT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
    EXPECT_TRUE(RegisterEngramTokenizer(db).ok());
    cache = std::make_unique<StmtCache>(db);
  }
  ~Raw() {
    cache.reset();
    sqlite3_close(db);
  }
};

class KeywordIndexTest : public ::testing::Test {
 protected:
  void SetUp() override {
    path_ = dir_.File("k.db");
    auto s = OpenSqliteStore(SqliteOptions{path_, true});
    ASSERT_TRUE(s.ok()) << s.status().ToString();
    store_ = std::move(s).value();
  }

  // Fills the store with `n` generated memories over three scopes, corrects some and
  // forgets some, so the index holds versions and deleted rows that must not come back.
  void Fill(int n) {
    std::mt19937_64 rng(7);
    const Principal alice = User("alice", {"eng"});
    const Principal bob = User("bob");
    for (int i = 0; i < n; ++i) {
      const int who = static_cast<int>(rng() % 3);
      const Principal& p = who == 2 ? bob : alice;
      Scope scope{p.user_id, "", who == 1 ? "eng" : "", who == 1 ? Visibility::kTeam
                                                                 : Visibility::kPrivate};
      auto out = Put(*store_, p, scope, Sentence(rng));
      ASSERT_TRUE(out.ok()) << out.status().ToString();
      const int64_t id = out->memories[0].id;
      if (i % 17 == 0) {
        Revision rev;
        rev.content = Sentence(rng);
        rev.reason = "test";
        ASSERT_TRUE(store_->Supersede(Ctx(p), id, rev).ok());
      } else if (i % 23 == 0) {
        ASSERT_TRUE(store_->Forget(Ctx(p), id, false).ok());
      }
    }
  }

  // The index's answer and SQL's (engram_bm25 over FTS5) for the same query on one snapshot.
  void ExpectSameRanking(Raw& raw, const Principal& p, const std::string& q, int limit,
                         bool history) {
    KeywordQuery kq;
    kq.terms = Terms(q);
    kq.limit = limit;
    kq.include_history = history;
    KeywordState by_index;
    KeywordState by_sql;
    by_sql.use_index = false;
    auto a = SearchKeywordRows(raw.db, raw.cache.get(), &by_index, Ctx(p), kq);
    auto b = SearchKeywordRows(raw.db, raw.cache.get(), &by_sql, Ctx(p), kq);
    ASSERT_TRUE(a.ok()) << a.status().ToString();
    ASSERT_TRUE(b.ok()) << b.status().ToString();
    // The index answered (its token total agreed with FTS5's), not the SQL fallback.
    EXPECT_GT(by_index.index.size(), 0u);
    EXPECT_EQ(by_index.unusable_tokens, -1);
    ASSERT_EQ(a->size(), b->size()) << q;
    for (size_t i = 0; i < a->size(); ++i) {
      EXPECT_EQ((*a)[i].memory.id, (*b)[i].memory.id) << q << " #" << i;
      EXPECT_EQ((*a)[i].score, (*b)[i].score) << q << " #" << i;
    }
    ++compared_;
    hits_ += a->size();
  }

  testing::TempDir dir_;
  std::string path_;
  std::unique_ptr<Store> store_;
  int compared_ = 0;
  size_t hits_ = 0;
};

TEST_F(KeywordIndexTest, RanksExactlyLikeFts5Bm25OnAGeneratedCorpus) {
  Fill(1500);  // above PruningParams::min_docs, so common terms are pruned as in SQL
  Raw raw(path_);
  std::mt19937_64 rng(11);
  const std::vector<Principal> who = {User("alice", {"eng"}), User("alice"), User("bob")};
  for (int q = 0; q < 60; ++q) {
    std::string query = kWords[rng() % kWords.size()] + " " + kWords[rng() % kWords.size()];
    if (q % 3 == 0) query += " T-" + std::to_string(rng() % 300);
    ExpectSameRanking(raw, who[q % who.size()], query, 30, q % 4 == 0);
  }
  EXPECT_GT(hits_, 60u * 10);  // the queries did match
}

TEST_F(KeywordIndexTest, HardForgetRebuildsTheIndexAndStaysExact) {
  Fill(300);
  Raw raw(path_);
  const Principal alice = User("alice", {"eng"});
  KeywordState state;  // one state across the forget, as the store keeps it
  KeywordQuery kq;
  kq.terms = Terms("接口文档 budget");
  kq.limit = 20;
  auto before = SearchKeywordRows(raw.db, raw.cache.get(), &state, Ctx(alice), kq);
  ASSERT_TRUE(before.ok());
  ASSERT_FALSE(before->empty());
  const int64_t gone = (*before)[0].memory.id;
  ASSERT_TRUE(store_->Forget(Ctx(alice), gone, true).ok());
  auto after = SearchKeywordRows(raw.db, raw.cache.get(), &state, Ctx(alice), kq);
  ASSERT_TRUE(after.ok());
  for (const KeywordHit& h : *after) EXPECT_NE(h.memory.id, gone);
  EXPECT_EQ(state.unusable_tokens, -1);  // rebuilt, and in agreement again
  ExpectSameRanking(raw, alice, "接口文档 budget", 20, false);
  KeywordState fresh;
  auto rebuilt = SearchKeywordRows(raw.db, raw.cache.get(), &fresh, Ctx(alice), kq);
  ASSERT_TRUE(rebuilt.ok());
  ASSERT_EQ(rebuilt->size(), after->size());
  for (size_t i = 0; i < after->size(); ++i) {
    EXPECT_EQ((*after)[i].memory.id, (*rebuilt)[i].memory.id);
    EXPECT_EQ((*after)[i].score, (*rebuilt)[i].score);
  }
  // Writes after the first search are picked up too.
  ASSERT_TRUE(Put(*store_, alice, Scope{"alice", "", "", Visibility::kPrivate},
                  "接口文档 budget budget 新的").ok());
  ExpectSameRanking(raw, alice, "接口文档 budget", 20, false);
}

TEST_F(KeywordIndexTest, AnotherUsersMemoryNeverAppears) {
  const Principal alice = User("alice", {"eng"});
  const Principal bob = User("bob");
  const Principal carol = User("carol", {"eng"});
  ASSERT_TRUE(Put(*store_, alice, Scope{"alice", "", "", Visibility::kPrivate},
                  "alice private 预算报表 secret").ok());
  ASSERT_TRUE(Put(*store_, alice, Scope{"alice", "", "eng", Visibility::kTeam},
                  "team 预算报表 shared").ok());
  ASSERT_TRUE(Put(*store_, bob, Scope{"bob", "", "", Visibility::kPrivate},
                  "bob private 预算报表 secret").ok());
  KeywordQuery kq;
  kq.terms = Terms("预算报表 secret shared");
  kq.limit = 10;
  auto contents = [&](const Principal& p) {
    std::set<std::string> out;
    auto hits = store_->SearchKeyword(Ctx(p), kq);
    EXPECT_TRUE(hits.ok()) << hits.status().ToString();
    if (hits.ok()) {
      for (const KeywordHit& h : *hits) out.insert(h.memory.content);
    }
    return out;
  };
  EXPECT_EQ(contents(alice), (std::set<std::string>{"alice private 预算报表 secret",
                                                    "team 预算报表 shared"}));
  EXPECT_EQ(contents(bob), (std::set<std::string>{"bob private 预算报表 secret"}));
  EXPECT_EQ(contents(carol), (std::set<std::string>{"team 预算报表 shared"}));
  EXPECT_TRUE(contents(User("dave")).empty());
}

TEST(KeywordIndexUnitTest, ColocatedTokensShareAPositionAndCountOnce) {
  KeywordIndex index;
  index.Add(1, "u:a", "预算 budget budget");
  index.Add(2, "u:b", "budget");
  EXPECT_EQ(index.DocFrequency({"u:a", "u:b"}, "budget"), 2);
  EXPECT_EQ(index.DocFrequency({"u:a", "u:a"}, "budget"), 1);  // a partition counts once
  EXPECT_EQ(index.max_id(), 2);
  // Only partition u:a is searched: document 2 is never scored.
  auto docs = index.Score({"u:a"}, {"budget"});
  ASSERT_EQ(docs.size(), 1u);
  EXPECT_EQ(docs[0].id, 1);
  EXPECT_GT(docs[0].score, 0);
}

TEST(KeywordIndexUnitTest, StatisticsAreThoseOfTheSearchedPartitionsOnly) {
  KeywordIndex index;
  index.Add(1, "u:a", "budget review");
  index.Add(2, "u:a", "contract review");
  index.Add(3, "p", "budget plan");
  const std::vector<std::string> a = {"u:a", "p"};
  const auto before = index.Score(a, {"budget", "review"});
  // Another tenant's partition fills up with the same words: nothing of a's changes.
  for (int64_t id = 10; id < 200; ++id) index.Add(id, "u:b", "budget budget review words");
  EXPECT_EQ(index.DocFrequency(a, "budget"), 2);
  EXPECT_EQ(index.Stats(a).rows, 3);
  const auto after = index.Score(a, {"budget", "review"});
  ASSERT_EQ(after.size(), before.size());
  for (size_t i = 0; i < after.size(); ++i) {
    EXPECT_EQ(after[i].id, before[i].id);
    EXPECT_EQ(after[i].score, before[i].score);
  }
  // Removing documents restores the statistics exactly.
  for (int64_t id = 10; id < 200; ++id) index.Remove(id);
  index.Remove(3);
  EXPECT_EQ(index.Stats({"u:b"}).rows, 0);
  EXPECT_EQ(index.DocFrequency(a, "budget"), 1);
  EXPECT_EQ(index.size(), 2u);
  EXPECT_EQ(index.Score(a, {"plan"}).size(), 0u);
}

}  // namespace
}  // namespace engram::store::sqlite
