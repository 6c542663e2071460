// PostgresStore's side tables: the embedding cache, the ingestion outbox and the API keys,
// as SQLite keeps them (sqlite_store.cc, outbox_rows.cc, api_key_rows.cc), within the
// store's tenant. Writes hold the tenant's writer lock (WithWriteTxn); reads take a pooled
// connection. Outbox claims take no writer lock: they lock outbox rows (FOR UPDATE SKIP
// LOCKED) in short transactions of their own.
#include <algorithm>
#include <set>

#include "engram/status_macros.h"
#include "src/store/audit_chain.h"
#include "src/store/outbox_claims.h"
#include "src/store/outbox_result.h"
#include "src/store/postgres/pg_entity_util.h"
#include "src/store/postgres/pg_rows.h"
#include "src/store/postgres/pg_store_internal.h"
#include "src/store/postgres/pg_txn.h"

namespace engram::store::postgres {
namespace {

// ---- outbox ----

constexpr const char* kOutboxSelect =
    "SELECT o.id, o.user_id, o.request, o.state, o.created_ms, o.message_id, o.result, "
    "o.superseded, o.error, msg.context, o.session_key, o.lease_owner, o.lease_until_ms "
    "FROM outbox o LEFT JOIN message msg ON msg.tenant_id = o.tenant_id AND "
    "msg.id = o.message_id";

// The lease rule of store.h (outbox_claims.h LeaseHeld) for the owner $3 at the time $4, on
// the row `outbox` of tenant $1.
constexpr const char* kHeld =
    " AND (($3 = '' AND (lease_owner IS NULL OR lease_until_ms <= $4)) OR lease_owner = $3)";
// A session's order: no older queued entry of the same key.
constexpr const char* kFirstOfSession =
    " AND (session_key = '' OR NOT EXISTS (SELECT 1 FROM outbox e WHERE e.tenant_id = $1 "
    "AND e.session_key = outbox.session_key AND e.state = 'queued' AND e.id < outbox.id))";

OutboxEntry ReadOutbox(const PgResult& r, int row) {
  OutboxEntry e;
  e.id = r.Int64(row, 0);
  e.user_id = std::string(r.Text(row, 1));
  e.request = std::string(r.Text(row, 2));
  e.state = std::string(r.Text(row, 3));
  e.created_at = Instant{r.Int64(row, 4), 0};
  e.message_id = r.Int64(row, 5);  // 0 when NULL
  DecodeOutboxResult(std::string(r.Text(row, 6)), &e);
  e.superseded = ParseIdList(std::string(r.Text(row, 7)));
  e.error = std::string(r.Text(row, 8));
  if (!r.IsNull(row, 9)) e.message_context = std::string(r.Text(row, 9));
  e.session_key = std::string(r.Text(row, 10));
  if (!r.IsNull(row, 11)) {
    e.lease_owner = std::string(r.Text(row, 11));
    e.lease_until_ms = r.Int64(row, 12);
  }
  return e;
}

Status NotHeld(int64_t id, StatusCode code) {
  return Status(code, "store: ingest request " + std::to_string(id) +
                          " is not queued, is held by another worker, or follows a queued "
                          "request of its session");
}

Status OutboxNotFound(int64_t id) {
  return Status::NotFound("store: ingest request " + std::to_string(id) + " not found");
}

// ---- API keys ----

#define ENGRAM_PG_KEY_COLUMNS \
  "SELECT id, name, secret_hash, user_id, agent_id, created_ms, revoked_ms, teams, roles"
constexpr const char* kKeySelect = ENGRAM_PG_KEY_COLUMNS " FROM api_keys";
constexpr const char* kKeySelectWithTenant = ENGRAM_PG_KEY_COLUMNS ", tenant_id FROM api_keys";
#undef ENGRAM_PG_KEY_COLUMNS

ApiKeyRecord ReadKey(const PgResult& r, int row) {
  ApiKeyRecord k;
  k.id = std::string(r.Text(row, 0));
  k.name = std::string(r.Text(row, 1));
  k.secret_hash = std::string(r.Text(row, 2));
  k.principal.user_id = std::string(r.Text(row, 3));
  k.principal.agent_id = std::string(r.Text(row, 4));
  k.created_at = Instant{r.Int64(row, 5), 0};
  if (!r.IsNull(row, 6)) k.revoked_at = Instant{r.Int64(row, 6), 0};
  k.principal.teams = ParseJsonStrings(r.Text(row, 7));
  k.principal.roles = ParseJsonStrings(r.Text(row, 8));
  return k;
}

Status UnknownKey(const std::string& id) {
  return Status::NotFound("store: api key '" + id + "' not found");
}

}  // namespace

// ---- embedding cache ----

Result<std::string> PostgresStore::GetCachedEmbedding(const std::string& model,
                                                      const std::string& text_hash) {
  std::optional<std::string> vector;
  const Status done = WithConn([&](PgConn& conn) -> Status {
    auto r = conn.Exec("SELECT vector FROM embedding_cache WHERE tenant_id = $1 AND "
                       "model_id = $2 AND text_hash = $3",
                       {tenant(), model, text_hash});
    if (!r.ok()) return r.status().WithPrefix("embedding cache");
    if (r->rows() > 0) vector = r->Bytea(0, 0);
    return Status::OK();
  });
  if (!done.ok()) return done;
  if (!vector) return Status::NotFound("store: no cached embedding");
  return std::move(*vector);
}

Status PostgresStore::PutCachedEmbedding(const std::string& model, const std::string& text_hash,
                                         const std::string& vector) {
  // One self-contained upsert: no ordering with other writes to keep, so not under the
  // tenant's writer lock (which every write would otherwise queue behind, and which would
  // make every server's keyword index look for new documents).
  return WithConn([&](PgConn& conn) -> Status {
    auto r = conn.Exec(
        "INSERT INTO embedding_cache (tenant_id, model_id, text_hash, vector) VALUES "
        "($1, $2, $3, $4) ON CONFLICT (tenant_id, model_id, text_hash) DO UPDATE SET "
        "vector = EXCLUDED.vector",
        {tenant(), model, text_hash, PgParam::Bytea(vector)});
    return r.ok() ? Status::OK() : r.status().WithPrefix("embedding cache");
  });
}

Status PostgresStore::DeleteCachedEmbeddings(const std::vector<std::string>& text_hashes) {
  if (text_hashes.empty()) return Status::OK();
  return WithConn([&](PgConn& conn) -> Status {  // one statement, as PutCachedEmbedding
    auto r = conn.Exec(
        "DELETE FROM embedding_cache WHERE tenant_id = $1 AND text_hash = ANY($2::text[])",
        {tenant(), TextArray(text_hashes)});
    return r.ok() ? Status::OK() : r.status().WithPrefix("embedding cache");
  });
}

// ---- outbox ----

Result<std::vector<int64_t>> PostgresStore::EnqueueOutbox(const std::vector<OutboxDraft>& drafts,
                                                          const Instant& now) {
  // Under the writer lock: ids follow commit order, so a session's entries, acknowledged one
  // after another, are ordered as they were said. The inserts are queued: with BEGIN, the
  // lock and COMMIT they make one round trip, and their ids are read after it.
  std::vector<PgResult> rows(drafts.size());
  const Status done = WithWriteTxn([&](PgConn& conn) -> Status {
    for (size_t i = 0; i < drafts.size(); ++i) {
      const OutboxDraft& d = drafts[i];
      ENGRAM_RETURN_IF_ERROR(conn.Defer(
          "INSERT INTO outbox (tenant_id, user_id, request, created_ms, session_key) VALUES "
          "($1, $2, $3, $4, $5) RETURNING id",
          {tenant(), d.user_id, d.request, now.unix_ms, d.session_key}, &rows[i]));
    }
    return Status::OK();
  });
  if (!done.ok()) return done.WithPrefix("enqueue");
  std::vector<int64_t> ids;
  for (const PgResult& r : rows) ids.push_back(r.rows() > 0 ? r.Int64(0, 0) : 0);
  return ids;
}

Result<std::vector<OutboxEntry>> PostgresStore::ListQueued(int64_t after_id, int limit) {
  std::vector<OutboxEntry> out;
  const Status done = WithConn([&](PgConn& conn) -> Status {
    auto r = conn.Exec(std::string(kOutboxSelect) +
                           " WHERE o.tenant_id = $1 AND o.state = 'queued' AND o.id > $2 "
                           "ORDER BY o.id LIMIT $3",
                       {tenant(), after_id, int64_t{limit}});
    if (!r.ok()) return r.status().WithPrefix("list queued");
    for (int i = 0; i < r->rows(); ++i) out.push_back(ReadOutbox(*r, i));
    return Status::OK();
  });
  if (!done.ok()) return done;
  return out;
}

Result<OutboxEntry> PostgresStore::GetOutbox(const OpContext& ctx, int64_t id) {
  std::optional<OutboxEntry> found;
  const Status done = WithConn([&](PgConn& conn) -> Status {
    auto r = conn.Exec(std::string(kOutboxSelect) +
                           " WHERE o.tenant_id = $1 AND o.id = $2 AND o.user_id = $3",
                       {tenant(), id, ctx.principal.user_id});
    if (!r.ok()) return r.status().WithPrefix("outbox");
    if (r->rows() > 0) found = ReadOutbox(*r, 0);
    return Status::OK();
  });
  if (!done.ok()) return done;
  if (!found) return OutboxNotFound(id);
  return std::move(*found);
}

Status PostgresStore::MarkOutboxDoneIn(PgConn& conn, int64_t id, const std::string& owner,
                                       const IngestOutcome& out, const Instant& now) {
  // A claim holding the row (FOR UPDATE) makes this wait; it then reads the row as that
  // claim left it (READ COMMITTED), so a lease taken over meanwhile refuses the mark.
  auto r = conn.Exec(
      std::string("UPDATE outbox SET state = 'done', message_id = $5, result = $6, "
                  "superseded = $7, done_ms = $4, attempts = attempts + 1, request = '', "
                  "lease_owner = NULL, lease_until_ms = NULL WHERE tenant_id = $1 AND id = $2 "
                  "AND state = 'queued'") +
          kHeld + kFirstOfSession,
      {tenant(), id, owner, now.unix_ms, out.message_id, EncodeOutboxResult(out),
       FormatIdList(out.superseded)});
  if (!r.ok()) return r.status().WithPrefix("outbox done");
  if (r->affected() == 0) return NotHeld(id, StatusCode::kAlreadyExists);
  return Status::OK();
}

Status PostgresStore::FailOutbox(int64_t id, const std::string& owner, const std::string& error,
                                 const Instant& now) {
  return WithWriteTxn([&](PgConn& conn) -> Status {
    auto r = conn.Exec(
        std::string("UPDATE outbox SET state = 'failed', error = $5, done_ms = $4, "
                    "attempts = attempts + 1, request = '', lease_owner = NULL, "
                    "lease_until_ms = NULL WHERE tenant_id = $1 AND id = $2 AND "
                    "state = 'queued'") +
            kHeld,
        {tenant(), id, owner, now.unix_ms, error});
    if (!r.ok()) return r.status().WithPrefix("outbox failed");
    if (r->affected() == 0) return NotHeld(id, StatusCode::kConflict);
    return Status::OK();
  });
}

Status PostgresStore::RewriteQueued(int64_t id, const std::string& old_request,
                                    const std::string& request) {
  return WithWriteTxn([&](PgConn& conn) -> Status {
    auto r = conn.Exec(
        "UPDATE outbox SET request = $4 WHERE tenant_id = $1 AND id = $2 AND state = 'queued' "
        "AND request = $3",
        {tenant(), id, old_request, request});
    if (!r.ok()) return r.status().WithPrefix("outbox rewrite");
    if (r->affected() == 0) {
      return Status::Conflict("store: ingest request " + std::to_string(id) +
                              " is no longer queued as read");
    }
    return Status::OK();
  });
}

Result<std::vector<OutboxEntry>> PostgresStore::ClaimOutbox(const std::string& owner, int limit,
                                                            int64_t lease_ms,
                                                            const Instant& now) {
  std::vector<OutboxEntry> out;
  const Status done = RunInTransaction(*pool_, PgTxnOptions{}, [&](PgConn& conn) -> Status {
    out.clear();
    // 1. Lock a window of queued entries no concurrent claim is locking, skipping those
    //    behind an older entry of their session another owner holds.
    auto window = conn.Exec(
        "SELECT q.id, q.session_key, q.lease_owner, q.lease_until_ms FROM outbox q "
        "WHERE q.tenant_id = $1 AND q.state = 'queued' AND (q.session_key = '' OR NOT EXISTS "
        "(SELECT 1 FROM outbox e WHERE e.tenant_id = $1 AND e.session_key = q.session_key AND "
        "e.state = 'queued' AND e.id < q.id AND e.lease_owner IS NOT NULL AND "
        "e.lease_owner <> $2 AND e.lease_until_ms > $3)) ORDER BY q.id LIMIT $4 "
        "FOR UPDATE SKIP LOCKED",
        {tenant(), owner, now.unix_ms, int64_t{limit} * 4 + 16});
    if (!window.ok()) return window.status().WithPrefix("claim outbox");
    std::vector<ClaimCandidate> candidates;
    std::set<int64_t> locked;
    std::set<std::string> keys;
    for (int i = 0; i < window->rows(); ++i) {
      ClaimCandidate c{window->Int64(i, 0), std::string(window->Text(i, 1)), false};
      const std::string lease_owner(window->Text(i, 2));  // "" when NULL
      c.free = LeaseFree(lease_owner, window->IsNull(i, 3) ? 0 : window->Int64(i, 3), owner,
                         now.unix_ms);
      locked.insert(c.id);
      if (!c.session_key.empty()) keys.insert(c.session_key);
      candidates.push_back(std::move(c));
    }
    if (candidates.empty()) return Status::OK();
    // 2. The older queued entries of the same sessions that this claim did not lock (a
    //    concurrent claim or an ingest holds them): their sessions are not free.
    auto older = conn.Exec(
        "SELECT id, session_key FROM outbox WHERE tenant_id = $1 AND state = 'queued' AND "
        "session_key = ANY($2::text[]) AND id < $3",
        {tenant(), TextArray({keys.begin(), keys.end()}), candidates.back().id});
    if (!older.ok()) return older.status().WithPrefix("claim outbox");
    for (int i = 0; i < older->rows(); ++i) {
      if (!locked.count(older->Int64(i, 0))) {
        candidates.push_back({older->Int64(i, 0), std::string(older->Text(i, 1)), false});
      }
    }
    std::sort(candidates.begin(), candidates.end(),
              [](const ClaimCandidate& a, const ClaimCandidate& b) { return a.id < b.id; });
    const std::vector<int64_t> chosen = ChooseClaims(candidates, limit);
    if (chosen.empty()) return Status::OK();
    // 3. Lease them.
    auto take = conn.Exec(
        "UPDATE outbox SET lease_owner = $2, lease_until_ms = $3, attempts = attempts + 1 "
        "WHERE tenant_id = $1 AND id = ANY($4::bigint[])",
        {tenant(), owner, now.unix_ms + lease_ms, IdArray(chosen)});
    if (!take.ok()) return take.status().WithPrefix("claim outbox");
    auto rows = conn.Exec(std::string(kOutboxSelect) +
                              " WHERE o.tenant_id = $1 AND o.id = ANY($2::bigint[]) ORDER BY o.id",
                          {tenant(), IdArray(chosen)});
    if (!rows.ok()) return rows.status().WithPrefix("claim outbox");
    for (int i = 0; i < rows->rows(); ++i) out.push_back(ReadOutbox(*rows, i));
    return Status::OK();
  });
  if (!done.ok()) return done;
  return out;
}

Result<std::vector<int64_t>> PostgresStore::RenewOutbox(const std::string& owner,
                                                        const std::vector<int64_t>& ids,
                                                        int64_t lease_ms, const Instant& now) {
  std::vector<int64_t> lost;
  if (ids.empty()) return lost;
  const Status done = WithConn([&](PgConn& conn) -> Status {
    auto r = conn.Exec(
        "UPDATE outbox SET lease_until_ms = $3 WHERE tenant_id = $1 AND id = ANY($4::bigint[]) "
        "AND state = 'queued' AND lease_owner = $2 RETURNING id",
        {tenant(), owner, now.unix_ms + lease_ms, IdArray(ids)});
    if (!r.ok()) return r.status().WithPrefix("renew outbox");
    std::set<int64_t> held;
    for (int i = 0; i < r->rows(); ++i) held.insert(r->Int64(i, 0));
    for (int64_t id : ids) {
      if (!held.count(id)) lost.push_back(id);
    }
    return Status::OK();
  });
  if (!done.ok()) return done;
  return lost;
}

Status PostgresStore::ReleaseOutbox(const std::string& owner, const std::vector<int64_t>& ids) {
  if (ids.empty()) return Status::OK();
  return WithConn([&](PgConn& conn) -> Status {
    auto r = conn.Exec(
        "UPDATE outbox SET lease_owner = NULL, lease_until_ms = NULL WHERE tenant_id = $1 AND "
        "id = ANY($3::bigint[]) AND state = 'queued' AND lease_owner = $2",
        {tenant(), owner, IdArray(ids)});
    return r.ok() ? Status::OK() : r.status().WithPrefix("release outbox");
  });
}

// ---- API keys ----

Status PostgresStore::PutApiKey(const ApiKeyRecord& key) {
  return WithWriteTxn([&](PgConn& conn) -> Status {
    auto r = conn.Exec(
        "INSERT INTO api_keys (tenant_id, id, name, secret_hash, user_id, agent_id, teams, "
        "roles, created_ms, revoked_ms) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10) "
        "ON CONFLICT (tenant_id, id) DO NOTHING",
        {tenant(), key.id, key.name, key.secret_hash, key.principal.user_id,
         key.principal.agent_id, JsonStrings(key.principal.teams),
         JsonStrings(key.principal.roles), key.created_at.unix_ms,
         key.revoked_at ? PgParam(key.revoked_at->unix_ms) : PgParam::Null()});
    if (!r.ok()) return r.status().WithPrefix("insert api key");
    if (r->affected() == 0) return Status::AlreadyExists("store: api key '" + key.id + "' exists");
    return Status::OK();
  });
}

Result<ApiKeyRecord> PostgresStore::GetApiKey(const std::string& id) {
  std::optional<ApiKeyRecord> found;
  const Status done = WithConn([&](PgConn& conn) -> Status {
    auto r = conn.Exec(std::string(kKeySelect) + " WHERE tenant_id = $1 AND id = $2",
                       {tenant(), id});
    if (!r.ok()) return r.status().WithPrefix("api key");
    if (r->rows() > 0) found = ReadKey(*r, 0);
    return Status::OK();
  });
  if (!done.ok()) return done;
  if (!found) return UnknownKey(id);
  return std::move(*found);
}

Result<std::vector<ApiKeyRecord>> PostgresStore::ListApiKeys() {
  std::vector<ApiKeyRecord> out;
  const Status done = WithConn([&](PgConn& conn) -> Status {
    auto r = conn.Exec(std::string(kKeySelect) +
                           " WHERE tenant_id = $1 ORDER BY created_ms, id COLLATE \"C\"",
                       {tenant()});
    if (!r.ok()) return r.status().WithPrefix("list api keys");
    for (int i = 0; i < r->rows(); ++i) out.push_back(ReadKey(*r, i));
    return Status::OK();
  });
  if (!done.ok()) return done;
  return out;
}

// A sequential scan of api_keys (its primary key leads with tenant_id): the table holds one
// row per key, so this stays cheap; docs/scale-out.md says when an index on id would pay.
Result<std::vector<ApiKeyRecord>> PostgresStore::FindApiKeyInAnyTenant(const std::string& id) {
  std::vector<ApiKeyRecord> out;
  const Status done = WithConn([&](PgConn& conn) -> Status {
    auto r = conn.Exec(
        std::string(kKeySelectWithTenant) + " WHERE id = $1 ORDER BY tenant_id COLLATE \"C\"",
        {id});
    if (!r.ok()) return r.status().WithPrefix("api key in any tenant");
    for (int i = 0; i < r->rows(); ++i) {
      out.push_back(ReadKey(*r, i));
      out.back().tenant = std::string(r->Text(i, 9));
    }
    return Status::OK();
  });
  if (!done.ok()) return done;
  return out;
}

Result<std::vector<std::string>> PostgresStore::ListQueuedTenants() {
  std::vector<std::string> out;
  const Status done = WithConn([&](PgConn& conn) -> Status {
    auto r = conn.Exec(
        "SELECT DISTINCT tenant_id FROM outbox WHERE state = 'queued' ORDER BY 1");
    if (!r.ok()) return r.status().WithPrefix("queued tenants");
    for (int i = 0; i < r->rows(); ++i) out.push_back(std::string(r->Text(i, 0)));
    return Status::OK();
  });
  if (!done.ok()) return done;
  return out;
}

Status PostgresStore::RevokeApiKey(const std::string& id, const Instant& now) {
  return WithWriteTxn([&](PgConn& conn) -> Status {
    auto r = conn.Exec(
        "UPDATE api_keys SET revoked_ms = COALESCE(revoked_ms, $3) WHERE tenant_id = $1 AND "
        "id = $2",
        {tenant(), id, now.unix_ms});
    if (!r.ok()) return r.status().WithPrefix("revoke api key");
    return r->affected() == 0 ? UnknownKey(id) : Status::OK();
  });
}

}  // namespace engram::store::postgres
