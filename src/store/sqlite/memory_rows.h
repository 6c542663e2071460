// Mapping between the memory table's rows and Memory values (SqliteStore internals).
#ifndef ENGRAM_STORE_SQLITE_MEMORY_ROWS_H_
#define ENGRAM_STORE_SQLITE_MEMORY_ROWS_H_

#include <string>

#include "engram/result.h"
#include "engram/types.h"
#include "src/store/sqlite/sqlite_util.h"

namespace engram::store::sqlite {

// The memory table's columns, prefixed "m.", in the order ReadMemory expects.
const std::string& MemoryColumns();
// Number of columns in MemoryColumns().
int MemoryColumnCount();

// Reads a Memory from the current row, whose first MemoryColumnCount() columns (starting at
// `first`) are MemoryColumns().
Memory ReadMemory(const Stmt& st, int first = 0);

// Inserts `m` with its id, lineage, version, supersedes and current as given, and indexes
// its content in memory_fts when it is a keyword document (store::IsKeywordDocument against
// its message's current record; the row's `keyword` column says which). A non-empty `said`
// (store::IngestBatch::record_said) is indexed instead of the content and kept in `said`.
Status InsertMemory(sqlite3* db, const Memory& m, const std::string& scope_key,
                    std::string_view said = {});

// SQL predicate on alias "m": visible to the principal whose user id is bound at ?user_param
// and whose teams (a JSON array) are bound at ?teams_param.
std::string VisibleSql(int user_param, int teams_param);

// A JSON array of strings, for binding lists through json_each().
std::string JsonStringArray(const std::vector<std::string>& items);

}  // namespace engram::store::sqlite

#endif  // ENGRAM_STORE_SQLITE_MEMORY_ROWS_H_
