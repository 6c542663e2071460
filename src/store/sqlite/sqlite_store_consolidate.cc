// SqliteStore's consolidation: ListConsolidatable and ApplyConsolidation.
#include <set>

#include "engram/status_macros.h"
#include "src/store/access.h"
#include "src/store/lifecycle_checks.h"
#include "src/store/sqlite/lifecycle_rows.h"
#include "src/store/sqlite/memory_rows.h"
#include "src/store/sqlite/sqlite_store_internal.h"
#include "src/store/versions.h"

namespace engram::store::sqlite_internal {

Result<std::vector<Memory>> SqliteStore::ListConsolidatable(const OpContext& ctx,
                                                            const ConsolidationQuery& query) {
  std::lock_guard lock(mu_);
  return sqlite::SelectConsolidatable(db_, ctx.principal, ctx.now, query);
}

Result<ConsolidationOutcome> SqliteStore::ApplyConsolidation(const OpContext& ctx,
                                                             const ConsolidationPlan& plan) {
  ENGRAM_RETURN_IF_ERROR(ValidatePlanShape(plan));
  std::lock_guard lock(mu_);
  Txn txn(db_);
  ENGRAM_RETURN_IF_ERROR(txn.status());
  ConsolidationOutcome out;
  std::set<int64_t> touched;
  auto link = [&](int64_t from, int64_t to, const char* kind) -> Status {
    MemoryLink l{from, to, kind, ctx.now};
    bool added = false;
    ENGRAM_RETURN_IF_ERROR(sqlite::InsertLink(db_, l, &added));
    if (added) out.links_added.push_back(l);
    return Status::OK();
  };
  for (const MergePlan& mp : plan.merges) {
    ENGRAM_ASSIGN_OR_RETURN(auto survivor, LoadConsolidatable(ctx, mp.survivor_id, true));
    const std::string key = ScopeKey(survivor.scope);
    for (int64_t dup : mp.duplicate_ids) {
      ENGRAM_ASSIGN_OR_RETURN(auto d, LoadConsolidatable(ctx, dup, true));
      if (ScopeKey(d.scope) != key) {
        return Status::InvalidArgument("consolidation plan: merge across scopes");
      }
      Stmt st(db_, "UPDATE memory SET current = 0, superseded_ms = ?2 WHERE id = ?1");
      st.Bind(1, dup).Bind(2, ctx.now.unix_ms);
      if (Status s = st.Run(); !s.ok()) return s.WithPrefix("merge");
      ENGRAM_RETURN_IF_ERROR(LogVector(dup, false));
      ENGRAM_RETURN_IF_ERROR(link(dup, mp.survivor_id, "reinforces"));
      out.retired.push_back(dup);
      touched.insert(dup);
    }
    Stmt st(db_, "UPDATE memory SET conf_consistency = ?2, metadata = ?3 WHERE id = ?1");
    st.Bind(1, mp.survivor_id).Bind(2, mp.consistency);
    st.Bind(3,
            mp.survivor_metadata_json.empty() ? survivor.metadata_json : mp.survivor_metadata_json);
    if (Status s = st.Run(); !s.ok()) return s.WithPrefix("merge");
    out.reinforced.push_back(mp.survivor_id);
    touched.insert(mp.survivor_id);
  }
  for (const LinkPlan& lp : plan.links) {
    ENGRAM_ASSIGN_OR_RETURN(auto a, LoadConsolidatable(ctx, lp.from_id, false));
    ENGRAM_ASSIGN_OR_RETURN(auto b, LoadConsolidatable(ctx, lp.to_id, false));
    if (ScopeKey(a.scope) != ScopeKey(b.scope)) {
      return Status::InvalidArgument("consolidation plan: link across scopes");
    }
    ENGRAM_RETURN_IF_ERROR(link(lp.from_id, lp.to_id, lp.kind.c_str()));
    touched.insert(lp.from_id);
    touched.insert(lp.to_id);
  }
  for (const SummaryPlan& sp : plan.summaries) {
    ENGRAM_RETURN_IF_ERROR(ValidateScope(sp.draft.scope));
    ENGRAM_RETURN_IF_ERROR(CheckCanConsolidate(ctx.principal, sp.draft.scope));
    const std::string key = ScopeKey(sp.draft.scope);
    for (int64_t src : sp.sources) {
      ENGRAM_ASSIGN_OR_RETURN(auto m, LoadConsolidatable(ctx, src, false));
      if (ScopeKey(m.scope) != key) {
        return Status::InvalidArgument("consolidation plan: summary across scopes");
      }
    }
    ENGRAM_ASSIGN_OR_RETURN(auto id, NextMemoryId());
    Memory m = FirstVersion(sp.draft, sp.draft.scope, id, ctx.now, 0);
    if (sp.replaces != 0) {
      ENGRAM_ASSIGN_OR_RETURN(auto old, LoadConsolidatable(ctx, sp.replaces, true));
      if (old.kind != MemoryKind::kSummary || ScopeKey(old.scope) != key) {
        return Status::InvalidArgument("consolidation plan: replaces a non-summary");
      }
      m.lineage_id = old.lineage_id;
      m.version = old.version + 1;
      m.supersedes = old.id;
      ENGRAM_RETURN_IF_ERROR(Retire(old.id, ctx.now, ctx.now));
      ENGRAM_RETURN_IF_ERROR(LogVector(old.id, false));
      out.summaries_replaced.push_back(old.id);
      touched.insert(old.id);
    }
    m.status = MemoryStatus::kActive;
    ENGRAM_RETURN_IF_ERROR(sqlite::InsertMemory(db_, m, key));
    ENGRAM_RETURN_IF_ERROR(PutVector(m.id, plan.embedding_model, sp.embedding));
    for (int64_t src : sp.sources) {
      ENGRAM_RETURN_IF_ERROR(link(m.id, src, "summarizes"));
      touched.insert(src);
    }
    touched.insert(m.id);
    out.summaries.push_back(std::move(m));
  }
  AuditEntry e{"compact", std::vector<int64_t>(touched.begin(), touched.end()),
               CompactAuditDetail(out)};
  ENGRAM_RETURN_IF_ERROR(AppendLocked(ctx, e));
  ENGRAM_RETURN_IF_ERROR(txn.Commit());
  return out;
}

Result<Memory> SqliteStore::LoadConsolidatable(const OpContext& ctx, int64_t id,
                                               bool must_be_current) {
  Stmt st(db_, "SELECT " + sqlite::MemoryColumns() + " FROM memory m WHERE m.id = ?1");
  st.Bind(1, id);
  if (!st.Step()) return st.status().ok() ? NotFound(id) : st.status();
  Memory m = sqlite::ReadMemory(st);
  if (!ctx.principal.HasRole("admin") && !CanSee(ctx.principal, m.scope)) return NotFound(id);
  ENGRAM_RETURN_IF_ERROR(CheckCanConsolidate(ctx.principal, m.scope));
  if (m.status == MemoryStatus::kDeleted || m.status == MemoryStatus::kQuarantined ||
      (must_be_current && !m.current)) {
    return Status::Conflict("store: memory " + std::to_string(id) +
                            " changed since the consolidation was planned");
  }
  return m;
}

}  // namespace engram::store::sqlite_internal
