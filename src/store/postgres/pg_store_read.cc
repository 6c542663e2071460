// PostgresStore's reads: single memories, lists, recall's channels other than keywords
// (pg_keyword.cc), the review queue, links, statistics and the vector change log. Each
// mirrors the SQLite backend's statement (src/store/sqlite/sqlite_store_read.cc and its
// *_rows.cc), with the tenant named in every statement.
#include <algorithm>
#include <unordered_map>

#include "engram/status_macros.h"
#include "src/store/access.h"
#include "src/store/list_filter.h"
#include "src/store/postgres/pg_read_rows.h"
#include "src/store/postgres/pg_rows.h"
#include "src/store/postgres/pg_store_internal.h"

namespace engram::store::postgres {
namespace {

// Runs `sql` and reads every row as a memory; errors are prefixed with `what`.
Result<std::vector<Memory>> Memories(PgConn& conn, const char* what, const std::string& sql,
                                     std::initializer_list<PgParam> params) {
  auto r = conn.Exec(sql, params);
  if (!r.ok()) return r.status().WithPrefix(what);
  return ReadMemories(*r);
}

constexpr const char* kReviewSelect =
    "SELECT id, kind, user_id, memory_id, message_id, reason, payload, created_ms, "
    "resolved_ms, resolution FROM review";

ReviewItem ReadReview(const PgResult& r, int row) {
  ReviewItem item;
  item.id = r.Int64(row, 0);
  item.kind = std::string(r.Text(row, 1));
  item.user_id = std::string(r.Text(row, 2));
  item.memory_id = r.Int64(row, 3);  // 0 for NULL
  item.message_id = r.Int64(row, 4);
  item.reason = std::string(r.Text(row, 5));
  item.payload_json = std::string(r.Text(row, 6));
  item.created_at = Instant{r.Int64(row, 7), 0};
  if (!r.IsNull(row, 8)) item.resolved_at = Instant{r.Int64(row, 8), 0};
  item.resolution = std::string(r.Text(row, 9));
  return item;
}

}  // namespace

Result<Memory> PostgresStore::GetMemory(const OpContext& ctx, int64_t id) {
  Result<Memory> out = MemoryNotFound(id);
  ENGRAM_RETURN_IF_ERROR(WithConn([&](PgConn& conn) {
    out = LoadVisible(conn, tenant(), ctx, id);
    return Status::OK();
  }));
  return out;
}

Result<std::vector<Memory>> PostgresStore::GetHistory(const OpContext& ctx, int64_t id) {
  std::vector<Memory> out;
  ENGRAM_RETURN_IF_ERROR(WithConn([&](PgConn& conn) -> Status {
    ENGRAM_ASSIGN_OR_RETURN(Memory m, LoadVisible(conn, tenant(), ctx, id));
    ENGRAM_ASSIGN_OR_RETURN(
        out, Memories(conn, "history",
                      "SELECT " + MemoryColumns() +
                          " FROM memory m WHERE m.tenant_id = $1 AND m.lineage_id = $2 "
                          "ORDER BY m.version",
                      {tenant(), m.lineage_id}));
    return Status::OK();
  }));
  return out;
}

Result<int64_t> PostgresStore::FindRecord(const OpContext& ctx, const Scope& scope,
                                          const std::string& content) {
  if (!CanSee(ctx.principal, scope)) return int64_t{0};
  int64_t id = 0;
  ENGRAM_RETURN_IF_ERROR(WithConn([&](PgConn& conn) -> Status {
    // md5(content) lets the planner use memory_record_text.
    auto r = conn.Exec(
        "SELECT id FROM memory WHERE tenant_id = $1 AND scope_key = $2 AND "
        "md5(content) = md5($3) AND content = $3 AND type = 'episodic' AND current AND "
        "status = 'active' LIMIT 1",
        {tenant(), ScopeKey(scope), content});
    if (!r.ok()) return r.status().WithPrefix("find record");
    if (r->rows() > 0) id = r->Int64(0, 0);
    return Status::OK();
  }));
  return id;
}

Result<std::vector<Memory>> PostgresStore::ListMessageMemories(
    const OpContext& ctx, const std::vector<int64_t>& message_ids, bool retired_only) {
  std::vector<Memory> out;
  if (message_ids.empty()) return out;
  ENGRAM_RETURN_IF_ERROR(WithConn([&](PgConn& conn) -> Status {
    ENGRAM_ASSIGN_OR_RETURN(
        out, Memories(conn, "list message memories",
                      "SELECT " + MemoryColumns() +
                          " FROM memory m WHERE m.tenant_id = $1 AND "
                          "m.message_id = ANY($2::bigint[]) AND " + VisibleSql(3, 4) +
                          " AND m.status IN ('active', 'dormant') AND "
                          "($5::boolean IS FALSE OR NOT m.current) ORDER BY m.id",
                      {tenant(), IdArray(message_ids), UserParam(ctx.principal),
                       TeamsParam(ctx.principal), retired_only}));
    return Status::OK();
  }));
  return out;
}

Result<std::vector<Memory>> PostgresStore::GetSearchable(const OpContext& ctx,
                                                         const std::vector<int64_t>& ids,
                                                         bool include_history,
                                                         const MemoryFilter* filter) {
  std::vector<Memory> out;
  if (ids.empty()) return out;
  std::unordered_map<int64_t, Memory> found;
  ENGRAM_RETURN_IF_ERROR(WithConn([&](PgConn& conn) -> Status {
    ENGRAM_ASSIGN_OR_RETURN(found,
                            SelectSearchable(conn, tenant(), ctx, ids, include_history, filter));
    return Status::OK();
  }));
  for (int64_t id : ids) {  // the order of `ids` (a repeated id once)
    auto it = found.find(id);
    if (it != found.end()) {
      out.push_back(std::move(it->second));
      found.erase(it);
    }
  }
  return out;
}

Result<std::vector<VectorChange>> PostgresStore::VectorChangesSince(int64_t after_seq,
                                                                    const std::string& model,
                                                                    int limit) {
  std::vector<VectorChange> out;
  ENGRAM_RETURN_IF_ERROR(WithConn([&](PgConn& conn) -> Status {
    // The partition as the SQLite backend's PartitionSql: dormant memories are cold.
    auto r = conn.Exec(
        "SELECT l.seq, l.memory_id, l.op, CASE WHEN m.status = 'dormant' THEN 'z:' || "
        "m.scope_key ELSE m.scope_key END, v.vector FROM vector_log l "
        "LEFT JOIN memory m ON m.tenant_id = l.tenant_id AND m.id = l.memory_id "
        "LEFT JOIN memory_vector v ON v.tenant_id = l.tenant_id AND "
        "v.memory_id = l.memory_id AND v.model_id = $3 "
        "WHERE l.tenant_id = $1 AND l.seq > $2 ORDER BY l.seq LIMIT $4",
        {tenant(), after_seq, model, int64_t{limit}});
    if (!r.ok()) return r.status().WithPrefix("vector changes");
    for (int i = 0; i < r->rows(); ++i) {
      out.push_back(VectorChange{r->Int64(i, 0), r->Int64(i, 1), r->Text(i, 2) == "upsert",
                                 std::string(r->Text(i, 3)),
                                 r->IsNull(i, 4) ? std::string() : r->Bytea(i, 4)});
    }
    return Status::OK();
  }));
  return out;
}

// The metadata condition runs here, on loaded rows: batches are read in id order until the
// page is full or the rows run out, so rows it rejects never shorten a page.
Result<std::vector<Memory>> PostgresStore::ListMemories(const OpContext& ctx,
                                                        const ListQuery& q) {
  std::vector<Memory> out;
  if (q.limit <= 0) return out;
  const bool filtered = q.filter != nullptr && !q.filter->empty();
  const int batch = filtered ? std::max(q.limit, 256) : q.limit;
  const std::string sql = "SELECT " + MemoryColumns() +
                          " FROM memory m WHERE m.tenant_id = $1 AND m.id > $2 AND " +
                          VisibleSql(3, 4) + ListConditionSql(q, ctx.now.unix_ms) +
                          " AND ($5 = '' OR m.session_id = $5) AND ($6 = '' OR m.type = $6) "
                          "AND ($7 = '' OR m.kind = $7) AND ($8 = '' OR m.agent_id = $8) "
                          "ORDER BY m.id LIMIT $9";
  ENGRAM_RETURN_IF_ERROR(WithConn([&](PgConn& conn) -> Status {
    int64_t after = q.after_id;
    while (static_cast<int>(out.size()) < q.limit) {
      ENGRAM_ASSIGN_OR_RETURN(
          auto rows, Memories(conn, "list memories", sql,
                              {tenant(), after, UserParam(ctx.principal), TeamsParam(ctx.principal),
                               q.session_id, q.type, q.kind, q.agent_id, int64_t{batch}}));
      if (static_cast<int>(rows.size()) == batch) after = rows.back().id;
      for (Memory& m : rows) {
        if (static_cast<int>(out.size()) == q.limit) break;
        if (!filtered || q.filter->Matches(m)) out.push_back(std::move(m));
      }
      if (static_cast<int>(rows.size()) < batch) break;
    }
    return Status::OK();
  }));
  return out;
}

Result<StoredMessage> PostgresStore::GetMessage(const OpContext& ctx, int64_t id) {
  StoredMessage m;
  ENGRAM_RETURN_IF_ERROR(WithConn([&](PgConn& conn) -> Status {
    auto r = conn.Exec(
        "SELECT user_id, agent_id, team_id, visibility, session_id, role, content, at_ms, "
        "at_offset, source_type, context FROM message WHERE tenant_id = $1 AND id = $2",
        {tenant(), id});
    if (!r.ok()) return r.status().WithPrefix("message");
    if (r->rows() == 0) {
      return Status::NotFound("store: message " + std::to_string(id) + " not found");
    }
    auto text = [&](int c) { return std::string(r->Text(0, c)); };
    m.id = id;
    m.scope = Scope{text(0), text(1), text(2),
                    ParseVisibility(text(3)).value_or(Visibility::kPrivate)};
    m.message.session_id = text(4);
    m.message.role = text(5);
    m.message.content = text(6);
    m.message.at = Instant{r->Int64(0, 7), static_cast<int32_t>(r->Int64(0, 8))};
    m.message.source = ParseSourceType(text(9)).value_or(SourceType::kChat);
    m.message.context_json = text(10);
    return Status::OK();
  }));
  if (!CanSee(ctx.principal, m.scope)) {
    return Status::NotFound("store: message " + std::to_string(id) + " not found");
  }
  return m;
}

Result<LastMessage> PostgresStore::GetLastMessage(const OpContext& ctx) {
  Result<LastMessage> out = Status::NotFound("postgres: no message of this user and agent");
  ENGRAM_RETURN_IF_ERROR(WithConn([&](PgConn& conn) -> Status {
    auto r = conn.Exec(
        "SELECT id, session_id, at_ms, at_offset FROM message WHERE tenant_id = $1 AND "
        "user_id = $2 AND agent_id = $3 ORDER BY id DESC LIMIT 1",
        {tenant(), ctx.principal.user_id, ctx.principal.agent_id});
    if (!r.ok()) return r.status().WithPrefix("last message");
    if (r->rows() == 0) return Status::OK();
    LastMessage m;
    m.id = r->Int64(0, 0);
    m.session_id = std::string(r->Text(0, 1));
    m.at = Instant{r->Int64(0, 2), static_cast<int32_t>(r->Int64(0, 3))};
    out = m;
    return Status::OK();
  }));
  return out;
}

Result<std::vector<Memory>> PostgresStore::ListRecent(const OpContext& ctx,
                                                      const std::string& session_id, int limit) {
  std::vector<Memory> out;
  ENGRAM_RETURN_IF_ERROR(WithConn([&](PgConn& conn) -> Status {
    ENGRAM_ASSIGN_OR_RETURN(
        out, Memories(conn, "list recent",
                      "SELECT " + MemoryColumns() +
                          " FROM memory m WHERE m.tenant_id = $1 AND m.session_id = $2 AND "
                          "m.type = 'episodic' AND " + VisibleSql(3, 4) + " AND " +
                          SearchableSql(5, 6) + " ORDER BY m.id DESC LIMIT $7",
                      {tenant(), session_id, UserParam(ctx.principal), TeamsParam(ctx.principal),
                       ctx.now.unix_ms, false, int64_t{limit}}));
    return Status::OK();
  }));
  return out;
}

Result<std::vector<Memory>> PostgresStore::ListSessionNeighbors(const OpContext& ctx,
                                                                const Memory& memory,
                                                                int width) {
  ENGRAM_ASSIGN_OR_RETURN(auto out, ListSessionNeighborsOf(ctx, {&memory}, width));
  return std::move(out[0]);
}

// One statement for every memory: a LATERAL pair of index scans per (id, session, scope),
// each side the statement ListSessionNeighbors would send on its own.
Result<std::vector<std::vector<Memory>>> PostgresStore::ListSessionNeighborsOf(
    const OpContext& ctx, const std::vector<const Memory*>& memories, int width) {
  std::vector<std::vector<Memory>> out(memories.size());
  std::vector<int64_t> ids;
  std::vector<std::string> sessions, scopes;
  std::vector<size_t> slot;  // ids[k] answers out[slot[k]]
  for (size_t i = 0; i < memories.size() && width > 0; ++i) {
    if (memories[i]->source.session_id.empty()) continue;
    ids.push_back(memories[i]->id);
    sessions.push_back(memories[i]->source.session_id);
    scopes.push_back(ScopeKey(memories[i]->scope));
    slot.push_back(i);
  }
  if (ids.empty()) return out;
  static const std::string* const kSql = [] {  // never destroyed
    const std::string side =
        "SELECT " + MemoryColumns() +
        " FROM memory m WHERE m.tenant_id = $1 AND m.session_id = s.session_id AND "
        "m.scope_key = s.scope_key AND m.type = 'episodic' AND " + VisibleSql(5, 6) + " AND " +
        SearchableSql(7, 8) + " AND ";
    return new std::string(
        "SELECT s.ord, x.* FROM unnest($2::bigint[], $3::text[], $4::text[]) WITH ORDINALITY "
        "AS s(id, session_id, scope_key, ord) CROSS JOIN LATERAL ((" + side +
        "m.id < s.id ORDER BY m.id DESC LIMIT $9) UNION ALL (" + side +
        "m.id > s.id ORDER BY m.id LIMIT $9)) x ORDER BY s.ord, x.id");
  }();
  ENGRAM_RETURN_IF_ERROR(WithConn([&](PgConn& conn) -> Status {
    auto r = conn.Exec(*kSql, {tenant(), IdArray(ids), TextArray(sessions), TextArray(scopes),
                               UserParam(ctx.principal), TeamsParam(ctx.principal),
                               ctx.now.unix_ms, false, int64_t{width}});
    if (!r.ok()) return r.status().WithPrefix("list session neighbours");
    for (int row = 0; row < r->rows(); ++row) {
      const int64_t ord = r->Int64(row, 0);  // 1-based position in ids
      if (ord < 1 || ord > static_cast<int64_t>(slot.size())) {
        return Status::Internal("list session neighbours: row outside the request");
      }
      out[slot[ord - 1]].push_back(ReadMemory(*r, row, 1));
    }
    return Status::OK();
  }));
  return out;
}

Result<std::vector<VaultEntry>> PostgresStore::GetVault(
    const OpContext& ctx, const std::vector<std::string>& placeholders) {
  std::vector<VaultEntry> out;
  ENGRAM_RETURN_IF_ERROR(WithConn([&](PgConn& conn) -> Status {
    auto r = conn.Exec(
        "SELECT scope_key, user_id, placeholder, kind, nonce, ciphertext FROM pii_vault "
        "WHERE tenant_id = $1 AND scope_key = ANY($2::text[]) AND "
        "placeholder = ANY($3::text[])",
        {tenant(), TextArray(VisiblePartitions(ctx.principal)), TextArray(placeholders)});
    if (!r.ok()) return r.status().WithPrefix("select vault");
    for (int i = 0; i < r->rows(); ++i) {
      out.push_back({std::string(r->Text(i, 0)), std::string(r->Text(i, 1)),
                     std::string(r->Text(i, 2)), std::string(r->Text(i, 3)), r->Bytea(i, 4),
                     r->Bytea(i, 5)});
    }
    return Status::OK();
  }));
  return out;
}

Result<std::vector<ReviewItem>> PostgresStore::ListReview(const OpContext& ctx,
                                                          bool include_resolved, int limit) {
  std::vector<ReviewItem> out;
  ENGRAM_RETURN_IF_ERROR(WithConn([&](PgConn& conn) -> Status {
    auto r = conn.Exec(std::string(kReviewSelect) +
                           " WHERE tenant_id = $1 AND ($2 = '' OR user_id = $2) AND "
                           "($3 OR resolved_ms IS NULL) ORDER BY id LIMIT $4",
                       {tenant(), ReviewerUser(ctx.principal), include_resolved,
                        int64_t{limit}});
    if (!r.ok()) return r.status().WithPrefix("list review");
    for (int i = 0; i < r->rows(); ++i) out.push_back(ReadReview(*r, i));
    return Status::OK();
  }));
  return out;
}

Result<ReviewItem> PostgresStore::GetReview(const OpContext& ctx, int64_t id) {
  Result<ReviewItem> out = Status::NotFound("");
  ENGRAM_RETURN_IF_ERROR(WithConn([&](PgConn& conn) {
    out = GetReviewIn(conn, id, ReviewerUser(ctx.principal));
    return Status::OK();
  }));
  return out;
}

Result<ReviewItem> PostgresStore::GetReviewIn(PgConn& conn, int64_t id,
                                              const std::string& reviewer_user) {
  auto r = conn.Exec(std::string(kReviewSelect) +
                         " WHERE tenant_id = $1 AND id = $2 AND ($3 = '' OR user_id = $3)",
                     {tenant(), id, reviewer_user});
  if (!r.ok()) return r.status().WithPrefix("get review");
  if (r->rows() == 0) {
    return Status::NotFound("store: review item " + std::to_string(id) + " not found");
  }
  return ReadReview(*r, 0);
}

Result<std::vector<MemoryLink>> PostgresStore::ListLinks(const OpContext& ctx, int64_t id) {
  std::vector<MemoryLink> out;
  ENGRAM_RETURN_IF_ERROR(WithConn([&](PgConn& conn) -> Status {
    if (auto m = LoadVisible(conn, tenant(), ctx, id); !m.ok()) return m.status();
    auto r = conn.Exec(
        "SELECT from_id, to_id, kind, created_ms FROM memory_link WHERE tenant_id = $1 AND "
        "from_id = $2 UNION SELECT from_id, to_id, kind, created_ms FROM memory_link WHERE "
        "tenant_id = $1 AND to_id = $2 ORDER BY 4, 1, 2, 3",
        {tenant(), id});
    if (!r.ok()) return r.status().WithPrefix("list links");
    for (int i = 0; i < r->rows(); ++i) {
      out.push_back(MemoryLink{r->Int64(i, 0), r->Int64(i, 1), std::string(r->Text(i, 2)),
                               Instant{r->Int64(i, 3), 0}});
    }
    return Status::OK();
  }));
  return out;
}

Result<std::vector<Memory>> PostgresStore::ListConsolidatable(const OpContext& ctx,
                                                              const ConsolidationQuery& query) {
  std::vector<Memory> out;
  ENGRAM_RETURN_IF_ERROR(WithConn([&](PgConn& conn) -> Status {
    ENGRAM_ASSIGN_OR_RETURN(
        out, Memories(conn, "list consolidatable",
                      "SELECT " + MemoryColumns() +
                          " FROM memory m WHERE m.tenant_id = $1 AND m.id > $2 AND "
                          "m.status IN ('active', 'dormant') AND (m.expires_ms IS NULL OR "
                          "m.expires_ms > $3) AND ($4 OR (m.visibility = 'private' AND "
                          "m.user_id = $5) OR (m.visibility = 'team' AND "
                          "m.team_id = ANY($6::text[]))) ORDER BY m.id LIMIT $7",
                      {tenant(), query.after_id, ctx.now.unix_ms,
                       ctx.principal.HasRole("admin"), UserParam(ctx.principal),
                       TeamsParam(ctx.principal), int64_t{query.limit}}));
    return Status::OK();
  }));
  return out;
}

Result<StoreStats> PostgresStore::GetStats(const OpContext& ctx) {
  StoreStats s;
  ENGRAM_RETURN_IF_ERROR(WithConn([&](PgConn& conn) -> Status {
    auto msgs = conn.Exec("SELECT count(*) FROM message WHERE tenant_id = $1 AND user_id = $2",
                          {tenant(), ctx.principal.user_id});
    if (!msgs.ok()) return msgs.status().WithPrefix("stats");
    s.messages = msgs->Int64(0, 0);
    auto mem = conn.Exec(
        "SELECT count(*) FILTER (WHERE m.current AND m.status <> 'deleted'), count(*), "
        "count(DISTINCT m.lineage_id) FILTER (WHERE m.status = 'deleted'), "
        "count(*) FILTER (WHERE m.current AND m.status = 'dormant'), "
        "count(*) FILTER (WHERE m.current AND m.status IN ('active', 'dormant') AND "
        "m.expires_ms <= $4) FROM memory m WHERE m.tenant_id = $1 AND " + VisibleSql(2, 3),
        {tenant(), UserParam(ctx.principal), TeamsParam(ctx.principal), ctx.now.unix_ms});
    if (!mem.ok()) return mem.status().WithPrefix("stats");
    s.memories_current = mem->Int64(0, 0);
    s.memories_versions = mem->Int64(0, 1);
    s.memories_deleted = mem->Int64(0, 2);
    s.memories_dormant = mem->Int64(0, 3);
    s.memories_expired = mem->Int64(0, 4);
    auto aud = conn.Exec(
        "SELECT count(*) FROM audit WHERE tenant_id = $1 AND ($2 OR actor_user = $3)",
        {tenant(), ctx.principal.HasRole("admin"), ctx.principal.user_id});
    if (!aud.ok()) return aud.status().WithPrefix("stats");
    s.audit_records = aud->Int64(0, 0);
    // The schema's version is the database's, not a tenant's.
    auto ver = conn.Exec("SELECT COALESCE(max(version), 0) FROM schema_migrations");
    if (!ver.ok()) return ver.status().WithPrefix("stats");
    s.schema_version = ver->Int64(0, 0);
    return Status::OK();
  }));
  return s;
}

}  // namespace engram::store::postgres
