// MemoryStoreImpl's audit chain: appending, listing and verifying records.
#include "src/store/audit_chain.h"
#include "src/store/memory/memory_store_internal.h"

namespace engram::store::memory_internal {

Status MemoryStoreImpl::AppendAudit(const OpContext& ctx, const AuditEntry& entry) {
  std::lock_guard lock(mu_);
  AppendLocked(ctx, entry);
  return Status::OK();
}

Result<std::vector<AuditRecord>> MemoryStoreImpl::ListAudit(const OpContext& ctx,
                                                            const AuditQuery& query) {
  std::lock_guard lock(mu_);
  std::vector<AuditRecord> out;
  bool admin = ctx.principal.HasRole("admin");
  for (const AuditRecord& r : audit_) {
    if (r.seq <= query.after_seq) continue;
    if (!admin && r.actor_user != ctx.principal.user_id) continue;
    out.push_back(r);
    if (static_cast<int>(out.size()) >= query.limit) break;
  }
  return out;
}

Result<AuditVerification> MemoryStoreImpl::VerifyAudit() {
  std::lock_guard lock(mu_);
  // Nothing outside this process can reach these records: the chain is unkeyed.
  AuditChainVerifier verifier("", std::nullopt, "");
  for (const AuditRecord& r : audit_) verifier.Add(r);
  return verifier.Finish();
}

void MemoryStoreImpl::AppendLocked(const OpContext& ctx, const AuditEntry& e) {
  AuditRecord r = NewAuditRecord(ctx, e);
  r.seq = static_cast<int64_t>(audit_.size()) + 1;
  r.prev_hash = audit_.empty() ? AuditGenesisHash() : audit_.back().hash;
  r.hash = AuditHash(r.prev_hash, r);
  audit_.push_back(std::move(r));
}

}  // namespace engram::store::memory_internal
