// StoreCore's forgetting (store.h Forget and EraseUser), over WritePort.
#include "engram/status_macros.h"
#include "src/store/access.h"
#include "src/store/lifecycle_checks.h"
#include "src/store/store_core.h"

namespace engram::store {
namespace {

Status ForgetIn(WritePort& port, const OpContext& ctx, int64_t id, bool hard) {
  ENGRAM_ASSIGN_OR_RETURN(auto m, port.GetMemory(id));
  if (!m || !CanSee(ctx.principal, m->scope)) {
    return Status::NotFound("store: memory " + std::to_string(id) + " not found");
  }
  ENGRAM_RETURN_IF_ERROR(CheckCanWrite(ctx.principal, m->scope));
  ENGRAM_ASSIGN_OR_RETURN(auto versions, port.ListLineage(m->lineage_id));
  std::vector<int64_t> targets;
  std::vector<std::string> placeholders;  // of the erased texts (hard)
  for (const Memory& v : versions) {
    targets.push_back(v.id);
    if (v.current) ENGRAM_RETURN_IF_ERROR(port.Retire(v.id, ctx.now, ctx.now));
    ENGRAM_RETURN_IF_ERROR(port.SetStatus(v.id, MemoryStatus::kDeleted));
    ENGRAM_RETURN_IF_ERROR(port.LogVectorRemoval(v.id));
    if (!hard) continue;
    for (const std::string* text : {&v.content, &v.value}) {
      for (std::string& p : VaultPlaceholders(*text)) placeholders.push_back(std::move(p));
    }
  }
  if (hard) {
    ENGRAM_RETURN_IF_ERROR(port.EraseContent(versions));
    // A placeholder's vault row goes unless another memory of the scope still mentions it.
    ENGRAM_RETURN_IF_ERROR(port.DeleteUnreferencedVault(ScopeKey(m->scope), placeholders));
  }
  return port.AppendAudit(ctx, AuditEntry{"forget", targets,
                                          hard ? "{\"hard\":true}" : "{\"hard\":false}"});
}

Status EraseIn(WritePort& port, const OpContext& ctx, const std::string& user_id,
               EraseOutcome* out) {
  ENGRAM_ASSIGN_OR_RETURN(*out, port.DeleteUserRows(user_id, ctx.now));
  if (out->memory_ids.empty() && out->messages == 0 && out->vault_entries == 0 &&
      out->review_items == 0 && out->outbox_entries == 0 && out->api_keys == 0) {
    return Status::NotFound("store: nothing stored for user '" + user_id + "'");
  }
  for (int64_t id : out->memory_ids) ENGRAM_RETURN_IF_ERROR(port.LogVectorRemoval(id));
  return port.AppendAudit(ctx, AuditEntry{"erase", {}, EraseAuditDetail(user_id, *out)});
}

}  // namespace

Status StoreCore::Forget(const OpContext& ctx, int64_t id, bool hard) {
  return RunWrite([&](WritePort& port) { return ForgetIn(port, ctx, id, hard); });
}

Result<EraseOutcome> StoreCore::EraseUser(const OpContext& ctx, const std::string& user_id) {
  ENGRAM_RETURN_IF_ERROR(CheckCanErase(ctx.principal, user_id));
  EraseOutcome out;
  ENGRAM_RETURN_IF_ERROR(
      RunWrite([&](WritePort& port) { return EraseIn(port, ctx, user_id, &out); }));
  return out;
}

}  // namespace engram::store
