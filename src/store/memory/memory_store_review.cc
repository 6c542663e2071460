// MemoryStoreImpl's review queue: ListReview, GetReview and ResolveReview.
#include <algorithm>

#include "engram/status_macros.h"
#include "src/store/access.h"
#include "src/store/memory/memory_store_internal.h"
#include "src/store/reconcile.h"
#include "src/store/weak_fusion.h"

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
  ENGRAM_ASSIGN_OR_RETURN(auto item, FindReview(ctx, id));
  return *item;
}

Result<ReviewItem*> MemoryStoreImpl::FindReview(const OpContext& ctx, int64_t id) {
  const std::string user = ReviewerUser(ctx.principal);
  if (id <= 0 || id > static_cast<int64_t>(reviews_.size()) || reviews_[id - 1].kind.empty() ||
      (!user.empty() && reviews_[id - 1].user_id != user)) {
    return Status::NotFound("store: review item " + std::to_string(id) + " not found");
  }
  return &reviews_[id - 1];
}

Result<ReviewItem> MemoryStoreImpl::ResolveReview(const OpContext& ctx, int64_t id,
                                                  const std::string& resolution,
                                                  const std::string& vector_model,
                                                  const std::string& vector) {
  if (resolution != "approve" && resolution != "reject") {
    return Status::InvalidArgument("review: resolution must be 'approve' or 'reject'");
  }
  std::lock_guard lock(mu_);
  ENGRAM_ASSIGN_OR_RETURN(auto found, FindReview(ctx, id));
  ReviewItem& item = *found;
  if (item.resolved_at) {
    return Status::FailedPrecondition("review: item " + std::to_string(id) +
                                      " is already resolved (" + item.resolution + ")");
  }
  auto m = memories_.find(item.memory_id);
  std::vector<int64_t> targets;
  if (item.memory_id != 0) targets.push_back(item.memory_id);
  std::vector<int64_t> confirmed;
  if (item.kind == kWeakCandidateReview && m != memories_.end()) {
    Memory& c = m->second;
    if (resolution == "approve") {
      if (c.status == MemoryStatus::kDeleted || c.status == MemoryStatus::kQuarantined) {
        return Status::FailedPrecondition("review: candidate " + std::to_string(c.id) +
                                          " was forgotten; reject the item instead");
      }
      item.resolved_at = ctx.now;  // before confirming: this item is not "confirmed"
      item.resolution = resolution;
      ApproveCandidate(ctx, &c, vector_model, vector, &targets, &confirmed);
    } else if (!c.current) {
      c.status = MemoryStatus::kDeleted;
    }
  } else if (resolution == "approve" && m != memories_.end() &&
             m->second.status == MemoryStatus::kQuarantined) {
    m->second.status = MemoryStatus::kActive;
  }
  item.resolved_at = ctx.now;
  item.resolution = resolution;
  AppendLocked(ctx, {"review." + resolution, targets,
                     ConfirmingAuditDetail("review_id", id, confirmed)});
  return item;
}

void MemoryStoreImpl::ApproveCandidate(const OpContext& ctx, Memory* c,
                                       const std::string& vector_model,
                                       const std::string& vector, std::vector<int64_t>* targets,
                                       std::vector<int64_t>* confirmed) {
  if (c->current) return;
  const std::string key = ScopeKey(c->scope);
  Memory* old = nullptr;
  for (auto& [id, other] : memories_) {
    if (other.current && other.subject == c->subject && other.attribute == c->attribute &&
        ScopeKey(other.scope) == key) {
      old = &other;
      break;
    }
  }
  if (old != nullptr && SameStatement(*old, *c)) {  // already held true: reinforced
    store::Reinforce(*c, old);
    targets->push_back(old->id);
    ConfirmCandidates(key, *old, ctx.now, confirmed);
    return;
  }
  if (old != nullptr) {
    const Instant until = std::max(c->valid_from, old->valid_from);
    Retire(old, ctx.now, until);
    entities_.CloseRelations(old->id, until);
    Log(old->id, false);
    c->lineage_id = old->lineage_id;
    c->version = old->version + 1;
    c->supersedes = old->id;
    targets->push_back(old->id);
  }
  c->current = true;
  c->superseded_at.reset();
  c->valid_to.reset();
  if (!vector.empty()) PutVector(c->id, vector_model, vector);
  ConfirmCandidates(key, *c, ctx.now, confirmed);
}

void MemoryStoreImpl::ConfirmCandidates(const std::string& scope_key, const Memory& current,
                                        const Instant& now, std::vector<int64_t>* confirmed) {
  if (current.attribute.empty()) return;
  for (ReviewItem& r : reviews_) {
    if (r.kind != kWeakCandidateReview || r.resolved_at) continue;
    auto m = memories_.find(r.memory_id);
    if (m == memories_.end() || ScopeKey(m->second.scope) != scope_key ||
        !ConfirmsCandidate(current, m->second)) {
      continue;
    }
    r.resolved_at = now;
    r.resolution = kConfirmedResolution;
    confirmed->push_back(r.id);
  }
}

}  // namespace engram::store::memory_internal
