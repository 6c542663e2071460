// SqliteStore, the class behind OpenSqliteStore (sqlite_store.h), shared by the files that
// define its methods: sqlite_store.cc (opening, the connection, small delegations and the
// write helpers), _write (ingest, supersede), _forget (forget, erase), _read (recall's and
// the API's reads), _review, _audit and _consolidate. Private to src/store/sqlite.
//
// Thread safety: as SqliteStore (sqlite_store.h); the methods named "...Locked" or marked
// REQUIRES: mu_ held run on the writer connection under mu_.
#ifndef ENGRAM_STORE_SQLITE_SQLITE_STORE_INTERNAL_H_
#define ENGRAM_STORE_SQLITE_SQLITE_STORE_INTERNAL_H_

#include <sqlite3.h>

#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "src/store/audit_anchor.h"
#include "src/store/sqlite/keyword_search.h"
#include "src/store/sqlite/reader_pool.h"
#include "src/store/sqlite/sqlite_util.h"
#include "src/store/sqlite/wal_checkpointer.h"
#include "src/store/store.h"
#include "src/store/store_core.h"
#include "src/store/write_port.h"

namespace engram::store::sqlite_internal {

using sqlite::Exec;
using sqlite::Stmt;
using sqlite::Txn;

// The current record of a scope with this exact text (FindRecord), through its index: without
// statistics the planner took memory_scope, a scan of the whole scope on every remember (42
// remembers/s at 46k memories of one user).
inline constexpr const char* kFindRecordSql =
    "SELECT id FROM memory INDEXED BY memory_record_text WHERE scope_key = ?1 AND "
    "content = ?2 AND type = 'episodic' AND current = 1 AND status = 'active' LIMIT 1";

inline Status NotFound(int64_t id) {
  return Status::NotFound("store: memory " + std::to_string(id) + " not found");
}

class SqliteStore final : public StoreCore {
 public:
  // `audit_key` empty: the audit chain is unkeyed and has no anchor (tools and tests that
  // open a database without the vault key). Otherwise `anchor_path` names the anchor file.
  SqliteStore(sqlite3* db, std::string path, int busy_timeout_ms, std::string audit_key,
              const std::string& anchor_path);
  ~SqliteStore() override;

  // Reads the anchor at open and creates it for a new or never-keyed chain (keyed from the
  // next record on). A missing anchor beside keyed records is left missing: VerifyAudit
  // reports it. REQUIRES: called once, from the constructor's caller, before other use.
  Status InitAuditAnchor();

  Result<Memory> GetMemory(const OpContext& ctx, int64_t id) override;

  Result<std::vector<Memory>> GetHistory(const OpContext& ctx, int64_t id) override;

  Status ReplaceVector(const OpContext& ctx, int64_t id, const std::string& model,
                       const std::string& vector) override;

  Status TouchMemories(const OpContext& ctx, const std::vector<int64_t>& ids) override;

  Result<int64_t> MarkDormant(const Instant& idle_before, int limit) override;

  // Touch, recall log row and audit record in one transaction (one commit, one anchor write).
  Status RecordRecall(const OpContext& ctx, const std::vector<int64_t>& ids,
                      const RecallLogEntry& log, const AuditEntry& audit) override;
  Status LogRecall(const RecallLogEntry& entry) override;

  Status MarkUsed(const OpContext& ctx, const std::string& request_id, bool used) override;

  Result<MetricsCounts> CollectMetrics(const MetricsFilter& filter) override;

  Result<std::vector<KeywordHit>> SearchKeyword(const OpContext& ctx,
                                                const KeywordQuery& query) override;

  Result<int64_t> FindRecord(const OpContext& ctx, const Scope& scope,
                             const std::string& content) override;

  Result<std::vector<Memory>> ListMessageMemories(const OpContext& ctx,
                                                  const std::vector<int64_t>& message_ids,
                                                  bool retired_only) override;

  Result<std::vector<Memory>> GetSearchable(const OpContext& ctx, const std::vector<int64_t>& ids,
                                            bool include_history,
                                            const MemoryFilter* filter) override;

  Result<std::vector<VectorChange>> VectorChangesSince(int64_t after_seq, const std::string& model,
                                                       int limit) override;

  Result<std::string> GetCachedEmbedding(const std::string& model,
                                         const std::string& text_hash) override;

  Status PutCachedEmbedding(const std::string& model, const std::string& text_hash,
                            const std::string& vector) override;

  Status DeleteCachedEmbeddings(const std::vector<std::string>& text_hashes) override;

  Result<std::vector<Memory>> ListMemories(const OpContext& ctx, const ListQuery& q) override;

  Result<StoredMessage> GetMessage(const OpContext& ctx, int64_t id) override;

  Result<LastMessage> GetLastMessage(const OpContext& ctx) override;

  Result<std::vector<Memory>> ListRecent(const OpContext& ctx, const std::string& session_id,
                                         int limit) override;

  Result<std::vector<Memory>> ListSessionNeighbors(const OpContext& ctx, const Memory& memory,
                                                   int width) override;
  Result<std::vector<std::vector<Memory>>> ListSessionNeighborsOf(
      const OpContext& ctx, const std::vector<const Memory*>& memories, int width) override;

  Result<std::vector<VaultEntry>> GetVault(const OpContext& ctx,
                                           const std::vector<std::string>& placeholders) override;

  Result<std::vector<ReviewItem>> ListReview(const OpContext& ctx, bool include_resolved,
                                             int limit) override;

  Result<ReviewItem> GetReview(const OpContext& ctx, int64_t id) override;

  Status AppendAudit(const OpContext& ctx, const AuditEntry& entry) override;

  Result<std::vector<AuditRecord>> ListAudit(const OpContext& ctx,
                                             const AuditQuery& query) override;

  Result<AuditVerification> VerifyAudit() override;

  Result<StoreStats> GetStats(const OpContext& ctx) override;

  Result<std::vector<int64_t>> EnqueueOutbox(const std::vector<OutboxDraft>& drafts,
                                             const Instant& now) override;

  Result<std::vector<OutboxEntry>> ListQueued(int64_t after_id, int limit) override;

  Result<OutboxEntry> GetOutbox(const OpContext& ctx, int64_t id) override;

  Status FailOutbox(int64_t id, const std::string& owner, const std::string& error,
                    const Instant& now) override;
  Status RewriteQueued(int64_t id, const std::string& old_request,
                       const std::string& request) override;

  Result<std::vector<OutboxEntry>> ClaimOutbox(const std::string& owner, int limit,
                                               int64_t lease_ms, const Instant& now) override;

  Result<std::vector<int64_t>> RenewOutbox(const std::string& owner,
                                           const std::vector<int64_t>& ids, int64_t lease_ms,
                                           const Instant& now) override;

  Status ReleaseOutbox(const std::string& owner, const std::vector<int64_t>& ids) override;

  Status PutApiKey(const ApiKeyRecord& key) override;

  Result<ApiKeyRecord> GetApiKey(const std::string& id) override;

  Result<std::vector<ApiKeyRecord>> ListApiKeys() override;

  Status RevokeApiKey(const std::string& id, const Instant& now) override;

  // --- Lifecycle ---

  Result<std::vector<Memory>> ListConsolidatable(const OpContext& ctx,
                                                 const ConsolidationQuery& query) override;

  Result<std::vector<MemoryLink>> ListLinks(const OpContext& ctx, int64_t id) override;

  Result<EntityImportOutcome> PutEntities(const OpContext& ctx,
                                          const std::vector<EntityRecord>& entries) override;

  Result<std::vector<EntityName>> FindEntityNames(const OpContext& ctx,
                                                  const std::vector<std::string>& names) override;

  Result<std::vector<EntityRecord>> ListEntities(const OpContext& ctx,
                                                 const EntityQuery& query) override;

  Result<EntityRecord> GetEntity(const OpContext& ctx, int64_t id) override;

  Result<std::vector<EntityRelation>> ListEntityRelations(const OpContext& ctx, int64_t id,
                                                          int limit) override;
  Result<std::vector<EntityLinkOutcome>> ListMemoryEntities(const OpContext& ctx,
                                                            int64_t id) override;

  Result<GraphResult> SearchGraph(const OpContext& ctx, const GraphQuery& query) override;

  Status CompactStorage() override;

  // sqlite_store_rows.cc
  Status ExportRows(RowSink& sink) override;
  Status ImportRows(const std::function<Status(RowSink&)>& produce) override;

 protected:
  // Takes mu_ and runs `body` in one BEGIN IMMEDIATE transaction on the writer connection.
  Status RunWrite(const std::function<Status(WritePort&)>& body) override;

 private:
  friend class SqliteWritePort;

  static constexpr const char* kAuditSelect =
      "SELECT seq, at_ms, actor_user, actor_agent, action, targets, request_id, detail, "
      "prev_hash, hash FROM audit";

  static AuditRecord ReadAudit(const Stmt& st);

  // Takes mu_ and returns `body`'s result, committed in one write transaction (rolled back
  // on an error).
  template <typename T>
  Result<T> InWriteTxn(const std::function<Result<T>()>& body) {
    std::lock_guard lock(mu_);
    Txn txn(db_);
    if (!txn.status().ok()) return txn.status();
    Result<T> out = body();
    if (!out.ok()) return out;
    if (Status s = txn.Commit(); !s.ok()) return s;
    return out;
  }

  // The chain's last record as a head (keyed_from_, seq, hash; the genesis when empty).
  // REQUIRES: mu_ held.
  Result<AuditHead> ChainTail();

  // REQUIRES: `db` is a reader or the writer with mu_ held.
  Result<Memory> LoadVisible(sqlite3* db, const OpContext& ctx, int64_t id);

  // The id the next memory row gets. Safe because writers hold the write lock.
  // REQUIRES: mu_ held, inside a write transaction.
  Result<int64_t> NextMemoryId();

  // REQUIRES: mu_ held, inside a write transaction.
  Status LogVector(int64_t memory_id, bool upsert);

  // REQUIRES: mu_ held, inside a write transaction.
  Status PutVector(int64_t memory_id, const std::string& model, const std::string& vector);

  // REQUIRES: mu_ held, inside a write transaction.
  Status Retire(int64_t id, const Instant& now, const Instant& valid_to);

  // REQUIRES: mu_ held, inside a write transaction (the chain's tail is read under the lock).
  Status AppendLocked(const OpContext& ctx, const AuditEntry& e);


  // SQLite's commit (wal) and rollback hooks on db_: after a commit the anchor moves to the
  // last record the transaction appended; a rollback forgets it. Run with mu_ held.
  static int OnCommit(void* self, sqlite3* db, const char* schema, int pages);
  static void OnRollback(void* self);

  // The connection of a read-only call: the writer connection when it is free (its page
  // cache stays warm: a reader's is dropped whenever another connection has written), else a
  // reader of its own, so that reads run in parallel with each other and with writes; the
  // writer connection, waited for, when no reader can be opened.
  class ReadConnection {
   public:
    explicit ReadConnection(SqliteStore* store)
        : lock_(store->mu_, std::try_to_lock),
          lease_(lock_.owns_lock() ? std::nullopt : store->readers_.Acquire()) {
      if (!lock_.owns_lock() && !lease_) lock_.lock();
      db_ = lease_ ? lease_->db() : store->db_;
      cache_ = lease_ ? lease_->cache() : store->cache_.get();
    }
    sqlite3* db() const { return db_; }
    // The statement cache of the connection in use (the writer's or the reader's).
    sqlite::StmtCache* cache() const { return cache_; }

   private:
    std::unique_lock<std::mutex> lock_;
    std::optional<sqlite::ReaderPool::Lease> lease_;
    sqlite3* db_;
    sqlite::StmtCache* cache_;
  };

  std::mutex mu_;  // guards db_, the writer connection
  sqlite3* db_;
  std::string path_;
  std::unique_ptr<sqlite::StmtCache> cache_;  // statements of the read path; guarded by mu_
  sqlite::KeywordState keyword_;              // guarded by mu_
  sqlite::ReaderPool readers_;  // after path_, which its opener reads
  std::unique_ptr<sqlite::WalCheckpointer> checkpointer_;  // the hook of db_; after path_
  std::string audit_key_;                 // empty: unkeyed chain, no anchor
  std::unique_ptr<AuditAnchor> anchor_;   // null without a key
  int64_t keyed_from_ = 1;                // from the anchor; guarded by mu_
  std::optional<AuditHead> pending_head_; // appended, not yet committed; guarded by mu_
};

}  // namespace engram::store::sqlite_internal

#endif  // ENGRAM_STORE_SQLITE_SQLITE_STORE_INTERNAL_H_
