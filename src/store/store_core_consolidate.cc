// StoreCore's consolidation (store.h ApplyConsolidation), over WritePort.
#include <set>

#include "engram/status_macros.h"
#include "src/store/access.h"
#include "src/store/lifecycle_checks.h"
#include "src/store/store_core.h"
#include "src/store/versions.h"

namespace engram::store {
namespace {

// A memory a consolidation by ctx.principal may use: NotFound when absent or invisible (the
// admin role sees every scope here), PermissionDenied when not consolidatable, Conflict when
// forgotten or quarantined, or (with `must_be_current`) not current.
Result<Memory> LoadConsolidatable(WritePort& port, const OpContext& ctx, int64_t id,
                                  bool must_be_current) {
  ENGRAM_ASSIGN_OR_RETURN(auto m, port.GetMemory(id));
  if (!m || (!ctx.principal.HasRole("admin") && !CanSee(ctx.principal, m->scope))) {
    return Status::NotFound("store: memory " + std::to_string(id) + " not found");
  }
  ENGRAM_RETURN_IF_ERROR(CheckCanConsolidate(ctx.principal, m->scope));
  if (m->status == MemoryStatus::kDeleted || m->status == MemoryStatus::kQuarantined ||
      (must_be_current && !m->current)) {
    return Status::Conflict("store: memory " + std::to_string(id) +
                            " changed since the consolidation was planned");
  }
  return std::move(*m);
}

class Consolidation {
 public:
  Consolidation(WritePort& port, const OpContext& ctx) : port_(port), ctx_(ctx) {}

  Status Merge(const MergePlan& mp) {
    ENGRAM_ASSIGN_OR_RETURN(auto survivor, LoadConsolidatable(port_, ctx_, mp.survivor_id, true));
    const std::string key = ScopeKey(survivor.scope);
    for (int64_t dup : mp.duplicate_ids) {
      ENGRAM_ASSIGN_OR_RETURN(auto d, LoadConsolidatable(port_, ctx_, dup, true));
      if (ScopeKey(d.scope) != key) {
        return Status::InvalidArgument("consolidation plan: merge across scopes");
      }
      ENGRAM_RETURN_IF_ERROR(port_.Retire(dup, ctx_.now, std::nullopt));
      ENGRAM_RETURN_IF_ERROR(port_.LogVectorRemoval(dup));
      ENGRAM_RETURN_IF_ERROR(Link(dup, mp.survivor_id, "reinforces"));
      out_.retired.push_back(dup);
      touched_.insert(dup);
    }
    survivor.confidence.consistency = mp.consistency;
    if (!mp.survivor_metadata_json.empty()) survivor.metadata_json = mp.survivor_metadata_json;
    ENGRAM_RETURN_IF_ERROR(port_.SetConsistencyAndMetadata(survivor));
    out_.reinforced.push_back(mp.survivor_id);
    touched_.insert(mp.survivor_id);
    return Status::OK();
  }

  Status AddLink(const LinkPlan& lp) {
    ENGRAM_ASSIGN_OR_RETURN(auto a, LoadConsolidatable(port_, ctx_, lp.from_id, false));
    ENGRAM_ASSIGN_OR_RETURN(auto b, LoadConsolidatable(port_, ctx_, lp.to_id, false));
    if (ScopeKey(a.scope) != ScopeKey(b.scope)) {
      return Status::InvalidArgument("consolidation plan: link across scopes");
    }
    ENGRAM_RETURN_IF_ERROR(Link(lp.from_id, lp.to_id, lp.kind));
    touched_.insert(lp.from_id);
    touched_.insert(lp.to_id);
    return Status::OK();
  }

  Status Summarize(const SummaryPlan& sp, const std::string& embedding_model) {
    ENGRAM_RETURN_IF_ERROR(ValidateScope(sp.draft.scope));
    ENGRAM_RETURN_IF_ERROR(CheckCanConsolidate(ctx_.principal, sp.draft.scope));
    const std::string key = ScopeKey(sp.draft.scope);
    for (int64_t src : sp.sources) {
      ENGRAM_ASSIGN_OR_RETURN(auto m, LoadConsolidatable(port_, ctx_, src, false));
      if (ScopeKey(m.scope) != key) {
        return Status::InvalidArgument("consolidation plan: summary across scopes");
      }
    }
    Memory m = FirstVersion(sp.draft, sp.draft.scope, 0, ctx_.now, 0);
    if (sp.replaces != 0) {
      ENGRAM_ASSIGN_OR_RETURN(auto old, LoadConsolidatable(port_, ctx_, sp.replaces, true));
      if (old.kind != MemoryKind::kSummary || ScopeKey(old.scope) != key) {
        return Status::InvalidArgument("consolidation plan: replaces a non-summary");
      }
      ENGRAM_RETURN_IF_ERROR(SupersedeCurrent(port_, old, ctx_.now, ctx_.now, &m));
      out_.summaries_replaced.push_back(old.id);
      touched_.insert(old.id);
    }
    m.status = MemoryStatus::kActive;
    ENGRAM_RETURN_IF_ERROR(port_.InsertMemory(&m, {}));
    ENGRAM_RETURN_IF_ERROR(port_.PutVector(m.id, embedding_model, sp.embedding));
    for (int64_t src : sp.sources) {
      ENGRAM_RETURN_IF_ERROR(Link(m.id, src, "summarizes"));
      touched_.insert(src);
    }
    touched_.insert(m.id);
    out_.summaries.push_back(std::move(m));
    return Status::OK();
  }

  Status Audit() {
    return port_.AppendAudit(
        ctx_, AuditEntry{"compact", std::vector<int64_t>(touched_.begin(), touched_.end()),
                         CompactAuditDetail(out_)});
  }

  ConsolidationOutcome& outcome() { return out_; }

 private:
  Status Link(int64_t from, int64_t to, const std::string& kind) {
    MemoryLink l{from, to, kind, ctx_.now};
    bool added = false;
    ENGRAM_RETURN_IF_ERROR(port_.InsertLink(l, &added));
    if (added) out_.links_added.push_back(l);
    return Status::OK();
  }

  WritePort& port_;
  const OpContext& ctx_;
  ConsolidationOutcome out_;
  std::set<int64_t> touched_;
};

Status ConsolidateIn(WritePort& port, const OpContext& ctx, const ConsolidationPlan& plan,
                     ConsolidationOutcome* out) {
  Consolidation c(port, ctx);
  for (const MergePlan& mp : plan.merges) ENGRAM_RETURN_IF_ERROR(c.Merge(mp));
  for (const LinkPlan& lp : plan.links) ENGRAM_RETURN_IF_ERROR(c.AddLink(lp));
  for (const SummaryPlan& sp : plan.summaries) {
    ENGRAM_RETURN_IF_ERROR(c.Summarize(sp, plan.embedding_model));
  }
  ENGRAM_RETURN_IF_ERROR(c.Audit());
  *out = std::move(c.outcome());
  return Status::OK();
}

}  // namespace

Result<ConsolidationOutcome> StoreCore::ApplyConsolidation(const OpContext& ctx,
                                                           const ConsolidationPlan& plan) {
  ENGRAM_RETURN_IF_ERROR(ValidatePlanShape(plan));
  ConsolidationOutcome out;
  ENGRAM_RETURN_IF_ERROR(
      RunWrite([&](WritePort& port) { return ConsolidateIn(port, ctx, plan, &out); }));
  return out;
}

}  // namespace engram::store
