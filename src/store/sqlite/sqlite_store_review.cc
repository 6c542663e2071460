// SqliteStore's review queue: ListReview and GetReview (ResolveReview is StoreCore's).
#include "engram/status_macros.h"
#include "src/store/access.h"
#include "src/store/sqlite/review_rows.h"
#include "src/store/sqlite/sqlite_store_internal.h"

namespace engram::store::sqlite_internal {

Result<std::vector<ReviewItem>> SqliteStore::ListReview(const OpContext& ctx, bool include_resolved,
                                                        int limit) {
  std::lock_guard lock(mu_);
  return sqlite::SelectReview(db_, ReviewerUser(ctx.principal), include_resolved, limit);
}

Result<ReviewItem> SqliteStore::GetReview(const OpContext& ctx, int64_t id) {
  std::lock_guard lock(mu_);
  return sqlite::SelectReviewItem(db_, id, ReviewerUser(ctx.principal));
}

}  // namespace engram::store::sqlite_internal
