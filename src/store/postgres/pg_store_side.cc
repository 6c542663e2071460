// PostgresStore's side tables and lifecycle upkeep (stubs until written).
#include "src/store/postgres/pg_store_internal.h"

namespace engram::store::postgres {

Result<std::string> PostgresStore::GetCachedEmbedding(const std::string& model, const std::string& text_hash) {
  return Status::NotSupported("postgres: GetCachedEmbedding is not written yet");
}

Status PostgresStore::PutCachedEmbedding(const std::string& model, const std::string& text_hash, const std::string& vector) {
  return Status::NotSupported("postgres: PutCachedEmbedding is not written yet");
}

Status PostgresStore::DeleteCachedEmbeddings(const std::vector<std::string>& text_hashes) {
  return Status::NotSupported("postgres: DeleteCachedEmbeddings is not written yet");
}

Result<std::vector<int64_t>> PostgresStore::EnqueueOutbox( const std::vector<std::pair<std::string, std::string>>& user_and_request, const Instant& now) {
  return Status::NotSupported("postgres: EnqueueOutbox is not written yet");
}

Result<std::vector<OutboxEntry>> PostgresStore::ListQueued(int64_t after_id, int limit) {
  return Status::NotSupported("postgres: ListQueued is not written yet");
}

Result<OutboxEntry> PostgresStore::GetOutbox(const OpContext& ctx, int64_t id) {
  return Status::NotSupported("postgres: GetOutbox is not written yet");
}

Status PostgresStore::FailOutbox(int64_t id, const std::string& error, const Instant& now) {
  return Status::NotSupported("postgres: FailOutbox is not written yet");
}

Status PostgresStore::PutApiKey(const ApiKeyRecord& key) {
  return Status::NotSupported("postgres: PutApiKey is not written yet");
}

Result<ApiKeyRecord> PostgresStore::GetApiKey(const std::string& id) {
  return Status::NotSupported("postgres: GetApiKey is not written yet");
}

Result<std::vector<ApiKeyRecord>> PostgresStore::ListApiKeys() {
  return Status::NotSupported("postgres: ListApiKeys is not written yet");
}

Status PostgresStore::RevokeApiKey(const std::string& id, const Instant& now) {
  return Status::NotSupported("postgres: RevokeApiKey is not written yet");
}

Status PostgresStore::LogRecall(const RecallLogEntry& entry) {
  return Status::NotSupported("postgres: LogRecall is not written yet");
}

Status PostgresStore::MarkUsed(const OpContext& ctx, const std::string& request_id, bool used) {
  return Status::NotSupported("postgres: MarkUsed is not written yet");
}

Result<MetricsCounts> PostgresStore::CollectMetrics(const MetricsFilter& filter) {
  return Status::NotSupported("postgres: CollectMetrics is not written yet");
}

Status PostgresStore::TouchMemories(const OpContext& ctx, const std::vector<int64_t>& ids) {
  return Status::NotSupported("postgres: TouchMemories is not written yet");
}

Result<int64_t> PostgresStore::MarkDormant(const Instant& idle_before, int limit) {
  return Status::NotSupported("postgres: MarkDormant is not written yet");
}

Status PostgresStore::ReplaceVector(const OpContext& ctx, int64_t id, const std::string& model, const std::string& vector) {
  return Status::NotSupported("postgres: ReplaceVector is not written yet");
}

Status PostgresStore::MarkOutboxDoneIn(PgConn& conn, int64_t id, const IngestOutcome& out,
                                       const Instant& now) {
  return Status::NotSupported("postgres: MarkOutboxDoneIn is not written yet");
}

}  // namespace engram::store::postgres
