// SqliteStore's write path: the WritePort the shared procedures (store_core.h) run over,
// RunWrite, and ReplaceVector.
#include <algorithm>

#include "engram/status_macros.h"
#include "src/store/access.h"
#include "src/store/sqlite/entity_rows.h"
#include "src/store/sqlite/lifecycle_rows.h"
#include "src/store/sqlite/memory_rows.h"
#include "src/store/sqlite/outbox_rows.h"
#include "src/store/sqlite/review_rows.h"
#include "src/store/sqlite/sqlite_store_internal.h"
#include "src/store/weak_fusion.h"

namespace engram::store::sqlite_internal {

// The rows of the writer connection, inside the write transaction RunWrite opened.
// REQUIRES: the store's mu_ held for the port's lifetime.
class SqliteWritePort final : public WritePort {
 public:
  explicit SqliteWritePort(SqliteStore* store) : store_(store), db_(store->db_) {}

  Result<int64_t> InsertMessage(const Scope& scope, const NewMessage& msg,
                                const Instant& recorded) override {
    Stmt ins(db_,
             "INSERT INTO message (session_id, user_id, agent_id, team_id, visibility, role, "
             "content, at_ms, at_offset, source_type, context, state, recorded_ms) "
             "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, 'done', ?12)");
    ins.Bind(1, msg.session_id).Bind(2, scope.user_id).Bind(3, scope.agent_id);
    ins.Bind(4, scope.team_id).Bind(5, ToString(scope.visibility)).Bind(6, msg.role);
    ins.Bind(7, msg.content).Bind(8, msg.at.unix_ms).Bind(9, int64_t{msg.at.offset_minutes});
    ins.Bind(10, ToString(msg.source)).Bind(11, msg.context_json).Bind(12, recorded.unix_ms);
    if (Status s = ins.Run(); !s.ok()) return s.WithPrefix("insert message");
    return sqlite3_last_insert_rowid(db_);
  }

  Result<std::optional<Memory>> GetMemory(int64_t id) override {
    Stmt st(db_, "SELECT " + sqlite::MemoryColumns() + " FROM memory m WHERE m.id = ?1");
    st.Bind(1, id);
    return One(st);
  }

  Result<std::optional<Memory>> FindCurrentFact(const std::string& scope_key,
                                                const std::string& subject,
                                                const std::string& attribute) override {
    // "attribute <> ''" lets SQLite use the partial index memory_one_current_fact.
    Stmt st(db_, "SELECT " + sqlite::MemoryColumns() +
                     " FROM memory m WHERE scope_key = ?1 AND subject = ?2 AND "
                     "attribute = ?3 AND attribute <> '' AND current = 1");
    st.Bind(1, scope_key).Bind(2, subject).Bind(3, attribute);
    return One(st);
  }

  Result<std::vector<Memory>> ListFactStatements(const std::string& scope_key,
                                                 const std::string& subject,
                                                 const std::string& attribute) override {
    Stmt st(db_, "SELECT " + sqlite::MemoryColumns() +
                     " FROM memory m WHERE scope_key = ?1 AND subject = ?2 AND attribute = ?3 "
                     "AND attribute <> '' AND status IN ('active', 'dormant')");
    st.Bind(1, scope_key).Bind(2, subject).Bind(3, attribute);
    std::vector<Memory> out;
    while (st.Step()) out.push_back(sqlite::ReadMemory(st));
    if (!st.status().ok()) return st.status().WithPrefix("fact statements");
    return out;
  }

  Status InsertMemory(Memory* m, std::string_view said) override {
    ENGRAM_ASSIGN_OR_RETURN(m->id, store_->NextMemoryId());
    if (m->lineage_id == 0) m->lineage_id = m->id;
    return sqlite::InsertMemory(db_, *m, ScopeKey(m->scope), said);
  }

  Status SetReinforced(const Memory& m) override {
    Stmt up(db_, "UPDATE memory SET reinforced = ?2, last_seen_ms = ?3 WHERE id = ?1");
    up.Bind(1, m.id).Bind(2, m.reinforced);
    if (m.last_seen) {
      up.Bind(3, m.last_seen->unix_ms);
    } else {
      up.BindNull(3);
    }
    return up.Run().WithPrefix("reinforce");
  }

  Status Retire(int64_t id, const Instant& now,
                const std::optional<Instant>& valid_to) override {
    if (valid_to) return store_->Retire(id, now, *valid_to);
    Stmt st(db_, "UPDATE memory SET current = 0, superseded_ms = ?2 WHERE id = ?1");
    st.Bind(1, id).Bind(2, now.unix_ms);
    return st.Run().WithPrefix("retire");
  }

  Status Promote(const Memory& c) override {
    Stmt up(db_,
            "UPDATE memory SET current = 1, superseded_ms = NULL, valid_to_ms = NULL, "
            "lineage_id = ?2, version = ?3, supersedes = ?4 WHERE id = ?1");
    up.Bind(1, c.id).Bind(2, c.lineage_id).Bind(3, int64_t{c.version});
    if (c.supersedes != 0) {
      up.Bind(4, c.supersedes);
    } else {
      up.BindNull(4);
    }
    if (Status s = up.Run(); !s.ok()) return s.WithPrefix("promote candidate");
    Stmt rel(db_, "UPDATE relation SET version = ?2 WHERE memory_id = ?1");
    rel.Bind(1, c.id).Bind(2, int64_t{c.version});
    return rel.Run().WithPrefix("promote candidate");
  }

  Status SetStatus(int64_t id, MemoryStatus status) override {
    Stmt st(db_, "UPDATE memory SET status = ?2 WHERE id = ?1");
    st.Bind(1, id).Bind(2, std::string(ToString(status)));
    return st.Run().WithPrefix("memory status");
  }

  Status SetConsistencyAndMetadata(const Memory& m) override {
    Stmt st(db_, "UPDATE memory SET conf_consistency = ?2, metadata = ?3 WHERE id = ?1");
    st.Bind(1, m.id).Bind(2, m.confidence.consistency).Bind(3, m.metadata_json);
    return st.Run().WithPrefix("merge");
  }

  Result<std::vector<Memory>> ListLineage(int64_t lineage_id) override {
    Stmt st(db_, "SELECT " + sqlite::MemoryColumns() +
                     " FROM memory m WHERE lineage_id = ?1 ORDER BY version");
    st.Bind(1, lineage_id);
    std::vector<Memory> out;
    while (st.Step()) out.push_back(sqlite::ReadMemory(st));
    if (!st.status().ok()) return st.status().WithPrefix("lineage");
    return out;
  }

  Status EraseContent(const std::vector<Memory>& versions) override {
    if (versions.empty()) return Status::OK();
    const int64_t lineage = versions.front().lineage_id;
    const char* kErase[] = {
        "INSERT INTO memory_fts(memory_fts, rowid, content) SELECT 'delete', id, "
        "COALESCE(said, content) FROM memory WHERE lineage_id = ?1 AND content <> '' "
        "AND keyword = 1",
        "UPDATE message SET content = '', context = '{}' WHERE id IN "
        "(SELECT message_id FROM memory WHERE lineage_id = ?1)",
        "UPDATE memory SET content = '', subject = '', attribute = '', value = '', "
        "metadata = '{}', said = NULL WHERE lineage_id = ?1",
        "DELETE FROM memory_vector WHERE memory_id IN "
        "(SELECT id FROM memory WHERE lineage_id = ?1)",
        // The queued request kept the raw text (identifiers unmasked).
        "UPDATE outbox SET request = '' WHERE message_id IN "
        "(SELECT message_id FROM memory WHERE lineage_id = ?1)"};
    for (const char* sql : kErase) {
      Stmt st(db_, sql);
      st.Bind(1, lineage);
      if (Status s = st.Run(); !s.ok()) return s.WithPrefix("hard forget");
    }
    ENGRAM_RETURN_IF_ERROR(sqlite::DeleteLineageEntityLinks(db_, lineage));
    return MergeKeywordIndex();
  }

  Status DeleteUnreferencedVault(const std::string& scope_key,
                                 const std::vector<std::string>& placeholders) override {
    return sqlite::DeleteUnreferencedVault(db_, scope_key, placeholders);
  }

  Result<EraseOutcome> DeleteUserRows(const std::string& user_id, const Instant&) override {
    ENGRAM_ASSIGN_OR_RETURN(auto out, sqlite::DeleteUserRows(db_, user_id));
    if (!out.memory_ids.empty()) ENGRAM_RETURN_IF_ERROR(MergeKeywordIndex());
    return out;
  }

  Status PutVector(int64_t id, const std::string& model, const std::string& vector) override {
    return store_->PutVector(id, model, vector);
  }

  Status LogVectorRemoval(int64_t id) override { return store_->LogVector(id, false); }

  Status CloseRelations(int64_t id, const Instant& at) override {
    return sqlite::CloseRelations(db_, id, at);
  }

  Status CopyEntityLinks(int64_t from, int64_t to) override {
    return sqlite::CopyEntityLinks(db_, from, to);
  }

  Result<std::vector<EntityLinkOutcome>> InsertEntityLinks(const Principal& p,
                                                           const IngestBatch& batch,
                                                           const std::vector<Memory>& memories,
                                                           const Instant& now) override {
    return sqlite::InsertEntityLinks(db_, p, batch, memories, now);
  }

  Status InsertRelations(const IngestBatch& batch, const IngestOutcome& out) override {
    return sqlite::InsertRelations(db_, batch, out);
  }

  Status InsertLink(const MemoryLink& link, bool* added) override {
    return sqlite::InsertLink(db_, link, added);
  }

  Status InsertVault(const VaultEntry& entry, const Instant& now) override {
    return sqlite::InsertVault(db_, entry, now);
  }

  Result<int64_t> InsertReview(const NewReview& review, const std::string& user_id,
                               int64_t memory_id, int64_t message_id,
                               const Instant& now) override {
    ENGRAM_RETURN_IF_ERROR(
        sqlite::InsertReview(db_, review, user_id, memory_id, message_id, now));
    return sqlite3_last_insert_rowid(db_);
  }

  Result<ReviewItem> GetReview(int64_t id, const std::string& reviewer_user) override {
    return sqlite::SelectReviewItem(db_, id, reviewer_user);
  }

  Result<std::vector<std::pair<int64_t, Memory>>> OpenCandidateReviews(
      const std::string& scope_key, const std::string& subject,
      const std::string& attribute) override {
    Stmt st(db_, "SELECT r.id, " + sqlite::MemoryColumns() +
                     " FROM review r JOIN memory m ON m.id = r.memory_id WHERE r.kind = ?1 AND "
                     "r.resolved_ms IS NULL AND m.scope_key = ?2 AND m.subject = ?3 AND "
                     "m.attribute = ?4");
    st.Bind(1, std::string(kWeakCandidateReview)).Bind(2, scope_key);
    st.Bind(3, subject).Bind(4, attribute);
    std::vector<std::pair<int64_t, Memory>> out;
    while (st.Step()) out.emplace_back(st.Int(0), sqlite::ReadMemory(st, 1));
    if (!st.status().ok()) return st.status().WithPrefix("open candidates");
    return out;
  }

  Status ResolveReviewRow(int64_t id, const std::string& resolution,
                          const Instant& now) override {
    return sqlite::MarkReviewResolved(db_, id, resolution, now);
  }

  Status AppendAudit(const OpContext& ctx, const AuditEntry& entry) override {
    return store_->AppendLocked(ctx, entry);
  }

  Status MarkOutboxDone(int64_t id, const std::string& owner, const IngestOutcome& out,
                        const std::string&, const Instant& now) override {
    return sqlite::MarkOutboxDone(db_, id, owner, out, now);
  }

 private:
  // FTS5 (before 3.44's secure-delete) only marks deleted postings; the terms stay in older
  // segments until they are merged. Merging everything is the way to make erased words
  // leave the file. Cost grows with the index; hard forgets and erasures are rare.
  Status MergeKeywordIndex() {
    return Exec(db_, "INSERT INTO memory_fts(memory_fts) VALUES('optimize')",
                "erase: merge keyword index");
  }

  static Result<std::optional<Memory>> One(Stmt& st) {
    if (st.Step()) return std::optional<Memory>(sqlite::ReadMemory(st));
    ENGRAM_RETURN_IF_ERROR(st.status());
    return std::optional<Memory>();
  }

  SqliteStore* store_;
  sqlite3* db_;
};

Status SqliteStore::RunWrite(const std::function<Status(WritePort&)>& body) {
  std::lock_guard lock(mu_);
  Txn txn(db_);
  ENGRAM_RETURN_IF_ERROR(txn.status());
  SqliteWritePort port(this);
  ENGRAM_RETURN_IF_ERROR(body(port));
  return txn.Commit();
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
