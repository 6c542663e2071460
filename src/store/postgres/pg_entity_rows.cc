// Entity, relation and erasure rows of the PostgreSQL store (stubs until written).
#include "src/store/postgres/pg_entity_rows.h"

namespace engram::store::postgres {

Result<std::vector<EntityLinkOutcome>> InsertEntityLinks(PgConn&, const std::string&,
                                                         const Principal&, const IngestBatch& batch,
                                                         const std::vector<Memory>&, const Instant&) {
  if (batch.entity_links.empty()) return std::vector<EntityLinkOutcome>{};
  return Status::NotSupported("postgres: InsertEntityLinks is not written yet");
}
Status InsertRelations(PgConn&, const std::string&, const IngestBatch& batch,
                       const IngestOutcome&) {
  if (batch.relations.empty()) return Status::OK();
  return Status::NotSupported("postgres: InsertRelations is not written yet");
}
Status CloseRelations(PgConn&, const std::string&, int64_t, const Instant&) {
  return Status::NotSupported("postgres: CloseRelations is not written yet");
}
Status CopyEntityLinks(PgConn&, const std::string&, int64_t, int64_t) {
  return Status::NotSupported("postgres: CopyEntityLinks is not written yet");
}
Status DeleteLineageEntityLinks(PgConn&, const std::string&, int64_t) {
  return Status::NotSupported("postgres: DeleteLineageEntityLinks is not written yet");
}
Result<EraseOutcome> DeleteUserRows(PgConn&, const std::string&, const std::string&) {
  return Status::NotSupported("postgres: DeleteUserRows is not written yet");
}

}  // namespace engram::store::postgres
