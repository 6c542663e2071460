// IngestQueue: the server side of durable asynchronous ingestion. Submit writes requests to
// the outbox of the caller's tenant engine (the acknowledgement) and wakes the worker
// threads, which run Engine::ProcessQueue on every open tenant engine in turn until no
// outbox has work. Requests left queued by a process that died are picked up by the workers
// of the next one: now and then a worker also opens the engines of the tenants with queued
// requests (TenantEngines::OpenQueued). Every tenant's embedding calls go through one shared
// provider, whose queue lets queries overtake these passage batches.
//
// Thread safety: all methods may be called concurrently.
#ifndef ENGRAM_APPS_SERVE_INGEST_QUEUE_H_
#define ENGRAM_APPS_SERVE_INGEST_QUEUE_H_

#include <nlohmann/json.hpp>

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>

#include "apps/serve/tenant_engines.h"
#include "engram/engine.h"

namespace engram::serve {

class IngestQueue {
 public:
  // `engines` is not owned and must outlive the queue. REQUIRES: workers >= 1.
  IngestQueue(TenantEngines* engines, int workers);
  ~IngestQueue();  // Stop()
  IngestQueue(const IngestQueue&) = delete;
  IngestQueue& operator=(const IngestQueue&) = delete;

  void Start();
  // Drains: workers finish what is queued (up to `drain_ms`), then exit. Idempotent.
  void Stop(int drain_ms = 10000);

  // Queues requests in `engine`'s outbox (one of `engines`). Unavailable once Stop has begun.
  Result<std::vector<int64_t>> Submit(Engine* engine,
                                      const std::vector<RememberRequest>& requests);

  // Waits until every id is done or failed (at most `timeout_ms`). The results in order;
  // the first failure's Status; DeadlineExceeded on timeout.
  Result<std::vector<RememberResult>> Wait(Engine* engine, const Principal& principal,
                                           const std::vector<int64_t>& ids,
                                           int timeout_ms = 30000);

  // {"id", "state", "result"?, "error"?} for GET /v1/ingest/{id}.
  Result<nlohmann::json> Get(Engine* engine, const Principal& principal, int64_t id);

  int64_t processed() const { return processed_.load(); }
  int64_t errors() const { return errors_.load(); }

 private:
  void Work();
  // One ProcessQueue round over every open tenant engine: the requests processed, or the
  // first error (the other engines still get their turn).
  Result<int> ProcessAll();

  TenantEngines* const engines_;
  const int workers_;
  std::vector<std::thread> threads_;
  std::mutex mu_;
  std::condition_variable wake_;      // work arrived or stopping
  std::condition_variable progress_;  // a batch finished
  uint64_t submitted_ = 0;            // guarded by mu_
  bool stopping_ = false;             // guarded by mu_
  int64_t drain_deadline_ms_ = 0;     // guarded by mu_ (steady clock)
  std::atomic<int64_t> next_discovery_ms_{0};  // when a worker next runs OpenQueued
  std::atomic<int64_t> processed_{0};
  std::atomic<int64_t> errors_{0};
};

}  // namespace engram::serve

#endif  // ENGRAM_APPS_SERVE_INGEST_QUEUE_H_
