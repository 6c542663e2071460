// StoreCore's write procedures: Ingest and Supersede, over WritePort.
#include "src/store/store_core.h"

#include <algorithm>
#include <set>
#include <utility>

#include <nlohmann/json.hpp>

#include "engram/status_macros.h"
#include "src/store/access.h"
#include "src/store/reconcile.h"
#include "src/store/versions.h"
#include "src/store/weak_fusion.h"

namespace engram::store {
namespace {

// {"reason": reason}, escaped.
std::string ReasonDetail(const std::string& reason) {
  return nlohmann::json{{"reason", reason}}.dump();
}

// The earlier mentions (weak_fusion.h CountMention) of `draft` in scope `key`.
Result<int> EarlierMentions(WritePort& port, const std::string& key, const Memory& draft,
                            int needed) {
  if (needed <= 0) return 0;
  ENGRAM_ASSIGN_OR_RETURN(auto versions,
                          port.ListFactStatements(key, draft.subject, draft.attribute));
  std::set<int64_t> heard;
  for (const Memory& m : versions) CountMention(m, draft, &heard);
  return static_cast<int>(heard.size());
}

// "complements" links (IngestBatch::complements) between the batch's current facts and the
// scope's current fact of the same subject and the named attribute (lower id -> higher id).
Status LinkComplements(WritePort& port, const IngestBatch& batch, const std::string& key,
                       const Instant& now, IngestOutcome* out) {
  for (const auto& [index, attribute] : batch.complements) {
    if (index < 0 || index >= static_cast<int>(out->memories.size())) continue;
    const Memory& m = out->memories[index];
    if (!m.current || m.attribute.empty() || attribute.empty()) continue;
    ENGRAM_ASSIGN_OR_RETURN(auto other, port.FindCurrentFact(key, m.subject, attribute));
    if (!other) continue;
    MemoryLink link{std::min(other->id, m.id), std::max(other->id, m.id), "complements", now};
    bool added = false;
    ENGRAM_RETURN_IF_ERROR(port.InsertLink(link, &added));
    if (added) out->complements.emplace_back(link.from_id, link.to_id);
  }
  return Status::OK();
}

// One draft of the batch (memories[index]), reconciled and stored; appends to `out`.
// `raised` collects the candidates' review items, `confirmed` the items they confirmed.
Status IngestOne(WritePort& port, const OpContext& ctx, const IngestBatch& batch, size_t index,
                 IngestOutcome* out, std::vector<std::pair<NewReview, int64_t>>* raised,
                 std::vector<int64_t>* confirmed) {
  const std::string key = ScopeKey(batch.scope);
  Memory m = FirstVersion(batch.memories[index], batch.scope, 0, ctx.now, out->message_id);
  if (index == 0 && batch.duplicate_of != 0) {
    ENGRAM_ASSIGN_OR_RETURN(auto dup, port.GetMemory(batch.duplicate_of));
    if (dup && dup->current && dup->status == MemoryStatus::kActive &&
        ScopeKey(dup->scope) == key) {
      store::Reinforce(m, &*dup);
      ENGRAM_RETURN_IF_ERROR(port.SetReinforced(*dup));
      out->reinforced.push_back(dup->id);
      out->memories.push_back(std::move(*dup));
      return Status::OK();
    }
  }
  const int needed = MentionsNeeded(batch, index);
  ENGRAM_ASSIGN_OR_RETURN(int earlier, EarlierMentions(port, key, m, needed));
  const bool candidate = StaysCandidate(needed, earlier);
  bool outranked = false;
  if (!m.attribute.empty()) {
    ENGRAM_ASSIGN_OR_RETURN(auto old, port.FindCurrentFact(key, m.subject, m.attribute));
    if (old) {
      const ReconcileDecision d = Reconcile(*old, m, IsCorrection(batch, index));
      if (d.action == ReconcileAction::kReinforce) {
        store::Reinforce(m, &*old);
        ENGRAM_RETURN_IF_ERROR(port.SetReinforced(*old));
        ENGRAM_RETURN_IF_ERROR(ConfirmCandidates(port, key, *old, ctx.now, confirmed));
        out->reinforced.push_back(old->id);
        out->memories.push_back(std::move(*old));
        return Status::OK();
      }
      if (!candidate) StampDraft(d, *old, ctx.now, &m);
      outranked = !candidate && d.action == ReconcileAction::kOutranked;
      if (!outranked && !candidate) {
        const Instant until = std::max(m.valid_from, old->valid_from);
        ENGRAM_RETURN_IF_ERROR(SupersedeCurrent(port, *old, ctx.now, until, &m));
        out->superseded.push_back(old->id);
      }
    }
  }
  if (candidate) {
    m.current = false;
    m.superseded_at = ctx.now;
  }
  const std::string_view said = index == 0 ? std::string_view(batch.record_said) : "";
  ENGRAM_RETURN_IF_ERROR(port.InsertMemory(&m, said));
  if (candidate) {
    out->candidates.push_back(m.id);
    raised->emplace_back(CandidateReview(m, earlier + 1, needed), m.id);
  }
  if (m.current) ENGRAM_RETURN_IF_ERROR(ConfirmCandidates(port, key, m, ctx.now, confirmed));
  if (!batch.embeddings.empty() && m.current) {
    ENGRAM_RETURN_IF_ERROR(
        port.PutVector(m.id, batch.embedding_model, batch.embeddings[out->memories.size()]));
  }
  if (outranked) out->outranked.push_back(m.id);
  out->memories.push_back(std::move(m));
  return Status::OK();
}

Status IngestIn(WritePort& port, const OpContext& ctx, const IngestBatch& batch,
                IngestOutcome* out) {
  const std::string key = ScopeKey(batch.scope);
  ENGRAM_ASSIGN_OR_RETURN(out->message_id,
                          port.InsertMessage(batch.scope, batch.message, ctx.now));
  std::vector<std::pair<NewReview, int64_t>> raised;  // weak_candidate items, with memory ids
  std::vector<int64_t> confirmed;                     // candidate items the batch confirmed
  for (size_t index = 0; index < batch.memories.size(); ++index) {
    ENGRAM_RETURN_IF_ERROR(IngestOne(port, ctx, batch, index, out, &raised, &confirmed));
  }
  for (VaultEntry e : batch.vault) {
    e.scope_key = key;
    e.user_id = batch.scope.user_id;
    ENGRAM_RETURN_IF_ERROR(port.InsertVault(e, ctx.now));
  }
  std::vector<std::pair<NewReview, int64_t>> items;  // the batch's, then the candidates'
  for (const NewReview& r : batch.reviews) {
    const bool linked =
        r.memory_index >= 0 && r.memory_index < static_cast<int>(out->memories.size());
    items.emplace_back(r, linked ? out->memories[r.memory_index].id : 0);
  }
  items.insert(items.end(), raised.begin(), raised.end());
  for (const auto& [r, memory_id] : items) {
    ENGRAM_ASSIGN_OR_RETURN(int64_t id, port.InsertReview(r, batch.scope.user_id, memory_id,
                                                          out->message_id, ctx.now));
    out->reviews.push_back(id);
  }
  ENGRAM_ASSIGN_OR_RETURN(out->entity_links,
                          port.InsertEntityLinks(ctx.principal, batch, out->memories, ctx.now));
  ENGRAM_RETURN_IF_ERROR(port.InsertRelations(batch, *out));
  ENGRAM_RETURN_IF_ERROR(LinkComplements(port, batch, key, ctx.now, out));
  std::vector<int64_t> targets;
  for (const Memory& m : out->memories) targets.push_back(m.id);
  ENGRAM_RETURN_IF_ERROR(port.AppendAudit(
      ctx, AuditEntry{"remember", targets,
                      ConfirmingAuditDetail("message_id", out->message_id, confirmed)}));
  if (batch.outbox_id != 0) {
    ENGRAM_RETURN_IF_ERROR(
        port.MarkOutboxDone(batch.outbox_id, batch.outbox_owner, *out,
                            batch.message.context_json, ctx.now));
  }
  return Status::OK();
}

Status SupersedeIn(WritePort& port, const OpContext& ctx, int64_t id, const Revision& rev,
                   Memory* out) {
  ENGRAM_ASSIGN_OR_RETURN(auto old, port.GetMemory(id));
  if (!old || !CanSee(ctx.principal, old->scope)) {
    return Status::NotFound("store: memory " + std::to_string(id) + " not found");
  }
  ENGRAM_RETURN_IF_ERROR(CheckCanWrite(ctx.principal, old->scope));
  if (!old->current || old->status == MemoryStatus::kDeleted) {
    return Status::Conflict("store: memory " + std::to_string(id) + " is not current");
  }
  Memory m = NextVersion(*old, 0, rev, ctx.now);
  // The new version is written by the corrector (a teammate's rewrite is theirs).
  m.source.actor =
      ctx.principal.agent_id.empty() ? ctx.principal.user_id : ctx.principal.agent_id;
  ENGRAM_RETURN_IF_ERROR(SupersedeCurrent(port, *old, ctx.now, m.valid_from, &m));
  ENGRAM_RETURN_IF_ERROR(port.InsertMemory(&m, {}));
  ENGRAM_RETURN_IF_ERROR(port.CopyEntityLinks(old->id, m.id));
  ENGRAM_RETURN_IF_ERROR(port.PutVector(m.id, rev.embedding_model, rev.embedding));
  for (VaultEntry v : rev.vault) {
    v.scope_key = ScopeKey(m.scope);
    v.user_id = ctx.principal.user_id;
    ENGRAM_RETURN_IF_ERROR(port.InsertVault(v, ctx.now));
  }
  ENGRAM_RETURN_IF_ERROR(port.AppendAudit(
      ctx, AuditEntry{"correct", {old->id, m.id}, ReasonDetail(rev.reason)}));
  *out = std::move(m);
  return Status::OK();
}

}  // namespace

Status SupersedeCurrent(WritePort& port, const Memory& old, const Instant& now,
                        const Instant& until, Memory* next) {
  ENGRAM_RETURN_IF_ERROR(port.Retire(old.id, now, until));
  ENGRAM_RETURN_IF_ERROR(port.CloseRelations(old.id, until));
  ENGRAM_RETURN_IF_ERROR(port.LogVectorRemoval(old.id));
  next->lineage_id = old.lineage_id;
  next->version = old.version + 1;
  next->supersedes = old.id;
  return Status::OK();
}

Status ConfirmCandidates(WritePort& port, const std::string& scope_key, const Memory& current,
                         const Instant& now, std::vector<int64_t>* confirmed) {
  if (current.attribute.empty()) return Status::OK();
  ENGRAM_ASSIGN_OR_RETURN(auto open,
                          port.OpenCandidateReviews(scope_key, current.subject,
                                                    current.attribute));
  for (const auto& [review_id, candidate] : open) {
    if (!ConfirmsCandidate(current, candidate)) continue;
    ENGRAM_RETURN_IF_ERROR(port.ResolveReviewRow(review_id, kConfirmedResolution, now));
    confirmed->push_back(review_id);
  }
  return Status::OK();
}

Result<IngestOutcome> StoreCore::Ingest(const OpContext& ctx, const IngestBatch& batch) {
  ENGRAM_RETURN_IF_ERROR(ValidateIngest(ctx, batch));
  IngestOutcome out;
  ENGRAM_RETURN_IF_ERROR(RunWrite([&](WritePort& port) {
    out = IngestOutcome{};
    return IngestIn(port, ctx, batch, &out);
  }));
  return out;
}

Result<Memory> StoreCore::Supersede(const OpContext& ctx, int64_t id, const Revision& rev) {
  Memory out;
  ENGRAM_RETURN_IF_ERROR(
      RunWrite([&](WritePort& port) { return SupersedeIn(port, ctx, id, rev, &out); }));
  return out;
}

}  // namespace engram::store
