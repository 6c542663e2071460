// SqliteStore's review queue: ListReview, GetReview and ResolveReview.
#include <algorithm>

#include "engram/status_macros.h"
#include "src/store/access.h"
#include "src/store/reconcile.h"
#include "src/store/sqlite/entity_rows.h"
#include "src/store/sqlite/memory_rows.h"
#include "src/store/sqlite/review_rows.h"
#include "src/store/sqlite/sqlite_store_internal.h"
#include "src/store/weak_fusion.h"

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

Result<ReviewItem> SqliteStore::ResolveReview(const OpContext& ctx, int64_t id,
                                              const std::string& resolution,
                                              const std::string& vector_model,
                                              const std::string& vector) {
  if (resolution != "approve" && resolution != "reject") {
    return Status::InvalidArgument("review: resolution must be 'approve' or 'reject'");
  }
  std::lock_guard lock(mu_);
  Txn txn(db_);
  ENGRAM_RETURN_IF_ERROR(txn.status());
  auto item = sqlite::SelectReviewItem(db_, id, ReviewerUser(ctx.principal));
  ENGRAM_RETURN_IF_ERROR(item.status());
  if (item->resolved_at) {
    return Status::FailedPrecondition("review: item " + std::to_string(id) +
                                      " is already resolved (" + item->resolution + ")");
  }
  ENGRAM_RETURN_IF_ERROR(sqlite::MarkReviewResolved(db_, id, resolution, ctx.now));
  std::vector<int64_t> targets;
  if (item->memory_id != 0) targets.push_back(item->memory_id);
  std::vector<int64_t> confirmed;
  if (item->kind == kWeakCandidateReview && item->memory_id != 0) {
    ENGRAM_RETURN_IF_ERROR(
        resolution == "approve"
            ? ApproveCandidate(ctx, item->memory_id, vector_model, vector, &targets, &confirmed)
            : RejectCandidate(item->memory_id));
  } else if (resolution == "approve" && item->memory_id != 0) {
    ENGRAM_RETURN_IF_ERROR(sqlite::ReleaseQuarantine(db_, item->memory_id));
  }
  AuditEntry e{"review." + resolution, targets,
               ConfirmingAuditDetail("review_id", id, confirmed)};
  ENGRAM_RETURN_IF_ERROR(AppendLocked(ctx, e));
  ENGRAM_RETURN_IF_ERROR(txn.Commit());
  item->resolved_at = ctx.now;
  item->resolution = resolution;
  return item;
}

Status SqliteStore::ApproveCandidate(const OpContext& ctx, int64_t memory_id,
                                     const std::string& vector_model, const std::string& vector,
                                     std::vector<int64_t>* targets,
                                     std::vector<int64_t>* confirmed) {
  Stmt get(db_, "SELECT " + sqlite::MemoryColumns() + " FROM memory m WHERE m.id = ?1");
  get.Bind(1, memory_id);
  if (!get.Step()) return get.status().ok() ? NotFound(memory_id) : get.status();
  Memory c = sqlite::ReadMemory(get);
  get.Reset();
  if (c.status == MemoryStatus::kDeleted || c.status == MemoryStatus::kQuarantined) {
    return Status::FailedPrecondition("review: candidate " + std::to_string(c.id) +
                                      " was forgotten; reject the item instead");
  }
  if (c.current) return Status::OK();
  const std::string key = ScopeKey(c.scope);
  std::optional<Memory> old;
  {
    Stmt cur(db_, "SELECT " + sqlite::MemoryColumns() +
                      " FROM memory m WHERE scope_key = ?1 AND subject = ?2 AND "
                      "attribute = ?3 AND attribute <> '' AND current = 1");
    cur.Bind(1, key).Bind(2, c.subject).Bind(3, c.attribute);
    if (cur.Step()) old = sqlite::ReadMemory(cur);
    ENGRAM_RETURN_IF_ERROR(cur.status());
  }
  if (old && SameStatement(*old, c)) {  // already held true: the approval reinforces it
    store::Reinforce(c, &*old);
    Stmt up(db_, "UPDATE memory SET reinforced = ?2, last_seen_ms = ?3 WHERE id = ?1");
    up.Bind(1, old->id).Bind(2, old->reinforced).Bind(3, old->last_seen->unix_ms);
    if (Status s = up.Run(); !s.ok()) return s.WithPrefix("reinforce");
    targets->push_back(old->id);
    return sqlite::ConfirmCandidateReviews(db_, key, *old, ctx.now, confirmed);
  }
  if (old) {
    const Instant until = std::max(c.valid_from, old->valid_from);
    ENGRAM_RETURN_IF_ERROR(Retire(old->id, ctx.now, until));
    ENGRAM_RETURN_IF_ERROR(sqlite::CloseRelations(db_, old->id, until));
    ENGRAM_RETURN_IF_ERROR(LogVector(old->id, false));
    c.lineage_id = old->lineage_id;
    c.version = old->version + 1;
    c.supersedes = old->id;
    targets->push_back(old->id);
  }
  Stmt up(db_,
          "UPDATE memory SET current = 1, superseded_ms = NULL, valid_to_ms = NULL, "
          "lineage_id = ?2, version = ?3, supersedes = ?4 WHERE id = ?1");
  up.Bind(1, c.id).Bind(2, c.lineage_id).Bind(3, int64_t{c.version});
  if (c.supersedes != 0) {
    up.Bind(4, c.supersedes);
  } else {
    up.BindNull(4);
  }
  if (Status s = up.Run(); !s.ok()) return s.WithPrefix("approve candidate");
  Stmt rel(db_, "UPDATE relation SET version = ?2 WHERE memory_id = ?1");
  rel.Bind(1, c.id).Bind(2, int64_t{c.version});
  if (Status s = rel.Run(); !s.ok()) return s.WithPrefix("approve candidate");
  ENGRAM_RETURN_IF_ERROR(PutVector(c.id, vector_model, vector));
  c.current = true;
  return sqlite::ConfirmCandidateReviews(db_, key, c, ctx.now, confirmed);
}

Status SqliteStore::RejectCandidate(int64_t memory_id) {
  Stmt st(db_, "UPDATE memory SET status = 'deleted' WHERE id = ?1 AND current = 0");
  st.Bind(1, memory_id);
  return st.Run().WithPrefix("reject candidate");
}

}  // namespace engram::store::sqlite_internal
