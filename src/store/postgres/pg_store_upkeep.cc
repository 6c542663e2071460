// PostgresStore's lifecycle upkeep and metrics: the recall log, feedback, metrics counts,
// access tracking with dormancy (the vector partitions follow: hot = the scope key, cold =
// ColdPartition), and ReplaceVector. SQLite's metrics_rows.cc, dormancy_rows.cc and
// ReplaceVector, within the store's tenant; writes hold the tenant's writer lock.
#include <algorithm>

#include "engram/status_macros.h"
#include "src/store/access.h"
#include "src/store/postgres/pg_entity_util.h"
#include "src/store/postgres/pg_read_rows.h"
#include "src/store/postgres/pg_rows.h"
#include "src/store/postgres/pg_store_internal.h"

namespace engram::store::postgres {
namespace {

// The predicate selecting the filter's subject, parameter $2 its id (SQLite's RecallWhere).
std::string RecallWhere(const std::string& by) {
  if (by == "agent") return "agent_id = $2";
  if (by == "team") return "teams::jsonb ? $2";
  return "user_id = $2";
}

std::string OwnerColumn(const std::string& by, const std::string& alias) {
  if (by == "agent") return alias + "agent_id";
  if (by == "team") return alias + "team_id";
  return alias + "user_id";
}

// The vectors of memories `ids` (a bigint[] literal) move to their memory's partition, hot
// or cold by its status; returns the memories that have a vector, for the vector log.
Result<std::vector<int64_t>> MoveVectors(PgConn& conn, const std::string& tenant,
                                         const std::string& ids) {
  auto r = conn.Exec(
      "UPDATE memory_vector v SET part = CASE WHEN m.status = 'dormant' THEN 'z:' || "
      "m.scope_key ELSE m.scope_key END FROM memory m WHERE v.tenant_id = $1 AND "
      "v.memory_id = ANY($2::bigint[]) AND m.tenant_id = v.tenant_id AND m.id = v.memory_id "
      "RETURNING v.memory_id",
      {tenant, ids});
  if (!r.ok()) return r.status().WithPrefix("vector partition");
  std::vector<int64_t> moved;
  for (int i = 0; i < r->rows(); ++i) moved.push_back(r->Int64(i, 0));
  std::sort(moved.begin(), moved.end());
  return moved;
}

}  // namespace

namespace {

// A repeated request id: Conflict, as SQLite reports its UNIQUE constraint. The recall
// log's insert is queued (LogRecallIn), so its unique violation is what the transaction
// returns.
Status RecallLogged(Status s, const RecallLogEntry& e) {
  if (s.code() != StatusCode::kAlreadyExists) return s;
  return Status::Conflict("recall log: request id '" + e.request_id + "' is logged");
}

}  // namespace

Status PostgresStore::LogRecall(const RecallLogEntry& e) {
  return RecallLogged(WithWriteTxn([&](PgConn& conn) { return LogRecallIn(conn, e); }), e);
}

Status PostgresStore::RecordRecall(const OpContext& ctx, const std::vector<int64_t>& ids,
                                   const RecallLogEntry& log, const AuditEntry& audit) {
  // Two round trips: BEGIN, the lock, the audit head and the touch; then the queued log
  // and audit rows with COMMIT.
  return RecallLogged(WithWriteTxn([&](PgConn& conn) -> Status {
                        ENGRAM_RETURN_IF_ERROR(TouchIn(conn, ctx, ids));
                        ENGRAM_RETURN_IF_ERROR(LogRecallIn(conn, log));
                        return AppendAuditIn(conn, ctx, audit);
                      }),
                      log);
}

Status PostgresStore::LogRecallIn(PgConn& conn, const RecallLogEntry& e) {
  return conn.Defer(
      "INSERT INTO recall_log (tenant_id, at_ms, user_id, agent_id, teams, request_id, "
      "fingerprint, hits) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
      {tenant(), e.at.unix_ms, e.user_id, e.agent_id, JsonStrings(e.teams), e.request_id,
       e.fingerprint, int64_t{e.hits}});
}

Status PostgresStore::MarkUsed(const OpContext& ctx, const std::string& request_id, bool used) {
  return WithWriteTxn([&](PgConn& conn) -> Status {
    auto r = conn.Exec(
        "UPDATE recall_log SET used = used + $4::int WHERE tenant_id = $1 AND request_id = $2 "
        "AND user_id = $3 RETURNING id",
        {tenant(), request_id, ctx.principal.user_id, int64_t{used ? 1 : 0}});
    if (!r.ok()) return r.status().WithPrefix("recall log");
    if (r->rows() == 0) {
      return Status::NotFound("feedback: no recall with request id '" + request_id + "'");
    }
    return Status::OK();
  });
}

Result<MetricsCounts> PostgresStore::CollectMetrics(const MetricsFilter& f) {
  MetricsCounts c;
  const std::string owner = OwnerColumn(f.by, "");
  const Status done = WithConn([&](PgConn& conn) -> Status {
    auto recalls = conn.Exec(
        "SELECT at_ms, fingerprint, used FROM recall_log WHERE tenant_id = $1 AND " +
            RecallWhere(f.by) + " AND at_ms >= $3 AND at_ms < $4 ORDER BY at_ms, id",
        {tenant(), f.id, f.recalls_from.unix_ms, f.to.unix_ms});
    if (!recalls.ok()) return recalls.status().WithPrefix("metrics: recalls");
    for (int i = 0; i < recalls->rows(); ++i) {
      c.recalls.emplace_back(recalls->Int64(i, 0), std::string(recalls->Text(i, 1)));
      if (recalls->Int64(i, 0) >= f.from.unix_ms) c.used += recalls->Int64(i, 2);
    }
    // A context_reload key counts unless its value is JSON null (SQLite's json_extract).
    auto messages = conn.Exec(
        "SELECT COUNT(*), COUNT(*) FILTER (WHERE COALESCE(context::jsonb -> 'context_reload', "
        "'null'::jsonb) <> 'null'::jsonb) FROM message WHERE tenant_id = $1 AND " + owner +
            " = $2 AND recorded_ms >= $3 AND recorded_ms < $4",
        {tenant(), f.id, f.from.unix_ms, f.to.unix_ms});
    if (!messages.ok()) return messages.status().WithPrefix("metrics: messages");
    c.messages = messages->Int64(0, 0);
    c.context_reloads = messages->Int64(0, 1);
    auto signals = conn.Exec(
        "SELECT s.value, COUNT(*) FROM message, jsonb_array_elements_text(CASE WHEN "
        "jsonb_typeof(message.context::jsonb -> 'signals') = 'array' THEN "
        "message.context::jsonb -> 'signals' ELSE '[]'::jsonb END) s WHERE "
        "message.tenant_id = $1 AND message." + owner +
            " = $2 AND recorded_ms >= $3 AND recorded_ms < $4 GROUP BY s.value",
        {tenant(), f.id, f.from.unix_ms, f.to.unix_ms});
    if (!signals.ok()) return signals.status().WithPrefix("metrics: signals");
    for (int i = 0; i < signals->rows(); ++i) {
      c.writes_by_signal[std::string(signals->Text(i, 0))] = signals->Int64(i, 1);
    }
    // Open at `to`, and of the quarantine items, those not released before `to`.
    auto review = conn.Exec(
        "SELECT COUNT(*) FILTER (WHERE r.resolved_ms IS NULL OR r.resolved_ms >= $3), "
        "COUNT(*) FILTER (WHERE r.kind = 'quarantine' AND NOT (COALESCE(r.resolution, '') = "
        "'approve' AND COALESCE(r.resolved_ms, $3) < $3)) FROM review r " +
            (f.by == "user"
                 ? std::string("WHERE r.tenant_id = $1 AND r.user_id = $2")
                 : "JOIN memory m ON m.tenant_id = r.tenant_id AND m.id = r.memory_id WHERE "
                   "r.tenant_id = $1 AND " + OwnerColumn(f.by, "m.") + " = $2") +
            " AND r.created_ms < $3",
        {tenant(), f.id, f.to.unix_ms});
    if (!review.ok()) return review.status().WithPrefix("metrics: review");
    c.review_open = review->Int64(0, 0);
    c.quarantine_held = review->Int64(0, 1);
    auto quarantined = conn.Exec(
        "SELECT COUNT(*) FROM memory WHERE tenant_id = $1 AND status = 'quarantined' AND "
        "current AND " + owner + " = $2",
        {tenant(), f.id});
    if (!quarantined.ok()) return quarantined.status().WithPrefix("metrics: quarantined");
    c.quarantined = quarantined->Int64(0, 0);
    return Status::OK();
  });
  if (!done.ok()) return done;
  return c;
}

Status PostgresStore::TouchMemories(const OpContext& ctx, const std::vector<int64_t>& ids) {
  if (ids.empty()) return Status::OK();
  return WithWriteTxn([&](PgConn& conn) { return TouchIn(conn, ctx, ids); });
}

Status PostgresStore::TouchIn(PgConn& conn, const OpContext& ctx,
                              const std::vector<int64_t>& ids) {
  if (ids.empty()) return Status::OK();
  {
    // One access per mention of an id (as SQLite's loop counts them); the status is set only
    // where it changes.
    auto touched = conn.Exec(
        "WITH t AS (SELECT id, COUNT(*) AS n FROM unnest($2::bigint[]) AS id GROUP BY id) "
        "UPDATE memory m SET access_count = m.access_count + t.n, last_access_ms = $3 FROM t "
        "WHERE m.tenant_id = $1 AND m.id = t.id AND m.current AND m.status IN ('active', "
        "'dormant') AND " + VisibleSql(4, 5) + " RETURNING m.id, m.status",
        {tenant(), IdArray(ids), ctx.now.unix_ms, UserParam(ctx.principal),
         TeamsParam(ctx.principal)});
    if (!touched.ok()) return touched.status().WithPrefix("touch");
    std::vector<int64_t> dormant;
    for (int i = 0; i < touched->rows(); ++i) {
      if (touched->Text(i, 1) == "dormant") dormant.push_back(touched->Int64(i, 0));
    }
    if (dormant.empty()) return Status::OK();
    std::sort(dormant.begin(), dormant.end());
    auto wake = conn.Exec(
        "UPDATE memory SET status = 'active' WHERE tenant_id = $1 AND id = ANY($2::bigint[])",
        {tenant(), IdArray(dormant)});
    if (!wake.ok()) return wake.status().WithPrefix("touch");
    ENGRAM_ASSIGN_OR_RETURN(auto moved, MoveVectors(conn, tenant(), IdArray(dormant)));
    for (int64_t id : moved) ENGRAM_RETURN_IF_ERROR(LogVectorIn(conn, id, true));
    return Status::OK();
  }
}

Result<int64_t> PostgresStore::MarkDormant(const Instant& idle_before, int limit) {
  int64_t changed = 0;
  const Status done = WithWriteTxn([&](PgConn& conn) -> Status {
    auto marked = conn.Exec(
        "UPDATE memory SET status = 'dormant' WHERE tenant_id = $1 AND id IN (SELECT id FROM "
        "memory WHERE tenant_id = $1 AND current AND status = 'active' AND "
        "COALESCE(last_access_ms, recorded_ms) < $2 ORDER BY id LIMIT $3) RETURNING id",
        {tenant(), idle_before.unix_ms, int64_t{limit}});
    if (!marked.ok()) return marked.status().WithPrefix("mark dormant");
    std::vector<int64_t> ids;
    for (int i = 0; i < marked->rows(); ++i) ids.push_back(marked->Int64(i, 0));
    changed = static_cast<int64_t>(ids.size());
    if (ids.empty()) return Status::OK();
    ENGRAM_ASSIGN_OR_RETURN(auto moved, MoveVectors(conn, tenant(), IdArray(ids)));
    for (int64_t id : moved) ENGRAM_RETURN_IF_ERROR(LogVectorIn(conn, id, true));
    return Status::OK();
  });
  if (!done.ok()) return done;
  return changed;
}

Status PostgresStore::ReplaceVector(const OpContext& ctx, int64_t id, const std::string& model,
                                    const std::string& vector) {
  return WithWriteTxn([&](PgConn& conn) -> Status {
    ENGRAM_ASSIGN_OR_RETURN(const Memory m, LoadVisible(conn, tenant(), ctx, id));
    if (!m.current) return MemoryNotFound(id);
    ENGRAM_RETURN_IF_ERROR(CheckCanWrite(ctx.principal, m.scope));
    ENGRAM_RETURN_IF_ERROR(PutVectorIn(conn, id, model, vector));
    // PutVectorIn files the vector as live in the hot partition; a dormant or hidden
    // memory's vector stays where its status puts it.
    if (m.status == MemoryStatus::kActive) return Status::OK();
    auto live = conn.Exec(
        "UPDATE memory_vector SET live = $3, part = $4 WHERE tenant_id = $1 AND memory_id = $2",
        {tenant(), id, m.status == MemoryStatus::kDormant,
         m.status == MemoryStatus::kDormant ? ColdPartition(ScopeKey(m.scope))
                                            : ScopeKey(m.scope)});
    return live.ok() ? Status::OK() : live.status().WithPrefix("replace vector");
  });
}

}  // namespace engram::store::postgres
