// MemoryStoreImpl's consolidation: ListConsolidatable (ApplyConsolidation is StoreCore's).
#include "src/store/access.h"
#include "src/store/memory/memory_store_internal.h"

namespace engram::store::memory_internal {

Result<std::vector<Memory>> MemoryStoreImpl::ListConsolidatable(const OpContext& ctx,
                                                                const ConsolidationQuery& query) {
  std::lock_guard lock(mu_);
  std::vector<Memory> out;
  for (auto it = memories_.upper_bound(query.after_id);
       it != memories_.end() && static_cast<int>(out.size()) < query.limit; ++it) {
    const Memory& m = it->second;
    if (m.status == MemoryStatus::kDeleted || m.status == MemoryStatus::kQuarantined) continue;
    if (m.expires_at && m.expires_at->unix_ms <= ctx.now.unix_ms) continue;
    bool mine = ctx.principal.HasRole("admin") ||
                (m.scope.visibility != Visibility::kPublic &&
                 CanSee(ctx.principal, m.scope) && CheckCanWrite(ctx.principal, m.scope).ok());
    if (mine) out.push_back(m);
  }
  return out;
}

}  // namespace engram::store::memory_internal
