#include "src/store/postgres/pg_schema.h"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <thread>
#include <vector>

#include "src/store/postgres/pg_testing.h"

namespace engram::store::postgres {
namespace {

// The tables of schema version 1 (docs/formats/postgres_schema.md).
const std::set<std::string> kTables = {
    "api_keys",      "audit",         "audit_head",      "embedding_cache", "entity",
    "entity_key",    "event",         "key_check",       "memory",
    "memory_entity", "memory_link",   "memory_vector",   "message",         "outbox",
    "pii_vault",     "recall_log",    "relation",        "review",          "schema_migrations",
    "vector_log",    "write_lock"};

class PgSchemaTest : public PgTest {
 protected:
  PgResult Run(const std::string& sql, std::initializer_list<PgParam> params = {}) {
    auto r = admin_->Exec(sql, params);
    EXPECT_TRUE(r.ok()) << sql << ": " << r.status().ToString();
    return r.ok() ? std::move(r).value() : PgResult();
  }
  std::vector<std::string> Column(const std::string& sql) {
    PgResult r = Run(sql, {schema_});
    std::vector<std::string> out;
    for (int i = 0; i < r.rows(); ++i) out.emplace_back(r.Text(i, 0));
    return out;
  }
  void Migrate() { ASSERT_TRUE(MigratePgSchema(*admin_, schema_).ok()); }
};

TEST_F(PgSchemaTest, FreshMigrateCreatesEveryTable) {
  auto v = ReadPgSchemaVersion(*admin_, schema_);
  ASSERT_TRUE(v.ok());
  EXPECT_EQ(*v, 0);  // the schema does not exist yet
  Status s = MigratePgSchema(*admin_, schema_);
  ASSERT_TRUE(s.ok()) << s.ToString();
  v = ReadPgSchemaVersion(*admin_, schema_);
  ASSERT_TRUE(v.ok());
  EXPECT_EQ(*v, LatestPgSchemaVersion());
  auto tables = Column("SELECT tablename FROM pg_tables WHERE schemaname = $1");
  EXPECT_EQ(std::set<std::string>(tables.begin(), tables.end()), kTables);
  EXPECT_FALSE(admin_->in_transaction());
  // The connection is not left allowed to take advisory locks.
  EXPECT_EQ(admin_->Exec("SELECT pg_advisory_lock(1)").status().code(),
            StatusCode::kInvalidArgument);
}

TEST_F(PgSchemaTest, SecondMigrateIsANoOp) {
  Migrate();
  const std::string kRows =
      "SELECT version, applied_ms FROM " + schema_ + ".schema_migrations ORDER BY version";
  PgResult before = Run(kRows);
  ASSERT_EQ(before.rows(), LatestPgSchemaVersion());
  Run("DROP TABLE " + schema_ + ".write_lock");  // a rerun of migration 1 would recreate it
  Status s = MigratePgSchema(*admin_, schema_);
  ASSERT_TRUE(s.ok()) << s.ToString();
  PgResult after = Run(kRows);
  ASSERT_EQ(after.rows(), before.rows());
  for (int i = 0; i < after.rows(); ++i) EXPECT_EQ(after.Int64(i, 1), before.Int64(i, 1));
  EXPECT_TRUE(Run("SELECT to_regclass($1) IS NULL", {schema_ + ".write_lock"}).Bool(0, 0));
}

TEST_F(PgSchemaTest, RefusesANewerSchema) {
  Migrate();
  const int newer = LatestPgSchemaVersion() + 1;
  Run("INSERT INTO " + schema_ + ".schema_migrations (version, applied_ms) VALUES ($1, 0)",
      {newer});
  Status s = MigratePgSchema(*admin_, schema_);
  EXPECT_EQ(s.code(), StatusCode::kFailedPrecondition);
  EXPECT_NE(s.message().find("version " + std::to_string(newer) + ", newer than this build"),
            std::string::npos)
      << s.message();
  EXPECT_EQ(*ReadPgSchemaVersion(*admin_, schema_), newer);
}

TEST_F(PgSchemaTest, ConcurrentMigrationsApplyEachStepOnce) {
  std::vector<std::thread> threads;
  std::vector<Status> results(4);
  for (int i = 0; i < 4; ++i) {
    threads.emplace_back([&, i] {
      auto c = PgConn::Connect(PgConnOptions{dsn_});
      results[i] = c.ok() ? MigratePgSchema(**c, schema_) : c.status();
    });
  }
  for (auto& t : threads) t.join();
  for (const Status& s : results) EXPECT_TRUE(s.ok()) << s.ToString();
  EXPECT_EQ(Run("SELECT count(*) FROM " + schema_ + ".schema_migrations").Int64(0, 0),
            LatestPgSchemaVersion());
}

TEST_F(PgSchemaTest, EveryPrimaryKeyStartsWithTenantId) {
  Migrate();
  // For every table: the first column of its primary key (NULL when it has none).
  PgResult r =
      Run("SELECT c.relname, (SELECT a.attname FROM pg_constraint k JOIN pg_attribute a "
          "  ON a.attrelid = k.conrelid AND a.attnum = k.conkey[1] "
          "  WHERE k.conrelid = c.oid AND k.contype = 'p') "
          "FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
          "WHERE n.nspname = $1 AND c.relkind = 'r' ORDER BY 1",
          {schema_});
  ASSERT_EQ(r.rows(), static_cast<int>(kTables.size()));
  for (int i = 0; i < r.rows(); ++i) {
    std::string table(r.Text(i, 0));
    if (table == "schema_migrations") continue;  // the schema's own bookkeeping, no tenant
    EXPECT_EQ(r.OptText(i, 1), "tenant_id") << table;
  }
}

TEST_F(PgSchemaTest, EveryBtreeIndexAndForeignKeyLeadsWithTenantId) {
  Migrate();
  // HNSW indexes (later) hold one column and are exempt.
  PgResult idx =
      Run("SELECT ic.relname, coalesce(a.attname, '<expression>') FROM pg_index i "
          "JOIN pg_class ic ON ic.oid = i.indexrelid JOIN pg_class t ON t.oid = i.indrelid "
          "JOIN pg_namespace n ON n.oid = t.relnamespace JOIN pg_am am ON am.oid = ic.relam "
          "LEFT JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = i.indkey[0] "
          "WHERE n.nspname = $1 AND am.amname = 'btree' AND t.relname <> 'schema_migrations'",
          {schema_});
  ASSERT_GE(idx.rows(), 30);
  for (int i = 0; i < idx.rows(); ++i) EXPECT_EQ(idx.Text(i, 1), "tenant_id") << idx.Text(i, 0);
  PgResult fk =
      Run("SELECT k.conname, a.attname, b.attname FROM pg_constraint k "
          "JOIN pg_namespace n ON n.oid = k.connamespace "
          "JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = k.conkey[1] "
          "JOIN pg_attribute b ON b.attrelid = k.confrelid AND b.attnum = k.confkey[1] "
          "WHERE n.nspname = $1 AND k.contype = 'f'",
          {schema_});
  ASSERT_GE(fk.rows(), 14);
  for (int i = 0; i < fk.rows(); ++i) {
    EXPECT_EQ(fk.Text(i, 1), "tenant_id") << fk.Text(i, 0);
    EXPECT_EQ(fk.Text(i, 2), "tenant_id") << fk.Text(i, 0);
  }
}

TEST_F(PgSchemaTest, TheDatabaseEnforcesTheVersioningInvariants) {
  Migrate();
  auto c = Connect();
  ASSERT_NE(c, nullptr);
  const char* kInsert =
      "INSERT INTO memory (tenant_id, lineage_id, version, current, scope_key, user_id, "
      "visibility, type, kind, status, content, subject, attribute, value, valid_from_ms, "
      "recorded_ms) VALUES ($1, $2, $3, $4, 'u:alice', 'alice', 'private', 'semantic', 'fact', "
      "'active', '张工的电话', '张工', $5, $6, 0, 0)";
  auto ok = [&](std::initializer_list<PgParam> p) {
    Status s = c->Exec(kInsert, p).status();
    EXPECT_TRUE(s.ok()) << s.ToString();
  };
  auto dup = [&](std::initializer_list<PgParam> p, const std::string& index) {
    Status s = c->Exec(kInsert, p).status();
    EXPECT_EQ(s.code(), StatusCode::kAlreadyExists) << s.ToString();
    EXPECT_NE(s.message().find(index), std::string::npos) << s.message();
  };
  ok({"", 1, 1, true, "phone", "123"});
  ok({"", 1, 2, false, "phone", "456"});  // an old version is not current
  dup({"", 1, 3, true, "email", "x"}, "memory_one_current_version");
  dup({"", 2, 1, true, "phone", "789"}, "memory_one_current_fact");
  ok({"", 3, 1, true, "", "no attribute"});  // not a fact: no fact invariant
  ok({"", 4, 1, true, "", "no attribute"});
  ok({"decoy", 1, 1, true, "phone", "123"});  // another tenant: its own invariants
}

TEST_F(PgSchemaTest, AuditRowsAreSealedOnceAndNeverChanged) {
  Migrate();
  auto c = Connect();
  ASSERT_NE(c, nullptr);
  ASSERT_TRUE(
      c->Exec("INSERT INTO audit (at_ms, actor_user, action) VALUES (1, 'alice', 'x')").ok());
  const char* kSeal = "UPDATE audit SET seq = 1, prev_hash = '', hash = 'h1' WHERE id = 1";
  EXPECT_TRUE(c->Exec(kSeal).ok());
  EXPECT_EQ(c->Exec(kSeal).status().code(), StatusCode::kFailedPrecondition);
  EXPECT_EQ(c->Exec("UPDATE audit SET action = 'y'").status().code(),
            StatusCode::kFailedPrecondition);
  EXPECT_EQ(c->Exec("DELETE FROM audit").status().code(), StatusCode::kFailedPrecondition);
  EXPECT_EQ(c->Exec("TRUNCATE audit").status().code(), StatusCode::kFailedPrecondition);
  EXPECT_EQ(c->Exec("SELECT count(*) FROM audit WHERE hash = 'h1'")->Int64(0, 0), 1);
}

TEST_F(PgSchemaTest, VectorsAndIdentityIdsWork) {
  Migrate();
  auto c = Connect();
  ASSERT_NE(c, nullptr);
  auto m = c->Exec(
      "INSERT INTO message (user_id, visibility, content, at_ms, source_type, recorded_ms) "
      "VALUES ('alice', 'private', 'hi', 0, 'chat', 0) RETURNING id");
  ASSERT_TRUE(m.ok()) << m.status().ToString();
  EXPECT_EQ(m->Int64(0, 0), 1);  // ids start at 1 in every store schema
  ASSERT_TRUE(c->Exec("INSERT INTO memory (lineage_id, version, current, scope_key, user_id, "
                      "visibility, type, kind, status, content, valid_from_ms, recorded_ms, "
                      "message_id) VALUES (1, 1, true, 'u:alice', 'alice', 'private', "
                      "'episodic', 'raw', 'active', 'hi', 0, 0, 1)")
                  .ok());
  const float v[] = {1, 0, 0};
  Status s = c->Exec(
                  "INSERT INTO memory_vector (memory_id, model_id, part, vector, embedding) "
                  "VALUES (1, 'hash3', 'u:alice', '\\x00', $1)",
                  {PgParam::Vector(v)})
                 .status();
  ASSERT_TRUE(s.ok()) << s.ToString();
  const float q[] = {0, 1, 0};
  auto d = c->Exec("SELECT embedding <=> $1::vector FROM memory_vector", {PgParam::Vector(q)});
  ASSERT_TRUE(d.ok()) << d.status().ToString();
  EXPECT_DOUBLE_EQ(d->Double(0, 0), 1.0);  // orthogonal: cosine distance 1
  // A memory_vector row must belong to a memory (foreign keys are on, as in SQLite).
  EXPECT_EQ(c->Exec("INSERT INTO memory_vector (memory_id, model_id, part, vector, embedding) "
                    "VALUES (99, 'hash3', 'u:alice', '\\x00', '[1,2,3]')")
                .status()
                .code(),
            StatusCode::kInvalidArgument);
}

}  // namespace
}  // namespace engram::store::postgres
