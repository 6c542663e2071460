// Migrations of the PostgreSQL store's schema (docs/formats/postgres_schema.md).
//
// One store lives in one PostgreSQL schema (a namespace of a database). Its version is the
// highest row of its `schema_migrations` table; migrations are numbered SQL scripts compiled
// into the binary, each applied in one transaction (PostgreSQL's DDL is transactional) under
// an advisory transaction lock, so that several servers opening one database at once apply
// each step once. Advisory locks are used here and nowhere else (pg_conn.h).
//
// Thread safety: the functions use only the connection passed in; concurrent calls on
// distinct connections, from distinct processes too, are safe.
#ifndef ENGRAM_STORE_POSTGRES_PG_SCHEMA_H_
#define ENGRAM_STORE_POSTGRES_PG_SCHEMA_H_

#include <string_view>

#include "engram/result.h"
#include "engram/status.h"
#include "src/store/postgres/pg_conn.h"

namespace engram::store::postgres {

// The version this build writes (the number of migrations it knows).
int LatestPgSchemaVersion();

// The version of the store in `schema`: 0 when the schema or its schema_migrations table does
// not exist. REQUIRES: no failed transaction open on `conn`.
Result<int> ReadPgSchemaVersion(PgConn& conn, std::string_view schema);

// Creates `schema` if needed and applies the missing migrations. A no-op (reads only) when
// the schema is current. Errors: InvalidArgument for a malformed schema name;
// FailedPrecondition when the database's schema version is newer than this build's (nothing
// is changed: upgrade engram), when the database encoding is not UTF8, or when the `vector`
// extension is missing and this role may not create it; server errors as PgConn::Exec.
// REQUIRES: no transaction open on `conn`.
Status MigratePgSchema(PgConn& conn, std::string_view schema);

// The DDL of migration 1 (pg_schema_v1.cc).
const char* PgSchemaV1Sql();
// Migration 2 (pg_schema_v2.cc): memory_vector.embedding filled, the 384-d HNSW index.
const char* PgSchemaV2Sql();

}  // namespace engram::store::postgres

#endif  // ENGRAM_STORE_POSTGRES_PG_SCHEMA_H_
