// StoreCore's review queue resolution (store.h ResolveReview), over WritePort.
#include <algorithm>

#include "engram/status_macros.h"
#include "src/store/access.h"
#include "src/store/reconcile.h"
#include "src/store/store_core.h"
#include "src/store/weak_fusion.h"

namespace engram::store {
namespace {

// Approving candidate `c` makes it current as a confirming mention would (store.h); appends
// the version it retired or reinforced to `targets`, the items it confirmed to `confirmed`.
Status ApproveCandidate(WritePort& port, const OpContext& ctx, Memory c,
                        const std::string& vector_model, const std::string& vector,
                        std::vector<int64_t>* targets, std::vector<int64_t>* confirmed) {
  if (c.status == MemoryStatus::kDeleted || c.status == MemoryStatus::kQuarantined) {
    return Status::FailedPrecondition("review: candidate " + std::to_string(c.id) +
                                      " was forgotten; reject the item instead");
  }
  if (c.current) return Status::OK();
  const std::string key = ScopeKey(c.scope);
  ENGRAM_ASSIGN_OR_RETURN(auto old, port.FindCurrentFact(key, c.subject, c.attribute));
  if (old && SameStatement(*old, c)) {  // already held true: the approval reinforces it
    store::Reinforce(c, &*old);
    ENGRAM_RETURN_IF_ERROR(port.SetReinforced(*old));
    targets->push_back(old->id);
    return ConfirmCandidates(port, key, *old, ctx.now, confirmed);
  }
  if (old) {
    const Instant until = std::max(c.valid_from, old->valid_from);
    ENGRAM_RETURN_IF_ERROR(SupersedeCurrent(port, *old, ctx.now, until, &c));
    targets->push_back(old->id);
  }
  c.current = true;
  c.superseded_at.reset();
  c.valid_to.reset();
  ENGRAM_RETURN_IF_ERROR(port.Promote(c));
  ENGRAM_RETURN_IF_ERROR(port.PutVector(c.id, vector_model, vector));
  return ConfirmCandidates(port, key, c, ctx.now, confirmed);
}

Status ResolveIn(WritePort& port, const OpContext& ctx, int64_t id,
                 const std::string& resolution, const std::string& vector_model,
                 const std::string& vector, ReviewItem* out) {
  ENGRAM_ASSIGN_OR_RETURN(ReviewItem item, port.GetReview(id, ReviewerUser(ctx.principal)));
  if (item.resolved_at) {
    return Status::FailedPrecondition("review: item " + std::to_string(id) +
                                      " is already resolved (" + item.resolution + ")");
  }
  // Before a candidate's approval confirms other items: this one is not "confirmed".
  ENGRAM_RETURN_IF_ERROR(port.ResolveReviewRow(id, resolution, ctx.now));
  std::vector<int64_t> targets;
  if (item.memory_id != 0) targets.push_back(item.memory_id);
  std::vector<int64_t> confirmed;
  std::optional<Memory> m;
  if (item.memory_id != 0) {
    ENGRAM_ASSIGN_OR_RETURN(m, port.GetMemory(item.memory_id));
  }
  if (m && item.kind == kWeakCandidateReview) {
    if (resolution == "approve") {
      ENGRAM_RETURN_IF_ERROR(
          ApproveCandidate(port, ctx, *m, vector_model, vector, &targets, &confirmed));
    } else if (!m->current) {  // rejected: it no longer counts as a mention
      ENGRAM_RETURN_IF_ERROR(port.SetStatus(m->id, MemoryStatus::kDeleted));
    }
  } else if (m && resolution == "approve" && m->status == MemoryStatus::kQuarantined) {
    ENGRAM_RETURN_IF_ERROR(port.SetStatus(m->id, MemoryStatus::kActive));
  }
  ENGRAM_RETURN_IF_ERROR(port.AppendAudit(
      ctx, AuditEntry{"review." + resolution, targets,
                      ConfirmingAuditDetail("review_id", id, confirmed)}));
  item.resolved_at = ctx.now;
  item.resolution = resolution;
  *out = std::move(item);
  return Status::OK();
}

}  // namespace

Result<ReviewItem> StoreCore::ResolveReview(const OpContext& ctx, int64_t id,
                                            const std::string& resolution,
                                            const std::string& vector_model,
                                            const std::string& vector) {
  if (resolution != "approve" && resolution != "reject") {
    return Status::InvalidArgument("review: resolution must be 'approve' or 'reject'");
  }
  ReviewItem out;
  ENGRAM_RETURN_IF_ERROR(RunWrite([&](WritePort& port) {
    return ResolveIn(port, ctx, id, resolution, vector_model, vector, &out);
  }));
  return out;
}

}  // namespace engram::store
