// Store::EraseUser's deletions on PostgreSQL (pg_entity_rows.h DeleteUserRows): SQLite's
// lifecycle_rows.cc DeleteUserRows, step for step, within one tenant.
#include <algorithm>

#include "engram/status_macros.h"
#include "src/store/postgres/pg_entity_rows.h"
#include "src/store/postgres/pg_entity_util.h"
#include "src/store/postgres/pg_rows.h"

namespace engram::store::postgres {

Result<EraseOutcome> DeleteUserRows(PgConn& conn, const std::string& tenant,
                                    const std::string& user_id) {
  EraseOutcome out;
  // The user's versions (any scope), then every version of a summary citing one of them:
  // a summary repeats its sources' text.
  std::vector<int64_t> ids;
  {
    auto own = conn.Exec("SELECT id FROM memory WHERE tenant_id = $1 AND user_id = $2",
                         {tenant, user_id});
    if (!own.ok()) return own.status().WithPrefix("erase");
    for (int i = 0; i < own->rows(); ++i) ids.push_back(own->Int64(i, 0));
    auto summaries = conn.Exec(
        "SELECT m.id FROM memory m WHERE m.tenant_id = $1 AND m.lineage_id IN (SELECT "
        "s.lineage_id FROM memory s JOIN memory_link l ON l.tenant_id = s.tenant_id AND "
        "l.from_id = s.id AND l.kind = 'summarizes' WHERE s.tenant_id = $1 AND "
        "l.to_id = ANY($2::bigint[]))",
        {tenant, IdArray(ids)});
    if (!summaries.ok()) return summaries.status().WithPrefix("erase");
    for (int i = 0; i < summaries->rows(); ++i) ids.push_back(summaries->Int64(i, 0));
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  }
  out.memory_ids = ids;
  // Parameters: $1 the tenant, then the user ($2) and/or the erased versions ($2 or $3).
  enum Uses { kUser, kIds, kBoth };
  struct Step {
    std::string sql;
    Uses uses;
    int64_t* count;
  };
  const std::string user_entities =
      "(SELECT id FROM entity WHERE tenant_id = $1 AND user_id = $2)";
  const std::string user_messages =
      "(SELECT id FROM message WHERE tenant_id = $1 AND user_id = $2)";
  const Step steps[] = {
      // Versions of other users that superseded an erased one keep their own rows.
      {"UPDATE memory SET supersedes = NULL WHERE tenant_id = $1 AND supersedes = "
       "ANY($2::bigint[]) AND NOT (id = ANY($2::bigint[]))",
       kIds, nullptr},
      {"UPDATE memory SET message_id = NULL WHERE tenant_id = $1 AND NOT (id = "
       "ANY($3::bigint[])) AND message_id IN " + user_messages,
       kBoth, nullptr},
      {"DELETE FROM memory_link WHERE tenant_id = $1 AND (from_id = ANY($2::bigint[]) OR "
       "to_id = ANY($2::bigint[]))",
       kIds, &out.links},
      {"DELETE FROM memory_vector WHERE tenant_id = $1 AND memory_id = ANY($2::bigint[])", kIds,
       nullptr},
      {"DELETE FROM event WHERE tenant_id = $1 AND memory_id = ANY($2::bigint[])", kIds, nullptr},
      {"DELETE FROM relation WHERE tenant_id = $1 AND (memory_id = ANY($3::bigint[]) OR "
       "subject_id IN " + user_entities + " OR object_id IN " + user_entities + ")",
       kBoth, nullptr},
      {"DELETE FROM memory_entity WHERE tenant_id = $1 AND (memory_id = ANY($3::bigint[]) OR "
       "entity_id IN " + user_entities + ")",
       kBoth, nullptr},
      {"DELETE FROM entity_key WHERE tenant_id = $1 AND entity_id IN " + user_entities, kUser,
       nullptr},
      {"DELETE FROM entity WHERE tenant_id = $1 AND user_id = $2", kUser, nullptr},
      {"DELETE FROM review WHERE tenant_id = $1 AND (user_id = $2 OR memory_id = "
       "ANY($3::bigint[]) OR message_id IN " + user_messages + ")",
       kBoth, &out.review_items},
      {"DELETE FROM memory WHERE tenant_id = $1 AND id = ANY($2::bigint[])", kIds, nullptr},
      {"DELETE FROM message WHERE tenant_id = $1 AND user_id = $2", kUser, &out.messages},
      {"DELETE FROM pii_vault WHERE tenant_id = $1 AND (user_id = $2 OR scope_key = 'u:' || $2)",
       kUser, &out.vault_entries},
      {"DELETE FROM outbox WHERE tenant_id = $1 AND user_id = $2", kUser, &out.outbox_entries},
      {"DELETE FROM api_keys WHERE tenant_id = $1 AND user_id = $2", kUser, &out.api_keys},
      // Question fingerprints of the metrics (hashes of the user's query tokens).
      {"DELETE FROM recall_log WHERE tenant_id = $1 AND user_id = $2", kUser, nullptr},
  };
  const std::string id_array = IdArray(ids);
  for (const Step& step : steps) {
    Result<PgResult> r = step.uses == kUser  ? conn.Exec(step.sql, {tenant, user_id})
                         : step.uses == kIds ? conn.Exec(step.sql, {tenant, id_array})
                                             : conn.Exec(step.sql, {tenant, user_id, id_array});
    if (!r.ok()) return r.status().WithPrefix("erase");
    if (step.count) *step.count = r->affected();
  }
  // Cache rows carry no owner, and the user's recall queries are cached under hashes nothing
  // else records: the tenant's whole cache goes (it refills on demand).
  auto cache = conn.Exec("DELETE FROM embedding_cache WHERE tenant_id = $1", {tenant});
  if (!cache.ok()) return cache.status().WithPrefix("erase");
  out.embedding_cache_entries = cache->affected();
  return out;
}

}  // namespace engram::store::postgres
