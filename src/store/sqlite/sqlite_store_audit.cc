// SqliteStore's audit chain: appending, listing and verifying records.
#include "engram/status_macros.h"
#include "src/store/audit_chain.h"
#include "src/store/sqlite/sqlite_store_internal.h"

namespace engram::store::sqlite_internal {

Status SqliteStore::AppendAudit(const OpContext& ctx, const AuditEntry& entry) {
  std::lock_guard lock(mu_);
  Txn txn(db_);
  ENGRAM_RETURN_IF_ERROR(txn.status());
  ENGRAM_RETURN_IF_ERROR(AppendLocked(ctx, entry));
  return txn.Commit();
}

Result<std::vector<AuditRecord>> SqliteStore::ListAudit(const OpContext& ctx,
                                                        const AuditQuery& query) {
  std::lock_guard lock(mu_);
  Stmt st(db_, std::string(kAuditSelect) +
                   " WHERE seq > ?1 AND (?2 = 1 OR actor_user = ?3) ORDER BY seq LIMIT ?4");
  st.Bind(1, query.after_seq).Bind(2, ctx.principal.HasRole("admin"));
  st.Bind(3, ctx.principal.user_id).Bind(4, int64_t{query.limit});
  std::vector<AuditRecord> out;
  while (st.Step()) out.push_back(ReadAudit(st));
  ENGRAM_RETURN_IF_ERROR(st.status());
  return out;
}

Result<AuditVerification> SqliteStore::VerifyAudit() {
  std::lock_guard lock(mu_);
  std::optional<AuditHead> head;
  std::string anchor_problem;
  if (anchor_) {
    auto read = anchor_->Read();
    if (read.ok()) {
      head = *read;
    } else {
      anchor_problem = read.status().message();
    }
  }
  // One snapshot: the rows read and the anchor checked against them belong together (the
  // anchor is written after commits, so it never names a record this snapshot lacks).
  Txn txn(db_);
  ENGRAM_RETURN_IF_ERROR(txn.status());
  AuditChainVerifier verifier(audit_key_, std::move(head), std::move(anchor_problem));
  Stmt st(db_, std::string(kAuditSelect) + " ORDER BY seq");
  while (st.Step()) verifier.Add(ReadAudit(st));
  ENGRAM_RETURN_IF_ERROR(st.status());
  return verifier.Finish();
}

Status SqliteStore::InitAuditAnchor() {
  if (!anchor_) return Status::OK();
  std::lock_guard lock(mu_);
  auto head = anchor_->Read();
  if (!head.ok()) return Status::OK();  // kept as evidence; VerifyAudit reports it
  if (*head) {
    keyed_from_ = (*head)->keyed_from;
    return Status::OK();
  }
  Stmt last(db_, std::string(kAuditSelect) + " ORDER BY seq DESC LIMIT 1");
  AuditHead fresh;
  fresh.hash = AuditGenesisHash();
  if (last.Step()) {
    const AuditRecord r = ReadAudit(last);
    // The newest record carries this key's MAC: the chain was keyed and its anchor is gone.
    // Leave it missing (VerifyAudit says so) rather than vouch for a chain nobody checked.
    if (AuditMac(audit_key_, r.prev_hash, r) == r.hash) return Status::OK();
    fresh = AuditHead{r.seq + 1, r.seq, r.hash};  // a chain from before keying
  }
  if (!last.status().ok()) return last.status().WithPrefix("audit anchor");
  keyed_from_ = fresh.keyed_from;
  return anchor_->Write(fresh, true);
}

AuditRecord SqliteStore::ReadAudit(const Stmt& st) {
  AuditRecord r;
  r.seq = st.Int(0);
  r.at = Instant{st.Int(1), 0};
  r.actor_user = st.Text(2);
  r.actor_agent = st.Text(3);
  r.action = st.Text(4);
  r.targets = ParseIdList(st.Text(5));
  r.request_id = st.Text(6);
  r.detail_json = st.Text(7);
  r.prev_hash = st.Text(8);
  r.hash = st.Text(9);
  return r;
}

Status SqliteStore::AppendLocked(const OpContext& ctx, const AuditEntry& e) {
  AuditRecord r = NewAuditRecord(ctx, e);
  r.prev_hash = AuditGenesisHash();
  r.seq = 1;
  {
    Stmt last(db_, cache_.get(), "SELECT seq, hash FROM audit ORDER BY seq DESC LIMIT 1");
    if (last.Step()) {
      r.seq = last.Int(0) + 1;
      r.prev_hash = last.Text(1);
    }
    ENGRAM_RETURN_IF_ERROR(last.status());
  }
  r.hash = AuditMac(audit_key_, r.prev_hash, r);
  if (anchor_) pending_head_ = AuditHead{keyed_from_, r.seq, r.hash};
  Stmt st(db_, cache_.get(),
          "INSERT INTO audit (seq, at_ms, actor_user, actor_agent, action, targets, "
          "request_id, detail, prev_hash, hash) VALUES (?1,?2,?3,?4,?5,?6,?7,?8,?9,?10)");
  st.Bind(1, r.seq).Bind(2, r.at.unix_ms).Bind(3, r.actor_user).Bind(4, r.actor_agent);
  st.Bind(5, r.action).Bind(6, FormatIdList(r.targets)).Bind(7, r.request_id);
  st.Bind(8, r.detail_json).Bind(9, r.prev_hash).Bind(10, r.hash);
  return st.Run().WithPrefix("append audit");
}

}  // namespace engram::store::sqlite_internal
