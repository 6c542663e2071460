// PostgresStore: opening, the write transaction (writer lock), the audit chain and the
// vector change log.
#include <cstring>
#include <utility>

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

namespace {

// The audit chain's head as the current thread's write transaction (WithWriteTxn) read it
// right after taking the writer lock, and as its own appends moved it since. Under the lock
// no other transaction appends, so the head stays exact until the commit.
struct TxnAuditHead {
  PgConn* conn = nullptr;
  PgResult rows;       // the queued SELECT's result, once read
  bool known = false;  // seq and hash below are the head
  int64_t seq = 0;
  std::string hash;
};
thread_local TxnAuditHead* txn_audit_head = nullptr;

}  // namespace

Status PostgresStore::WithWriteTxn(const std::function<Status(PgConn&)>& body) {
  // Both receive results of queued statements, which may be read only at COMMIT (when the
  // body runs no statement of its own): they must outlive the attempt, not its frame.
  PgResult lock;
  TxnAuditHead head;
  const Status ran = RunInTransaction(*pool_, PgTxnOptions{}, [&](PgConn& conn) -> Status {
    lock = PgResult();
    head = TxnAuditHead();
    // The UPDATE takes the row lock and counts the write: the keyword index of every
    // process catches up when the counter moved (pg_keyword.h). Queued with BEGIN and the
    // audit head's read: all three reach the server with the body's first statement.
    ENGRAM_RETURN_IF_ERROR(conn.Defer(
        "UPDATE write_lock SET n = n + 1 WHERE tenant_id = $1 AND key = 'writer' RETURNING n",
        {tenant()}, &lock));
    head.conn = &conn;
    ENGRAM_RETURN_IF_ERROR(conn.Defer("SELECT seq, hash FROM audit_head WHERE tenant_id = $1",
                                      {tenant()}, &head.rows));
    TxnAuditHead* const outer = std::exchange(txn_audit_head, &head);
    Status s = body(conn);
    txn_audit_head = outer;
    return s;
  });
  if (!ran.ok()) return ran;
  const int64_t writes = lock.rows() > 0 ? lock.Int64(0, 0) : 0;
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
  TxnAuditHead* head = txn_audit_head && txn_audit_head->conn == &conn ? txn_audit_head : nullptr;
  if (head && !head->known) {
    // Read with the lock (WithWriteTxn); its result is in unless nothing was sent since.
    if (head->rows.rows() == 0) ENGRAM_RETURN_IF_ERROR(conn.Flush());
    head->known = true;
    head->seq = 0;
    head->hash = r.prev_hash;
    if (head->rows.rows() > 0) {
      head->seq = head->rows.Int64(0, 0);
      head->hash = std::string(head->rows.Text(0, 1));
    }
  }
  if (head) {
    r.seq = head->seq + 1;
    r.prev_hash = head->hash;
  } else {
    ENGRAM_ASSIGN_OR_RETURN(
        auto h, conn.Exec("SELECT seq, hash FROM audit_head WHERE tenant_id = $1", {tenant()}));
    if (h.rows() > 0) {
      r.seq = h.Int64(0, 0) + 1;
      r.prev_hash = std::string(h.Text(0, 1));
    }
  }
  r.hash = AuditMac(options_.audit_key, r.prev_hash, r);
  // The record and the chain's head in one statement, queued: it travels with the
  // transaction's next statement or its COMMIT.
  ENGRAM_RETURN_IF_ERROR(conn.Defer(
      "WITH a AS (INSERT INTO audit (tenant_id, seq, at_ms, actor_user, actor_agent, action, "
      "targets, request_id, detail, prev_hash, hash) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11) "
      "RETURNING tenant_id, seq, hash) "
      "INSERT INTO audit_head (tenant_id, seq, hash) SELECT tenant_id, seq, hash FROM a "
      "ON CONFLICT (tenant_id) DO UPDATE SET seq = EXCLUDED.seq, hash = EXCLUDED.hash",
      {tenant(), r.seq, r.at.unix_ms, r.actor_user, r.actor_agent, r.action,
       FormatIdList(r.targets), r.request_id, r.detail_json, r.prev_hash, r.hash}));
  if (head) {
    head->seq = r.seq;
    head->hash = r.hash;
  }
  return Status::OK();
}

Status PostgresStore::LogVectorIn(PgConn& conn, int64_t id, bool upsert) {
  // Under the tenant's writer lock, identity values are taken in commit order: the log's
  // sequence is its id.
  return conn.Defer(
      "WITH n AS (SELECT nextval(pg_get_serial_sequence('vector_log', 'id')) AS v) "
      "INSERT INTO vector_log (tenant_id, id, seq, memory_id, op) SELECT $1, v, v, $2, $3 FROM n",
      {tenant(), id, upsert ? "upsert" : "remove"});
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
  ENGRAM_RETURN_IF_ERROR(conn.Defer(
      "INSERT INTO memory_vector (tenant_id, memory_id, model_id, part, live, vector, embedding) "
      "SELECT $1, $2, $3, m.scope_key, true, $4::bytea, $5::vector FROM memory m "
      "WHERE m.tenant_id = $1 AND m.id = $2 "
      "ON CONFLICT (tenant_id, memory_id) DO UPDATE SET model_id = EXCLUDED.model_id, "
      "part = EXCLUDED.part, live = true, vector = EXCLUDED.vector, "
      "embedding = EXCLUDED.embedding",
      {tenant(), id, model, PgParam::Bytea(vector), embedding}));
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
