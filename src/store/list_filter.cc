// The conditions of a ListQuery, once for every backend (see list_filter.h).
#include "src/store/list_filter.h"

namespace engram::store {

bool IsListStatus(std::string_view status) {
  return status.empty() || status == "current" || status == "outdated" ||
         status == "dormant" || status == "expired" || status == "quarantined";
}

std::string_view ListStatusOf(const Memory& m, int64_t now_ms) {
  if (m.status == MemoryStatus::kDeleted) return "deleted";
  if (m.status == MemoryStatus::kQuarantined) return "quarantined";
  if (!m.current) return "outdated";
  if (m.status == MemoryStatus::kDormant) return "dormant";
  if (m.expires_at && m.expires_at->unix_ms <= now_ms) return "expired";
  return "current";
}

bool ListMatches(const ListQuery& q, const Memory& m, int64_t now_ms) {
  const std::string_view status = ListStatusOf(m, now_ms);
  if (status == "deleted") return false;
  if (q.status.empty() ? !q.include_history && !m.current : status != q.status) return false;
  if (!q.session_id.empty() && m.source.session_id != q.session_id) return false;
  if (!q.type.empty() && ToString(m.type) != q.type) return false;
  if (!q.kind.empty() && ToString(m.kind) != q.kind) return false;
  if (!q.agent_id.empty() && m.scope.agent_id != q.agent_id) return false;
  if (m.recorded_at.unix_ms < q.recorded_from_ms || m.recorded_at.unix_ms >= q.recorded_to_ms) {
    return false;
  }
  return q.filter == nullptr || q.filter->Matches(m);
}

std::string ListConditionSql(const ListQuery& q, int64_t now_ms) {
  const std::string now = std::to_string(now_ms);
  std::string sql = " AND m.status <> 'deleted'";
  if (q.status.empty()) {
    if (!q.include_history) sql += " AND m.current";
  } else if (q.status == "quarantined") {
    sql += " AND m.status = 'quarantined'";
  } else if (q.status == "outdated") {
    sql += " AND NOT m.current AND m.status <> 'quarantined'";
  } else if (q.status == "dormant") {
    sql += " AND m.current AND m.status = 'dormant'";
  } else if (q.status == "expired") {
    sql += " AND m.current AND m.status = 'active' AND m.expires_ms <= " + now;
  } else if (q.status == "current") {
    sql += " AND m.current AND m.status = 'active' AND (m.expires_ms IS NULL OR m.expires_ms > " +
           now + ")";
  } else {
    sql += " AND 1 = 0";  // not a status name: nothing matches (as ListMatches)
  }
  if (q.recorded_from_ms != INT64_MIN) {
    sql += " AND m.recorded_ms >= " + std::to_string(q.recorded_from_ms);
  }
  if (q.recorded_to_ms != INT64_MAX) {
    sql += " AND m.recorded_ms < " + std::to_string(q.recorded_to_ms);
  }
  return sql;
}

}  // namespace engram::store
