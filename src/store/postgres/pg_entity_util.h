// Entity rows of the PostgreSQL store shared by pg_entity_rows.cc (the WritePort's rows and
// the directory import) and pg_store_entities.cc (the entity reads): the entity row codec,
// its visibility predicate and the array parameters. Private to src/store/postgres.
//
// Thread safety: pure functions; the connection passed in belongs to the caller's thread,
// and UpsertEntities runs inside the caller's write transaction (the writer lock held).
#ifndef ENGRAM_STORE_POSTGRES_PG_ENTITY_UTIL_H_
#define ENGRAM_STORE_POSTGRES_PG_ENTITY_UTIL_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engram/result.h"
#include "src/store/postgres/pg_conn.h"
#include "src/store/store.h"

namespace engram::store::postgres {

// The entity table's columns (alias "e"), in the order ReadEntity expects; 11 columns.
extern const char* const kEntityColumns;
constexpr int kEntityColumnCount = 11;
// The entity of row `row` whose first column is `col`.
EntityRecord ReadEntity(const PgResult& r, int row, int col = 0);

// VisibleSql (pg_rows.h) for alias "e".
std::string EntityVisibleSql(int user_param, int teams_param);

// The ids of a bigint[] in text form ("{1,2}"); malformed elements are skipped.
std::vector<int64_t> ParseIdArray(std::string_view text);

// A JSON array of strings, and its strings back (non-strings and malformed text: skipped).
std::string JsonStrings(const std::vector<std::string>& items);
std::vector<std::string> ParseJsonStrings(std::string_view text);

// Store::PutEntities without the checks and the audit record (SQLite's UpsertEntities): an
// entry with a known external id, or else a known (type, name) in its scope, updates that
// entity; any other is created.
Result<EntityImportOutcome> UpsertEntities(PgConn& conn, const std::string& tenant,
                                           const std::vector<EntityRecord>& entries,
                                           const Instant& now);

}  // namespace engram::store::postgres

#endif  // ENGRAM_STORE_POSTGRES_PG_ENTITY_UTIL_H_
