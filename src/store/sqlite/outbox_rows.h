// The outbox table (docs/formats/sqlite_schema.md), used only by SqliteStore.
//
// Thread safety: callers hold the store's connection lock.
#ifndef ENGRAM_STORE_SQLITE_OUTBOX_ROWS_H_
#define ENGRAM_STORE_SQLITE_OUTBOX_ROWS_H_

#include <sqlite3.h>

#include <string>
#include <utility>
#include <vector>

#include "engram/result.h"
#include "src/store/store.h"

namespace engram::store::sqlite {

// REQUIRES: inside a write transaction.
Result<std::vector<int64_t>> InsertOutbox(
    sqlite3* db, const std::vector<std::pair<std::string, std::string>>& user_and_request,
    const Instant& now);
Result<std::vector<OutboxEntry>> SelectQueued(sqlite3* db, int64_t after_id, int limit);
// NotFound unless `user_id` owns it.
Result<OutboxEntry> SelectOutbox(sqlite3* db, int64_t id, const std::string& user_id);
// Marks a queued entry done or failed. Conflict (AlreadyExists for done) when not queued.
// REQUIRES: inside a write transaction for MarkOutboxDone.
Status MarkOutboxDone(sqlite3* db, int64_t id, const IngestOutcome& outcome, const Instant& now);
Status MarkOutboxFailed(sqlite3* db, int64_t id, const std::string& error, const Instant& now);

}  // namespace engram::store::sqlite

#endif  // ENGRAM_STORE_SQLITE_OUTBOX_ROWS_H_
