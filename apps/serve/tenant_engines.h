// TenantEngines: the engines a server uses, one per tenant of its store. The engine the
// server was started with serves its own tenant; the engines of other tenants (on a store of
// many, postgres) are opened on first use with Engine::OpenTenant (same store, same options,
// one shared embedding provider) and kept, at most `max_open` of them besides the home
// engine; past that the least recently used one is closed once its last user lets go.
//
// Thread safety: all methods may be called concurrently.
#ifndef ENGRAM_APPS_SERVE_TENANT_ENGINES_H_
#define ENGRAM_APPS_SERVE_TENANT_ENGINES_H_

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "engram/engine.h"

namespace engram::serve {

class TenantEngines {
 public:
  // `home` is not owned and must outlive this object. REQUIRES: max_open >= 1.
  TenantEngines(Engine* home, int max_open);

  Engine* home() const { return home_.get(); }

  // The engine of `tenant` (the home engine for its own tenant), opened on first use; the
  // caller keeps it alive while it uses it. Errors of Engine::OpenTenant (FailedPrecondition
  // on a store of one tenant).
  Result<std::shared_ptr<Engine>> Get(const std::string& tenant);

  // Every open engine, the home engine first.
  std::vector<std::shared_ptr<Engine>> All();

  // Opens the engines of the tenants with queued requests (Engine::QueuedTenants), so that
  // their queues are worked on after a restart. A no-op on a store of one tenant.
  Status OpenQueued();

 private:
  struct Entry {
    std::shared_ptr<Engine> engine;
    uint64_t used = 0;  // last use, in ticks of `clock_`
  };

  const std::shared_ptr<Engine> home_;
  const std::string home_tenant_;
  const size_t max_open_;
  std::mutex mu_;                        // guards the members below; never held while opening
  std::map<std::string, Entry> others_;  // by tenant
  uint64_t clock_ = 0;
};

}  // namespace engram::serve

#endif  // ENGRAM_APPS_SERVE_TENANT_ENGINES_H_
