// SqliteStore's forgetting: Forget (soft and hard) and EraseUser.
#include "engram/status_macros.h"
#include "src/store/access.h"
#include "src/store/lifecycle_checks.h"
#include "src/store/sqlite/entity_rows.h"
#include "src/store/sqlite/lifecycle_rows.h"
#include "src/store/sqlite/sqlite_store_internal.h"

namespace engram::store::sqlite_internal {

Status SqliteStore::Forget(const OpContext& ctx, int64_t id, bool hard) {
  std::lock_guard lock(mu_);
  Txn txn(db_);
  ENGRAM_RETURN_IF_ERROR(txn.status());
  ENGRAM_ASSIGN_OR_RETURN(Memory m, LoadVisible(db_, ctx, id));
  ENGRAM_RETURN_IF_ERROR(CheckCanWrite(ctx.principal, m.scope));
  const int64_t lineage = m.lineage_id;
  std::vector<int64_t> targets;
  {
    Stmt ids(db_, "SELECT id FROM memory WHERE lineage_id = ?1 ORDER BY version");
    ids.Bind(1, lineage);
    while (ids.Step()) targets.push_back(ids.Int(0));
    ENGRAM_RETURN_IF_ERROR(ids.status());
  }
  Stmt retire(db_,
              "UPDATE memory SET superseded_ms = ?2, valid_to_ms = ?2, current = 0 "
              "WHERE lineage_id = ?1 AND current = 1");
  retire.Bind(1, lineage).Bind(2, ctx.now.unix_ms);
  ENGRAM_RETURN_IF_ERROR(retire.Run());
  Stmt del(db_, "UPDATE memory SET status = 'deleted' WHERE lineage_id = ?1");
  del.Bind(1, lineage);
  ENGRAM_RETURN_IF_ERROR(del.Run());
  for (int64_t version_id : targets) {
    ENGRAM_RETURN_IF_ERROR(LogVector(version_id, false));
  }
  if (hard) {
    // Placeholders of the erased texts: their vault rows go unless another memory of the
    // scope still mentions them.
    std::vector<std::string> placeholders;
    {
      Stmt texts(db_, "SELECT content, value FROM memory WHERE lineage_id = ?1");
      texts.Bind(1, lineage);
      while (texts.Step()) {
        for (int col : {0, 1}) {
          for (std::string& p : VaultPlaceholders(texts.Text(col))) {
            placeholders.push_back(std::move(p));
          }
        }
      }
      if (!texts.status().ok()) return texts.status().WithPrefix("hard forget");
    }
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
    ENGRAM_RETURN_IF_ERROR(sqlite::DeleteUnreferencedVault(db_, ScopeKey(m.scope), placeholders));
    // FTS5 (before 3.44's secure-delete) only marks deleted postings; the terms stay in
    // older segments until they are merged. Merging everything is the way to make the
    // erased words leave the file. Cost grows with the index; hard forgets are rare.
    ENGRAM_RETURN_IF_ERROR(Exec(db_, "INSERT INTO memory_fts(memory_fts) VALUES('optimize')",
                                "hard forget: merge index"));
  }
  AuditEntry e{"forget", targets, hard ? "{\"hard\":true}" : "{\"hard\":false}"};
  ENGRAM_RETURN_IF_ERROR(AppendLocked(ctx, e));
  return txn.Commit();
}

Result<EraseOutcome> SqliteStore::EraseUser(const OpContext& ctx, const std::string& user_id) {
  ENGRAM_RETURN_IF_ERROR(CheckCanErase(ctx.principal, user_id));
  std::lock_guard lock(mu_);
  Txn txn(db_);
  ENGRAM_RETURN_IF_ERROR(txn.status());
  auto out = sqlite::DeleteUserRows(db_, user_id);
  ENGRAM_RETURN_IF_ERROR(out.status());
  if (out->memory_ids.empty() && out->messages == 0 && out->vault_entries == 0 &&
      out->review_items == 0 && out->outbox_entries == 0 && out->api_keys == 0) {
    return Status::NotFound("store: nothing stored for user '" + user_id + "'");
  }
  for (int64_t id : out->memory_ids) {
    ENGRAM_RETURN_IF_ERROR(LogVector(id, false));
  }
  if (!out->memory_ids.empty()) {
    ENGRAM_RETURN_IF_ERROR(
        Exec(db_, "INSERT INTO memory_fts(memory_fts) VALUES('optimize')", "erase: merge index"));
  }
  ENGRAM_RETURN_IF_ERROR(AppendLocked(ctx, {"erase", {}, EraseAuditDetail(user_id, *out)}));
  ENGRAM_RETURN_IF_ERROR(txn.Commit());
  return out;
}

}  // namespace engram::store::sqlite_internal
