// The outbox's claim rules (Store::ClaimOutbox, IngestBatch::outbox_owner), shared by the
// backends: which queued entries a claim takes, and who may finish an entry. Pure functions.
#ifndef ENGRAM_STORE_OUTBOX_CLAIMS_H_
#define ENGRAM_STORE_OUTBOX_CLAIMS_H_

#include <cstdint>
#include <string>
#include <vector>

namespace engram::store {

// A queued entry seen by a claim.
struct ClaimCandidate {
  int64_t id = 0;
  std::string session_key;
  bool free = false;  // LeaseFree, and (PostgreSQL) locked by this claim
};

// Whether a claim by `owner` at `now_ms` may take an entry leased to `lease_owner` ("" =
// none) until `lease_until_ms`.
bool LeaseFree(const std::string& lease_owner, int64_t lease_until_ms, const std::string& owner,
               int64_t now_ms);

// Whether `owner` ("" = a worker without a claim) may mark the entry done or failed at
// `now_ms`: a named owner must hold the lease (expired or not: a lease another claim took
// over has another owner); no owner, only an entry nobody holds an unexpired lease on.
bool LeaseHeld(const std::string& lease_owner, int64_t lease_until_ms, const std::string& owner,
               int64_t now_ms);

// The ids a claim takes, at most `limit`, ascending: free entries whose older entries of the
// same non-empty session key are all taken too. REQUIRES: `candidates` ascending by id and,
// for every session key among them, holding every queued entry of that key older than the
// newest candidate (those a concurrent claim holds marked not free).
std::vector<int64_t> ChooseClaims(const std::vector<ClaimCandidate>& candidates, int limit);

}  // namespace engram::store

#endif  // ENGRAM_STORE_OUTBOX_CLAIMS_H_
