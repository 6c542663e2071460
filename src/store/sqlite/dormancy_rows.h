// Lifecycle updates of the memory table (access tracking, dormancy), used only by SqliteStore.
//
// Thread safety: callers hold the store's connection lock.
#ifndef ENGRAM_STORE_SQLITE_DORMANCY_ROWS_H_
#define ENGRAM_STORE_SQLITE_DORMANCY_ROWS_H_

#include <sqlite3.h>

#include <vector>

#include "engram/result.h"
#include "src/store/sqlite/sqlite_util.h"
#include "src/store/store.h"

namespace engram::store::sqlite {

// Store::TouchMemories. REQUIRES: inside a write transaction.
// `cache`: the statement cache of `db`, or null.
Status TouchRows(sqlite3* db, StmtCache* cache, const OpContext& ctx,
                 const std::vector<int64_t>& ids);

// Store::MarkDormant. REQUIRES: inside a write transaction.
Result<int64_t> MarkDormantRows(sqlite3* db, const Instant& idle_before, int limit);

// The vector partition a memory row's vector belongs in: its scope key, or the cold
// partition while it is dormant. An SQL expression over alias m.
const char* PartitionSql();

}  // namespace engram::store::sqlite

#endif  // ENGRAM_STORE_SQLITE_DORMANCY_ROWS_H_
