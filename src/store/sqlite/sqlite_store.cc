#include "src/store/sqlite/sqlite_store.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engram/status_macros.h"
#include "src/store/entity_checks.h"
#include "src/store/sqlite/api_key_rows.h"
#include "src/store/sqlite/dormancy_rows.h"
#include "src/store/sqlite/entity_rows.h"
#include "src/store/sqlite/filter_function.h"
#include "src/store/sqlite/fts5_tokenizer.h"
#include "src/store/sqlite/memory_rows.h"
#include "src/store/sqlite/metrics_rows.h"
#include "src/store/sqlite/outbox_rows.h"
#include "src/store/sqlite/sqlite_schema.h"
#include "src/store/sqlite/sqlite_store_internal.h"

namespace engram::store {
namespace {

using sqlite::Exec;

// Opens a connection for reads only (see ReaderPool), with the tokenizer registered; keyword
// search itself stays on the writer, beside the in-memory keyword index it keeps.
Result<sqlite3*> OpenReader(const std::string& path, int busy_timeout_ms) {
  sqlite3* db = nullptr;
  int rc = sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX,
                           nullptr);
  Status s = rc == SQLITE_OK ? Status::OK() : sqlite::SqliteError(db, rc, "open reader");
  if (s.ok()) {
    sqlite3_busy_timeout(db, busy_timeout_ms);
    sqlite3_extended_result_codes(db, 1);
    s = sqlite::RegisterEngramTokenizer(db);
  }
  if (s.ok()) s = sqlite::RegisterFilterFunction(db);
  if (s.ok()) s = Exec(db, "PRAGMA query_only = ON; PRAGMA cache_size = -16384;", "open reader");
  if (!s.ok()) {
    sqlite3_close_v2(db);
    return s;
  }
  return db;
}

// Readers per store: enough for the threads of a server or a Python program to read at once.
constexpr size_t kMaxReaders = 8;

}  // namespace

namespace sqlite_internal {

SqliteStore::SqliteStore(sqlite3* db, std::string path, int busy_timeout_ms,
                         std::string audit_key, const std::string& anchor_path)
    : db_(db),
      path_(std::move(path)),
      cache_(std::make_unique<sqlite::StmtCache>(db)),
      readers_([this, busy_timeout_ms] { return OpenReader(path_, busy_timeout_ms); },
               kMaxReaders),
      checkpointer_(std::make_unique<sqlite::WalCheckpointer>(path_, busy_timeout_ms)),
      audit_key_(std::move(audit_key)) {
  if (!audit_key_.empty()) anchor_ = std::make_unique<AuditAnchor>(anchor_path, audit_key_);
  // Replaces SQLite's automatic checkpoint: commits (every recall's among them) no longer
  // copy the log into the database file themselves. The same hook moves the audit anchor.
  sqlite3_wal_hook(db_, &SqliteStore::OnCommit, this);
  sqlite3_rollback_hook(db_, &SqliteStore::OnRollback, this);
}

int SqliteStore::OnCommit(void* self, sqlite3* db, const char* schema, int pages) {
  auto* store = static_cast<SqliteStore*>(self);
  if (store->pending_head_) {
    // Best effort: a failed anchor write leaves the anchor behind the chain, which verifies
    // (only a head ahead of the chain fails); the next commit moves it again.
    (void)store->anchor_->Write(*store->pending_head_, false);
    store->pending_head_.reset();
  }
  return sqlite::WalCheckpointer::Hook(store->checkpointer_.get(), db, schema, pages);
}

void SqliteStore::OnRollback(void* self) { static_cast<SqliteStore*>(self)->pending_head_.reset(); }

SqliteStore::~SqliteStore() {
  sqlite3_rollback_hook(db_, nullptr, nullptr);
  sqlite3_wal_hook(db_, nullptr, nullptr);
  checkpointer_.reset();
  cache_.reset();
  sqlite3_close_v2(db_);
}

Status SqliteStore::TouchMemories(const OpContext& ctx, const std::vector<int64_t>& ids) {
  if (ids.empty()) return Status::OK();
  std::lock_guard lock(mu_);
  Txn txn(db_);
  ENGRAM_RETURN_IF_ERROR(txn.status());
  ENGRAM_RETURN_IF_ERROR(sqlite::TouchRows(db_, cache_.get(), ctx, ids));
  return txn.Commit();
}

Result<int64_t> SqliteStore::MarkDormant(const Instant& idle_before, int limit) {
  std::lock_guard lock(mu_);
  Txn txn(db_);
  ENGRAM_RETURN_IF_ERROR(txn.status());
  auto n = sqlite::MarkDormantRows(db_, idle_before, limit);
  ENGRAM_RETURN_IF_ERROR(n.status());
  ENGRAM_RETURN_IF_ERROR(txn.Commit());
  return n;
}

Status SqliteStore::LogRecall(const RecallLogEntry& entry) {
  std::lock_guard lock(mu_);
  return sqlite::InsertRecallLog(db_, cache_.get(), entry);
}

Status SqliteStore::RecordRecall(const OpContext& ctx, const std::vector<int64_t>& ids,
                                 const RecallLogEntry& log, const AuditEntry& audit) {
  std::lock_guard lock(mu_);
  Txn txn(db_);
  ENGRAM_RETURN_IF_ERROR(txn.status());
  if (!ids.empty()) ENGRAM_RETURN_IF_ERROR(sqlite::TouchRows(db_, cache_.get(), ctx, ids));
  ENGRAM_RETURN_IF_ERROR(sqlite::InsertRecallLog(db_, cache_.get(), log));
  ENGRAM_RETURN_IF_ERROR(AppendLocked(ctx, audit));
  return txn.Commit();
}

Status SqliteStore::MarkUsed(const OpContext& ctx, const std::string& request_id, bool used) {
  std::lock_guard lock(mu_);
  return sqlite::MarkRecallUsed(db_, ctx.principal.user_id, request_id, used);
}

Result<MetricsCounts> SqliteStore::CollectMetrics(const MetricsFilter& filter) {
  std::lock_guard lock(mu_);
  return sqlite::SelectMetrics(db_, filter);
}

Result<std::string> SqliteStore::GetCachedEmbedding(const std::string& model,
                                                    const std::string& text_hash) {
  ReadConnection conn(this);
  Stmt st(conn.db(), conn.cache(),
          "SELECT vector FROM embedding_cache WHERE model_id = ?1 AND text_hash = ?2");
  st.Bind(1, model).Bind(2, text_hash);
  if (st.Step()) return st.Blob(0);
  ENGRAM_RETURN_IF_ERROR(st.status());
  return Status::NotFound("store: no cached embedding");
}

Status SqliteStore::PutCachedEmbedding(const std::string& model, const std::string& text_hash,
                                       const std::string& vector) {
  std::lock_guard lock(mu_);
  Stmt st(db_,
          "INSERT OR REPLACE INTO embedding_cache (model_id, text_hash, vector) "
          "VALUES (?1, ?2, ?3)");
  st.Bind(1, model).Bind(2, text_hash).BindBlob(3, vector);
  return st.Run().WithPrefix("embedding cache");
}

Status SqliteStore::DeleteCachedEmbeddings(const std::vector<std::string>& text_hashes) {
  std::lock_guard lock(mu_);
  Stmt st(db_, "DELETE FROM embedding_cache WHERE text_hash = ?1");
  for (const std::string& h : text_hashes) {
    st.Reset();
    st.Bind(1, h);
    if (Status s = st.Run(); !s.ok()) return s.WithPrefix("embedding cache");
  }
  return Status::OK();
}

Result<StoreStats> SqliteStore::GetStats(const OpContext& ctx) {
  std::lock_guard lock(mu_);
  StoreStats s;
  const std::string teams = sqlite::JsonStringArray(ctx.principal.teams);
  Stmt msgs(db_, "SELECT COUNT(*) FROM message WHERE user_id = ?1");
  msgs.Bind(1, ctx.principal.user_id);
  if (msgs.Step()) s.messages = msgs.Int(0);
  Stmt mem(db_,
           "SELECT COALESCE(SUM(m.current = 1 AND m.status <> 'deleted'), 0), COUNT(*), "
           "COUNT(DISTINCT CASE WHEN m.status = 'deleted' THEN m.lineage_id END), "
           "COALESCE(SUM(m.current = 1 AND m.status = 'dormant'), 0), "
           "COALESCE(SUM(m.current = 1 AND m.status IN ('active', 'dormant') AND "
           "m.expires_ms <= ?3), 0) FROM memory m WHERE " + sqlite::VisibleSql(1, 2));
  mem.Bind(1, ctx.principal.user_id).Bind(2, teams).Bind(3, ctx.now.unix_ms);
  if (mem.Step()) {
    s.memories_current = mem.Int(0);
    s.memories_versions = mem.Int(1);
    s.memories_deleted = mem.Int(2);
    s.memories_dormant = mem.Int(3);
    s.memories_expired = mem.Int(4);
  }
  Stmt aud(db_, "SELECT COUNT(*) FROM audit WHERE ?1 = 1 OR actor_user = ?2");
  aud.Bind(1, ctx.principal.HasRole("admin")).Bind(2, ctx.principal.user_id);
  if (aud.Step()) s.audit_records = aud.Int(0);
  for (const Stmt* st : {&msgs, &mem, &aud}) {
    ENGRAM_RETURN_IF_ERROR(st->status());
  }
  Status vs;
  s.schema_version = sqlite::ReadSchemaVersion(db_, &vs);
  ENGRAM_RETURN_IF_ERROR(vs);
  return s;
}

Result<std::vector<int64_t>> SqliteStore::EnqueueOutbox(const std::vector<OutboxDraft>& drafts,
                                                        const Instant& now) {
  return InWriteTxn<std::vector<int64_t>>(
      [&] { return sqlite::InsertOutbox(db_, drafts, now); });
}

Result<std::vector<OutboxEntry>> SqliteStore::ListQueued(int64_t after_id, int limit) {
  std::lock_guard lock(mu_);
  return sqlite::SelectQueued(db_, after_id, limit);
}

Result<OutboxEntry> SqliteStore::GetOutbox(const OpContext& ctx, int64_t id) {
  std::lock_guard lock(mu_);
  return sqlite::SelectOutbox(db_, id, ctx.principal.user_id);
}

Status SqliteStore::FailOutbox(int64_t id, const std::string& owner, const std::string& error,
                               const Instant& now) {
  std::lock_guard lock(mu_);
  return sqlite::MarkOutboxFailed(db_, id, owner, error, now);
}

Status SqliteStore::RewriteQueued(int64_t id, const std::string& old_request,
                                  const std::string& request) {
  std::lock_guard lock(mu_);
  return sqlite::RewriteQueued(db_, id, old_request, request);
}

Result<std::vector<OutboxEntry>> SqliteStore::ClaimOutbox(const std::string& owner, int limit,
                                                          int64_t lease_ms, const Instant& now) {
  return InWriteTxn<std::vector<OutboxEntry>>(
      [&] { return sqlite::ClaimOutbox(db_, owner, limit, lease_ms, now); });
}

Result<std::vector<int64_t>> SqliteStore::RenewOutbox(const std::string& owner,
                                                      const std::vector<int64_t>& ids,
                                                      int64_t lease_ms, const Instant& now) {
  return InWriteTxn<std::vector<int64_t>>(
      [&] { return sqlite::RenewOutbox(db_, owner, ids, lease_ms, now); });
}

Status SqliteStore::ReleaseOutbox(const std::string& owner, const std::vector<int64_t>& ids) {
  std::lock_guard lock(mu_);
  Txn txn(db_);
  ENGRAM_RETURN_IF_ERROR(txn.status());
  ENGRAM_RETURN_IF_ERROR(sqlite::ReleaseOutbox(db_, owner, ids));
  return txn.Commit();
}

Status SqliteStore::PutApiKey(const ApiKeyRecord& key) {
  std::lock_guard lock(mu_);
  return sqlite::InsertApiKey(db_, key);
}

Result<ApiKeyRecord> SqliteStore::GetApiKey(const std::string& id) {
  std::lock_guard lock(mu_);
  return sqlite::SelectApiKey(db_, id);
}

Result<std::vector<ApiKeyRecord>> SqliteStore::ListApiKeys() {
  std::lock_guard lock(mu_);
  return sqlite::SelectApiKeys(db_);
}

Status SqliteStore::RevokeApiKey(const std::string& id, const Instant& now) {
  std::lock_guard lock(mu_);
  return sqlite::UpdateApiKeyRevoked(db_, id, now);
}

Result<EntityImportOutcome> SqliteStore::PutEntities(const OpContext& ctx,
                                                     const std::vector<EntityRecord>& entries) {
  for (const EntityRecord& e : entries) {
    ENGRAM_RETURN_IF_ERROR(CheckEntityEntry(ctx, e));
  }
  std::lock_guard lock(mu_);
  Txn txn(db_);
  ENGRAM_RETURN_IF_ERROR(txn.status());
  auto out = sqlite::UpsertEntities(db_, entries, ctx.now);
  ENGRAM_RETURN_IF_ERROR(out.status());
  ENGRAM_RETURN_IF_ERROR(AppendLocked(ctx, {"entities.import", {}, ImportAuditDetail(*out)}));
  ENGRAM_RETURN_IF_ERROR(txn.Commit());
  return out;
}

Result<std::vector<EntityName>> SqliteStore::FindEntityNames(
    const OpContext& ctx, const std::vector<std::string>& names) {
  ReadConnection conn(this);
  return sqlite::SelectEntityNames(conn.db(), ctx.principal, names);
}

Result<std::vector<EntityRecord>> SqliteStore::ListEntities(const OpContext& ctx,
                                                            const EntityQuery& query) {
  ReadConnection conn(this);
  return sqlite::SelectEntities(conn.db(), ctx.principal, query);
}

Result<EntityRecord> SqliteStore::GetEntity(const OpContext& ctx, int64_t id) {
  ReadConnection conn(this);
  return sqlite::SelectEntity(conn.db(), ctx.principal, id);
}

Result<std::vector<EntityRelation>> SqliteStore::ListEntityRelations(const OpContext& ctx,
                                                                     int64_t id, int limit) {
  ReadConnection conn(this);
  return sqlite::SelectEntityRelations(conn.db(), ctx.principal, ctx.now, id, limit);
}

Result<std::vector<EntityLinkOutcome>> SqliteStore::ListMemoryEntities(const OpContext& ctx,
                                                                      int64_t id) {
  ReadConnection conn(this);
  return sqlite::SelectMemoryEntities(conn.db(), ctx.principal, id);
}

Result<GraphResult> SqliteStore::SearchGraph(const OpContext& ctx, const GraphQuery& query) {
  ReadConnection conn(this);
  return sqlite::SelectGraph(conn.db(), conn.cache(), ctx.principal, ctx.now, query);
}

Status SqliteStore::CompactStorage() {
  std::lock_guard lock(mu_);
  ENGRAM_RETURN_IF_ERROR(Exec(db_, "VACUUM", "compact storage"));
  auto no_background_checkpoint = checkpointer_->Hold();
  Stmt cp(db_, "PRAGMA wal_checkpoint(TRUNCATE)");
  bool busy = cp.Step() && cp.Int(0) != 0;
  if (!cp.status().ok()) return cp.status().WithPrefix("compact storage: checkpoint");
  if (busy) {
    return Status::Unavailable("sqlite: compact storage: another connection is reading; the "
                               "write-ahead log was not truncated");
  }
  return Status::OK();
}

Result<Memory> SqliteStore::LoadVisible(sqlite3* db, const OpContext& ctx, int64_t id) {
  Stmt st(db, "SELECT " + sqlite::MemoryColumns() + " FROM memory m WHERE m.id = ?1 AND " +
                   sqlite::VisibleSql(2, 3));
  st.Bind(1, id).Bind(2, ctx.principal.user_id);
  st.Bind(3, sqlite::JsonStringArray(ctx.principal.teams));
  if (st.Step()) return sqlite::ReadMemory(st);
  ENGRAM_RETURN_IF_ERROR(st.status());
  return NotFound(id);
}

Result<int64_t> SqliteStore::NextMemoryId() {
  Stmt max(db_, "SELECT COALESCE(MAX(id), 0) + 1 FROM memory");
  if (max.Step()) return max.Int(0);
  return max.status().ok() ? Status::Internal("sqlite: no max id") : max.status();
}

Status SqliteStore::LogVector(int64_t memory_id, bool upsert) {
  Stmt st(db_, "INSERT INTO vector_log (memory_id, op) VALUES (?1, ?2)");
  st.Bind(1, memory_id).Bind(2, upsert ? "upsert" : "remove");
  return st.Run().WithPrefix("vector log");
}

Status SqliteStore::PutVector(int64_t memory_id, const std::string& model,
                              const std::string& vector) {
  if (vector.empty()) return Status::OK();
  Stmt st(db_, "INSERT OR REPLACE INTO memory_vector (memory_id, model_id, vector) "
               "VALUES (?1, ?2, ?3)");
  st.Bind(1, memory_id).Bind(2, model).BindBlob(3, vector);
  if (Status s = st.Run(); !s.ok()) return s.WithPrefix("memory vector");
  return LogVector(memory_id, true);
}

Status SqliteStore::Retire(int64_t id, const Instant& now, const Instant& valid_to) {
  Stmt st(db_,
          "UPDATE memory SET current = 0, superseded_ms = ?2, valid_to_ms = ?3 WHERE id = ?1");
  st.Bind(1, id).Bind(2, now.unix_ms).Bind(3, valid_to.unix_ms);
  return st.Run();
}

}  // namespace sqlite_internal

Result<std::unique_ptr<Store>> OpenSqliteStore(const SqliteOptions& options) {
  const std::string& path = options.path;
  if (path.empty()) return Status::InvalidArgument("sqlite: empty database path");
  struct stat info;
  bool exists = ::stat(path.c_str(), &info) == 0;
  if (!exists && !options.create_if_missing) {
    return Status::NotFound("sqlite: database '" + path + "' does not exist");
  }
  if (exists && S_ISDIR(info.st_mode)) {
    return Status::InvalidArgument("sqlite: '" + path + "' is a directory");
  }
  // The file is private to its owner (0600): created so here, since SQLite would create it
  // 0644, and tightened when an older build left it wider. SQLite gives the -wal and -shm
  // files the database file's mode.
  if (!exists) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd >= 0) ::close(fd);
  }
  for (const char* suffix : {"", "-wal", "-shm"}) {
    const std::string file = path + suffix;
    struct stat st;
    if (::stat(file.c_str(), &st) == 0 && S_ISREG(st.st_mode) && (st.st_mode & 077) != 0 &&
        st.st_uid == ::geteuid()) {
      (void)::chmod(file.c_str(), st.st_mode & 0700);
    }
  }
  sqlite3* db = nullptr;
  int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX |
              (options.create_if_missing ? SQLITE_OPEN_CREATE : 0);
  int rc = sqlite3_open_v2(path.c_str(), &db, flags, nullptr);
  if (rc != SQLITE_OK) {
    Status s = sqlite::SqliteError(db, rc, "open '" + path + "'");
    sqlite3_close_v2(db);
    return s.code() == StatusCode::kNotFound ? Status::IOError(s.message()) : s;
  }
  auto fail = [&](const Status& s) -> Status {
    sqlite3_close_v2(db);
    return s;
  };
  sqlite3_busy_timeout(db, options.busy_timeout_ms);
  sqlite3_extended_result_codes(db, 1);
  if (Status s = sqlite::RegisterEngramTokenizer(db); !s.ok()) return fail(s);
  if (Status s = sqlite::RegisterFilterFunction(db); !s.ok()) return fail(s);
  // journal_mode is the first statement that reads the file: a file that is not a
  // database fails here with Corruption.
  const std::string what = "open '" + path + "'";
  if (Status s = Exec(db, "PRAGMA journal_mode = WAL", what); !s.ok()) return fail(s);
  // A page cache of up to 64 MiB (SQLite's default is 2 MB): recall's rows and indexes stay
  // in memory instead of being copied in from the OS on every call.
  if (Status s = Exec(db,
                      "PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL; "
                      "PRAGMA secure_delete = ON; PRAGMA cache_size = -65536;",
                      what);
      !s.ok()) {
    return fail(s);
  }
  if (Status s = sqlite::Migrate(db, path); !s.ok()) return fail(s);
  std::string anchor_path = options.audit_anchor_path;
  if (anchor_path.empty()) anchor_path = path + ".audit-head";
  auto store = std::make_unique<sqlite_internal::SqliteStore>(
      db, path, options.busy_timeout_ms, options.audit_key, anchor_path);
  ENGRAM_RETURN_IF_ERROR(store->InitAuditAnchor());
  return std::unique_ptr<Store>(std::move(store));
}

}  // namespace engram::store
