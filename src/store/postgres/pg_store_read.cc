// PostgresStore's reads (stubs until written).
#include "src/store/postgres/pg_store_internal.h"

namespace engram::store::postgres {

Result<Memory> PostgresStore::GetMemory(const OpContext& ctx, int64_t id) {
  return Status::NotSupported("postgres: GetMemory is not written yet");
}

Result<std::vector<Memory>> PostgresStore::GetHistory(const OpContext& ctx, int64_t id) {
  return Status::NotSupported("postgres: GetHistory is not written yet");
}

Result<std::vector<KeywordHit>> PostgresStore::SearchKeyword(const OpContext& ctx, const KeywordQuery& query) {
  return Status::NotSupported("postgres: SearchKeyword is not written yet");
}

Result<int64_t> PostgresStore::FindRecord(const OpContext& ctx, const Scope& scope, const std::string& content) {
  return Status::NotSupported("postgres: FindRecord is not written yet");
}

Result<std::vector<Memory>> PostgresStore::ListMessageMemories( const OpContext& ctx, const std::vector<int64_t>& message_ids) {
  return Status::NotSupported("postgres: ListMessageMemories is not written yet");
}

Result<std::vector<Memory>> PostgresStore::GetSearchable(const OpContext& ctx, const std::vector<int64_t>& ids, bool include_history, const MemoryFilter* filter) {
  return Status::NotSupported("postgres: GetSearchable is not written yet");
}

Result<std::vector<Memory>> PostgresStore::ListMemories(const OpContext& ctx, const ListQuery& q) {
  return Status::NotSupported("postgres: ListMemories is not written yet");
}

Result<LastMessage> PostgresStore::GetLastMessage(const OpContext& ctx) {
  return Status::NotSupported("postgres: GetLastMessage is not written yet");
}

Result<std::vector<Memory>> PostgresStore::ListRecent(const OpContext& ctx, const std::string& session_id, int limit) {
  return Status::NotSupported("postgres: ListRecent is not written yet");
}

Result<std::vector<Memory>> PostgresStore::ListSessionNeighbors(const OpContext& ctx, const Memory& memory, int width) {
  return Status::NotSupported("postgres: ListSessionNeighbors is not written yet");
}

Result<std::vector<VaultEntry>> PostgresStore::GetVault(const OpContext& ctx, const std::vector<std::string>& placeholders) {
  return Status::NotSupported("postgres: GetVault is not written yet");
}

Result<std::vector<ReviewItem>> PostgresStore::ListReview(const OpContext& ctx, bool include_resolved, int limit) {
  return Status::NotSupported("postgres: ListReview is not written yet");
}

Result<ReviewItem> PostgresStore::GetReview(const OpContext& ctx, int64_t id) {
  return Status::NotSupported("postgres: GetReview is not written yet");
}

Result<std::vector<MemoryLink>> PostgresStore::ListLinks(const OpContext& ctx, int64_t id) {
  return Status::NotSupported("postgres: ListLinks is not written yet");
}

Result<std::vector<Memory>> PostgresStore::ListConsolidatable(const OpContext& ctx, const ConsolidationQuery& query) {
  return Status::NotSupported("postgres: ListConsolidatable is not written yet");
}

Result<StoreStats> PostgresStore::GetStats(const OpContext& ctx) {
  return Status::NotSupported("postgres: GetStats is not written yet");
}

Result<std::vector<VectorChange>> PostgresStore::VectorChangesSince(int64_t after_seq, const std::string& model, int limit) {
  return Status::NotSupported("postgres: VectorChangesSince is not written yet");
}

Result<ReviewItem> PostgresStore::GetReviewIn(PgConn& conn, int64_t id,
                                              const std::string& reviewer_user) {
  return Status::NotSupported("postgres: GetReviewIn is not written yet");
}

}  // namespace engram::store::postgres
