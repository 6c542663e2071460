// The conditions of a ListQuery (store.h), written once for every backend: as a predicate on
// a loaded Memory (the in-memory store, and rows a SQL backend loaded) and as a SQL condition
// on the memory table (alias m; the same text runs on SQLite and PostgreSQL).
//
// A memory's listing status, as the console shows it:
//   quarantined  status quarantined (held by the guard until a review approves it)
//   outdated     a superseded version (not current) that is not quarantined
//   dormant      the current version, dormant
//   expired      the current version, active, expires_at <= now
//   current      the current version, active, not expired
// Deleted (forgotten) memories are never listed.
//
// Thread safety: stateless functions.
#ifndef ENGRAM_SRC_STORE_LIST_FILTER_H_
#define ENGRAM_SRC_STORE_LIST_FILTER_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "engram/types.h"
#include "src/store/store.h"

namespace engram::store {

// True for "" and the five status names above.
bool IsListStatus(std::string_view status);

// The listing status of `m` at `now_ms` (one of the five names; "deleted" for a forgotten one).
std::string_view ListStatusOf(const Memory& m, int64_t now_ms);

// Every condition of `q` but visibility, `after_id` and `limit`, on a loaded memory.
bool ListMatches(const ListQuery& q, const Memory& m, int64_t now_ms);

// " AND ..." over alias m for the history / status and recorded-time conditions of `q`
// (never deleted rows). Numbers are written as literals; no parameter is used. Session,
// type, kind, agent and `q.filter` are left to the caller.
std::string ListConditionSql(const ListQuery& q, int64_t now_ms);

}  // namespace engram::store

#endif  // ENGRAM_SRC_STORE_LIST_FILTER_H_
