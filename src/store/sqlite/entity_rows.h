// The entity, entity_key and memory_entity tables (docs/formats/sqlite_schema.md), used
// only by SqliteStore.
//
// Thread safety: callers hold the store's connection lock; writes run inside the caller's
// write transaction.
#ifndef ENGRAM_STORE_SQLITE_ENTITY_ROWS_H_
#define ENGRAM_STORE_SQLITE_ENTITY_ROWS_H_

#include <sqlite3.h>

#include <vector>

#include "engram/result.h"
#include "src/store/sqlite/sqlite_util.h"
#include "src/store/store.h"

namespace engram::store::sqlite {

// Store::PutEntities without the audit record. REQUIRES: inside a write transaction; the
// entries' scopes were checked.
Result<EntityImportOutcome> UpsertEntities(sqlite3* db, const std::vector<EntityRecord>& entries,
                                           const Instant& now);

// The links of an ingest batch: memories[i] are the stored memories. Known entities must be
// visible to `principal` (else InvalidArgument). REQUIRES: inside the batch's transaction.
Result<std::vector<EntityLinkOutcome>> InsertEntityLinks(sqlite3* db, const Principal& principal,
                                                         const IngestBatch& batch,
                                                         const std::vector<Memory>& memories,
                                                         const Instant& now);

// The batch's relation drafts for the memories it made current (not reinforced, not
// outranked); `out` holds the stored memories and link outcomes, in the batch's order.
// REQUIRES: inside the batch's transaction.
Status InsertRelations(sqlite3* db, const IngestBatch& batch, const IngestOutcome& out);

// Closes the open relations memory `memory_id` stated (valid_to = `at`).
Status CloseRelations(sqlite3* db, int64_t memory_id, const Instant& at);

// Gives memory `to_id` the links of `from_id` (a new version of the same memory).
Status CopyEntityLinks(sqlite3* db, int64_t from_id, int64_t to_id);

// Hard forget: drops the lineage's links and the extracted entities left without any.
Status DeleteLineageEntityLinks(sqlite3* db, int64_t lineage_id);

Result<std::vector<EntityName>> SelectEntityNames(sqlite3* db, const Principal& p,
                                                  const std::vector<std::string>& names);
Result<std::vector<EntityRecord>> SelectEntities(sqlite3* db, const Principal& p,
                                                 const EntityQuery& q);
Result<EntityRecord> SelectEntity(sqlite3* db, const Principal& p, int64_t id);
// Store::ListMemoryEntities.
Result<std::vector<EntityLinkOutcome>> SelectMemoryEntities(sqlite3* db, const Principal& p,
                                                            int64_t memory_id);
Result<std::vector<EntityRelation>> SelectEntityRelations(sqlite3* db, const Principal& p,
                                                          const Instant& now, int64_t id,
                                                          int limit);
// `cache`: the statement cache of `db`, or null.
Result<GraphResult> SelectGraph(sqlite3* db, StmtCache* cache, const Principal& p,
                                const Instant& now, const GraphQuery& q);

}  // namespace engram::store::sqlite

#endif  // ENGRAM_STORE_SQLITE_ENTITY_ROWS_H_
