// Rows of the PostgreSQL store shared by its files: the memory row codec and the SQL
// fragments every query of a memory repeats (tenant, visibility, searchability). Private to
// src/store/postgres.
//
// Conventions: every statement names the tenant ($1 is the tenant id unless a function says
// otherwise); memory columns are read through MemoryColumns() (alias "m") and ReadMemory.
//
// Thread safety: pure functions; the connection passed in belongs to the caller's thread.
#ifndef ENGRAM_STORE_POSTGRES_PG_ROWS_H_
#define ENGRAM_STORE_POSTGRES_PG_ROWS_H_

#include <string>
#include <string_view>
#include <vector>

#include "engram/result.h"
#include "engram/types.h"
#include "src/store/postgres/pg_conn.h"
#include "src/store/store.h"

namespace engram::store::postgres {

// The memory table's columns, prefixed "m.", in the order ReadMemory expects.
const std::string& MemoryColumns();
int MemoryColumnCount();
// The memory of row `row` whose first column is `col`.
Memory ReadMemory(const PgResult& r, int row, int col = 0);
// Every row of `r` as memories (columns from `col`).
std::vector<Memory> ReadMemories(const PgResult& r, int col = 0);

// Inserts `m` as a new memory row of `tenant`. Allocates m->id from the table's identity
// and, when m->lineage_id is 0, makes it the lineage's first. `said`: the record's keyword
// document (IngestBatch::record_said) or empty. The row is a keyword document when
// store::IsKeywordDocument says so (the current record of its message is read for that).
Status InsertMemoryRow(PgConn& conn, const std::string& tenant, Memory* m,
                       std::string_view said);

// A text[] literal ('{"a","b"}') for a parameter cast to text[].
std::string TextArray(const std::vector<std::string>& items);
// A bigint[] literal ('{1,2,3}') for a parameter cast to bigint[].
std::string IdArray(const std::vector<int64_t>& ids);

// SQL predicate on alias "m": visible to the principal whose user id is parameter $user and
// whose teams (TextArray) are parameter $teams.
std::string VisibleSql(int user_param, int teams_param);

// SQL predicate on alias "m": what recall may return (store.h SearchKeyword): neither deleted
// nor quarantined, unexpired at parameter $now (ms), current unless parameter $history
// (boolean) is true.
std::string SearchableSql(int now_param, int history_param);

// The principal's user id and TextArray of teams, for VisibleSql's parameters.
inline PgParam UserParam(const Principal& p) { return PgParam(p.user_id); }
inline PgParam TeamsParam(const Principal& p) { return PgParam(TextArray(p.teams)); }

// NotFound for memory `id`, worded as the other backends word it.
Status MemoryNotFound(int64_t id);

}  // namespace engram::store::postgres

#endif  // ENGRAM_STORE_POSTGRES_PG_ROWS_H_
