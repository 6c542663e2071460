// The SQL function that runs a MemoryFilter inside a query, so rows a recall filter rejects
// are skipped before they are read into Memory objects:
//
//   Stmt st(db, "SELECT ... FROM memory m WHERE ..." + FilterClause(6, filter));
//   BindFilter(&st, 6, filter);
//
// Without a filter (null or empty) the clause is "" and nothing is bound, so unfiltered
// queries neither call the function nor need it registered.
//
// Thread safety: the function is stateless; the filter it is given must outlive the step.
#ifndef ENGRAM_SRC_STORE_SQLITE_FILTER_FUNCTION_H_
#define ENGRAM_SRC_STORE_SQLITE_FILTER_FUNCTION_H_

#include <sqlite3.h>

#include <string>

#include "engram/status.h"
#include "src/store/memory_filter.h"
#include "src/store/sqlite/sqlite_util.h"

namespace engram::store::sqlite {

// Registers engram_filter(filter_pointer, type, kind, session_id, agent_id, metadata) on `db`.
Status RegisterFilterFunction(sqlite3* db);

// " AND engram_filter(?N, m.type, m.kind, m.session_id, m.agent_id, m.metadata)" (alias m),
// or "" when `filter` is null or empty.
std::string FilterClause(int param, const MemoryFilter* filter);

// Binds `filter` as parameter `param` when FilterClause used it.
void BindFilter(Stmt* st, int param, const MemoryFilter* filter);

}  // namespace engram::store::sqlite

#endif  // ENGRAM_SRC_STORE_SQLITE_FILTER_FUNCTION_H_
