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
Result<std::vector<int64_t>> InsertOutbox(sqlite3* db, const std::vector<OutboxDraft>& drafts,
                                          const Instant& now);
Result<std::vector<OutboxEntry>> SelectQueued(sqlite3* db, int64_t after_id, int limit);
// NotFound unless `user_id` owns it.
Result<OutboxEntry> SelectOutbox(sqlite3* db, int64_t id, const std::string& user_id);
// Marks a queued entry done or failed when `owner` holds it (store.h). Conflict
// (AlreadyExists for done) otherwise. REQUIRES: inside a write transaction for
// MarkOutboxDone.
Status MarkOutboxDone(sqlite3* db, int64_t id, const std::string& owner,
                      const IngestOutcome& outcome, const Instant& now);
Status MarkOutboxFailed(sqlite3* db, int64_t id, const std::string& owner,
                        const std::string& error, const Instant& now);
// Store::ClaimOutbox, RenewOutbox and ReleaseOutbox. REQUIRES: inside a write transaction.
Result<std::vector<OutboxEntry>> ClaimOutbox(sqlite3* db, const std::string& owner, int limit,
                                             int64_t lease_ms, const Instant& now);
Result<std::vector<int64_t>> RenewOutbox(sqlite3* db, const std::string& owner,
                                         const std::vector<int64_t>& ids, int64_t lease_ms,
                                         const Instant& now);
// Store::RewriteQueued (one statement: its own transaction).
Status RewriteQueued(sqlite3* db, int64_t id, const std::string& old_request,
                     const std::string& request);
Status ReleaseOutbox(sqlite3* db, const std::string& owner, const std::vector<int64_t>& ids);

}  // namespace engram::store::sqlite

#endif  // ENGRAM_STORE_SQLITE_OUTBOX_ROWS_H_
