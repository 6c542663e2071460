// The api_keys table (docs/formats/sqlite_schema.md), used only by SqliteStore.
//
// Thread safety: callers hold the store's connection lock.
#ifndef ENGRAM_STORE_SQLITE_API_KEY_ROWS_H_
#define ENGRAM_STORE_SQLITE_API_KEY_ROWS_H_

#include <sqlite3.h>

#include <string>
#include <vector>

#include "engram/result.h"
#include "src/store/store.h"

namespace engram::store::sqlite {

// AlreadyExists for a duplicate id.
Status InsertApiKey(sqlite3* db, const ApiKeyRecord& key);
// NotFound for an unknown id.
Result<ApiKeyRecord> SelectApiKey(sqlite3* db, const std::string& id);
Result<std::vector<ApiKeyRecord>> SelectApiKeys(sqlite3* db);
// NotFound for an unknown id; a revoked key keeps its first revocation time.
Status UpdateApiKeyRevoked(sqlite3* db, const std::string& id, const Instant& now);

}  // namespace engram::store::sqlite

#endif  // ENGRAM_STORE_SQLITE_API_KEY_ROWS_H_
