// SqliteStore's review queue: ListReview and ResolveReview.
#include "src/store/access.h"
#include "src/store/sqlite/review_rows.h"
#include "src/store/sqlite/sqlite_store_internal.h"

namespace engram::store::sqlite_internal {

Result<std::vector<ReviewItem>> SqliteStore::ListReview(const OpContext& ctx, bool include_resolved,
                                                        int limit) {
  std::lock_guard lock(mu_);
  return sqlite::SelectReview(db_, ReviewerUser(ctx.principal), include_resolved, limit);
}

Result<ReviewItem> SqliteStore::ResolveReview(const OpContext& ctx, int64_t id,
                                              const std::string& resolution) {
  if (resolution != "approve" && resolution != "reject") {
    return Status::InvalidArgument("review: resolution must be 'approve' or 'reject'");
  }
  std::lock_guard lock(mu_);
  Txn txn(db_);
  if (!txn.status().ok()) return txn.status();
  auto item = sqlite::SelectReviewItem(db_, id, ReviewerUser(ctx.principal));
  if (!item.ok()) return item.status();
  if (item->resolved_at) {
    return Status::FailedPrecondition("review: item " + std::to_string(id) +
                                      " is already resolved (" + item->resolution + ")");
  }
  if (Status s = sqlite::MarkReviewResolved(db_, id, resolution, ctx.now); !s.ok()) return s;
  if (resolution == "approve" && item->memory_id != 0) {
    if (Status s = sqlite::ReleaseQuarantine(db_, item->memory_id); !s.ok()) return s;
  }
  std::vector<int64_t> targets;
  if (item->memory_id != 0) targets.push_back(item->memory_id);
  AuditEntry e{"review." + resolution, targets,
               "{\"review_id\":" + std::to_string(id) + "}"};
  if (Status s = AppendLocked(ctx, e); !s.ok()) return s;
  if (Status s = txn.Commit(); !s.ok()) return s;
  item->resolved_at = ctx.now;
  item->resolution = resolution;
  return item;
}

}  // namespace engram::store::sqlite_internal
