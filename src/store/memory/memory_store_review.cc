// MemoryStoreImpl's review queue: ListReview and ResolveReview.
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

Result<ReviewItem> MemoryStoreImpl::ResolveReview(const OpContext& ctx, int64_t id,
                                                  const std::string& resolution) {
  if (resolution != "approve" && resolution != "reject") {
    return Status::InvalidArgument("review: resolution must be 'approve' or 'reject'");
  }
  std::lock_guard lock(mu_);
  const std::string user = ReviewerUser(ctx.principal);
  if (id <= 0 || id > static_cast<int64_t>(reviews_.size()) ||
      (!user.empty() && reviews_[id - 1].user_id != user)) {
    return Status::NotFound("store: review item " + std::to_string(id) + " not found");
  }
  ReviewItem& item = reviews_[id - 1];
  if (item.resolved_at) {
    return Status::FailedPrecondition("review: item " + std::to_string(id) +
                                      " is already resolved (" + item.resolution + ")");
  }
  item.resolved_at = ctx.now;
  item.resolution = resolution;
  auto m = memories_.find(item.memory_id);
  if (resolution == "approve" && m != memories_.end() &&
      m->second.status == MemoryStatus::kQuarantined) {
    m->second.status = MemoryStatus::kActive;
  }
  std::vector<int64_t> targets;
  if (item.memory_id != 0) targets.push_back(item.memory_id);
  AppendLocked(ctx, {"review." + resolution, targets,
                     "{\"review_id\":" + std::to_string(id) + "}"});
  return item;
}

}  // namespace engram::store::memory_internal
