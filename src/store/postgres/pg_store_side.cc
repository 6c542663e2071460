// PostgresStore's side tables: the embedding cache, the ingestion outbox and the API keys,
// as SQLite keeps them (sqlite_store.cc, outbox_rows.cc, api_key_rows.cc), within the
// store's tenant. Writes hold the tenant's writer lock (WithWriteTxn); reads take a pooled
// connection.
#include "engram/status_macros.h"
#include "src/store/audit_chain.h"
#include "src/store/outbox_result.h"
#include "src/store/postgres/pg_entity_util.h"
#include "src/store/postgres/pg_rows.h"
#include "src/store/postgres/pg_store_internal.h"

namespace engram::store::postgres {
namespace {

// ---- outbox ----

constexpr const char* kOutboxSelect =
    "SELECT o.id, o.user_id, o.request, o.state, o.created_ms, o.message_id, o.result, "
    "o.superseded, o.error, msg.context FROM outbox o LEFT JOIN message msg ON "
    "msg.tenant_id = o.tenant_id AND msg.id = o.message_id";

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
  return e;
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

Result<std::vector<int64_t>> PostgresStore::EnqueueOutbox(
    const std::vector<std::pair<std::string, std::string>>& user_and_request,
    const Instant& now) {
  std::vector<int64_t> ids;
  const Status done = WithWriteTxn([&](PgConn& conn) -> Status {
    ids.clear();
    for (const auto& [user, request] : user_and_request) {
      auto r = conn.Exec(
          "INSERT INTO outbox (tenant_id, user_id, request, created_ms) VALUES ($1, $2, $3, $4) "
          "RETURNING id",
          {tenant(), user, request, now.unix_ms});
      if (!r.ok()) return r.status().WithPrefix("enqueue");
      ids.push_back(r->Int64(0, 0));
    }
    return Status::OK();
  });
  if (!done.ok()) return done;
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

Status PostgresStore::MarkOutboxDoneIn(PgConn& conn, int64_t id, const IngestOutcome& out,
                                       const Instant& now) {
  auto r = conn.Exec(
      "UPDATE outbox SET state = 'done', message_id = $3, result = $4, superseded = $5, "
      "done_ms = $6, attempts = attempts + 1, request = '', lease_owner = NULL, "
      "lease_until_ms = NULL WHERE tenant_id = $1 AND id = $2 AND state = 'queued'",
      {tenant(), id, out.message_id, EncodeOutboxResult(out), FormatIdList(out.superseded),
       now.unix_ms});
  if (!r.ok()) return r.status().WithPrefix("outbox done");
  if (r->affected() == 0) {
    return Status::AlreadyExists("store: ingest request " + std::to_string(id) +
                                 " is not queued (already processed)");
  }
  return Status::OK();
}

Status PostgresStore::FailOutbox(int64_t id, const std::string& error, const Instant& now) {
  return WithWriteTxn([&](PgConn& conn) -> Status {
    auto r = conn.Exec(
        "UPDATE outbox SET state = 'failed', error = $3, done_ms = $4, attempts = attempts + 1, "
        "request = '', lease_owner = NULL, lease_until_ms = NULL WHERE tenant_id = $1 AND "
        "id = $2 AND state = 'queued'",
        {tenant(), id, error, now.unix_ms});
    if (!r.ok()) return r.status().WithPrefix("outbox failed");
    if (r->affected() == 0) {
      return Status::Conflict("store: ingest request " + std::to_string(id) + " is not queued");
    }
    return Status::OK();
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
