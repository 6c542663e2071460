// PostgresStore, the class behind OpenPostgresStore (pg_store.h), shared by the files that
// define its methods: pg_store.cc (opening, RunWrite, the audit chain), pg_write_port.cc (the
// WritePort of the shared procedures), pg_store_read.cc and pg_keyword.cc (recall's and the
// API's reads), pg_store_side.cc (embedding cache, outbox, API keys, metrics, lifecycle
// upkeep) and pg_store_entities.cc (the entity directory and graph). Private to
// src/store/postgres.
//
// Concurrency contract (several threads of one process and several processes on one
// database):
//   - Every write runs in one READ COMMITTED transaction that first locks the tenant's row
//     of write_lock ("writer"). The lock is held from that statement to COMMIT, so the
//     transaction's round trips are what it costs the tenant's other writers: statements
//     whose rows nothing reads are queued (PgConn::Defer) and travel with the next one that
//     needs an answer (a remember of one new memory: 5 round trips; a recall's follow-up: 2; an
//     enqueue: 1). Writes of one tenant are serialized, as SQLite's single
//     writer serializes them, so the versioning invariants, id order, the audit chain's
//     sequence and the vector change log's sequence all follow commit order. Retried on
//     40001/40P01 (pg_txn.h). The one exception: the embedding cache, whose writes are
//     single self-contained upserts and deletes that order against nothing.
//   - Reads take a pooled connection and run without the lock; they see committed data.
//   - Outbox claims, renewals and releases lock outbox rows only (FOR UPDATE SKIP LOCKED in
//     a short transaction; pg_store_side.cc), so workers of every process share the queue
//     without queueing behind the writer lock; the done mark is a statement of Ingest's
//     write transaction that requires the lease.
//
// Thread safety: every public method may be called from many threads at once.
#ifndef ENGRAM_STORE_POSTGRES_PG_STORE_INTERNAL_H_
#define ENGRAM_STORE_POSTGRES_PG_STORE_INTERNAL_H_

#include <functional>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "src/store/postgres/pg_conn.h"
#include "src/store/postgres/pg_keyword.h"
#include "src/store/postgres/pg_pool.h"
#include "src/store/postgres/pg_store.h"
#include "src/store/store.h"
#include "src/store/store_core.h"
#include "src/store/write_port.h"

namespace engram::store::postgres {

class PostgresStore final : public StoreCore {
 public:
  PostgresStore(std::unique_ptr<PgPool> pool, PostgresOptions options);

  Result<Memory> GetMemory(const OpContext& ctx, int64_t id) override;

  Result<std::vector<Memory>> GetHistory(const OpContext& ctx, int64_t id) override;

  Status ReplaceVector(const OpContext& ctx, int64_t id, const std::string& model,
                       const std::string& vector) override;

  Status TouchMemories(const OpContext& ctx, const std::vector<int64_t>& ids) override;

  Result<int64_t> MarkDormant(const Instant& idle_before, int limit) override;

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

  // pgvector search (pg_vector.h); the first search of a dimension creates its HNSW index.
  Result<std::vector<VectorCandidate>> SearchVectors(
      const std::string& model, const std::vector<float>& query, int k,
      const std::vector<std::string>& partitions) override;

  Result<int64_t> CountVectors(const std::string& model,
                               const std::vector<std::string>& partitions) override;

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

  // The three writes in one transaction (one writer-lock round instead of three).
  Status RecordRecall(const OpContext& ctx, const std::vector<int64_t>& ids,
                      const RecallLogEntry& log, const AuditEntry& audit) override;

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

  // The two statements that cross tenants (docs/scale-out.md: api_keys is a reference
  // table on Citus; the queued-tenants scan is a low-rate multi-shard query).
  Result<std::vector<ApiKeyRecord>> FindApiKeyInAnyTenant(const std::string& id) override;

  Result<std::vector<std::string>> ListQueuedTenants() override;

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

  // pg_store_rows.cc
  Status ExportRows(RowSink& sink) override;
  Status ImportRows(const std::function<Status(RowSink&)>& produce) override;

 protected:
  // Borrows a connection and runs `body` in one transaction holding the tenant's writer
  // lock (see the file comment); retried on serialization failures.
  Status RunWrite(const std::function<Status(WritePort&)>& body) override;

 private:
  friend class PgWritePort;

  // Runs `body` on a pooled connection outside any transaction (reads).
  Status WithConn(const std::function<Status(PgConn&)>& body);
  // Runs `body` in a write transaction holding the writer lock, without a WritePort (the
  // side-table writes of pg_store_side.cc and pg_store_entities.cc). The tenant's write
  // counter reaching a power of two from kFirstAnalyzeWrite on refreshes the planner's
  // statistics of the growing tables (AnalyzeGrowingTables): a store filling from empty
  // otherwise keeps the statistics of an empty table until autovacuum's next round (a minute
  // by default), and the planner scans a whole scope for a session's neighbours (36 ms
  // instead of 1 ms for 20 of them at 1,000 memories).
  Status WithWriteTxn(const std::function<Status(PgConn&)>& body);
  static constexpr int64_t kFirstAnalyzeWrite = 256;
  void AnalyzeGrowingTables();

  // Review item `id` among those of `reviewer_user` ("" = everyone's); NotFound otherwise
  // (pg_store_read.cc).
  Result<ReviewItem> GetReviewIn(PgConn& conn, int64_t id, const std::string& reviewer_user);
  // Marks outbox entry `id` done with the batch's outcome, inside the batch's write
  // transaction; AlreadyExists unless `owner` may (store.h, pg_store_side.cc).
  Status MarkOutboxDoneIn(PgConn& conn, int64_t id, const std::string& owner,
                          const IngestOutcome& out, const Instant& now);

  // TouchMemories and LogRecall inside a write transaction (pg_store_upkeep.cc); the log's
  // insert is queued (PgConn::Defer), so a repeated request id fails the transaction later.
  Status TouchIn(PgConn& conn, const OpContext& ctx, const std::vector<int64_t>& ids);
  Status LogRecallIn(PgConn& conn, const RecallLogEntry& e);

  // Appends an audit record inside a write transaction (the writer lock held); the record
  // is queued (PgConn::Defer). Inside WithWriteTxn the chain's head is the one read with the
  // lock, so an append costs no round trip of its own.
  Status AppendAuditIn(PgConn& conn, const OpContext& ctx, const AuditEntry& e);
  // Stores `vector` for memory `id` and logs an upsert; logs a removal (LogVectorIn). Inside
  // a write transaction.
  Status PutVectorIn(PgConn& conn, int64_t id, const std::string& model,
                     const std::string& vector);
  Status LogVectorIn(PgConn& conn, int64_t id, bool upsert);

  const std::string& tenant() const { return options_.tenant; }

  std::unique_ptr<PgPool> pool_;
  const PostgresOptions options_;
  std::mutex vector_mu_;
  std::set<int> indexed_dimensions_;  // guarded by vector_mu_: EnsurePgVectorIndex done
  std::mutex keyword_mu_;
  PgKeywordState keyword_;  // guarded by keyword_mu_ (pg_keyword.h)
};

}  // namespace engram::store::postgres

#endif  // ENGRAM_STORE_POSTGRES_PG_STORE_INTERNAL_H_
