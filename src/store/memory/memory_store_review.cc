// MemoryStoreImpl's review queue: ListReview and GetReview (ResolveReview is StoreCore's).
#include "engram/status_macros.h"
#include "src/store/access.h"
#include "src/store/memory/memory_store_internal.h"

namespace engram::store::memory_internal {

Result<std::vector<ReviewItem>> MemoryStoreImpl::ListReview(const OpContext& ctx,
                                                            bool include_resolved, int limit) {
  std::lock_guard lock(mu_);
  const std::string user = ReviewerUser(ctx.principal);
  std::vector<ReviewItem> out;
  for (const ReviewItem& r : reviews_) {
    if (static_cast<int>(out.size()) >= limit) break;
    if (r.kind.empty()) continue;  // erased with its user
    if ((user.empty() || r.user_id == user) && (include_resolved || !r.resolved_at)) {
      out.push_back(r);
    }
  }
  return out;
}

Result<ReviewItem> MemoryStoreImpl::GetReview(const OpContext& ctx, int64_t id) {
  std::lock_guard lock(mu_);
  ENGRAM_ASSIGN_OR_RETURN(auto item, FindReview(ReviewerUser(ctx.principal), id));
  return *item;
}

Result<ReviewItem*> MemoryStoreImpl::FindReview(const std::string& user, int64_t id) {
  if (id <= 0 || id > static_cast<int64_t>(reviews_.size()) || reviews_[id - 1].kind.empty() ||
      (!user.empty() && reviews_[id - 1].user_id != user)) {
    return Status::NotFound("store: review item " + std::to_string(id) + " not found");
  }
  return &reviews_[id - 1];
}

}  // namespace engram::store::memory_internal
