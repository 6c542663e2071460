// The engine's side of the outbox's claims (store.h Store::ClaimOutbox): worker ids, the
// session key a queued request is ordered by, and LeaseKeeper, which renews the leases of
// the claims in progress.
//
// Thread safety: NewOutboxOwner and OutboxSessionKey are thread-safe; LeaseKeeper's methods
// may be called concurrently.
#ifndef ENGRAM_ENGINE_OUTBOX_LEASES_H_
#define ENGRAM_ENGINE_OUTBOX_LEASES_H_

#include <condition_variable>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "engram/clock.h"
#include "engram/engine.h"
#include "src/store/store.h"

namespace engram::engine {

// "<host>/<pid>/<16 hex>": unique to this process (and to every process on any host), the
// prefix of its claims' owners.
std::string NewOutboxWorker();

// The key whose entries are processed in order: the user and the session the request
// names, or, without one, the user and agent (whose automatic session the pipeline picks
// from their latest message, so their unnamed requests are ordered too).
std::string OutboxSessionKey(const RememberRequest& request);

// Renews the leases held by claims in progress, every third of the lease, on a thread of its
// own (started by the first Hold, stopped by the destructor). Leases it fails to renew lapse
// and the done mark refuses them: renewal keeps work from being done twice, not correctness.
class LeaseKeeper {
 public:
  // `store` and `clock` are not owned and must outlive the keeper. REQUIRES: lease_ms > 0.
  LeaseKeeper(store::Store* store, Clock* clock, int64_t lease_ms);
  ~LeaseKeeper();
  LeaseKeeper(const LeaseKeeper&) = delete;
  LeaseKeeper& operator=(const LeaseKeeper&) = delete;

  // Keeps `owner`'s leases on `ids` alive until Drop(owner).
  void Hold(const std::string& owner, const std::vector<int64_t>& ids);
  void Drop(const std::string& owner);

 private:
  void Loop();

  store::Store* const store_;
  Clock* const clock_;
  const int64_t lease_ms_;
  std::mutex mu_;
  std::condition_variable wake_;
  std::map<std::string, std::vector<int64_t>> held_;  // guarded by mu_
  bool stop_ = false;                                  // guarded by mu_
  std::thread thread_;                                 // started under mu_
};

}  // namespace engram::engine

#endif  // ENGRAM_ENGINE_OUTBOX_LEASES_H_
