#include "src/store/sqlite/dormancy_rows.h"

#include <utility>

#include "engram/status_macros.h"
#include "src/store/sqlite/memory_rows.h"
#include "src/store/sqlite/sqlite_util.h"

namespace engram::store::sqlite {
namespace {

// A vector moves between the hot and the cold partition: the replay re-adds it.
Status LogMove(sqlite3* db, int64_t id) {
  Stmt st(db, "INSERT INTO vector_log (memory_id, op) SELECT memory_id, 'upsert' "
              "FROM memory_vector WHERE memory_id = ?1");
  st.Bind(1, id);
  return st.Run().WithPrefix("vector log");
}

}  // namespace

const char* PartitionSql() {
  return "CASE WHEN m.status = 'dormant' THEN 'z:' || m.scope_key ELSE m.scope_key END";
}

Status TouchRows(sqlite3* db, StmtCache* cache, const OpContext& ctx,
                 const std::vector<int64_t>& ids) {
  Stmt find(db, cache, "SELECT m.status FROM memory m WHERE m.id = ?1 AND m.current = 1 AND "
                "m.status IN ('active', 'dormant') AND " + VisibleSql(2, 3));
  // Status is set only when it changes: an UPDATE naming it rewrites memory_scope's entry
  // (and its page goes to the log) even when the value stays 'active'.
  Stmt touch(db, cache, "UPDATE memory SET access_count = access_count + 1, last_access_ms = ?2 "
                 "WHERE id = ?1");
  Stmt wake(db, cache, "UPDATE memory SET status = 'active' WHERE id = ?1");
  const std::string teams = JsonStringArray(ctx.principal.teams);
  for (int64_t id : ids) {
    find.Reset();
    find.Bind(1, id).Bind(2, ctx.principal.user_id).Bind(3, teams);
    if (!find.Step()) {
      if (!find.status().ok()) return find.status().WithPrefix("touch");
      continue;
    }
    const bool dormant = find.Text(0) == "dormant";
    touch.Reset();
    touch.Bind(1, id).Bind(2, ctx.now.unix_ms);
    if (Status s = touch.Run(); !s.ok()) return s.WithPrefix("touch");
    if (dormant) {
      wake.Reset();
      wake.Bind(1, id);
      if (Status s = wake.Run(); !s.ok()) return s.WithPrefix("touch");
      ENGRAM_RETURN_IF_ERROR(LogMove(db, id));
    }
  }
  return Status::OK();
}

Result<int64_t> MarkDormantRows(sqlite3* db, const Instant& idle_before, int limit) {
  std::vector<int64_t> ids;
  {
    Stmt st(db, "SELECT id FROM memory WHERE current = 1 AND status = 'active' AND "
                "COALESCE(last_access_ms, recorded_ms) < ?1 ORDER BY id LIMIT ?2");
    st.Bind(1, idle_before.unix_ms).Bind(2, int64_t{limit});
    while (st.Step()) ids.push_back(st.Int(0));
    if (!st.status().ok()) return st.status().WithPrefix("mark dormant");
  }
  Stmt mark(db, "UPDATE memory SET status = 'dormant' WHERE id = ?1");
  for (int64_t id : ids) {
    mark.Reset();
    mark.Bind(1, id);
    if (Status s = mark.Run(); !s.ok()) return s.WithPrefix("mark dormant");
    ENGRAM_RETURN_IF_ERROR(LogMove(db, id));
  }
  return static_cast<int64_t>(ids.size());
}

}  // namespace engram::store::sqlite
