// PostgresStore: opening, the write transaction (writer lock), the audit chain and the
// vector change log.
#include <cstring>

#include "engram/status_macros.h"
#include "src/store/access.h"
#include "src/store/audit_chain.h"
#include "src/store/postgres/pg_rows.h"
#include "src/store/postgres/pg_schema.h"
#include "src/store/postgres/pg_store_internal.h"
#include "src/store/postgres/pg_txn.h"

namespace engram::store {

namespace {

// Every engine on a tenant must use the same vault key (and so the same audit key): the
// first one records a MAC of a fixed record; the others must reproduce it.
Status CheckKey(postgres::PgConn& conn, const PostgresOptions& options) {
  AuditRecord probe;
  probe.action = "engram key check";
  const std::string mac = AuditMac(options.audit_key, "", probe);
  auto put = conn.Exec(
      "INSERT INTO key_check (tenant_id, check_mac) VALUES ($1, $2) ON CONFLICT DO NOTHING",
      {options.tenant, mac});
  if (!put.ok()) return put.status().WithPrefix("postgres: key check");
  auto got = conn.Exec("SELECT check_mac FROM key_check WHERE tenant_id = $1", {options.tenant});
  if (!got.ok()) return got.status().WithPrefix("postgres: key check");
  if (got->rows() != 1 || got->Text(0, 0) != mac) {
    return Status::FailedPrecondition(
        "postgres: the vault key differs from the one this store was created with (every "
        "server of a store needs the same $ENGRAM_VAULT_KEY or vault_key_file)");
  }
  return Status::OK();
}

}  // namespace

Result<std::unique_ptr<Store>> OpenPostgresStore(const PostgresOptions& options) {
  if (options.dsn.empty()) return Status::InvalidArgument("postgres: empty DSN");
  {
    postgres::PgConnOptions co;
    co.dsn = options.dsn;
    ENGRAM_ASSIGN_OR_RETURN(auto conn, postgres::PgConn::Connect(co));
    ENGRAM_RETURN_IF_ERROR(postgres::MigratePgSchema(*conn, options.schema));
  }
  postgres::PgPoolOptions po;
  po.conn.dsn = options.dsn;
  po.conn.schema = options.schema;
  po.size = options.pool_size;
  ENGRAM_ASSIGN_OR_RETURN(auto pool, postgres::PgPool::Open(po));
  {
    ENGRAM_ASSIGN_OR_RETURN(auto conn, pool->Acquire());
    // The tenant's writer lock row (and its audit head) exist before the first write.
    auto made = conn->Exec(
        "INSERT INTO write_lock (tenant_id, key) VALUES ($1, 'writer') ON CONFLICT DO NOTHING",
        {options.tenant});
    if (!made.ok()) return made.status().WithPrefix("postgres: writer lock");
    // The chain's head starts at the genesis: VerifyAudit checks the chain against it.
    auto head = conn->Exec(
        "INSERT INTO audit_head (tenant_id, seq, hash) VALUES ($1, 0, $2) ON CONFLICT DO NOTHING",
        {options.tenant, AuditGenesisHash()});
    if (!head.ok()) return head.status().WithPrefix("postgres: audit head");
    ENGRAM_RETURN_IF_ERROR(CheckKey(*conn, options));
  }
  return std::unique_ptr<Store>(new postgres::PostgresStore(std::move(pool), options));
}

namespace postgres {

PostgresStore::PostgresStore(std::unique_ptr<PgPool> pool, PostgresOptions options)
    : pool_(std::move(pool)), options_(std::move(options)) {}

Status PostgresStore::WithConn(const std::function<Status(PgConn&)>& body) {
  ENGRAM_ASSIGN_OR_RETURN(auto conn, pool_->Acquire());
  return body(*conn);
}

Status PostgresStore::WithWriteTxn(const std::function<Status(PgConn&)>& body) {
  int64_t writes = 0;
  ENGRAM_RETURN_IF_ERROR(RunInTransaction(*pool_, PgTxnOptions{}, [&](PgConn& conn) -> Status {
    // The UPDATE takes the row lock and counts the write: the keyword index of every
    // process catches up when the counter moved (pg_keyword.h).
    auto lock = conn.Exec(
        "UPDATE write_lock SET n = n + 1 WHERE tenant_id = $1 AND key = 'writer' RETURNING n",
        {tenant()});
    if (!lock.ok()) return lock.status().WithPrefix("postgres: writer lock");
    writes = lock->rows() > 0 ? lock->Int64(0, 0) : 0;
    return body(conn);
  }));
  if (writes >= kFirstAnalyzeWrite && (writes & (writes - 1)) == 0) AnalyzeGrowingTables();
  return Status::OK();
}

void PostgresStore::AnalyzeGrowingTables() {
  // Best effort: statistics only steer plans; autovacuum refreshes them later in any case.
  (void)WithConn([](PgConn& conn) {
    return conn.Exec("ANALYZE memory, memory_vector, message, memory_entity, vector_log, outbox")
        .status();
  });
}

Status PostgresStore::AppendAuditIn(PgConn& conn, const OpContext& ctx, const AuditEntry& e) {
  AuditRecord r = NewAuditRecord(ctx, e);
  r.prev_hash = AuditGenesisHash();
  r.seq = 1;
  ENGRAM_ASSIGN_OR_RETURN(
      auto head, conn.Exec("SELECT seq, hash FROM audit_head WHERE tenant_id = $1", {tenant()}));
  if (head.rows() > 0) {
    r.seq = head.Int64(0, 0) + 1;
    r.prev_hash = std::string(head.Text(0, 1));
  }
  r.hash = AuditMac(options_.audit_key, r.prev_hash, r);
  // The record and the chain's head in one statement (one round trip under the lock).
  auto ins = conn.Exec(
      "WITH a AS (INSERT INTO audit (tenant_id, seq, at_ms, actor_user, actor_agent, action, "
      "targets, request_id, detail, prev_hash, hash) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11) "
      "RETURNING tenant_id, seq, hash) "
      "INSERT INTO audit_head (tenant_id, seq, hash) SELECT tenant_id, seq, hash FROM a "
      "ON CONFLICT (tenant_id) DO UPDATE SET seq = EXCLUDED.seq, hash = EXCLUDED.hash",
      {tenant(), r.seq, r.at.unix_ms, r.actor_user, r.actor_agent, r.action,
       FormatIdList(r.targets), r.request_id, r.detail_json, r.prev_hash, r.hash});
  return ins.ok() ? Status::OK() : ins.status().WithPrefix("audit");
}

Status PostgresStore::LogVectorIn(PgConn& conn, int64_t id, bool upsert) {
  // Under the tenant's writer lock, identity values are taken in commit order: the log's
  // sequence is its id.
  auto r = conn.Exec(
      "WITH n AS (SELECT nextval(pg_get_serial_sequence('vector_log', 'id')) AS v) "
      "INSERT INTO vector_log (tenant_id, id, seq, memory_id, op) SELECT $1, v, v, $2, $3 FROM n",
      {tenant(), id, upsert ? "upsert" : "remove"});
  return r.ok() ? Status::OK() : r.status().WithPrefix("vector log");
}

Status PostgresStore::PutVectorIn(PgConn& conn, int64_t id, const std::string& model,
                                  const std::string& vector) {
  if (vector.empty()) return Status::OK();
  PgParam embedding = PgParam::Null();
  if (vector.size() % sizeof(float) == 0) {  // float32 rows (embed/embedding_cache.h)
    std::vector<float> v(vector.size() / sizeof(float));
    std::memcpy(v.data(), vector.data(), vector.size());
    embedding = PgParam::Vector(v);
  }
  auto r = conn.Exec(
      "INSERT INTO memory_vector (tenant_id, memory_id, model_id, part, live, vector, embedding) "
      "SELECT $1, $2, $3, m.scope_key, true, $4::bytea, $5::vector FROM memory m "
      "WHERE m.tenant_id = $1 AND m.id = $2 "
      "ON CONFLICT (tenant_id, memory_id) DO UPDATE SET model_id = EXCLUDED.model_id, "
      "part = EXCLUDED.part, live = true, vector = EXCLUDED.vector, "
      "embedding = EXCLUDED.embedding",
      {tenant(), id, model, PgParam::Bytea(vector), embedding});
  if (!r.ok()) return r.status().WithPrefix("memory vector");
  return LogVectorIn(conn, id, true);
}

Status PostgresStore::AppendAudit(const OpContext& ctx, const AuditEntry& entry) {
  return WithWriteTxn([&](PgConn& conn) { return AppendAuditIn(conn, ctx, entry); });
}

namespace {

constexpr const char* kAuditSelect =
    "SELECT seq, at_ms, actor_user, actor_agent, action, targets, request_id, detail, "
    "prev_hash, hash FROM audit";

AuditRecord ReadAudit(const PgResult& r, int row) {
  AuditRecord a;
  a.seq = r.Int64(row, 0);
  a.at = Instant{r.Int64(row, 1), 0};
  a.actor_user = std::string(r.Text(row, 2));
  a.actor_agent = std::string(r.Text(row, 3));
  a.action = std::string(r.Text(row, 4));
  a.targets = ParseIdList(std::string(r.Text(row, 5)));
  a.request_id = std::string(r.Text(row, 6));
  a.detail_json = std::string(r.Text(row, 7));
  a.prev_hash = std::string(r.Text(row, 8));
  a.hash = std::string(r.Text(row, 9));
  return a;
}

}  // namespace

Result<std::vector<AuditRecord>> PostgresStore::ListAudit(const OpContext& ctx,
                                                          const AuditQuery& query) {
  std::vector<AuditRecord> out;
  ENGRAM_RETURN_IF_ERROR(WithConn([&](PgConn& conn) -> Status {
    ENGRAM_ASSIGN_OR_RETURN(
        auto r, conn.Exec(std::string(kAuditSelect) +
                              " WHERE tenant_id = $1 AND seq > $2 AND ($3 OR actor_user = $4) "
                              "ORDER BY seq LIMIT $5",
                          {tenant(), query.after_seq, ctx.principal.HasRole("admin"),
                           ctx.principal.user_id, int64_t{query.limit}}));
    for (int i = 0; i < r.rows(); ++i) out.push_back(ReadAudit(r, i));
    return Status::OK();
  }));
  return out;
}

Result<AuditVerification> PostgresStore::VerifyAudit() {
  AuditVerification out;
  PgTxnOptions snapshot;  // the head and the rows from one snapshot
  snapshot.isolation = PgIsolation::kRepeatableRead;
  snapshot.read_only = true;
  ENGRAM_RETURN_IF_ERROR(RunInTransaction(*pool_, snapshot, [&](PgConn& conn) -> Status {
    // The head row stands in for SQLite's anchor file: it catches a cut tail, but it lives
    // in the same database, so whoever may rewrite the chain may rewrite it too.
    ENGRAM_ASSIGN_OR_RETURN(
        auto h, conn.Exec("SELECT seq, hash FROM audit_head WHERE tenant_id = $1", {tenant()}));
    std::optional<AuditHead> head;
    if (h.rows() > 0) head = AuditHead{1, h.Int64(0, 0), std::string(h.Text(0, 1))};
    AuditChainVerifier verifier(options_.audit_key, std::move(head), "");
    ENGRAM_ASSIGN_OR_RETURN(
        auto r, conn.Exec(std::string(kAuditSelect) + " WHERE tenant_id = $1 ORDER BY seq",
                          {tenant()}));
    for (int i = 0; i < r.rows(); ++i) verifier.Add(ReadAudit(r, i));
    out = verifier.Finish();
    return Status::OK();
  }));
  return out;
}

Status PostgresStore::CompactStorage() {
  // PostgreSQL reclaims the space of deleted rows with (auto)vacuum; erased text is gone from
  // every visible row at commit.
  return Status::OK();
}

}  // namespace postgres
}  // namespace engram::store
