// The memory_link table and the bulk statements of consolidation and erasure
// (docs/formats/sqlite_schema.md), used only by SqliteStore.
//
// Thread safety: callers hold the store's connection lock.
#ifndef ENGRAM_STORE_SQLITE_LIFECYCLE_ROWS_H_
#define ENGRAM_STORE_SQLITE_LIFECYCLE_ROWS_H_

#include <sqlite3.h>

#include <string>
#include <vector>

#include "engram/result.h"
#include "src/store/store.h"

namespace engram::store::sqlite {

// See Store::ListConsolidatable.
Result<std::vector<Memory>> SelectConsolidatable(sqlite3* db, const Principal& principal,
                                                 const Instant& now,
                                                 const ConsolidationQuery& query);

// Inserts the link unless it exists; *added tells which. REQUIRES: a write transaction.
Status InsertLink(sqlite3* db, const MemoryLink& link, bool* added);

// Store::Ingest's "complements" links (IngestBatch::complements): each current memory of
// `out` it names is linked with the current fact of its subject and the other attribute in
// scope `scope_key`; the links written are added to out->complements.
Status LinkComplements(sqlite3* db, const IngestBatch& batch, const std::string& scope_key,
                       const Instant& now, IngestOutcome* out);

// Links from or to `id`, oldest first.
Result<std::vector<MemoryLink>> SelectLinks(sqlite3* db, int64_t id);

// Deletes the rows of Store::EraseUser (everything but the audit record and the vector log
// entries, which the caller writes). REQUIRES: a write transaction.
Result<EraseOutcome> DeleteUserRows(sqlite3* db, const std::string& user_id);

// Deletes the vault rows of `placeholders` in `scope_key` that no memory of the scope still
// mentions (after a hard forget blanked the texts that did). REQUIRES: a write transaction.
Status DeleteUnreferencedVault(sqlite3* db, const std::string& scope_key,
                               const std::vector<std::string>& placeholders);

}  // namespace engram::store::sqlite

#endif  // ENGRAM_STORE_SQLITE_LIFECYCLE_ROWS_H_
