// The review and pii_vault tables (docs/formats/sqlite_schema.md), used only by SqliteStore.
//
// Thread safety: callers hold the store's connection lock.
#ifndef ENGRAM_STORE_SQLITE_REVIEW_ROWS_H_
#define ENGRAM_STORE_SQLITE_REVIEW_ROWS_H_

#include <sqlite3.h>

#include <vector>

#include "engram/result.h"
#include "src/store/store.h"

namespace engram::store::sqlite {

// REQUIRES: inside the write transaction of the batch that raised the item.
Status InsertReview(sqlite3* db, const NewReview& review, const std::string& user_id,
                    int64_t memory_id, int64_t message_id, const Instant& now);

// `user_id` "" lists every user's items (admin).
Result<std::vector<ReviewItem>> SelectReview(sqlite3* db, const std::string& user_id,
                                             bool include_resolved, int limit);
// NotFound when absent or (with a non-empty user_id) another user's.
Result<ReviewItem> SelectReviewItem(sqlite3* db, int64_t id, const std::string& user_id);

// REQUIRES: inside a write transaction; the item is open.
Status MarkReviewResolved(sqlite3* db, int64_t id, const std::string& resolution,
                          const Instant& now);
// pii_vault rows. REQUIRES (insert): inside the batch's write transaction.
Status InsertVault(sqlite3* db, const VaultEntry& e, const Instant& now);
Result<std::vector<VaultEntry>> SelectVault(sqlite3* db, const std::vector<std::string>& scopes,
                                            const std::vector<std::string>& placeholders);

}  // namespace engram::store::sqlite

#endif  // ENGRAM_STORE_SQLITE_REVIEW_ROWS_H_
