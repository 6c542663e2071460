// The backends the store conformance tests run against, and the batches they write
// (test-only header).
#ifndef ENGRAM_SRC_STORE_CONFORMANCE_BACKENDS_H_
#define ENGRAM_SRC_STORE_CONFORMANCE_BACKENDS_H_

#include <gtest/gtest.h>

#include <functional>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "src/store/memory/memory_store.h"
#include "src/store/postgres/pg_store.h"
#include "src/store/postgres/pg_testing.h"
#include "src/store/sqlite/sqlite_store.h"
#include "src/store/store.h"

namespace engram::store {

// A backend under test: opens a store; calling it again opens another handle on the SAME
// data where the backend can do that (SQLite), or returns the same store (memory).
struct Backend {
  std::string name;
  std::function<std::unique_ptr<Store>(const std::string& dir)> open;
  bool shares_data_across_handles;
};

// Writes a decoy tenant's rows into a PostgreSQL store's schema (defined below).
inline void FillDecoyTenant(const std::string& dsn, const std::string& schema);

// Opens a PostgreSQL store on the test server in a schema named after `dir`, for `tenant`.
inline std::unique_ptr<Store> OpenTestPostgres(const std::string& dir, const std::string& tenant) {
  const std::string dsn = postgres::TestDsn();
  if (dsn.empty()) return nullptr;
  PostgresOptions po;
  po.dsn = dsn;
  po.schema = "c_" + std::to_string(std::hash<std::string>{}(dir) % 1000000000000ULL);
  po.tenant = tenant;
  po.pool_size = 4;
  if (tenant == "tenant_under_test") FillDecoyTenant(dsn, po.schema);
  auto r = OpenPostgresStore(po);
  EXPECT_TRUE(r.ok()) << r.status().ToString();
  return r.ok() ? std::move(r).value() : nullptr;
}

// gtest prints a backend by its name (test names and failure messages).
inline void PrintTo(const Backend& b, std::ostream* os) { *os << b.name; }

inline std::vector<Backend> Backends() {
  return {
      {"memory", [](const std::string&) { return NewMemoryStore(); }, false},
      {"sqlite",
       [](const std::string& dir) {
         auto r = OpenSqliteStore(SqliteOptions{dir + "/engram.db", true, 10000});
         EXPECT_TRUE(r.ok()) << r.status().ToString();
         return r.ok() ? std::move(r).value() : nullptr;
       },
       true},
      // A schema of its own per test directory: a second open of the same directory shares
      // the data, as SQLite's second handle on one file does.
      {"postgres", [](const std::string& dir) { return OpenTestPostgres(dir, ""); }, true},
      // The same, for a tenant whose schema also holds another tenant's rows (the same users,
      // scopes, facts and names): a statement that forgot its tenant_id shows them.
      {"postgres_decoy",
       [](const std::string& dir) { return OpenTestPostgres(dir, "tenant_under_test"); },
       true},
  };
}

// A principal of the tests.
inline Principal TestUser(const std::string& id, std::vector<std::string> teams = {},
                          std::vector<std::string> roles = {}) {
  Principal p;
  p.user_id = id;
  p.teams = std::move(teams);
  p.roles = std::move(roles);
  return p;
}

// One message of `p` at 2024-06-14 15:00 (+08:00) with its episodic record `text`.
inline IngestBatch Batch(const Principal& p, const std::string& text,
                         Visibility vis = Visibility::kPrivate, const std::string& team = "") {
  IngestBatch b;
  b.scope = Scope{p.user_id, "", team, vis};
  b.message.content = text;
  b.message.at = Instant{1718348400000, 480};
  Memory m;
  m.content = text;
  m.valid_from = b.message.at;
  m.source.at = b.message.at;
  b.memories.push_back(m);
  return b;
}

// A fact stated on its own (a semantic memory and no record).
inline IngestBatch FactBatch(const Principal& p, const std::string& subject,
                             const std::string& attr, const std::string& value) {
  IngestBatch b = Batch(p, subject + " " + attr + " " + value);
  b.memories[0].type = MemoryType::kSemantic;
  b.memories[0].kind = MemoryKind::kFact;
  b.memories[0].subject = subject;
  b.memories[0].attribute = attr;
  b.memories[0].value = value;
  return b;
}

inline void FillDecoyTenant(const std::string& dsn, const std::string& schema) {
  PostgresOptions po;
  po.dsn = dsn;
  po.schema = schema;
  po.tenant = "decoy";
  po.pool_size = 1;
  auto opened = OpenPostgresStore(po);
  ASSERT_TRUE(opened.ok()) << opened.status().ToString();
  Store& s = **opened;
  if (s.GetApiKey("k1").ok()) return;  // another handle on this directory filled it
  const Instant at{1718348400000, 480};
  std::vector<Principal> who = {Principal{"alice", "", {"sales"}, {}},
                                Principal{"bob", "", {"rnd"}, {}},
                                Principal{"carol", "", {"sales"}, {}},
                                Principal{"admin", "", {}, {"admin"}}};
  for (const Principal& p : who) {
    const OpContext ctx{p, "decoy", at};
    for (const char* text : {"green tea every morning", "接口文档 v1 下周二验收", "the phone",
                             "quarterly pipeline review", "decoy tenant memory"}) {
      IngestBatch b = Batch(p, text);
      b.embedding_model = "m1";
      b.embeddings = {"decoy-vector"};
      b.reviews.push_back(NewReview{"suspicious", "decoy", "{}", 0});
      ASSERT_TRUE(s.Ingest(ctx, b).ok());
    }
    ASSERT_TRUE(s.Ingest(ctx, Batch(p, "sales team note", Visibility::kTeam,
                                    p.teams.empty() ? "sales" : p.teams[0])).ok() ||
                p.teams.empty());
    ASSERT_TRUE(s.Ingest(ctx, FactBatch(p, "张工", "phone", "139-" + p.user_id)).ok());
    ASSERT_TRUE(s.Ingest(ctx, FactBatch(p, "张工", "phone", "138-" + p.user_id)).ok());
    EntityRecord e;
    e.scope = Scope{p.user_id, "", "", Visibility::kPrivate};
    e.type = "person";
    e.name = "张工";
    ASSERT_TRUE(s.PutEntities(ctx, {e}).ok());
  }
  const OpContext admin{who[3], "decoy", at};
  ASSERT_TRUE(s.Ingest(admin, Batch(who[3], "public notice", Visibility::kPublic)).ok());
  ASSERT_TRUE(s.EnqueueOutbox({{"alice", "{}"}, {"bob", "{}"}}, at).ok());
  ApiKeyRecord key;
  key.id = "k1";
  key.secret_hash = "00";
  key.principal = who[0];
  key.created_at = at;
  ASSERT_TRUE(s.PutApiKey(key).ok());
  ASSERT_TRUE(s.PutCachedEmbedding("m1", "h1", "decoy-vector").ok());
  ASSERT_TRUE(s.LogRecall(RecallLogEntry{at, "alice", "", {}, "decoy-req", "aa", 1}).ok());
}

}  // namespace engram::store

#endif  // ENGRAM_SRC_STORE_CONFORMANCE_BACKENDS_H_
