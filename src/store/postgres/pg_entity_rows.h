// Entity, relation and erasure rows of the PostgreSQL store, for its WritePort
// (pg_write_port.cc) and its entity methods (pg_store_entities.cc): the same rules as the
// SQLite backend's entity_rows.h and lifecycle_rows.h. Every function reads and writes the
// rows of `tenant` only. Private to src/store/postgres.
//
// Thread safety: the connection belongs to the caller's thread; the write functions run
// inside the caller's write transaction (the writer lock held).
#ifndef ENGRAM_STORE_POSTGRES_PG_ENTITY_ROWS_H_
#define ENGRAM_STORE_POSTGRES_PG_ENTITY_ROWS_H_

#include <string>
#include <vector>

#include "engram/result.h"
#include "src/store/postgres/pg_conn.h"
#include "src/store/store.h"

namespace engram::store::postgres {

// Store::Ingest's entity links (IngestBatch::entity_links) for the stored `memories`,
// creating new entities. InvalidArgument for a link to a memory outside the batch or to an
// entity `p` may not see.
Result<std::vector<EntityLinkOutcome>> InsertEntityLinks(PgConn& conn, const std::string& tenant,
                                                         const Principal& p,
                                                         const IngestBatch& batch,
                                                         const std::vector<Memory>& memories,
                                                         const Instant& now);
// The batch's relation rows that versions.h's WritesRelation admits.
Status InsertRelations(PgConn& conn, const std::string& tenant, const IngestBatch& batch,
                       const IngestOutcome& out);
// The open relation rows memory `memory_id` stated end at `at`.
Status CloseRelations(PgConn& conn, const std::string& tenant, int64_t memory_id,
                      const Instant& at);
// Memory `to` mentions the entities `from` mentions.
Status CopyEntityLinks(PgConn& conn, const std::string& tenant, int64_t from, int64_t to);
// A hard forget: the lineage's memory_entity and relation rows, and the extracted entities
// no link refers to any more.
Status DeleteLineageEntityLinks(PgConn& conn, const std::string& tenant, int64_t lineage_id);
// Store::EraseUser's deletions (every row of `user_id`; see SQLite's DeleteUserRows),
// reporting what went. The vector log and the audit record are the caller's.
Result<EraseOutcome> DeleteUserRows(PgConn& conn, const std::string& tenant,
                                    const std::string& user_id);

}  // namespace engram::store::postgres

#endif  // ENGRAM_STORE_POSTGRES_PG_ENTITY_ROWS_H_
