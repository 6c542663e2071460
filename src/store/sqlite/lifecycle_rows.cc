#include "src/store/sqlite/lifecycle_rows.h"

#include <algorithm>
#include <string_view>

#include "engram/status_macros.h"
#include "src/store/sqlite/memory_rows.h"
#include "src/store/sqlite/sqlite_util.h"

namespace engram::store::sqlite {

Result<std::vector<Memory>> SelectConsolidatable(sqlite3* db, const Principal& principal,
                                                 const Instant& now,
                                                 const ConsolidationQuery& query) {
  Stmt st(db, "SELECT " + MemoryColumns() +
                  " FROM memory m WHERE m.id > ?1 AND m.status IN ('active', 'dormant') "
                  "AND (m.expires_ms IS NULL OR m.expires_ms > ?2) AND (?3 = 1 OR "
                  "(m.visibility = 'private' AND m.user_id = ?4) OR (m.visibility = 'team' "
                  "AND m.team_id IN (SELECT value FROM json_each(?5)))) ORDER BY m.id LIMIT ?6");
  st.Bind(1, query.after_id).Bind(2, now.unix_ms);
  st.Bind(3, principal.HasRole("admin")).Bind(4, principal.user_id);
  st.Bind(5, JsonStringArray(principal.teams)).Bind(6, int64_t{query.limit});
  std::vector<Memory> out;
  while (st.Step()) out.push_back(ReadMemory(st));
  if (!st.status().ok()) return st.status().WithPrefix("list consolidatable");
  return out;
}

Status InsertLink(sqlite3* db, const MemoryLink& link, bool* added) {
  Stmt st(db,
          "INSERT OR IGNORE INTO memory_link (from_id, to_id, kind, created_ms) "
          "VALUES (?1, ?2, ?3, ?4)");
  st.Bind(1, link.from_id).Bind(2, link.to_id).Bind(3, link.kind);
  st.Bind(4, link.created_at.unix_ms);
  if (Status s = st.Run(); !s.ok()) return s.WithPrefix("insert link");
  *added = sqlite3_changes(db) > 0;
  return Status::OK();
}

Result<std::vector<MemoryLink>> SelectLinks(sqlite3* db, int64_t id) {
  Stmt st(db,
          "SELECT from_id, to_id, kind, created_ms FROM memory_link WHERE from_id = ?1 "
          "UNION SELECT from_id, to_id, kind, created_ms FROM memory_link WHERE to_id = ?1 "
          "ORDER BY 4, 1, 2, 3");
  st.Bind(1, id);
  std::vector<MemoryLink> out;
  while (st.Step()) {
    out.push_back(MemoryLink{st.Int(0), st.Int(1), st.Text(2), Instant{st.Int(3), 0}});
  }
  if (!st.status().ok()) return st.status().WithPrefix("list links");
  return out;
}

Result<EraseOutcome> DeleteUserRows(sqlite3* db, const std::string& user_id) {
  EraseOutcome out;
  ENGRAM_RETURN_IF_ERROR(Exec(db,
                              "CREATE TEMP TABLE IF NOT EXISTS erase_ids (id INTEGER PRIMARY KEY); "
                              "DELETE FROM temp.erase_ids;",
                              "erase: ids"));
  // The user's versions (any scope), then every version of a summary citing one of them:
  // a summary repeats its sources' text.
  struct Step {
    const char* sql;
    int64_t* count;
  };
  const Step steps[] = {
      {"INSERT INTO temp.erase_ids SELECT id FROM memory WHERE user_id = ?1", nullptr},
      {"INSERT OR IGNORE INTO temp.erase_ids SELECT m.id FROM memory m WHERE m.lineage_id IN "
       "(SELECT s.lineage_id FROM memory s JOIN memory_link l ON l.from_id = s.id "
       "AND l.kind = 'summarizes' WHERE l.to_id IN (SELECT id FROM temp.erase_ids))",
       nullptr},
      {"INSERT INTO memory_fts(memory_fts, rowid, content) SELECT 'delete', id, "
       "COALESCE(said, content) FROM memory WHERE id IN (SELECT id FROM temp.erase_ids) "
       "AND content <> '' AND keyword = 1",
       nullptr},
      // Versions of other users that superseded an erased one keep their own rows.
      {"UPDATE memory SET supersedes = NULL WHERE supersedes IN (SELECT id FROM temp.erase_ids) "
       "AND id NOT IN (SELECT id FROM temp.erase_ids)",
       nullptr},
      {"UPDATE memory SET message_id = NULL WHERE id NOT IN (SELECT id FROM temp.erase_ids) "
       "AND message_id IN (SELECT id FROM message WHERE user_id = ?1)",
       nullptr},
      {"DELETE FROM memory_link WHERE from_id IN (SELECT id FROM temp.erase_ids) "
       "OR to_id IN (SELECT id FROM temp.erase_ids)",
       &out.links},
      {"DELETE FROM memory_vector WHERE memory_id IN (SELECT id FROM temp.erase_ids)", nullptr},
      {"DELETE FROM event WHERE memory_id IN (SELECT id FROM temp.erase_ids)", nullptr},
      {"DELETE FROM relation WHERE memory_id IN (SELECT id FROM temp.erase_ids) "
       "OR subject_id IN (SELECT id FROM entity WHERE user_id = ?1) "
       "OR object_id IN (SELECT id FROM entity WHERE user_id = ?1)",
       nullptr},
      {"DELETE FROM memory_entity WHERE memory_id IN (SELECT id FROM temp.erase_ids) "
       "OR entity_id IN (SELECT id FROM entity WHERE user_id = ?1)",
       nullptr},
      {"DELETE FROM entity_key WHERE entity_id IN (SELECT id FROM entity WHERE user_id = ?1)",
       nullptr},
      {"DELETE FROM entity WHERE user_id = ?1", nullptr},
      {"DELETE FROM review WHERE user_id = ?1 OR memory_id IN (SELECT id FROM temp.erase_ids) "
       "OR message_id IN (SELECT id FROM message WHERE user_id = ?1)",
       &out.review_items},
      {"DELETE FROM memory WHERE id IN (SELECT id FROM temp.erase_ids)", nullptr},
      {"DELETE FROM message WHERE user_id = ?1", &out.messages},
      {"DELETE FROM pii_vault WHERE user_id = ?1 OR scope_key = 'u:' || ?1", &out.vault_entries},
      {"DELETE FROM outbox WHERE user_id = ?1", &out.outbox_entries},
      {"DELETE FROM api_keys WHERE user_id = ?1", &out.api_keys},
      // Question fingerprints of the metrics (hashes of the user's query tokens).
      {"DELETE FROM recall_log WHERE user_id = ?1", nullptr},
      // Cache rows carry no owner, and the user's recall queries are cached under hashes
      // nothing else records: the whole cache goes (it refills on demand).
      {"DELETE FROM embedding_cache", &out.embedding_cache_entries},
  };
  size_t k = 0;
  for (const Step& step : steps) {
    if (k++ == 2) {  // the ids are complete once the summaries are added
      Stmt ids(db, "SELECT id FROM temp.erase_ids ORDER BY id");
      while (ids.Step()) out.memory_ids.push_back(ids.Int(0));
      if (!ids.status().ok()) return ids.status().WithPrefix("erase");
    }
    Stmt st(db, step.sql);
    if (std::string_view(step.sql).find("?1") != std::string_view::npos) st.Bind(1, user_id);
    if (Status s = st.Run(); !s.ok()) return s.WithPrefix("erase");
    if (step.count) *step.count = sqlite3_changes(db);
  }
  return out;
}

Status DeleteUnreferencedVault(sqlite3* db, const std::string& scope_key,
                               const std::vector<std::string>& placeholders) {
  Stmt st(db,
          "DELETE FROM pii_vault WHERE scope_key = ?1 AND placeholder = ?2 AND NOT EXISTS "
          "(SELECT 1 FROM memory WHERE scope_key = ?1 AND (instr(content, ?2) > 0 OR "
          "instr(value, ?2) > 0))");
  for (const std::string& p : placeholders) {
    st.Reset();
    st.Bind(1, scope_key).Bind(2, p);
    if (Status s = st.Run(); !s.ok()) return s.WithPrefix("forget: vault");
  }
  return Status::OK();
}

Status LinkComplements(sqlite3* db, const IngestBatch& batch, const std::string& scope_key,
                       const Instant& now, IngestOutcome* out) {
  for (const auto& [index, attribute] : batch.complements) {
    if (index < 0 || index >= static_cast<int>(out->memories.size())) continue;
    const Memory& m = out->memories[index];
    if (!m.current || m.attribute.empty()) continue;
    // "attribute <> ''" lets SQLite use the partial index memory_one_current_fact.
    Stmt other(db, "SELECT id FROM memory WHERE scope_key = ?1 AND subject = ?2 AND "
                   "attribute = ?3 AND attribute <> '' AND current = 1");
    other.Bind(1, scope_key).Bind(2, m.subject).Bind(3, attribute);
    if (!other.Step()) {
      ENGRAM_RETURN_IF_ERROR(other.status());
      continue;
    }
    const int64_t o = other.Int(0);
    bool added = false;
    MemoryLink link{std::min(o, m.id), std::max(o, m.id), "complements", now};
    ENGRAM_RETURN_IF_ERROR(InsertLink(db, link, &added));
    if (added) out->complements.emplace_back(link.from_id, link.to_id);
  }
  return Status::OK();
}

}  // namespace engram::store::sqlite
