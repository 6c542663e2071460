// MemoryStoreImpl's write path: Ingest, Supersede and ReplaceVector.
#include <algorithm>

#include "engram/status_macros.h"
#include "src/store/access.h"
#include "src/store/memory/memory_links.h"
#include "src/store/memory/memory_store_internal.h"
#include "src/store/reconcile.h"
#include "src/store/versions.h"
#include "src/store/weak_fusion.h"

namespace engram::store::memory_internal {

Result<IngestOutcome> MemoryStoreImpl::Ingest(const OpContext& ctx, const IngestBatch& batch) {
  ENGRAM_RETURN_IF_ERROR(ValidateIngest(ctx, batch));
  std::lock_guard lock(mu_);
  if (batch.outbox_id != 0) {
    ENGRAM_RETURN_IF_ERROR(side_.CheckQueued(batch.outbox_id));
  }
  for (const EntityLinkDraft& d : batch.entity_links) {  // checked before anything changes
    if (d.memory_index < 0 || d.memory_index >= static_cast<int>(batch.memories.size())) {
      return Status::InvalidArgument("ingest: entity link to memory " +
                                     std::to_string(d.memory_index) + " of the batch");
    }
    if (d.entity_id != 0) {
      if (auto e = entities_.Get(ctx.principal, d.entity_id); !e.ok()) {
        return Status::InvalidArgument("ingest: entity " + std::to_string(d.entity_id) +
                                       " is not visible");
      }
    }
  }
  IngestOutcome out;
  out.message_id = static_cast<int64_t>(messages_.size()) + 1;
  messages_.push_back(MessageRow{batch.scope, batch.message, ctx.now.unix_ms});
  std::string key = ScopeKey(batch.scope);
  std::vector<std::pair<NewReview, int64_t>> raised;  // weak_candidate items, with memory ids
  std::vector<int64_t> confirmed;                     // candidate items the batch confirmed
  for (size_t index = 0; index < batch.memories.size(); ++index) {
    Memory m = FirstVersion(batch.memories[index], batch.scope, next_memory_id_, ctx.now,
                            out.message_id);
    bool outranked = false;
    bool reinforced = false;
    if (index == 0 && batch.duplicate_of != 0) {
      auto dup = memories_.find(batch.duplicate_of);
      if (dup != memories_.end() && dup->second.current &&
          dup->second.status == MemoryStatus::kActive && ScopeKey(dup->second.scope) == key) {
        store::Reinforce(m, &dup->second);
        out.reinforced.push_back(dup->second.id);
        out.memories.push_back(dup->second);
        continue;
      }
    }
    const int needed = MentionsNeeded(batch, index);
    const int earlier = EarlierMentions(memories_, key, m, needed);
    const bool candidate = StaysCandidate(needed, earlier);
    if (!m.attribute.empty()) {
      for (auto& [id, old] : memories_) {
        if (!old.current || old.attribute != m.attribute || old.subject != m.subject ||
            ScopeKey(old.scope) != key) {
          continue;
        }
        const ReconcileDecision d = Reconcile(old, m, IsCorrection(batch, index));
        if (d.action == ReconcileAction::kReinforce) {
          store::Reinforce(m, &old);
          ConfirmCandidates(key, old, ctx.now, &confirmed);
          out.reinforced.push_back(old.id);
          out.memories.push_back(old);
          reinforced = true;
          break;
        }
        if (candidate) break;
        StampDraft(d, old, ctx.now, &m);
        outranked = d.action == ReconcileAction::kOutranked;
        if (!outranked) {
          Retire(&old, ctx.now, std::max(m.valid_from, old.valid_from));
          entities_.CloseRelations(old.id, ctx.now);
          Log(old.id, false);
          m.lineage_id = old.lineage_id;
          m.version = old.version + 1;
          m.supersedes = old.id;
          out.superseded.push_back(old.id);
        }
        break;
      }
    }
    if (reinforced) continue;
    if (candidate) StampCandidate(ctx.now, &m, &out);
    ++next_memory_id_;
    Index(m, index == 0 ? std::string_view(batch.record_said) : "");
    memories_[m.id] = m;
    if (candidate) raised.emplace_back(CandidateReview(m, earlier + 1, needed), m.id);
    if (m.current) ConfirmCandidates(key, m, ctx.now, &confirmed);
    if (!batch.embeddings.empty() && m.current) {
      PutVector(m.id, batch.embedding_model, batch.embeddings[out.memories.size()]);
    }
    if (outranked) out.outranked.push_back(m.id);
    out.memories.push_back(m);
  }
  auto links = entities_.Link(ctx.principal, batch, out.memories, ctx.now);
  if (links.ok()) out.entity_links = std::move(links).value();
  entities_.AddRelations(batch, out);
  LinkComplements(batch, key, memories_, ctx.now, &links_, &out);
  std::vector<int64_t> targets;
  for (const Memory& m : out.memories) targets.push_back(m.id);
  for (VaultEntry e : batch.vault) {
    e.scope_key = ScopeKey(batch.scope);
    e.user_id = batch.scope.user_id;
    vault_.emplace(std::make_pair(e.scope_key, e.placeholder), e);  // first sealing wins
  }
  std::vector<std::pair<NewReview, int64_t>> items;  // the batch's, then the candidates'
  for (const NewReview& r : batch.reviews) {
    bool linked = r.memory_index >= 0 && r.memory_index < static_cast<int>(out.memories.size());
    items.emplace_back(r, linked ? out.memories[r.memory_index].id : 0);
  }
  items.insert(items.end(), raised.begin(), raised.end());
  for (const auto& [r, memory_id] : items) {
    ReviewItem item;
    item.id = static_cast<int64_t>(reviews_.size()) + 1;
    item.kind = r.kind;
    item.user_id = batch.scope.user_id;
    item.memory_id = memory_id;
    item.message_id = out.message_id;
    item.reason = r.reason;
    item.payload_json = r.payload_json;
    item.created_at = ctx.now;
    out.reviews.push_back(item.id);
    reviews_.push_back(std::move(item));
  }
  AppendLocked(ctx, AuditEntry{"remember", targets,
                               ConfirmingAuditDetail("message_id", out.message_id, confirmed)});
  if (batch.outbox_id != 0) side_.MarkDone(batch.outbox_id, out, batch.message.context_json);
  return out;
}

Result<Memory> MemoryStoreImpl::Supersede(const OpContext& ctx, int64_t id, const Revision& rev) {
  std::lock_guard lock(mu_);
  auto it = memories_.find(id);
  if (it == memories_.end() || !CanSee(ctx.principal, it->second.scope)) return NotFound(id);
  Memory& old = it->second;
  ENGRAM_RETURN_IF_ERROR(CheckCanWrite(ctx.principal, old.scope));
  if (!old.current || old.status == MemoryStatus::kDeleted) {
    return Status::Conflict("store: memory " + std::to_string(id) + " is not current");
  }
  Memory m = NextVersion(old, next_memory_id_++, rev, ctx.now);
  // The new version is written by the corrector (a teammate's rewrite is theirs).
  m.source.actor =
      ctx.principal.agent_id.empty() ? ctx.principal.user_id : ctx.principal.agent_id;
  Retire(&old, ctx.now, m.valid_from);
  entities_.CloseRelations(old.id, m.valid_from);
  Log(old.id, false);
  Index(m);
  memories_[m.id] = m;
  entities_.CopyLinks(old.id, m.id);
  if (!rev.embedding.empty()) PutVector(m.id, rev.embedding_model, rev.embedding);
  for (VaultEntry v : rev.vault) {
    v.scope_key = ScopeKey(m.scope);
    v.user_id = ctx.principal.user_id;
    vault_.emplace(std::make_pair(v.scope_key, v.placeholder), v);
  }
  AppendLocked(ctx, AuditEntry{"correct", {old.id, m.id},
                               "{\"reason\":\"" + rev.reason + "\"}"});
  return m;
}

Status MemoryStoreImpl::ReplaceVector(const OpContext& ctx, int64_t id, const std::string& model,
                                      const std::string& vector) {
  std::lock_guard lock(mu_);
  auto it = memories_.find(id);
  if (it == memories_.end() || !CanSee(ctx.principal, it->second.scope) ||
      !it->second.current) {
    return NotFound(id);
  }
  ENGRAM_RETURN_IF_ERROR(CheckCanWrite(ctx.principal, it->second.scope));
  PutVector(id, model, vector);
  return Status::OK();
}

}  // namespace engram::store::memory_internal
