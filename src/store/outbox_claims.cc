#include "src/store/outbox_claims.h"

#include <set>

namespace engram::store {

bool LeaseFree(const std::string& lease_owner, int64_t lease_until_ms, const std::string& owner,
               int64_t now_ms) {
  return lease_owner.empty() || lease_until_ms <= now_ms || lease_owner == owner;
}

bool LeaseHeld(const std::string& lease_owner, int64_t lease_until_ms, const std::string& owner,
               int64_t now_ms) {
  if (!owner.empty()) return lease_owner == owner;
  return lease_owner.empty() || lease_until_ms <= now_ms;
}

std::vector<int64_t> ChooseClaims(const std::vector<ClaimCandidate>& candidates, int limit) {
  std::vector<int64_t> out;
  std::set<std::string> blocked;  // keys with an older entry this claim does not take
  for (const ClaimCandidate& c : candidates) {
    if (static_cast<int>(out.size()) >= limit) break;
    const bool ordered = !c.session_key.empty();
    if (ordered && blocked.count(c.session_key)) continue;
    if (!c.free) {
      if (ordered) blocked.insert(c.session_key);
      continue;
    }
    out.push_back(c.id);
  }
  return out;
}

}  // namespace engram::store
