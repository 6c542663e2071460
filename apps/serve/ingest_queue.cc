#include "apps/serve/ingest_queue.h"

#include <algorithm>
#include <chrono>
#include <iostream>

#include "apps/serve/entity_json.h"
#include "apps/serve/json_codec.h"
#include "engram/status_macros.h"

namespace engram::serve {
namespace {

int64_t SteadyMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

constexpr int kBatch = 32;  // requests per ProcessQueue call: one embedding batch
constexpr int64_t kDiscoveryMs = 5000;  // how often the tenants with queued work are looked up

}  // namespace

IngestQueue::IngestQueue(TenantEngines* engines, int workers)
    : engines_(engines), workers_(workers < 1 ? 1 : workers) {}

IngestQueue::~IngestQueue() { Stop(); }

void IngestQueue::Start() {
  for (int i = 0; i < workers_; ++i) threads_.emplace_back([this] { Work(); });
}

void IngestQueue::Stop(int drain_ms) {
  {
    std::lock_guard lock(mu_);
    if (!stopping_) {
      stopping_ = true;
      drain_deadline_ms_ = SteadyMs() + drain_ms;
    }
  }
  wake_.notify_all();
  for (std::thread& t : threads_) {
    if (t.joinable()) t.join();
  }
  threads_.clear();
  progress_.notify_all();
}

Result<std::vector<int64_t>> IngestQueue::Submit(Engine* engine,
                                                 const std::vector<RememberRequest>& requests) {
  {
    std::lock_guard lock(mu_);
    if (stopping_) return Status::Unavailable("serve: shutting down");
  }
  auto ids = engine->Enqueue(requests);
  if (ids.ok()) {
    std::lock_guard lock(mu_);
    ++submitted_;
  }
  wake_.notify_one();
  return ids;
}

Result<int> IngestQueue::ProcessAll() {
  const int64_t now = SteadyMs();
  int64_t due = next_discovery_ms_.load();
  if (now >= due && next_discovery_ms_.compare_exchange_strong(due, now + kDiscoveryMs)) {
    if (Status s = engines_->OpenQueued(); !s.ok()) {
      std::cerr << "engram serve: ingest: queued tenants: " << s.ToString() << "\n";
    }
  }
  int total = 0;
  Status first;
  for (const std::shared_ptr<Engine>& engine : engines_->All()) {
    auto n = engine->ProcessQueue(kBatch);
    if (n.ok()) {
      total += *n;
    } else if (first.ok()) {
      first = n.status();
    }
  }
  if (!first.ok() && total == 0) return first;
  if (!first.ok()) {
    ++errors_;
    std::cerr << "engram serve: ingest: " << first.ToString() << "\n";
  }
  return total;
}

void IngestQueue::Work() {
  uint64_t seen = 0;
  for (;;) {
    auto n = ProcessAll();
    if (!n.ok()) {
      ++errors_;
      std::cerr << "engram serve: ingest: " << n.status().ToString() << "\n";
    } else {
      processed_ += *n;
      if (*n > 0) progress_.notify_all();
    }
    const bool idle = n.ok() && *n == 0;
    std::unique_lock lock(mu_);
    // A failing store (the database away) is not retried while stopping: what is still
    // queued stays for the next process, unclaimed (ProcessQueue released its leases).
    if (stopping_ && (idle || !n.ok() || SteadyMs() >= drain_deadline_ms_)) return;
    if (idle || !n.ok()) {
      // Sleep until new work arrives; wake now and then for requests queued by other
      // processes or left by a previous run.
      wake_.wait_for(lock, std::chrono::milliseconds(n.ok() ? 500 : 100),
                     [&] { return stopping_ || submitted_ != seen; });
      seen = submitted_;
    }
  }
}

Result<std::vector<RememberResult>> IngestQueue::Wait(Engine* engine, const Principal& principal,
                                                      const std::vector<int64_t>& ids,
                                                      int timeout_ms) {
  const int64_t deadline = SteadyMs() + timeout_ms;
  std::vector<RememberResult> out;
  for (int64_t id : ids) {
    // This process's workers wake the waiter when they finish a batch; another process's
    // are only seen by asking the store, at a pause growing from 10 to 100 ms so that many
    // waiting requests do not each query the store 50 times a second.
    int pause_ms = 10;
    for (;;) {
      ENGRAM_ASSIGN_OR_RETURN(auto q, engine->GetQueued(principal, id));
      if (q.state == "failed") return q.error;
      if (q.state == "done") {
        out.push_back(std::move(*q.result));
        break;
      }
      if (SteadyMs() >= deadline) {
        return Status::DeadlineExceeded("serve: ingest request " + std::to_string(id) +
                                        " still queued; poll GET /v1/ingest/" +
                                        std::to_string(id));
      }
      std::unique_lock lock(mu_);
      progress_.wait_for(lock, std::chrono::milliseconds(pause_ms));
      pause_ms = std::min(100, pause_ms * 3 / 2);
    }
  }
  return out;
}

Result<nlohmann::json> IngestQueue::Get(Engine* engine, const Principal& principal,
                                        int64_t id) {
  ENGRAM_ASSIGN_OR_RETURN(auto q, engine->GetQueued(principal, id));
  nlohmann::json j = {{"id", q.id}, {"state", q.state}};
  if (q.result) {
    nlohmann::json mems = nlohmann::json::array();
    for (const Memory& m : q.result->memories) mems.push_back(MemoryJson(m));
    nlohmann::json corefs = nlohmann::json::array();
    for (const CoreferenceView& c : q.result->coreferences) corefs.push_back(CoreferenceJson(c));
    j["result"] = {{"message_id", q.result->message_id},
                   {"memories", mems},
                   {"superseded", q.result->superseded},
                   {"coreferences", corefs}};
  }
  if (!q.error.ok()) {
    j["error"] = {{"code", std::string(StatusCodeName(q.error.code()))},
                  {"message", q.error.message()}};
  }
  return j;
}

}  // namespace engram::serve
