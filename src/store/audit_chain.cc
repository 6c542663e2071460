#include "src/store/audit_chain.h"

#include <cstdlib>

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

}  // namespace engram::store
