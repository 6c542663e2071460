// SqliteStore's consolidation: ListConsolidatable (ApplyConsolidation is StoreCore's).
#include <set>

#include "engram/status_macros.h"
#include "src/store/access.h"
#include "src/store/lifecycle_checks.h"
#include "src/store/sqlite/lifecycle_rows.h"
#include "src/store/sqlite/memory_rows.h"
#include "src/store/sqlite/sqlite_store_internal.h"
#include "src/store/versions.h"

namespace engram::store::sqlite_internal {

Result<std::vector<Memory>> SqliteStore::ListConsolidatable(const OpContext& ctx,
                                                            const ConsolidationQuery& query) {
  std::lock_guard lock(mu_);
  return sqlite::SelectConsolidatable(db_, ctx.principal, ctx.now, query);
}

}  // namespace engram::store::sqlite_internal
