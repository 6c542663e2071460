// MemoryStoreImpl, the Store behind NewMemoryStore (memory_store.h), and its row types,
// shared by the files that define its methods: memory_store.cc (side tables, metrics,
// entities and the small helpers), _write (ingest, supersede), _forget (forget, erase),
// _read, _review, _audit and _consolidate. Private to src/store/memory.
//
// Thread safety: as NewMemoryStore's store; every public method takes mu_, and the private
// helpers run with it held.
#ifndef ENGRAM_STORE_MEMORY_MEMORY_STORE_INTERNAL_H_
#define ENGRAM_STORE_MEMORY_MEMORY_STORE_INTERNAL_H_

#include <map>
#include <mutex>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "src/store/keyword_index.h"
#include "src/store/memory/entity_tables.h"
#include "src/store/memory/side_tables.h"
#include "src/store/store.h"
#include "src/store/store_core.h"
#include "src/store/write_port.h"

namespace engram::store::memory_internal {

struct MessageRow {
  Scope scope;
  NewMessage message;
  int64_t recorded_ms = 0;
};

struct RecallRow {
  RecallLogEntry entry;
  int64_t used = 0;
};

// The subject column of a metrics filter, for a scope or a recall.
inline const std::string& Subject(const MetricsFilter& f, const Scope& s) {
  return f.by == "agent" ? s.agent_id : f.by == "team" ? s.team_id : s.user_id;
}

inline bool Searchable(const Memory& m, const Instant& now, bool include_history) {
  if (m.status == MemoryStatus::kDeleted || m.status == MemoryStatus::kQuarantined) return false;
  if (!include_history && !m.current) return false;
  if (m.expires_at && m.expires_at->unix_ms <= now.unix_ms) return false;
  return true;
}

class MemoryStoreImpl final : public StoreCore {
 public:
  Result<Memory> GetMemory(const OpContext& ctx, int64_t id) override;

  Result<std::vector<Memory>> GetHistory(const OpContext& ctx, int64_t id) override;

  Status ReplaceVector(const OpContext& ctx, int64_t id, const std::string& model,
                       const std::string& vector) override;

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

  Status TouchMemories(const OpContext& ctx, const std::vector<int64_t>& ids) override;

  Result<int64_t> MarkDormant(const Instant& idle_before, int limit) override;

  Status LogRecall(const RecallLogEntry& entry) override;

  Status MarkUsed(const OpContext& ctx, const std::string& request_id, bool used) override;

  Result<MetricsCounts> CollectMetrics(const MetricsFilter& f) override;

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

  Result<std::vector<int64_t>> EnqueueOutbox(const std::vector<OutboxDraft>& rows,
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

  Status CompactStorage() override { return Status::OK(); }

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

 protected:
  // Takes mu_, runs `body` over the maps and, when it fails, restores the snapshot taken
  // before it: a failed write leaves nothing behind.
  Status RunWrite(const std::function<Status(WritePort&)>& body) override;

 private:
  friend class MemoryWritePort;

  // Every table a write may change, copied whole: the snapshot RunWrite rolls back to.
  struct Tables {
    std::vector<MessageRow> messages;
    std::map<int64_t, Memory> memories;
    KeywordIndex keyword;
    std::unordered_map<int64_t, int64_t> record_of;
    std::vector<AuditRecord> audit;
    std::vector<ReviewItem> reviews;
    std::map<std::pair<std::string, std::string>, VaultEntry> vault;
    int64_t next_memory_id;
    std::map<int64_t, std::pair<int64_t, bool>> log;
    int64_t next_seq;
    std::map<int64_t, std::pair<std::string, std::string>> vectors;
    MemorySideTables side;
    std::vector<MemoryLink> links;
    MemoryEntityTables entities;
    std::vector<RecallRow> recall_log;
    std::map<std::pair<std::string, std::string>, std::string> cache;
  };
  Tables tables() const;
  void set_tables(Tables&& t);

  static Status NotFound(int64_t id);

  // Removes every row of `user_id` (store.h EraseUser); review slots stay, emptied and
  // resolved "erased" at `now`. REQUIRES: mu_ held.
  EraseOutcome DeleteUserRows(const std::string& user_id, const Instant& now);

  // Memories recall may show ctx.principal. REQUIRES: mu_ held while the result is used.
  MemoryEntityTables::SearchableFn SearchableFor(const OpContext& ctx);

  // Adds `m` to the keyword documents when it is one; `said` (IngestBatch::record_said) is
  // tokenized instead of its content when non-empty.
  void Index(const Memory& m, std::string_view said = {});

  void Log(int64_t id, bool upsert) { log_[next_seq_++] = {id, upsert}; }

  void PutVector(int64_t id, const std::string& model, const std::string& vector);

  void AppendLocked(const OpContext& ctx, const AuditEntry& e);

  // Review item `id` among those of `user` ("" = everyone's; ReviewerUser). REQUIRES: mu_
  // held.
  Result<ReviewItem*> FindReview(const std::string& user, int64_t id);

  std::mutex mu_;
  std::vector<MessageRow> messages_;
  std::map<int64_t, Memory> memories_;
  std::vector<RecallRow> recall_log_;
  KeywordIndex keyword_;  // keyword documents (store::IsKeywordDocument), by scope key
  std::unordered_map<int64_t, int64_t> record_of_;  // message id -> its latest current record
  std::vector<AuditRecord> audit_;
  std::vector<ReviewItem> reviews_;  // id = index + 1
  std::map<std::pair<std::string, std::string>, VaultEntry> vault_;  // (scope, placeholder)
  int64_t next_memory_id_ = 1;
  std::map<int64_t, std::pair<int64_t, bool>> log_;  // seq -> (memory id, upsert)
  int64_t next_seq_ = 1;
  std::map<int64_t, std::pair<std::string, std::string>> vectors_;  // id -> (model, vector)
  std::map<std::pair<std::string, std::string>, std::string> cache_;  // (model, hash) -> vec
  MemorySideTables side_;  // API keys and the ingestion outbox
  std::vector<MemoryLink> links_;  // consolidation links, oldest first
  MemoryEntityTables entities_;    // entity directory and memory-entity links
};

}  // namespace engram::store::memory_internal

#endif  // ENGRAM_STORE_MEMORY_MEMORY_STORE_INTERNAL_H_
