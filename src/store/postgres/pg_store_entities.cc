// PostgresStore's entity directory and graph (stubs until written).
#include "src/store/postgres/pg_store_internal.h"

namespace engram::store::postgres {

Result<EntityImportOutcome> PostgresStore::PutEntities(const OpContext& ctx, const std::vector<EntityRecord>& entries) {
  return Status::NotSupported("postgres: PutEntities is not written yet");
}

Result<std::vector<EntityName>> PostgresStore::FindEntityNames(const OpContext& ctx, const std::vector<std::string>& names) {
  return Status::NotSupported("postgres: FindEntityNames is not written yet");
}

Result<std::vector<EntityRecord>> PostgresStore::ListEntities(const OpContext& ctx, const EntityQuery& query) {
  return Status::NotSupported("postgres: ListEntities is not written yet");
}

Result<EntityRecord> PostgresStore::GetEntity(const OpContext& ctx, int64_t id) {
  return Status::NotSupported("postgres: GetEntity is not written yet");
}

Result<std::vector<EntityRelation>> PostgresStore::ListEntityRelations(const OpContext& ctx, int64_t id, int limit) {
  return Status::NotSupported("postgres: ListEntityRelations is not written yet");
}

Result<GraphResult> PostgresStore::SearchGraph(const OpContext& ctx, const GraphQuery& query) {
  return Status::NotSupported("postgres: SearchGraph is not written yet");
}

}  // namespace engram::store::postgres
