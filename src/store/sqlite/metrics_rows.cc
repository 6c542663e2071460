#include "src/store/sqlite/metrics_rows.h"

#include "engram/status_macros.h"
#include "src/store/sqlite/memory_rows.h"
#include "src/store/sqlite/sqlite_util.h"

namespace engram::store::sqlite {
namespace {

// The column (of `table`, or an expression) that selects the filter's subject; ?1 is its id.
std::string RecallWhere(const std::string& by) {
  if (by == "agent") return "agent_id = ?1";
  if (by == "team") return "EXISTS (SELECT 1 FROM json_each(teams) WHERE value = ?1)";
  return "user_id = ?1";
}

std::string OwnerColumn(const std::string& by, const std::string& alias) {
  if (by == "agent") return alias + "agent_id";
  if (by == "team") return alias + "team_id";
  return alias + "user_id";
}

}  // namespace

Status InsertRecallLog(sqlite3* db, StmtCache* cache, const RecallLogEntry& e) {
  Stmt st(db, cache, "INSERT INTO recall_log (at_ms, user_id, agent_id, teams, request_id, "
              "fingerprint, hits) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)");
  st.Bind(1, e.at.unix_ms).Bind(2, e.user_id).Bind(3, e.agent_id);
  st.Bind(4, JsonStringArray(e.teams)).Bind(5, e.request_id).Bind(6, e.fingerprint);
  st.Bind(7, int64_t{e.hits});
  return st.Run().WithPrefix("recall log");
}

Status MarkRecallUsed(sqlite3* db, const std::string& user_id, const std::string& request_id,
                      bool used) {
  Stmt find(db, "SELECT id FROM recall_log WHERE request_id = ?1 AND user_id = ?2");
  find.Bind(1, request_id).Bind(2, user_id);
  if (!find.Step()) {
    ENGRAM_RETURN_IF_ERROR(find.status());
    return Status::NotFound("feedback: no recall with request id '" + request_id + "'");
  }
  if (!used) return Status::OK();
  Stmt st(db, "UPDATE recall_log SET used = used + 1 WHERE id = ?1");
  st.Bind(1, find.Int(0));
  return st.Run().WithPrefix("recall log");
}

Result<MetricsCounts> SelectMetrics(sqlite3* db, const MetricsFilter& f) {
  MetricsCounts c;
  {
    Stmt st(db, "SELECT at_ms, fingerprint, used FROM recall_log WHERE " + RecallWhere(f.by) +
                    " AND at_ms >= ?2 AND at_ms < ?3 ORDER BY at_ms, id");
    st.Bind(1, f.id).Bind(2, f.recalls_from.unix_ms).Bind(3, f.to.unix_ms);
    while (st.Step()) {
      c.recalls.emplace_back(st.Int(0), st.Text(1));
      if (st.Int(0) >= f.from.unix_ms) c.used += st.Int(2);
    }
    if (!st.status().ok()) return st.status().WithPrefix("metrics: recalls");
  }
  const std::string owner = OwnerColumn(f.by, "");
  {
    Stmt st(db, "SELECT COUNT(*), COALESCE(SUM(json_extract(context, '$.context_reload') IS "
                "NOT NULL), 0) FROM message WHERE " + owner +
                    " = ?1 AND recorded_ms >= ?2 AND recorded_ms < ?3");
    st.Bind(1, f.id).Bind(2, f.from.unix_ms).Bind(3, f.to.unix_ms);
    if (st.Step()) {
      c.messages = st.Int(0);
      c.context_reloads = st.Int(1);
    }
    if (!st.status().ok()) return st.status().WithPrefix("metrics: messages");
  }
  {
    Stmt st(db, "SELECT j.value, COUNT(*) FROM message, json_each(message.context, "
                "'$.signals') j WHERE message." + owner +
                    " = ?1 AND recorded_ms >= ?2 AND recorded_ms < ?3 GROUP BY j.value");
    st.Bind(1, f.id).Bind(2, f.from.unix_ms).Bind(3, f.to.unix_ms);
    while (st.Step()) c.writes_by_signal[st.Text(0)] = st.Int(1);
    if (!st.status().ok()) return st.status().WithPrefix("metrics: signals");
  }
  {
    // Open at `to`, and of the quarantine items, those not released before `to`.
    std::string sql =
        "SELECT COUNT(*) FILTER (WHERE r.resolved_ms IS NULL OR r.resolved_ms >= ?2), "
        "COUNT(*) FILTER (WHERE r.kind = 'quarantine' AND NOT (COALESCE(r.resolution, '') = "
        "'approve' AND COALESCE(r.resolved_ms, ?2) < ?2)) FROM review r " +
        (f.by == "user" ? std::string("WHERE r.user_id = ?1")
                        : "JOIN memory m ON m.id = r.memory_id WHERE " +
                              OwnerColumn(f.by, "m.") + " = ?1") +
        " AND r.created_ms < ?2";
    Stmt st(db, sql);
    st.Bind(1, f.id).Bind(2, f.to.unix_ms);
    if (st.Step()) {
      c.review_open = st.Int(0);
      c.quarantine_held = st.Int(1);
    }
    if (!st.status().ok()) return st.status().WithPrefix("metrics: review");
  }
  {
    Stmt st(db, "SELECT COUNT(*) FROM memory WHERE status = 'quarantined' AND current = 1 AND " +
                    owner + " = ?1");
    st.Bind(1, f.id);
    if (st.Step()) c.quarantined = st.Int(0);
    if (!st.status().ok()) return st.status().WithPrefix("metrics: quarantined");
  }
  return c;
}

}  // namespace engram::store::sqlite
