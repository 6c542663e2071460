// Reads of memory rows shared by PostgresStore's read paths (pg_store_read.cc) and its
// keyword channel (pg_keyword.cc). Private to src/store/postgres.
//
// Every statement names the tenant; visibility is the principal's (VisibleSql), and a
// MemoryFilter is applied here in C++ after the rows are read (no UDF in PostgreSQL).
//
// Thread safety: pure functions; the connection passed in belongs to the caller's thread.
#ifndef ENGRAM_STORE_POSTGRES_PG_READ_ROWS_H_
#define ENGRAM_STORE_POSTGRES_PG_READ_ROWS_H_

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "engram/result.h"
#include "engram/types.h"
#include "src/store/memory_filter.h"
#include "src/store/postgres/pg_conn.h"
#include "src/store/postgres/pg_rows.h"
#include "src/store/store.h"

namespace engram::store::postgres {

// Memory `id` of `tenant` when ctx.principal may see it; NotFound (MemoryNotFound)
// otherwise.
Result<Memory> LoadVisible(PgConn& conn, const std::string& tenant, const OpContext& ctx,
                           int64_t id);

// The memories among `ids` that recall may return to ctx.principal (store.h GetSearchable:
// visible, active or dormant, unexpired at ctx.now, current unless `include_history`, and
// matching `filter` when not null), by id.
Result<std::unordered_map<int64_t, Memory>> SelectSearchable(PgConn& conn,
                                                             const std::string& tenant,
                                                             const OpContext& ctx,
                                                             const std::vector<int64_t>& ids,
                                                             bool include_history,
                                                             const MemoryFilter* filter);

}  // namespace engram::store::postgres

#endif  // ENGRAM_STORE_POSTGRES_PG_READ_ROWS_H_
