#include "src/engine/outbox_leases.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>

#include "src/base/hash.h"
#include "src/base/time.h"

namespace engram::engine {

std::string NewOutboxWorker() {
  char host[256] = {};
  if (::gethostname(host, sizeof(host) - 1) != 0) host[0] = '\0';
  return std::string(host) + "/" + std::to_string(::getpid()) + "/" +
         base::RandomHexId().substr(0, 16);
}

std::string OutboxSessionKey(const RememberRequest& request) {
  const Principal& p = request.principal;
  // The user's length first: no two (user, session) pairs give one key.
  const std::string user = std::to_string(p.user_id.size()) + ":" + p.user_id;
  if (!request.session_id.empty()) return "s:" + user + request.session_id;
  return "a:" + user + p.agent_id;
}

LeaseKeeper::LeaseKeeper(store::Store* store, Clock* clock, int64_t lease_ms)
    : store_(store), clock_(clock), lease_ms_(lease_ms) {}

LeaseKeeper::~LeaseKeeper() {
  {
    std::lock_guard lock(mu_);
    stop_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void LeaseKeeper::Hold(const std::string& owner, const std::vector<int64_t>& ids) {
  std::lock_guard lock(mu_);
  if (stop_) return;
  held_[owner] = ids;
  if (!thread_.joinable()) thread_ = std::thread([this] { Loop(); });
}

void LeaseKeeper::Drop(const std::string& owner) {
  std::lock_guard lock(mu_);
  held_.erase(owner);
}

void LeaseKeeper::Loop() {
  const auto every = std::chrono::milliseconds(std::max<int64_t>(1, lease_ms_ / 3));
  std::unique_lock lock(mu_);
  for (;;) {
    wake_.wait_for(lock, every, [this] { return stop_; });
    if (stop_) return;
    const auto held = held_;
    lock.unlock();
    for (const auto& [owner, ids] : held) {
      const Instant now = base::InstantFromMicros(clock_->NowMicros(), 0);
      // An error (the database away) is not fatal: the next round tries again, and a lease
      // that lapsed meanwhile is refused by the done mark.
      auto lost = store_->RenewOutbox(owner, ids, lease_ms_, now);
      if (!lost.ok() || lost->empty()) continue;
      std::lock_guard relock(mu_);
      auto it = held_.find(owner);
      if (it == held_.end()) continue;
      std::erase_if(it->second, [&](int64_t id) {
        return std::find(lost->begin(), lost->end(), id) != lost->end();
      });
    }
    lock.lock();
  }
}

}  // namespace engram::engine
