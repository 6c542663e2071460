// Tenants of one PostgreSQL schema share its tables but never each other's rows: the side
// tables (API keys, outbox, embedding cache, recall log), the entity directory and graph,
// dormancy, and EraseUser, written by two stores of different tenants side by side.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <map>
#include <mutex>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "src/store/postgres/pg_store.h"
#include "src/store/postgres/pg_testing.h"
#include "src/store/store.h"

namespace engram::store::postgres {
namespace {

constexpr int64_t kNow = 1718348400000;

OpContext Ctx(const std::string& user, std::vector<std::string> roles = {}) {
  Principal p;
  p.user_id = user;
  p.roles = std::move(roles);
  return OpContext{p, "req-tenant", Instant{kNow, 480}};
}

// Alice's private message `text` with its record, processing outbox entry `id` as `owner`.
IngestBatch OutboxBatch(const std::string& text, int64_t id, const std::string& owner = "") {
  IngestBatch b;
  b.scope = Scope{"alice", "", "", Visibility::kPrivate};
  b.message.content = text;
  b.message.at = Instant{kNow, 480};
  Memory m;
  m.content = text;
  m.valid_from = b.message.at;
  m.source.at = b.message.at;
  b.memories.push_back(m);
  b.outbox_id = id;
  b.outbox_owner = owner;
  return b;
}

class PgTenantSideTest : public PgTest {
 protected:
  std::unique_ptr<Store> Open(const std::string& tenant) {
    PostgresOptions o;
    o.dsn = dsn_;
    o.schema = schema_;
    o.tenant = tenant;
    o.pool_size = 2;
    auto s = OpenPostgresStore(o);
    EXPECT_TRUE(s.ok()) << s.status().ToString();
    return s.ok() ? std::move(s).value() : nullptr;
  }

  // The same writes in either tenant; `tag` tells their values apart.
  void Fill(Store& s, const std::string& tag) {
    ApiKeyRecord key{"k1", "key of " + tag, "hash", Ctx("alice").principal, Instant{kNow, 0},
                     std::nullopt};
    ASSERT_TRUE(s.PutApiKey(key).ok());
    ASSERT_TRUE(s.EnqueueOutbox({{"alice", "request of " + tag}}, Instant{kNow, 0}).ok());
    ASSERT_TRUE(s.PutCachedEmbedding("m1", "h1", "vector of " + tag).ok());
    RecallLogEntry e{Instant{kNow, 0}, "alice", "", {}, "r1", "aa", 1};
    ASSERT_TRUE(s.LogRecall(e).ok());
    EntityRecord ent;
    ent.scope = Scope{"alice", "", "", Visibility::kPrivate};
    ent.name = "Zhang";
    ent.external_id = "emp-1";
    auto put = s.PutEntities(Ctx("alice"), {ent});
    ASSERT_TRUE(put.ok()) << put.status().ToString();
    IngestBatch b;
    b.scope = ent.scope;
    b.message.content = "Zhang likes apricots (" + tag + ")";
    b.message.at = Instant{kNow - 1000, 480};
    Memory m;
    m.content = b.message.content;
    m.valid_from = b.message.at;
    m.source.at = b.message.at;
    b.memories.push_back(m);
    b.embedding_model = "m1";
    b.embeddings = {"vec"};
    b.entity_links.push_back(EntityLinkDraft{0, put->entities[0].id, "", "", "Zhang", 1.0});
    auto in = s.Ingest(Ctx("alice"), b);
    ASSERT_TRUE(in.ok()) << in.status().ToString();
  }
};

TEST_F(PgTenantSideTest, TenantsShareTheTablesButNotTheRows) {
  auto one = Open("t1");
  auto two = Open("t2");
  ASSERT_NE(one, nullptr);
  ASSERT_NE(two, nullptr);
  ASSERT_NO_FATAL_FAILURE(Fill(*one, "one"));
  ASSERT_NO_FATAL_FAILURE(Fill(*two, "two"));  // same key id, request id, cache key, names

  EXPECT_EQ(one->GetApiKey("k1")->name, "key of one");
  EXPECT_EQ(two->ListApiKeys()->size(), 1u);
  EXPECT_EQ(*one->GetCachedEmbedding("m1", "h1"), "vector of one");
  auto queued = two->ListQueued(0, 10);
  ASSERT_TRUE(queued.ok());
  ASSERT_EQ(queued->size(), 1u);
  EXPECT_EQ((*queued)[0].request, "request of two");
  EXPECT_EQ(one->GetOutbox(Ctx("alice"), (*queued)[0].id).status().code(),
            StatusCode::kNotFound);
  auto entities = two->ListEntities(Ctx("alice"), {});
  ASSERT_TRUE(entities.ok());
  ASSERT_EQ(entities->size(), 1u);
  const int64_t two_entity = (*entities)[0].id;
  EXPECT_EQ(one->GetEntity(Ctx("alice"), two_entity).status().code(), StatusCode::kNotFound);
  auto names = one->FindEntityNames(Ctx("alice"), {"zhang"});
  ASSERT_TRUE(names.ok());
  ASSERT_EQ(names->size(), 1u);
  EXPECT_NE((*names)[0].entity_id, two_entity);
  auto graph = one->SearchGraph(Ctx("alice"), GraphQuery{{two_entity}, 10, false});
  ASSERT_TRUE(graph.ok()) << graph.status().ToString();
  EXPECT_TRUE(graph->hits.empty());
  EXPECT_TRUE(graph->links.empty());
  graph = two->SearchGraph(Ctx("alice"), GraphQuery{{two_entity}, 10, false});
  ASSERT_TRUE(graph.ok());
  ASSERT_EQ(graph->hits.size(), 1u);
  EXPECT_NE(graph->hits[0].memory.content.find("(two)"), std::string::npos);

  ASSERT_TRUE(two->MarkUsed(Ctx("alice"), "r1", true).ok());
  MetricsFilter f{"user", "alice", Instant{kNow - 5000, 0}, Instant{kNow + 5000, 0},
                  Instant{kNow - 5000, 0}};
  EXPECT_EQ(one->CollectMetrics(f)->used, 0);
  EXPECT_EQ(one->CollectMetrics(f)->messages, 1);
  EXPECT_EQ(two->CollectMetrics(f)->used, 1);
  EXPECT_EQ(*one->MarkDormant(Instant{kNow + 1, 0}, 10), 1);  // its own memory only
  ASSERT_TRUE(one->DeleteCachedEmbeddings({"h1"}).ok());
  EXPECT_TRUE(two->GetCachedEmbedding("m1", "h1").ok());

  // Erasing alice in one tenant leaves the other tenant's alice whole.
  ASSERT_TRUE(one->PutCachedEmbedding("m1", "h1", "again").ok());
  auto erased = one->EraseUser(Ctx("alice"), "alice");
  ASSERT_TRUE(erased.ok()) << erased.status().ToString();
  EXPECT_EQ(erased->memory_ids.size(), 1u);
  EXPECT_EQ(erased->messages, 1);
  EXPECT_EQ(erased->api_keys, 1);
  EXPECT_EQ(erased->outbox_entries, 1);
  EXPECT_EQ(erased->embedding_cache_entries, 1);
  EXPECT_TRUE(one->ListEntities(Ctx("alice"), {})->empty());
  EXPECT_TRUE(two->GetApiKey("k1").ok());
  EXPECT_TRUE(two->GetCachedEmbedding("m1", "h1").ok());
  EXPECT_EQ(two->ListQueued(0, 10)->size(), 1u);
  EXPECT_EQ(two->ListEntities(Ctx("alice"), {})->size(), 1u);
  EXPECT_EQ(two->CollectMetrics(f)->recalls.size(), 1u);
  EXPECT_EQ(two->CollectMetrics(f)->messages, 1);
  EXPECT_EQ(*two->MarkDormant(Instant{kNow + 1, 0}, 10), 1);
  EXPECT_TRUE(one->VerifyAudit()->intact);
  EXPECT_TRUE(two->VerifyAudit()->intact);
}

// Two processes' stores (one tenant, two connection pools) race to process one outbox entry
// from eight threads: exactly one batch is written and marks it done; the others are refused
// whole (AlreadyExists) and leave no row behind.
TEST_F(PgTenantSideTest, AnOutboxEntryIsProcessedExactlyOnceAcrossStores) {
  auto one = Open("t1");
  auto two = Open("t1");
  ASSERT_NE(one, nullptr);
  ASSERT_NE(two, nullptr);
  auto ids = one->EnqueueOutbox({{"alice", "remember apricots"}}, Instant{kNow, 0});
  ASSERT_TRUE(ids.ok()) << ids.status().ToString();
  std::atomic<int> ok{0}, refused{0}, other{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&, t] {
      auto r = (t % 2 ? *one : *two)
                   .Ingest(Ctx("alice"), OutboxBatch("apricots " + std::to_string(t), (*ids)[0]));
      if (r.ok()) {
        ++ok;
      } else if (r.status().code() == StatusCode::kAlreadyExists) {
        ++refused;
      } else {
        ++other;
      }
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(ok.load(), 1);
  EXPECT_EQ(refused.load(), 7);
  EXPECT_EQ(other.load(), 0);
  auto rows = admin_->Exec("SELECT (SELECT COUNT(*) FROM " + schema_ + ".message), (SELECT "
                           "COUNT(*) FROM " + schema_ + ".memory), (SELECT state FROM " +
                           schema_ + ".outbox)");
  ASSERT_TRUE(rows.ok()) << rows.status().ToString();
  EXPECT_EQ(rows->Int64(0, 0), 1);
  EXPECT_EQ(rows->Int64(0, 1), 1);
  EXPECT_EQ(rows->Text(0, 2), "done");
  EXPECT_TRUE(two->ListQueued(0, 10)->empty());
  EXPECT_TRUE(one->VerifyAudit()->intact);
}

int64_t WallMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// Several processes' workers (one store, one connection pool each) share one outbox by
// claims: a worker "killed" while holding entries leaves them when its lease ends; the
// others take them over, finish every entry exactly once and each session in queue order,
// and the killed worker's late done mark is refused, writing nothing.
TEST_F(PgTenantSideTest, WorkersOfSeveralStoresShareTheOutboxByLeases) {
  constexpr int kWorkers = 4, kEntries = 48, kSessions = 6;
  std::vector<std::unique_ptr<Store>> stores;
  for (int i = 0; i <= kWorkers; ++i) stores.push_back(Open("t1"));
  for (const auto& st : stores) ASSERT_NE(st, nullptr);
  std::vector<OutboxDraft> drafts;
  for (int i = 0; i < kEntries; ++i) {
    drafts.push_back({"alice", "turn " + std::to_string(i), "s" + std::to_string(i % kSessions)});
  }
  auto ids = stores[0]->EnqueueOutbox(drafts, Instant{kNow, 0});
  ASSERT_TRUE(ids.ok()) << ids.status().ToString();
  // The killed worker: claims the first entries with a short lease, never finishes them.
  auto killed = stores[kWorkers]->ClaimOutbox("killed", 8, 300, Instant{WallMs(), 0});
  ASSERT_TRUE(killed.ok()) << killed.status().ToString();
  ASSERT_EQ(killed->size(), 8u);
  const auto make_batch = [](int64_t id, const std::string& owner) {
    return OutboxBatch("turn of entry " + std::to_string(id), id, owner);
  };
  std::mutex mu;
  std::map<int64_t, int64_t> message_of;  // outbox id -> message id
  std::atomic<int> errors{0}, refused{0};
  std::vector<std::thread> threads;
  for (int w = 0; w < kWorkers; ++w) {
    threads.emplace_back([&, w] {
      Store& store = *stores[w];
      const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
      for (int round = 0; std::chrono::steady_clock::now() < deadline; ++round) {
        const std::string owner = "w" + std::to_string(w) + "#" + std::to_string(round);
        auto claimed = store.ClaimOutbox(owner, 4, 30000, Instant{WallMs(), 0});
        if (!claimed.ok()) {
          ADD_FAILURE() << claimed.status().ToString();
          ++errors;
          return;
        }
        if (claimed->empty()) {
          if (store.ListQueued(0, 1)->empty()) return;
          std::this_thread::sleep_for(std::chrono::milliseconds(5));
          continue;
        }
        std::vector<int64_t> mine;
        for (const OutboxEntry& e : *claimed) {
          mine.push_back(e.id);
          auto r = store.Ingest(Ctx("alice"), make_batch(e.id, owner));
          if (r.status().code() == StatusCode::kAlreadyExists) {
            ++refused;
            continue;
          }
          if (!r.ok()) {
            ADD_FAILURE() << r.status().ToString();
            ++errors;
            continue;
          }
          std::lock_guard lock(mu);
          EXPECT_TRUE(message_of.emplace(e.id, r->message_id).second) << e.id;
        }
        EXPECT_TRUE(store.ReleaseOutbox(owner, mine).ok());
      }
    });
  }
  for (auto& t : threads) t.join();
  EXPECT_EQ(errors.load(), 0);
  EXPECT_EQ(refused.load(), 0);  // claims never hand out an entry its holder may not finish
  ASSERT_EQ(message_of.size(), static_cast<size_t>(kEntries));
  std::map<std::string, int64_t> last;  // message ids follow commit order (writer lock)
  for (int i = 0; i < kEntries; ++i) {
    int64_t& prev = last[drafts[i].session_key];
    const int64_t msg = message_of[(*ids)[i]];
    EXPECT_GT(msg, prev) << "entry " << (*ids)[i] << " of " << drafts[i].session_key;
    prev = msg;
  }
  // The killed worker wakes up: its done marks are refused and leave nothing behind.
  for (const OutboxEntry& e : *killed) {
    EXPECT_EQ(stores[kWorkers]->Ingest(Ctx("alice"), make_batch(e.id, "killed")).status().code(),
              StatusCode::kAlreadyExists);
  }
  auto rows = admin_->Exec("SELECT (SELECT COUNT(*) FROM " + schema_ + ".message), (SELECT "
                           "COUNT(*) FROM " + schema_ + ".outbox WHERE state = 'done' AND "
                           "lease_owner IS NULL)");
  ASSERT_TRUE(rows.ok()) << rows.status().ToString();
  EXPECT_EQ(rows->Int64(0, 0), kEntries);
  EXPECT_EQ(rows->Int64(0, 1), kEntries);
  EXPECT_TRUE(stores[0]->VerifyAudit()->intact);
}

// A store filling from empty refreshes the planner's statistics itself when its write counter
// reaches a power of two from kFirstAnalyzeWrite (256): before, pg_class still says the table
// is empty (autovacuum looks once a minute); after, it counts the rows.
TEST_F(PgTenantSideTest, AStoreFillingFromEmptyAnalyzesItsTables) {
  auto store = Open("t1");
  ASSERT_NE(store, nullptr);
  auto conn = Connect();
  ASSERT_NE(conn, nullptr);
  auto estimated_rows = [&]() -> double {
    auto r = conn->Exec(
        "SELECT c.reltuples FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
        "WHERE n.nspname = $1 AND c.relname = 'memory'",
        {schema_});
    EXPECT_TRUE(r.ok() && r->rows() == 1);
    return r.ok() && r->rows() == 1 ? std::stod(std::string(r->Text(0, 0))) : -1;
  };
  for (int i = 0; i < 256; ++i) {
    ASSERT_TRUE(store->Ingest(Ctx("alice"), OutboxBatch("note " + std::to_string(i), 0)).ok());
  }
  // 256 writes, each a message and its record: the memory table has 256 rows.
  EXPECT_GE(estimated_rows(), 200);
}

}  // namespace
}  // namespace engram::store::postgres
