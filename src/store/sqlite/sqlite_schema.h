// The SQLite schema and its forward migrations (docs/formats/sqlite_schema.md).
// The version lives in PRAGMA user_version; migration N takes the schema from N-1 to N.
#ifndef ENGRAM_STORE_SQLITE_SQLITE_SCHEMA_H_
#define ENGRAM_STORE_SQLITE_SQLITE_SCHEMA_H_

#include <sqlite3.h>

#include <string>

#include "engram/status.h"

namespace engram::store::sqlite {

// The schema version this build writes.
int LatestSchemaVersion();

// Brings `db` to LatestSchemaVersion(), each migration in its own transaction.
// FailedPrecondition when the file was written by a newer build; Corruption when it is not
// an SQLite database. REQUIRES: the "engram" FTS5 tokenizer is registered on `db`.
Status Migrate(sqlite3* db, const std::string& path);

// Reads PRAGMA user_version.
int ReadSchemaVersion(sqlite3* db, Status* status);

}  // namespace engram::store::sqlite

#endif  // ENGRAM_STORE_SQLITE_SQLITE_SCHEMA_H_
