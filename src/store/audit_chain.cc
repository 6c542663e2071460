#include "src/store/audit_chain.h"

#include <cstdlib>
#include <utility>

#include "src/base/hash.h"

namespace engram::store {

const std::string& AuditGenesisHash() {
  static const std::string* kGenesis = new std::string(64, '0');
  return *kGenesis;
}

std::string FormatIdList(const std::vector<int64_t>& ids) {
  std::string out = "[";
  for (size_t i = 0; i < ids.size(); ++i) {
    if (i) out += ',';
    out += std::to_string(ids[i]);
  }
  out += ']';
  return out;
}

AuditRecord NewAuditRecord(const OpContext& ctx, const AuditEntry& entry) {
  AuditRecord r;
  r.at = ctx.now;
  r.actor_user = ctx.principal.user_id;
  r.actor_agent = ctx.principal.agent_id;
  r.action = entry.action;
  r.targets = entry.targets;
  r.request_id = ctx.request_id;
  r.detail_json = entry.detail_json;
  return r;
}

std::vector<int64_t> ParseIdList(const std::string& text) {
  std::vector<int64_t> ids;
  if (text.size() < 2 || text.front() != '[' || text.back() != ']') return ids;
  const char* p = text.c_str() + 1;
  while (*p && *p != ']') {
    char* end = nullptr;
    long long v = std::strtoll(p, &end, 10);
    if (end == p) return {};
    ids.push_back(v);
    p = end;
    if (*p == ',') ++p;
  }
  return ids;
}

std::string AuditCanonical(const AuditRecord& r) {
  std::string out;
  out += std::to_string(r.seq) + '\n';
  out += std::to_string(r.at.unix_ms) + '\n';
  out += r.actor_user + '\n';
  out += r.actor_agent + '\n';
  out += r.action + '\n';
  out += FormatIdList(r.targets) + '\n';
  out += r.request_id + '\n';
  out += r.detail_json;
  return out;
}

std::string AuditHash(const std::string& prev_hash, const AuditRecord& r) {
  return base::Blake2bHex(prev_hash + '\n' + AuditCanonical(r));
}

std::string AuditMac(const std::string& key, const std::string& prev_hash, const AuditRecord& r) {
  if (key.empty()) return AuditHash(prev_hash, r);
  return base::Blake2bKeyedHex(key, prev_hash + '\n' + AuditCanonical(r));
}

std::string DeriveAuditKey(const std::string& secret) {
  return base::Blake2bKeyed(secret, "engram.audit.v1");
}

AuditChainVerifier::AuditChainVerifier(std::string key, std::optional<AuditHead> head,
                                       std::string anchor_problem)
    : key_(std::move(key)), head_(std::move(head)), anchor_problem_(std::move(anchor_problem)),
      prev_(AuditGenesisHash()) {
  if (key_.empty()) {
    head_.reset();
    anchor_problem_.clear();
  }
  if (!anchor_problem_.empty()) Fail(1, "anchor: " + anchor_problem_);
}

void AuditChainVerifier::Fail(int64_t seq, std::string problem) {
  if (!v_.intact) return;
  v_.intact = false;
  v_.first_bad_seq = seq;
  v_.problem = std::move(problem);
}

void AuditChainVerifier::Add(const AuditRecord& r) {
  ++v_.records;
  const int64_t keyed_from = head_ ? head_->keyed_from : 1;
  const bool keyed = !key_.empty() && r.seq >= keyed_from;
  if (keyed) ++v_.keyed_records;
  if (r.seq != last_seq_ + 1) {
    Fail(last_seq_ + 1, "record " + std::to_string(last_seq_ + 1) + " is missing");
  } else if (r.prev_hash != prev_) {
    Fail(r.seq, "prev_hash does not match the previous record");
  } else if (!base::ConstantTimeEquals(keyed ? AuditMac(key_, prev_, r) : AuditHash(prev_, r),
                                       r.hash)) {
    Fail(r.seq, keyed ? "MAC does not match (edited, or written without the key)"
                      : "hash does not match");
  } else if (head_ && r.seq == head_->seq && !base::ConstantTimeEquals(head_->hash, r.hash)) {
    Fail(r.seq, "anchor: the anchored head differs from this record");
  }
  prev_ = r.hash;
  last_seq_ = r.seq;
}

AuditVerification AuditChainVerifier::Finish() {
  if (key_.empty()) return v_;
  if (!head_) {
    if (v_.records > 0) Fail(1, "anchor: missing (the chain head is unknown)");
    return v_;
  }
  v_.anchored_seq = head_->seq;
  if (head_->seq > last_seq_) {
    Fail(last_seq_ + 1, "records " + std::to_string(last_seq_ + 1) + ".." +
                            std::to_string(head_->seq) + " are missing (tail cut)");
  }
  return v_;
}

}  // namespace engram::store
