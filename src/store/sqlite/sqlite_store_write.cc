// SqliteStore's write path: Ingest, Supersede and ReplaceVector.
#include <algorithm>

#include "engram/status_macros.h"
#include "src/store/access.h"
#include "src/store/reconcile.h"
#include "src/store/sqlite/entity_rows.h"
#include "src/store/sqlite/lifecycle_rows.h"
#include "src/store/sqlite/memory_rows.h"
#include "src/store/sqlite/outbox_rows.h"
#include "src/store/sqlite/review_rows.h"
#include "src/store/sqlite/sqlite_store_internal.h"
#include "src/store/versions.h"
#include "src/store/weak_fusion.h"

namespace engram::store::sqlite_internal {

Result<IngestOutcome> SqliteStore::Ingest(const OpContext& ctx, const IngestBatch& batch) {
  ENGRAM_RETURN_IF_ERROR(ValidateIngest(ctx, batch));
  std::lock_guard lock(mu_);
  Txn txn(db_);
  ENGRAM_RETURN_IF_ERROR(txn.status());
  IngestOutcome out;
  const std::string key = ScopeKey(batch.scope);
  const NewMessage& msg = batch.message;
  Stmt ins(db_,
           "INSERT INTO message (session_id, user_id, agent_id, team_id, visibility, role, "
           "content, at_ms, at_offset, source_type, context, state, recorded_ms) "
           "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, 'done', ?12)");
  ins.Bind(1, msg.session_id).Bind(2, batch.scope.user_id).Bind(3, batch.scope.agent_id);
  ins.Bind(4, batch.scope.team_id).Bind(5, ToString(batch.scope.visibility)).Bind(6, msg.role);
  ins.Bind(7, msg.content).Bind(8, msg.at.unix_ms).Bind(9, int64_t{msg.at.offset_minutes});
  ins.Bind(10, ToString(msg.source)).Bind(11, msg.context_json).Bind(12, ctx.now.unix_ms);
  if (Status s = ins.Run(); !s.ok()) return s.WithPrefix("insert message");
  out.message_id = sqlite3_last_insert_rowid(db_);

  std::vector<std::pair<NewReview, int64_t>> raised;  // weak_candidate items, with memory ids
  std::vector<int64_t> confirmed;                     // candidate items the batch confirmed
  ENGRAM_ASSIGN_OR_RETURN(auto first_id, NextMemoryId());
  int64_t next_id = first_id;
  for (size_t index = 0; index < batch.memories.size(); ++index) {
    Memory m = FirstVersion(batch.memories[index], batch.scope, next_id, ctx.now,
                            out.message_id);
    bool outranked = false;
    if (index == 0 && batch.duplicate_of != 0) {
      Stmt dup(db_, "SELECT " + sqlite::MemoryColumns() +
                        " FROM memory m WHERE id = ?1 AND scope_key = ?2 AND current = 1 AND "
                        "status = 'active'");
      dup.Bind(1, batch.duplicate_of).Bind(2, key);
      if (dup.Step()) {
        Memory old = sqlite::ReadMemory(dup);
        store::Reinforce(m, &old);
        Stmt up(db_, "UPDATE memory SET reinforced = ?2, last_seen_ms = ?3 WHERE id = ?1");
        up.Bind(1, old.id).Bind(2, old.reinforced).Bind(3, old.last_seen->unix_ms);
        if (Status s = up.Run(); !s.ok()) return s.WithPrefix("reinforce duplicate");
        out.reinforced.push_back(old.id);
        out.memories.push_back(std::move(old));
        continue;
      }
      ENGRAM_RETURN_IF_ERROR(dup.status());
    }
    const int needed = MentionsNeeded(batch, index);
    ENGRAM_ASSIGN_OR_RETURN(auto earlier, sqlite::EarlierMentions(db_, key, m, needed));
    const bool candidate = StaysCandidate(needed, earlier);
    if (!m.attribute.empty()) {
      Stmt cur(db_, "SELECT " + sqlite::MemoryColumns() +
                        " FROM memory m WHERE scope_key = ?1 AND subject = ?2 AND "
                        "attribute = ?3 AND attribute <> '' AND current = 1");
      cur.Bind(1, key).Bind(2, m.subject).Bind(3, m.attribute);
      if (cur.Step()) {
        Memory old = sqlite::ReadMemory(cur);
        const ReconcileDecision d = Reconcile(old, m, IsCorrection(batch, index));
        if (d.action == ReconcileAction::kReinforce) {
          store::Reinforce(m, &old);
          Stmt up(db_, "UPDATE memory SET reinforced = ?2, last_seen_ms = ?3 WHERE id = ?1");
          up.Bind(1, old.id).Bind(2, old.reinforced).Bind(3, old.last_seen->unix_ms);
          if (Status s = up.Run(); !s.ok()) return s.WithPrefix("reinforce");
          ENGRAM_RETURN_IF_ERROR(
              sqlite::ConfirmCandidateReviews(db_, key, old, ctx.now, &confirmed));
          out.reinforced.push_back(old.id);
          out.memories.push_back(std::move(old));
          continue;
        }
        if (!candidate) StampDraft(d, old, ctx.now, &m);
        outranked = !candidate && d.action == ReconcileAction::kOutranked;
        if (!outranked && !candidate) {
          m.lineage_id = old.lineage_id;
          m.version = old.version + 1;
          m.supersedes = old.id;
          const Instant until = std::max(m.valid_from, old.valid_from);
          ENGRAM_RETURN_IF_ERROR(Retire(old.id, ctx.now, until));
          ENGRAM_RETURN_IF_ERROR(sqlite::CloseRelations(db_, old.id, until));
          ENGRAM_RETURN_IF_ERROR(LogVector(old.id, false));
          out.superseded.push_back(old.id);
        }
      }
      ENGRAM_RETURN_IF_ERROR(cur.status());
    }
    if (candidate) StampCandidate(ctx.now, &m, &out);
    ++next_id;
    const std::string_view said = index == 0 ? std::string_view(batch.record_said) : "";
    ENGRAM_RETURN_IF_ERROR(sqlite::InsertMemory(db_, m, key, said));
    if (candidate) raised.emplace_back(CandidateReview(m, earlier + 1, needed), m.id);
    if (m.current) {
      ENGRAM_RETURN_IF_ERROR(sqlite::ConfirmCandidateReviews(db_, key, m, ctx.now, &confirmed));
    }
    if (!batch.embeddings.empty() && m.current) {
      size_t i = out.memories.size();
      ENGRAM_RETURN_IF_ERROR(PutVector(m.id, batch.embedding_model, batch.embeddings[i]));
    }
    if (outranked) out.outranked.push_back(m.id);
    out.memories.push_back(std::move(m));
  }
  for (VaultEntry e : batch.vault) {
    e.scope_key = key;
    e.user_id = batch.scope.user_id;
    ENGRAM_RETURN_IF_ERROR(sqlite::InsertVault(db_, e, ctx.now));
  }
  for (const NewReview& r : batch.reviews) {
    int64_t memory_id = r.memory_index >= 0 && r.memory_index < static_cast<int>(
                                                                out.memories.size())
                            ? out.memories[r.memory_index].id
                            : 0;
    ENGRAM_RETURN_IF_ERROR(
        sqlite::InsertReview(db_, r, batch.scope.user_id, memory_id, out.message_id, ctx.now));
    out.reviews.push_back(sqlite3_last_insert_rowid(db_));
  }
  for (const auto& [r, memory_id] : raised) {
    ENGRAM_RETURN_IF_ERROR(
        sqlite::InsertReview(db_, r, batch.scope.user_id, memory_id, out.message_id, ctx.now));
    out.reviews.push_back(sqlite3_last_insert_rowid(db_));
  }
  ENGRAM_ASSIGN_OR_RETURN(
      auto links, sqlite::InsertEntityLinks(db_, ctx.principal, batch, out.memories, ctx.now));
  out.entity_links = std::move(links);
  ENGRAM_RETURN_IF_ERROR(sqlite::InsertRelations(db_, batch, out));
  ENGRAM_RETURN_IF_ERROR(sqlite::LinkComplements(db_, batch, key, ctx.now, &out));
  std::vector<int64_t> targets;
  for (const Memory& m : out.memories) targets.push_back(m.id);
  AuditEntry audit{"remember", targets,
                   ConfirmingAuditDetail("message_id", out.message_id, confirmed)};
  ENGRAM_RETURN_IF_ERROR(AppendLocked(ctx, audit));
  if (batch.outbox_id != 0) {
    ENGRAM_RETURN_IF_ERROR(sqlite::MarkOutboxDone(db_, batch.outbox_id, out, ctx.now));
  }
  ENGRAM_RETURN_IF_ERROR(txn.Commit());
  return out;
}

Result<Memory> SqliteStore::Supersede(const OpContext& ctx, int64_t id, const Revision& rev) {
  std::lock_guard lock(mu_);
  Txn txn(db_);
  ENGRAM_RETURN_IF_ERROR(txn.status());
  ENGRAM_ASSIGN_OR_RETURN(Memory old, LoadVisible(db_, ctx, id));
  ENGRAM_RETURN_IF_ERROR(CheckCanWrite(ctx.principal, old.scope));
  if (!old.current || old.status == MemoryStatus::kDeleted) {
    return Status::Conflict("store: memory " + std::to_string(id) + " is not current");
  }
  ENGRAM_ASSIGN_OR_RETURN(auto new_id, NextMemoryId());
  Memory m = NextVersion(old, new_id, rev, ctx.now);
  // The new version is written by the corrector (a teammate's rewrite is theirs).
  m.source.actor =
      ctx.principal.agent_id.empty() ? ctx.principal.user_id : ctx.principal.agent_id;
  ENGRAM_RETURN_IF_ERROR(Retire(old.id, ctx.now, m.valid_from));
  ENGRAM_RETURN_IF_ERROR(sqlite::CloseRelations(db_, old.id, m.valid_from));
  ENGRAM_RETURN_IF_ERROR(sqlite::InsertMemory(db_, m, ScopeKey(m.scope)));
  ENGRAM_RETURN_IF_ERROR(LogVector(old.id, false));
  ENGRAM_RETURN_IF_ERROR(sqlite::CopyEntityLinks(db_, old.id, m.id));
  if (!rev.embedding.empty()) {
    ENGRAM_RETURN_IF_ERROR(PutVector(m.id, rev.embedding_model, rev.embedding));
  }
  for (VaultEntry v : rev.vault) {
    v.scope_key = ScopeKey(m.scope);
    v.user_id = ctx.principal.user_id;
    ENGRAM_RETURN_IF_ERROR(sqlite::InsertVault(db_, v, ctx.now));
  }
  AuditEntry e{"correct", {old.id, m.id}, "{\"reason\":\"" + rev.reason + "\"}"};
  ENGRAM_RETURN_IF_ERROR(AppendLocked(ctx, e));
  ENGRAM_RETURN_IF_ERROR(txn.Commit());
  return m;
}

Status SqliteStore::ReplaceVector(const OpContext& ctx, int64_t id, const std::string& model,
                                  const std::string& vector) {
  std::lock_guard lock(mu_);
  Txn txn(db_);
  ENGRAM_RETURN_IF_ERROR(txn.status());
  ENGRAM_ASSIGN_OR_RETURN(Memory m, LoadVisible(db_, ctx, id));
  if (!m.current) return NotFound(id);
  ENGRAM_RETURN_IF_ERROR(CheckCanWrite(ctx.principal, m.scope));
  ENGRAM_RETURN_IF_ERROR(PutVector(id, model, vector));
  return txn.Commit();
}

}  // namespace engram::store::sqlite_internal
