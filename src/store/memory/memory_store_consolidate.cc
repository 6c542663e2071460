// MemoryStoreImpl's consolidation: ListConsolidatable and ApplyConsolidation.
#include <set>

#include "engram/status_macros.h"
#include "src/store/access.h"
#include "src/store/lifecycle_checks.h"
#include "src/store/memory/memory_store_internal.h"
#include "src/store/versions.h"

namespace engram::store::memory_internal {

Result<std::vector<Memory>> MemoryStoreImpl::ListConsolidatable(const OpContext& ctx,
                                                                const ConsolidationQuery& query) {
  std::lock_guard lock(mu_);
  std::vector<Memory> out;
  for (auto it = memories_.upper_bound(query.after_id);
       it != memories_.end() && static_cast<int>(out.size()) < query.limit; ++it) {
    const Memory& m = it->second;
    if (m.status == MemoryStatus::kDeleted || m.status == MemoryStatus::kQuarantined) continue;
    if (m.expires_at && m.expires_at->unix_ms <= ctx.now.unix_ms) continue;
    bool mine = ctx.principal.HasRole("admin") ||
                (m.scope.visibility != Visibility::kPublic &&
                 CanSee(ctx.principal, m.scope) && CheckCanWrite(ctx.principal, m.scope).ok());
    if (mine) out.push_back(m);
  }
  return out;
}

Result<ConsolidationOutcome> MemoryStoreImpl::ApplyConsolidation(const OpContext& ctx,
                                                                 const ConsolidationPlan& plan) {
  ENGRAM_RETURN_IF_ERROR(ValidatePlanShape(plan));
  std::lock_guard lock(mu_);
  // Everything is checked before anything changes: the plan applies whole or not at all.
  auto load = [&](int64_t id, bool current) -> Result<Memory*> {
    auto it = memories_.find(id);
    if (it == memories_.end() ||
        (!ctx.principal.HasRole("admin") && !CanSee(ctx.principal, it->second.scope))) {
      return NotFound(id);
    }
    Memory& m = it->second;
    ENGRAM_RETURN_IF_ERROR(CheckCanConsolidate(ctx.principal, m.scope));
    if (m.status == MemoryStatus::kDeleted || m.status == MemoryStatus::kQuarantined ||
        (current && !m.current)) {
      return Status::Conflict("store: memory " + std::to_string(id) +
                              " changed since the consolidation was planned");
    }
    return &m;
  };
  for (const MergePlan& mp : plan.merges) {
    ENGRAM_ASSIGN_OR_RETURN(auto s, load(mp.survivor_id, true));
    for (int64_t dup : mp.duplicate_ids) {
      ENGRAM_ASSIGN_OR_RETURN(auto d, load(dup, true));
      if (ScopeKey(d->scope) != ScopeKey(s->scope)) {
        return Status::InvalidArgument("consolidation plan: merge across scopes");
      }
    }
  }
  for (const LinkPlan& lp : plan.links) {
    ENGRAM_ASSIGN_OR_RETURN(auto a, load(lp.from_id, false));
    ENGRAM_ASSIGN_OR_RETURN(auto b, load(lp.to_id, false));
    if (ScopeKey(a->scope) != ScopeKey(b->scope)) {
      return Status::InvalidArgument("consolidation plan: link across scopes");
    }
  }
  for (const SummaryPlan& sp : plan.summaries) {
    ENGRAM_RETURN_IF_ERROR(ValidateScope(sp.draft.scope));
    ENGRAM_RETURN_IF_ERROR(CheckCanConsolidate(ctx.principal, sp.draft.scope));
    for (int64_t src : sp.sources) {
      ENGRAM_ASSIGN_OR_RETURN(auto m, load(src, false));
      if (ScopeKey(m->scope) != ScopeKey(sp.draft.scope)) {
        return Status::InvalidArgument("consolidation plan: summary across scopes");
      }
    }
    if (sp.replaces != 0) {
      ENGRAM_ASSIGN_OR_RETURN(auto old, load(sp.replaces, true));
      if (old->kind != MemoryKind::kSummary || ScopeKey(old->scope) != ScopeKey(sp.draft.scope)) {
        return Status::InvalidArgument("consolidation plan: replaces a non-summary");
      }
    }
  }
  ConsolidationOutcome out;
  std::set<int64_t> touched;
  auto link = [&](int64_t from, int64_t to, const std::string& kind) {
    for (const MemoryLink& l : links_) {
      if (l.from_id == from && l.to_id == to && l.kind == kind) return;
    }
    links_.push_back(MemoryLink{from, to, kind, ctx.now});
    out.links_added.push_back(links_.back());
  };
  for (const MergePlan& mp : plan.merges) {
    Memory& survivor = memories_.at(mp.survivor_id);
    for (int64_t dup : mp.duplicate_ids) {
      Memory& d = memories_.at(dup);
      d.current = false;
      d.superseded_at = ctx.now;
      Log(dup, false);
      link(dup, mp.survivor_id, "reinforces");
      out.retired.push_back(dup);
      touched.insert(dup);
    }
    survivor.confidence.consistency = mp.consistency;
    if (!mp.survivor_metadata_json.empty()) survivor.metadata_json = mp.survivor_metadata_json;
    out.reinforced.push_back(mp.survivor_id);
    touched.insert(mp.survivor_id);
  }
  for (const LinkPlan& lp : plan.links) {
    link(lp.from_id, lp.to_id, lp.kind);
    touched.insert(lp.from_id);
    touched.insert(lp.to_id);
  }
  for (const SummaryPlan& sp : plan.summaries) {
    Memory m = FirstVersion(sp.draft, sp.draft.scope, next_memory_id_++, ctx.now, 0);
    if (sp.replaces != 0) {
      Memory& old = memories_.at(sp.replaces);
      m.lineage_id = old.lineage_id;
      m.version = old.version + 1;
      m.supersedes = old.id;
      Retire(&old, ctx.now, ctx.now);
      Log(old.id, false);
      out.summaries_replaced.push_back(old.id);
      touched.insert(old.id);
    }
    m.status = MemoryStatus::kActive;
    Index(m);
    memories_[m.id] = m;
    PutVector(m.id, plan.embedding_model, sp.embedding);
    for (int64_t src : sp.sources) {
      link(m.id, src, "summarizes");
      touched.insert(src);
    }
    touched.insert(m.id);
    out.summaries.push_back(std::move(m));
  }
  AppendLocked(ctx, AuditEntry{"compact", std::vector<int64_t>(touched.begin(), touched.end()),
                               CompactAuditDetail(out)});
  return out;
}

}  // namespace engram::store::memory_internal
