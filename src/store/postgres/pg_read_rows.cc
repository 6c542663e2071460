#include "src/store/postgres/pg_read_rows.h"

#include "engram/status_macros.h"
#include "src/store/postgres/pg_rows.h"

namespace engram::store::postgres {

Result<Memory> LoadVisible(PgConn& conn, const std::string& tenant, const OpContext& ctx,
                           int64_t id) {
  auto r = conn.Exec("SELECT " + MemoryColumns() +
                         " FROM memory m WHERE m.tenant_id = $1 AND m.id = $2 AND " +
                         VisibleSql(3, 4),
                     {tenant, id, UserParam(ctx.principal), TeamsParam(ctx.principal)});
  if (!r.ok()) return r.status().WithPrefix("get memory");
  if (r->rows() == 0) return MemoryNotFound(id);
  return ReadMemory(*r, 0);
}

Result<std::unordered_map<int64_t, Memory>> SelectSearchable(PgConn& conn,
                                                             const std::string& tenant,
                                                             const OpContext& ctx,
                                                             const std::vector<int64_t>& ids,
                                                             bool include_history,
                                                             const MemoryFilter* filter) {
  std::unordered_map<int64_t, Memory> out;
  if (ids.empty()) return out;
  auto r = conn.Exec("SELECT " + MemoryColumns() +
                         " FROM memory m WHERE m.tenant_id = $1 AND m.id = ANY($2::bigint[]) "
                         "AND " + VisibleSql(3, 4) + " AND " + SearchableSql(5, 6),
                     {tenant, IdArray(ids), UserParam(ctx.principal), TeamsParam(ctx.principal),
                      ctx.now.unix_ms, include_history});
  if (!r.ok()) return r.status().WithPrefix("get searchable");
  for (int i = 0; i < r->rows(); ++i) {
    Memory m = ReadMemory(*r, i);
    if (filter != nullptr && !filter->empty() && !filter->Matches(m)) continue;
    const int64_t id = m.id;
    out.emplace(id, std::move(m));
  }
  return out;
}

}  // namespace engram::store::postgres
