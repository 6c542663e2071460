// The PostgreSQL + pgvector backend of Store (store.h): the store lives in one schema of a
// PostgreSQL database (docs/formats/postgres_schema.md), shared by any number of engines and
// processes; every row carries the tenant it belongs to.
//
// Thread safety: the returned store is safe to call from many threads at once; several
// stores (in several processes) may open the same database and schema.
#ifndef ENGRAM_STORE_POSTGRES_PG_STORE_H_
#define ENGRAM_STORE_POSTGRES_PG_STORE_H_

#include <memory>
#include <string>

#include "engram/result.h"
#include "src/store/store.h"

namespace engram::store {

struct PostgresOptions {
  // libpq connection string or URI ("postgres://user@host:port/db"). Required.
  std::string dsn;
  // The PostgreSQL schema holding the tables; created and migrated at open.
  // Default: "engram". REQUIRES: [a-z_][a-z0-9_]*, at most 63 bytes.
  std::string schema = "engram";
  // The tenant whose rows this store reads and writes. Default: "" (a single tenant).
  std::string tenant;
  // Connections at most. Default: 8.
  int pool_size = 8;
  // Vector searches over at most this many visible vectors are exact, larger ones use the
  // HNSW index (pg_vector.h). Default: 10000.
  int64_t vector_exact_max = 10000;
  // The key of the audit chain's MACs (store/audit_chain.h DeriveAuditKey); empty: unkeyed.
  std::string audit_key;
};

// Connects, migrates the schema (FailedPrecondition when the database's schema is newer than
// this build) and returns the store. Unavailable when the server cannot be reached.
Result<std::unique_ptr<Store>> OpenPostgresStore(const PostgresOptions& options);

}  // namespace engram::store

#endif  // ENGRAM_STORE_POSTGRES_PG_STORE_H_
