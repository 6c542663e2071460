// The conformance suite every Store backend passes: scope isolation, versioning, reconcile,
// forget, keyword search, audit chain, consolidation and erasure (facts that reinforce,
// supersede or complement, and concurrent fact writers: fact_conformance_test.cc).
#include <gtest/gtest.h>

#include <functional>
#include <memory>
#include <set>

#include "src/store/conformance_backends.h"
#include "src/store/memory/memory_store.h"
#include "src/store/sqlite/sqlite_store.h"
#include "src/store/store.h"
#include "src/testing/temp_dir.h"

namespace engram::store {
namespace {

Principal User(const std::string& id, std::vector<std::string> teams = {},
               std::vector<std::string> roles = {}) {
  Principal p;
  p.user_id = id;
  p.teams = std::move(teams);
  p.roles = std::move(roles);
  return p;
}

OpContext Ctx(const Principal& p, int64_t now_ms = 1718348400000) {
  return OpContext{p, "req-test", Instant{now_ms, 480}};
}

class StoreConformanceTest : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override {
    store_ = GetParam().open(dir_.path());
    ASSERT_NE(store_, nullptr);
  }
  int64_t Remember(const Principal& p, const std::string& text,
                   Visibility vis = Visibility::kPrivate, const std::string& team = "") {
    auto r = store_->Ingest(Ctx(p), Batch(p, text, vis, team));
    EXPECT_TRUE(r.ok()) << r.status().ToString();
    return r.ok() ? r->memories.at(0).id : 0;
  }
  std::vector<int64_t> Search(const Principal& p, std::vector<std::string> terms,
                              bool history = false) {
    auto r = store_->SearchKeyword(Ctx(p), KeywordQuery{std::move(terms), 10, history});
    EXPECT_TRUE(r.ok()) << r.status().ToString();
    std::vector<int64_t> ids;
    if (r.ok()) {
      for (const auto& h : *r) ids.push_back(h.memory.id);
    }
    return ids;
  }

  testing::TempDir dir_;
  std::unique_ptr<Store> store_;
  Principal alice_ = User("alice", {"sales"});
  Principal bob_ = User("bob", {"rnd"});
  Principal carol_ = User("carol", {"sales"});
  Principal admin_ = User("root", {}, {"admin"});
};

TEST_P(StoreConformanceTest, IngestAssignsIdsVersionAndSource) {
  auto r = store_->Ingest(Ctx(alice_), Batch(alice_, "张工说下周二要验收接口文档"));
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  ASSERT_EQ(r->memories.size(), 1u);
  const Memory& m = r->memories[0];
  EXPECT_GT(m.id, 0);
  EXPECT_EQ(m.lineage_id, m.id);
  EXPECT_EQ(m.version, 1);
  EXPECT_TRUE(m.current);
  EXPECT_EQ(m.source.message_id, r->message_id);
  auto got = store_->GetMemory(Ctx(alice_), m.id);
  ASSERT_TRUE(got.ok());
  EXPECT_EQ(got->content, "张工说下周二要验收接口文档");
  EXPECT_EQ(got->scope.user_id, "alice");
  EXPECT_EQ(got->source.at.offset_minutes, 480);
}

TEST_P(StoreConformanceTest, PrivateMemoryIsInvisibleToOthersOnEveryPath) {
  int64_t id = Remember(alice_, "alice secret T-102 接口文档");
  for (const Principal& other : {bob_, carol_, admin_}) {
    EXPECT_EQ(store_->GetMemory(Ctx(other), id).status().code(), StatusCode::kNotFound);
    EXPECT_EQ(store_->GetHistory(Ctx(other), id).status().code(), StatusCode::kNotFound);
    EXPECT_EQ(store_->Supersede(Ctx(other), id, Revision{"x", "", {}, "correct"})
                  .status()
                  .code(),
              StatusCode::kNotFound);
    EXPECT_EQ(store_->Forget(Ctx(other), id, true).code(), StatusCode::kNotFound);
    EXPECT_TRUE(Search(other, {"secret", "T-102", "接口文档"}).empty());
  }
  // Crafted ids: neighbours, negatives and huge values are simply not found.
  for (int64_t crafted : {id + 1, id - 1, int64_t{0}, int64_t{-1}, INT64_MAX}) {
    EXPECT_EQ(store_->GetMemory(Ctx(bob_), crafted).status().code(), StatusCode::kNotFound);
  }
  EXPECT_TRUE(store_->GetMemory(Ctx(alice_), id).ok());
}

TEST_P(StoreConformanceTest, TeamMemoryIsSharedWithTheTeamOnly) {
  int64_t id = Remember(alice_, "sales pipeline review on Friday", Visibility::kTeam, "sales");
  EXPECT_TRUE(store_->GetMemory(Ctx(carol_), id).ok());
  EXPECT_EQ(Search(carol_, {"pipeline"}), std::vector<int64_t>{id});
  EXPECT_EQ(store_->GetMemory(Ctx(bob_), id).status().code(), StatusCode::kNotFound);
  EXPECT_TRUE(Search(bob_, {"pipeline"}).empty());
  // A team member may correct it; the new version stays in the team.
  auto v2 = store_->Supersede(Ctx(carol_), id, Revision{"sales pipeline review on Monday"});
  ASSERT_TRUE(v2.ok()) << v2.status().ToString();
  EXPECT_EQ(v2->scope.team_id, "sales");
  EXPECT_EQ(store_->GetHistory(Ctx(bob_), v2->id).status().code(), StatusCode::kNotFound);
}

TEST_P(StoreConformanceTest, WritingOutsideOwnScopesIsDenied) {
  // Team not joined.
  EXPECT_EQ(store_->Ingest(Ctx(bob_), Batch(bob_, "x", Visibility::kTeam, "sales")).status().code(),
            StatusCode::kPermissionDenied);
  // Public without admin.
  EXPECT_EQ(store_->Ingest(Ctx(bob_), Batch(bob_, "x", Visibility::kPublic)).status().code(),
            StatusCode::kPermissionDenied);
  // Someone else's user id.
  EXPECT_EQ(store_->Ingest(Ctx(bob_), Batch(alice_, "x")).status().code(),
            StatusCode::kPermissionDenied);
  // Public by an admin: everyone reads it, nobody else changes it.
  int64_t id = Remember(admin_, "office wifi password rotates monthly", Visibility::kPublic);
  EXPECT_TRUE(store_->GetMemory(Ctx(bob_), id).ok());
  EXPECT_EQ(store_->Forget(Ctx(bob_), id, false).code(), StatusCode::kPermissionDenied);
  EXPECT_EQ(store_->Supersede(Ctx(bob_), id, Revision{"x"}).status().code(),
            StatusCode::kPermissionDenied);
  // Nothing of the denied writes was stored.
  auto stats = store_->GetStats(Ctx(bob_));
  ASSERT_TRUE(stats.ok());
  EXPECT_EQ(stats->messages, 0);
}

TEST_P(StoreConformanceTest, SupersedeKeepsHistoryAndNeverOverwrites) {
  int64_t id = Remember(alice_, "张工的手机号是 139");
  auto v2 = store_->Supersede(Ctx(alice_, 1718348500000), id, Revision{"张工的手机号是 138"});
  ASSERT_TRUE(v2.ok()) << v2.status().ToString();
  EXPECT_EQ(v2->version, 2);
  EXPECT_EQ(v2->supersedes, id);
  EXPECT_EQ(v2->lineage_id, id);
  auto old = store_->GetMemory(Ctx(alice_), id);
  ASSERT_TRUE(old.ok());
  EXPECT_FALSE(old->current);
  EXPECT_EQ(old->content, "张工的手机号是 139");
  ASSERT_TRUE(old->superseded_at.has_value());
  ASSERT_TRUE(old->valid_to.has_value());
  EXPECT_EQ(old->valid_to->unix_ms, 1718348500000);
  auto hist = store_->GetHistory(Ctx(alice_), v2->id);
  ASSERT_TRUE(hist.ok());
  ASSERT_EQ(hist->size(), 2u);
  EXPECT_EQ((*hist)[0].id, id);
  EXPECT_EQ((*hist)[1].id, v2->id);
  // The old version is no longer current: a second correction of it conflicts.
  EXPECT_EQ(store_->Supersede(Ctx(alice_), id, Revision{"y"}).status().code(),
            StatusCode::kConflict);
  // Search sees the current version only, unless history is asked for.
  EXPECT_EQ(Search(alice_, {"手机号"}), std::vector<int64_t>{v2->id});
  EXPECT_EQ(Search(alice_, {"手机号"}, true).size(), 2u);
}

TEST_P(StoreConformanceTest, FactsReconcileWithinTheirScopeOnly) {
  auto a1 = store_->Ingest(Ctx(alice_), FactBatch(alice_, "张工", "phone", "139"));
  auto b1 = store_->Ingest(Ctx(bob_), FactBatch(bob_, "张工", "phone", "137"));
  auto a2 = store_->Ingest(Ctx(alice_), FactBatch(alice_, "张工", "phone", "138"));
  ASSERT_TRUE(a1.ok() && b1.ok() && a2.ok());
  EXPECT_EQ(a2->memories[0].version, 2);
  EXPECT_EQ(a2->memories[0].supersedes, a1->memories[0].id);
  EXPECT_EQ(a2->superseded, std::vector<int64_t>{a1->memories[0].id});
  EXPECT_FALSE(store_->GetMemory(Ctx(alice_), a1->memories[0].id)->current);
  EXPECT_TRUE(store_->GetMemory(Ctx(bob_), b1->memories[0].id)->current);
}

TEST_P(StoreConformanceTest, SoftForgetHidesAndHardForgetErases) {
  int64_t soft = Remember(alice_, "I like oolong tea");
  int64_t hard = Remember(alice_, "my bank pin is 4321");
  ASSERT_TRUE(store_->Forget(Ctx(alice_), soft, false).ok());
  ASSERT_TRUE(store_->Forget(Ctx(alice_), hard, true).ok());
  EXPECT_TRUE(store_->Forget(Ctx(alice_), hard, true).ok());  // idempotent
  EXPECT_TRUE(Search(alice_, {"oolong"}, true).empty());
  EXPECT_TRUE(Search(alice_, {"pin", "4321"}, true).empty());
  auto s = store_->GetMemory(Ctx(alice_), soft);
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(s->status, MemoryStatus::kDeleted);
  EXPECT_FALSE(s->current);
  EXPECT_EQ(s->content, "I like oolong tea");
  auto h = store_->GetMemory(Ctx(alice_), hard);
  ASSERT_TRUE(h.ok());
  EXPECT_EQ(h->content, "");
  EXPECT_EQ(store_->Supersede(Ctx(alice_), soft, Revision{"x"}).status().code(),
            StatusCode::kConflict);
}

TEST_P(StoreConformanceTest, KeywordSearchFindsChineseIdsAndTraditionalScript) {
  int64_t doc = Remember(alice_, "张工说下周二要验收接口文档");
  int64_t ticket = Remember(alice_, "工单T-102已经关闭");
  int64_t meeting = Remember(alice_, "会议记录已经发给李老师");
  Remember(alice_, "明天下午去健身房");
  EXPECT_EQ(Search(alice_, {"接口", "文档"}), std::vector<int64_t>{doc});
  auto t = Search(alice_, {"工单", "T-102"});
  ASSERT_FALSE(t.empty());
  EXPECT_EQ(t[0], ticket);
  auto trad = Search(alice_, {"會議", "記錄"});
  ASSERT_FALSE(trad.empty());
  EXPECT_EQ(trad[0], meeting);
  EXPECT_TRUE(Search(alice_, {"火星"}).empty());
  EXPECT_TRUE(Search(alice_, {"", "!!"}).empty());
}

TEST_P(StoreConformanceTest, ListRecentReturnsTheSessionsLatestVisibleMemories) {
  std::vector<int64_t> ids;
  for (int i = 0; i < 4; ++i) {
    IngestBatch b = Batch(alice_, "turn " + std::to_string(i));
    b.memories[0].source.session_id = i < 3 ? "s1" : "s2";
    auto r = store_->Ingest(Ctx(alice_), b);
    ASSERT_TRUE(r.ok());
    ids.push_back(r->memories[0].id);
  }
  ASSERT_TRUE(store_->Forget(Ctx(alice_), ids[1], false).ok());
  auto recent = store_->ListRecent(Ctx(alice_), "s1", 10);
  ASSERT_TRUE(recent.ok());
  std::vector<int64_t> got;
  for (const auto& m : *recent) got.push_back(m.id);
  EXPECT_EQ(got, (std::vector<int64_t>{ids[2], ids[0]}));
  EXPECT_EQ(store_->ListRecent(Ctx(alice_), "s1", 1)->size(), 1u);
  EXPECT_TRUE(store_->ListRecent(Ctx(bob_), "s1", 10)->empty());
}

TEST_P(StoreConformanceTest, LastMessageIsTheLatestOfTheUserAndAgent) {
  EXPECT_EQ(store_->GetLastMessage(Ctx(alice_)).status().code(), StatusCode::kNotFound);
  IngestBatch first = Batch(alice_, "first");
  first.message.session_id = "auto-alice-1";
  ASSERT_TRUE(store_->Ingest(Ctx(alice_), first).ok());
  IngestBatch second = Batch(alice_, "second, team-visible", Visibility::kTeam, "sales");
  second.message.session_id = "s2";
  second.message.at = Instant{1718352000000, 0};
  ASSERT_TRUE(store_->Ingest(Ctx(alice_), second).ok());
  IngestBatch through_bot = Batch(alice_, "said through a bot");
  through_bot.scope.agent_id = "bot";
  ASSERT_TRUE(store_->Ingest(Ctx(alice_), through_bot).ok());
  ASSERT_TRUE(store_->Ingest(Ctx(bob_), Batch(bob_, "bob's")).ok());
  auto last = store_->GetLastMessage(Ctx(alice_));
  ASSERT_TRUE(last.ok()) << last.status().ToString();
  EXPECT_EQ(last->session_id, "s2");
  EXPECT_EQ(last->at.unix_ms, 1718352000000);
  Principal bot = alice_;
  bot.agent_id = "bot";
  ASSERT_TRUE(store_->GetLastMessage(Ctx(bot)).ok());
  EXPECT_EQ(store_->GetLastMessage(Ctx(bot))->session_id, "");
  EXPECT_EQ(store_->GetLastMessage(Ctx(carol_)).status().code(), StatusCode::kNotFound);
}

TEST_P(StoreConformanceTest, SessionNeighboursAreTheAdjacentVisibleTurnsOfTheSameScope) {
  std::vector<Memory> turns;
  for (int i = 0; i < 6; ++i) {
    IngestBatch b = Batch(alice_, "turn " + std::to_string(i));
    b.memories[0].source.session_id = i == 4 ? "other" : "s1";
    auto r = store_->Ingest(Ctx(alice_), b);
    ASSERT_TRUE(r.ok());
    turns.push_back(r->memories[0]);
  }
  IngestBatch bobs = Batch(bob_, "bob's turn in a session of the same name");
  bobs.memories[0].source.session_id = "s1";
  ASSERT_TRUE(store_->Ingest(Ctx(bob_), bobs).ok());
  ASSERT_TRUE(store_->Forget(Ctx(alice_), turns[1].id, false).ok());
  auto ids = [](const std::vector<Memory>& ms) {
    std::vector<int64_t> out;
    for (const Memory& m : ms) out.push_back(m.id);
    return out;
  };
  // Around turn 3: turn 1 is forgotten and turn 4 is in another session.
  auto n = store_->ListSessionNeighbors(Ctx(alice_), turns[3], 2);
  ASSERT_TRUE(n.ok()) << n.status().ToString();
  EXPECT_EQ(ids(*n), (std::vector<int64_t>{turns[0].id, turns[2].id, turns[5].id}));
  n = store_->ListSessionNeighbors(Ctx(alice_), turns[3], 1);
  ASSERT_TRUE(n.ok());
  EXPECT_EQ(ids(*n), (std::vector<int64_t>{turns[2].id, turns[5].id}));
  // Bob's memory shares the session name but not the scope; he cannot see Alice's turns.
  EXPECT_TRUE(store_->ListSessionNeighbors(Ctx(bob_), turns[3], 2)->empty());
  Memory lone = turns[0];
  lone.source.session_id.clear();
  EXPECT_TRUE(store_->ListSessionNeighbors(Ctx(alice_), lone, 2)->empty());
  // Several at once (recall's one read): each list as ListSessionNeighbors answers it, the
  // memory without a session and the one of another session included, in the order asked.
  std::vector<const Memory*> asked = {&turns[3], &lone, &turns[4], &turns[0], &turns[5]};
  for (int width : {1, 2, 0}) {
    auto all = store_->ListSessionNeighborsOf(Ctx(alice_), asked, width);
    ASSERT_TRUE(all.ok()) << all.status().ToString();
    ASSERT_EQ(all->size(), asked.size());
    for (size_t i = 0; i < asked.size(); ++i) {
      auto one = store_->ListSessionNeighbors(Ctx(alice_), *asked[i], width);
      ASSERT_TRUE(one.ok());
      EXPECT_EQ(ids((*all)[i]), ids(*one)) << "memory " << i << ", width " << width;
      for (size_t k = 0; k < one->size() && k < (*all)[i].size(); ++k) {
        EXPECT_EQ((*all)[i][k].content, (*one)[k].content);
      }
    }
  }
  EXPECT_EQ(ids((*store_->ListSessionNeighborsOf(Ctx(alice_), asked, 1))[0]),
            (std::vector<int64_t>{turns[2].id, turns[5].id}));
  auto bobs_view = store_->ListSessionNeighborsOf(Ctx(bob_), asked, 2);
  ASSERT_TRUE(bobs_view.ok());
  for (const auto& list : *bobs_view) EXPECT_TRUE(list.empty());
  EXPECT_TRUE(store_->ListSessionNeighborsOf(Ctx(alice_), {}, 2)->empty());
}

TEST_P(StoreConformanceTest, VectorChangeLogFollowsWritesSupersedesAndForgets) {
  IngestBatch b = FactBatch(alice_, "张工", "phone", "139");
  b.embedding_model = "m1";
  b.embeddings = {"vec-a"};
  auto a = store_->Ingest(Ctx(alice_), b);
  ASSERT_TRUE(a.ok()) << a.status().ToString();
  b = FactBatch(alice_, "张工", "phone", "138");
  b.embedding_model = "m1";
  b.embeddings = {"vec-b"};
  auto c = store_->Ingest(Ctx(alice_), b);
  ASSERT_TRUE(c.ok());
  int64_t v1 = a->memories[0].id, v2 = c->memories[0].id;
  Revision rev{"张工 phone 137"};
  rev.embedding_model = "m1";
  rev.embedding = "vec-c";
  auto v3 = store_->Supersede(Ctx(alice_), v2, rev);
  ASSERT_TRUE(v3.ok());
  auto before = store_->VectorChangesSince(0, "m1", 100);
  ASSERT_TRUE(before.ok());
  ASSERT_EQ(before->size(), 5u);
  EXPECT_EQ((*before)[0].vector, "vec-a");
  EXPECT_EQ((*before)[0].partition, "u:alice");
  EXPECT_EQ((*before)[4].vector, "vec-c");
  ASSERT_TRUE(store_->Forget(Ctx(alice_), v3->id, true).ok());
  auto log = store_->VectorChangesSince(0, "m1", 100);
  ASSERT_TRUE(log.ok());
  std::vector<std::string> ops;
  for (const auto& e : *log) {
    ops.push_back((e.upsert ? "+" : "-") + std::to_string(e.memory_id));
  }
  std::string i1 = std::to_string(v1), i2 = std::to_string(v2), i3 = std::to_string(v3->id);
  EXPECT_EQ(ops, (std::vector<std::string>{"+" + i1, "-" + i1, "+" + i2, "-" + i2, "+" + i3,
                                           "-" + i1, "-" + i2, "-" + i3}));
  // The hard forget erased the vectors themselves; another model has none at all.
  EXPECT_EQ((*log)[0].vector, "");
  EXPECT_EQ((*log)[4].vector, "");
  auto other = store_->VectorChangesSince(0, "m2", 100);
  ASSERT_TRUE(other.ok());
  EXPECT_EQ((*other)[0].vector, "");
  auto tail = store_->VectorChangesSince((*log)[5].seq, "m1", 100);
  ASSERT_TRUE(tail.ok());
  EXPECT_EQ(tail->size(), 2u);
}

TEST_P(StoreConformanceTest, GetSearchableFiltersLikeSearch) {
  int64_t mine = Remember(alice_, "alpha");
  int64_t gone = Remember(alice_, "beta");
  int64_t theirs = Remember(bob_, "gamma");
  ASSERT_TRUE(store_->Forget(Ctx(alice_), gone, false).ok());
  auto got = store_->GetSearchable(Ctx(alice_), {theirs, gone, mine, 9999}, false, nullptr);
  ASSERT_TRUE(got.ok());
  ASSERT_EQ(got->size(), 1u);
  EXPECT_EQ((*got)[0].id, mine);
}

TEST_P(StoreConformanceTest, EmbeddingCacheRoundTripsAndErases) {
  EXPECT_EQ(store_->GetCachedEmbedding("m", "h1").status().code(), StatusCode::kNotFound);
  ASSERT_TRUE(store_->PutCachedEmbedding("m", "h1", std::string("\0\1\2", 3)).ok());
  ASSERT_TRUE(store_->PutCachedEmbedding("m", "h2", "x").ok());
  auto v = store_->GetCachedEmbedding("m", "h1");
  ASSERT_TRUE(v.ok());
  EXPECT_EQ(*v, std::string("\0\1\2", 3));
  ASSERT_TRUE(store_->DeleteCachedEmbeddings({"h1"}).ok());
  EXPECT_FALSE(store_->GetCachedEmbedding("m", "h1").ok());
  EXPECT_TRUE(store_->GetCachedEmbedding("m", "h2").ok());
}

TEST_P(StoreConformanceTest, ListMemoriesPagesVisibleOnesInIdOrder) {
  int64_t a1 = Remember(alice_, "one");
  int64_t b1 = Remember(bob_, "bob's");
  int64_t a2 = Remember(alice_, "two");
  int64_t a3 = Remember(alice_, "three");
  ASSERT_TRUE(store_->Forget(Ctx(alice_), a2, false).ok());
  auto v2 = store_->Supersede(Ctx(alice_), a3, Revision{"three, corrected"});
  ASSERT_TRUE(v2.ok());
  auto page = store_->ListMemories(Ctx(alice_), ListQuery{"", "", "", false, 0, 10});
  ASSERT_TRUE(page.ok()) << page.status().ToString();
  std::vector<int64_t> ids;
  for (const Memory& m : *page) ids.push_back(m.id);
  EXPECT_EQ(ids, (std::vector<int64_t>{a1, v2->id}));
  page = store_->ListMemories(Ctx(alice_), ListQuery{"", "", "", true, a1, 1});
  ASSERT_EQ(page->size(), 1u);
  EXPECT_EQ((*page)[0].id, a3);  // superseded version, with history; deleted a2 never
  page = store_->ListMemories(Ctx(alice_), ListQuery{"", "semantic", "", true, 0, 10});
  EXPECT_TRUE(page->empty());
  EXPECT_NE(b1, 0);
}

TEST_P(StoreConformanceTest, ApiKeysRoundTripAndRevoke) {
  ApiKeyRecord k;
  k.id = "k1";
  k.name = "ci";
  k.secret_hash = "ab12";
  k.principal = User("alice", {"sales", "ops"}, {"team-admin"});
  k.principal.agent_id = "bot";
  k.created_at = Instant{1000, 0};
  ASSERT_TRUE(store_->PutApiKey(k).ok());
  EXPECT_EQ(store_->PutApiKey(k).code(), StatusCode::kAlreadyExists);
  EXPECT_EQ(store_->GetApiKey("nope").status().code(), StatusCode::kNotFound);
  auto got = store_->GetApiKey("k1");
  ASSERT_TRUE(got.ok()) << got.status().ToString();
  EXPECT_EQ(got->secret_hash, "ab12");
  EXPECT_EQ(got->principal.user_id, "alice");
  EXPECT_EQ(got->principal.agent_id, "bot");
  EXPECT_EQ(got->principal.teams, (std::vector<std::string>{"sales", "ops"}));
  EXPECT_EQ(got->principal.roles, (std::vector<std::string>{"team-admin"}));
  EXPECT_FALSE(got->revoked_at.has_value());
  k.id = "k2";
  ASSERT_TRUE(store_->PutApiKey(k).ok());
  EXPECT_EQ(store_->RevokeApiKey("nope", Instant{2000, 0}).code(), StatusCode::kNotFound);
  ASSERT_TRUE(store_->RevokeApiKey("k1", Instant{2000, 0}).ok());
  ASSERT_TRUE(store_->RevokeApiKey("k1", Instant{3000, 0}).ok());
  auto all = store_->ListApiKeys();
  ASSERT_TRUE(all.ok());
  ASSERT_EQ(all->size(), 2u);
  EXPECT_EQ((*all)[0].id, "k1");
  ASSERT_TRUE((*all)[0].revoked_at.has_value());
  EXPECT_EQ((*all)[0].revoked_at->unix_ms, 2000);
  EXPECT_FALSE((*all)[1].revoked_at.has_value());
}

TEST_P(StoreConformanceTest, EveryMutationIsAuditedInAnIntactChain) {
  int64_t id = Remember(alice_, "first");
  ASSERT_TRUE(store_->Supersede(Ctx(alice_), id, Revision{"second"}).ok());
  ASSERT_TRUE(store_->AppendAudit(Ctx(alice_), AuditEntry{"recall", {id}, "{}"}).ok());
  ASSERT_TRUE(store_->Forget(Ctx(alice_), id, false).ok());
  Remember(bob_, "bob's own");
  auto mine = store_->ListAudit(Ctx(alice_), AuditQuery{});
  ASSERT_TRUE(mine.ok());
  std::vector<std::string> actions;
  for (const auto& r : *mine) actions.push_back(r.action);
  EXPECT_EQ(actions, (std::vector<std::string>{"remember", "correct", "recall", "forget"}));
  EXPECT_EQ((*mine)[0].request_id, "req-test");
  auto all = store_->ListAudit(Ctx(admin_), AuditQuery{});
  ASSERT_TRUE(all.ok());
  EXPECT_EQ(all->size(), 5u);
  auto v = store_->VerifyAudit();
  ASSERT_TRUE(v.ok());
  EXPECT_TRUE(v->intact);
  EXPECT_EQ(v->records, 5);
}

std::vector<int64_t> Ids(const std::vector<Memory>& ms) {
  std::vector<int64_t> ids;
  for (const Memory& m : ms) ids.push_back(m.id);
  return ids;
}

TEST_P(StoreConformanceTest, ConsolidationListsOnlyWhatThePrincipalMayChange) {
  int64_t a = Remember(alice_, "alice private");
  int64_t t = Remember(alice_, "sales team note", Visibility::kTeam, "sales");
  int64_t b = Remember(bob_, "bob private");
  auto p = store_->Ingest(Ctx(admin_), Batch(admin_, "public notice", Visibility::kPublic));
  ASSERT_TRUE(p.ok());
  int64_t pub = p->memories[0].id;
  int64_t gone = Remember(alice_, "forgotten");
  ASSERT_TRUE(store_->Forget(Ctx(alice_), gone, false).ok());
  EXPECT_EQ(Ids(*store_->ListConsolidatable(Ctx(alice_), {})), (std::vector<int64_t>{a, t}));
  EXPECT_EQ(Ids(*store_->ListConsolidatable(Ctx(carol_), {})), (std::vector<int64_t>{t}));
  EXPECT_EQ(Ids(*store_->ListConsolidatable(Ctx(admin_), {})),
            (std::vector<int64_t>{a, t, b, pub}));
  ConsolidationQuery page{a, 1};
  EXPECT_EQ(Ids(*store_->ListConsolidatable(Ctx(admin_), page)), (std::vector<int64_t>{t}));
}

TEST_P(StoreConformanceTest, ConsolidationAppliesWholeAndNeverDeletes) {
  int64_t a = Remember(alice_, "green tea every morning");
  int64_t b = Remember(alice_, "Green tea every morning!");
  int64_t c = Remember(alice_, "green tea from Hangzhou");
  int64_t other = Remember(bob_, "bob's green tea");
  ConsolidationPlan plan;
  plan.merges.push_back({a, {b}, 0.9, "{\"reinforced_by\":[" + std::to_string(b) + "]}"});
  plan.links.push_back({a, c, "complements"});
  SummaryPlan sp;
  sp.draft.scope = Scope{"alice", "", "", Visibility::kPrivate};
  sp.draft.kind = MemoryKind::kSummary;
  sp.draft.content = "tea habits … from Hangzhou";
  sp.draft.metadata_json = "{\"sources\":[" + std::to_string(a) + "," + std::to_string(c) + "]}";
  sp.sources = {a, c};
  sp.embedding = "vec-s";
  plan.summaries.push_back(sp);
  plan.embedding_model = "m1";

  // Not the principal's to change: nothing is written.
  EXPECT_EQ(store_->ApplyConsolidation(Ctx(bob_), plan).status().code(), StatusCode::kNotFound);
  ConsolidationPlan cross = plan;
  cross.links = {{a, other, "complements"}};
  EXPECT_EQ(store_->ApplyConsolidation(Ctx(admin_), cross).status().code(),
            StatusCode::kInvalidArgument);
  EXPECT_TRUE(store_->GetMemory(Ctx(alice_), b)->current);
  ConsolidationPlan twice = plan;
  twice.merges.push_back({c, {b}, 1, ""});
  EXPECT_EQ(store_->ApplyConsolidation(Ctx(alice_), twice).status().code(),
            StatusCode::kInvalidArgument);

  auto out = store_->ApplyConsolidation(Ctx(alice_), plan);
  ASSERT_TRUE(out.ok()) << out.status().ToString();
  EXPECT_EQ(out->retired, std::vector<int64_t>{b});
  EXPECT_EQ(out->reinforced, std::vector<int64_t>{a});
  ASSERT_EQ(out->links_added.size(), 4u);  // reinforces, complements, 2 x summarizes
  ASSERT_EQ(out->summaries.size(), 1u);
  const Memory& summary = out->summaries[0];
  EXPECT_GT(summary.id, other);
  EXPECT_EQ(summary.version, 1);
  auto merged = store_->GetMemory(Ctx(alice_), b);
  ASSERT_TRUE(merged.ok());
  EXPECT_FALSE(merged->current);
  EXPECT_EQ(merged->status, MemoryStatus::kActive);
  EXPECT_EQ(merged->content, "Green tea every morning!");
  EXPECT_TRUE(merged->superseded_at.has_value());
  auto survivor = store_->GetMemory(Ctx(alice_), a);
  EXPECT_DOUBLE_EQ(survivor->confidence.consistency, 0.9);
  EXPECT_EQ(survivor->metadata_json, "{\"reinforced_by\":[" + std::to_string(b) + "]}");
  EXPECT_EQ(Search(alice_, {"morning"}), std::vector<int64_t>{a});
  EXPECT_EQ(Search(alice_, {"hangzhou"}).size(), 2u);  // the source and the summary
  auto links = store_->ListLinks(Ctx(alice_), a);
  ASSERT_TRUE(links.ok());
  std::vector<std::string> kinds;
  for (const MemoryLink& l : *links) kinds.push_back(l.kind);
  std::sort(kinds.begin(), kinds.end());
  EXPECT_EQ(kinds, (std::vector<std::string>{"complements", "reinforces", "summarizes"}));
  EXPECT_EQ(store_->ListLinks(Ctx(bob_), a).status().code(), StatusCode::kNotFound);
  auto log = store_->VectorChangesSince(0, "m1", 100);
  ASSERT_TRUE(log.ok());
  ASSERT_FALSE(log->empty());
  EXPECT_EQ(log->back().memory_id, summary.id);
  EXPECT_EQ(log->back().vector, "vec-s");
  auto audit = store_->ListAudit(Ctx(alice_), {});
  ASSERT_TRUE(audit.ok());
  EXPECT_EQ(audit->back().action, "compact");
  EXPECT_EQ(audit->back().targets, (std::vector<int64_t>{a, b, c, summary.id}));

  // Applying it again conflicts (b is no longer current) and writes nothing.
  EXPECT_EQ(store_->ApplyConsolidation(Ctx(alice_), plan).status().code(),
            StatusCode::kConflict);
  ListQuery q;
  q.kind = "summary";
  EXPECT_EQ(store_->ListMemories(Ctx(alice_), q)->size(), 1u);
  // A revised summary is the next version of the old one.
  ConsolidationPlan revise;
  SummaryPlan next = sp;
  next.replaces = summary.id;
  next.draft.content = "green tea, revised";
  next.embedding.clear();
  revise.summaries.push_back(next);
  auto revised = store_->ApplyConsolidation(Ctx(alice_), revise);
  ASSERT_TRUE(revised.ok()) << revised.status().ToString();
  EXPECT_EQ(revised->links_added.size(), 2u);
  EXPECT_EQ(revised->summaries_replaced, std::vector<int64_t>{summary.id});
  EXPECT_EQ(revised->summaries[0].version, 2);
  EXPECT_EQ(revised->summaries[0].lineage_id, summary.lineage_id);
  EXPECT_FALSE(store_->GetMemory(Ctx(alice_), summary.id)->current);
  EXPECT_TRUE(store_->VerifyAudit()->intact);
}

TEST_P(StoreConformanceTest, EraseUserRemovesEverythingOfTheUser) {
  IngestBatch with_pii = Batch(alice_, "call ⟦PHONE:aa1⟧ about apricot");
  with_pii.vault.push_back({"", "", "⟦PHONE:aa1⟧", "PHONE", "n", "c"});
  with_pii.embedding_model = "m1";
  with_pii.embeddings = {"vec-a"};
  with_pii.reviews.push_back({"suspicious", "why", "{}", 0});
  auto a = store_->Ingest(Ctx(alice_), with_pii);
  ASSERT_TRUE(a.ok()) << a.status().ToString();
  int64_t a1 = a->memories[0].id;
  int64_t team = Remember(alice_, "apricot team plan", Visibility::kTeam, "sales");
  int64_t mate = Remember(carol_, "carol's team plan", Visibility::kTeam, "sales");
  int64_t b1 = Remember(bob_, "bob's banana");
  ConsolidationPlan plan;  // a summary of alice's memory, kept in carol's name: erased too
  SummaryPlan sp;
  sp.draft.scope = Scope{"carol", "", "sales", Visibility::kTeam};
  sp.draft.kind = MemoryKind::kSummary;
  sp.draft.content = "apricot team plan and carol's";
  sp.sources = {team, mate};
  plan.summaries.push_back(sp);
  auto summary = store_->ApplyConsolidation(Ctx(carol_), plan);
  ASSERT_TRUE(summary.ok()) << summary.status().ToString();
  ASSERT_TRUE(store_->EnqueueOutbox({{"alice", "raw apricot request"}, {"bob", "raw"}},
                                    Ctx(alice_).now)
                  .ok());
  ApiKeyRecord key{"k-alice", "laptop", "hash", alice_, Ctx(alice_).now, std::nullopt};
  ASSERT_TRUE(store_->PutApiKey(key).ok());
  ASSERT_TRUE(store_->PutCachedEmbedding("m1", "h", "v").ok());

  EXPECT_EQ(store_->EraseUser(Ctx(bob_), "alice").status().code(),
            StatusCode::kPermissionDenied);
  EXPECT_EQ(store_->EraseUser(Ctx(admin_), "").status().code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(store_->EraseUser(Ctx(admin_), "nobody").status().code(), StatusCode::kNotFound);
  EXPECT_TRUE(store_->GetApiKey("k-alice").ok());  // the refusals changed nothing

  auto out = store_->EraseUser(Ctx(admin_), "alice");
  ASSERT_TRUE(out.ok()) << out.status().ToString();
  const int64_t summary_id = summary->summaries[0].id;
  EXPECT_EQ(out->memory_ids, (std::vector<int64_t>{a1, team, summary_id}));
  EXPECT_EQ(out->messages, 2);
  EXPECT_EQ(out->vault_entries, 1);
  EXPECT_EQ(out->review_items, 1);
  EXPECT_EQ(out->outbox_entries, 1);
  EXPECT_EQ(out->api_keys, 1);
  EXPECT_EQ(out->links, 2);
  EXPECT_EQ(out->embedding_cache_entries, 1);
  for (int64_t id : out->memory_ids) {
    EXPECT_EQ(store_->GetMemory(Ctx(alice_), id).status().code(), StatusCode::kNotFound);
    EXPECT_EQ(store_->GetMemory(Ctx(carol_), id).status().code(), StatusCode::kNotFound);
  }
  EXPECT_TRUE(Search(alice_, {"apricot"}).empty());
  EXPECT_TRUE(Search(carol_, {"apricot"}).empty());
  EXPECT_EQ(Search(carol_, {"plan"}), std::vector<int64_t>{mate});
  EXPECT_EQ(Search(bob_, {"banana"}), std::vector<int64_t>{b1});
  EXPECT_TRUE(store_->GetVault(Ctx(alice_), {"⟦PHONE:aa1⟧"})->empty());
  EXPECT_TRUE(store_->ListReview(Ctx(admin_), true, 100)->empty());
  EXPECT_EQ(store_->GetStats(Ctx(alice_))->messages, 0);
  EXPECT_EQ(store_->GetApiKey("k-alice").status().code(), StatusCode::kNotFound);
  auto queued = store_->ListQueued(0, 10);
  ASSERT_EQ(queued->size(), 1u);
  EXPECT_EQ((*queued)[0].user_id, "bob");
  EXPECT_FALSE(store_->GetCachedEmbedding("m1", "h").ok());
  EXPECT_EQ(Ids(*store_->ListConsolidatable(Ctx(admin_), {})),
            (std::vector<int64_t>{mate, b1}));
  // The vector index learns of every erased memory.
  auto log = store_->VectorChangesSince(0, "m1", 100);
  ASSERT_TRUE(log.ok());
  std::set<int64_t> removed;
  for (const VectorChange& c : *log) {
    if (!c.upsert) removed.insert(c.memory_id);
    if (c.memory_id == a1) {
      EXPECT_EQ(c.vector, "");
    }
  }
  EXPECT_EQ(removed, (std::set<int64_t>{a1, team, summary_id}));
  // Only the audit log remembers, without text, ending with the tombstone.
  auto audit = store_->ListAudit(Ctx(admin_), {0, 1000});
  ASSERT_TRUE(audit.ok());
  EXPECT_EQ(audit->back().action, "erase");
  EXPECT_NE(audit->back().detail_json.find("\"user\":\"alice\""), std::string::npos);
  for (const AuditRecord& r : *audit) {
    EXPECT_EQ(r.detail_json.find("apricot"), std::string::npos) << r.action;
  }
  EXPECT_TRUE(store_->VerifyAudit()->intact);
  EXPECT_TRUE(store_->CompactStorage().ok());
  EXPECT_EQ(store_->EraseUser(Ctx(admin_), "alice").status().code(), StatusCode::kNotFound);
  // Users may erase themselves.
  EXPECT_TRUE(store_->EraseUser(Ctx(bob_), "bob").ok());
}

TEST_P(StoreConformanceTest, HardForgetDropsVaultRowsNoOtherMemoryMentions) {
  IngestBatch first = Batch(alice_, "phone ⟦PHONE:p1⟧ mail ⟦EMAIL:e1⟧");
  first.vault = {{"", "", "⟦PHONE:p1⟧", "PHONE", "n", "c"}, {"", "", "⟦EMAIL:e1⟧", "EMAIL", "n", "c"}};
  auto a = store_->Ingest(Ctx(alice_), first);
  ASSERT_TRUE(a.ok());
  Remember(alice_, "again ⟦PHONE:p1⟧");
  ASSERT_TRUE(store_->Forget(Ctx(alice_), a->memories[0].id, true).ok());
  auto left = store_->GetVault(Ctx(alice_), {"⟦PHONE:p1⟧", "⟦EMAIL:e1⟧"});
  ASSERT_TRUE(left.ok());
  ASSERT_EQ(left->size(), 1u);
  EXPECT_EQ((*left)[0].placeholder, "⟦PHONE:p1⟧");
}

INSTANTIATE_TEST_SUITE_P(Backends, StoreConformanceTest, ::testing::ValuesIn(Backends()),
                         [](const auto& param_info) { return param_info.param.name; });

}  // namespace
}  // namespace engram::store
