#include "apps/serve/tenant_engines.h"

#include <utility>

#include "engram/status_macros.h"

namespace engram::serve {

TenantEngines::TenantEngines(Engine* home, int max_open)
    : home_(home, [](Engine*) {}),  // not owned
      home_tenant_(home->Tenant()),
      max_open_(static_cast<size_t>(max_open < 1 ? 1 : max_open)) {}

Result<std::shared_ptr<Engine>> TenantEngines::Get(const std::string& tenant) {
  if (tenant == home_tenant_) return home_;
  {
    std::lock_guard lock(mu_);
    if (auto it = others_.find(tenant); it != others_.end()) {
      it->second.used = ++clock_;
      return it->second.engine;
    }
  }
  // Opened outside the lock (it connects to the database); two threads may race to open one
  // tenant, and the first to insert wins.
  ENGRAM_ASSIGN_OR_RETURN(std::unique_ptr<Engine> opened, home_->OpenTenant(tenant));
  std::shared_ptr<Engine> engine = std::move(opened);
  std::shared_ptr<Engine> evicted;  // closed after the lock is released
  std::lock_guard lock(mu_);
  auto [it, inserted] = others_.try_emplace(tenant, Entry{engine, 0});
  it->second.used = ++clock_;
  if (inserted && others_.size() > max_open_) {
    auto oldest = others_.end();
    for (auto o = others_.begin(); o != others_.end(); ++o) {
      if (o != it && (oldest == others_.end() || o->second.used < oldest->second.used)) {
        oldest = o;
      }
    }
    evicted = std::move(oldest->second.engine);
    others_.erase(oldest);
  }
  return it->second.engine;
}

std::vector<std::shared_ptr<Engine>> TenantEngines::All() {
  std::vector<std::shared_ptr<Engine>> out{home_};
  std::lock_guard lock(mu_);
  for (const auto& [tenant, entry] : others_) out.push_back(entry.engine);
  return out;
}

Status TenantEngines::OpenQueued() {
  if (!home_->MultiTenant()) return Status::OK();
  ENGRAM_ASSIGN_OR_RETURN(auto tenants, home_->QueuedTenants());
  for (const std::string& tenant : tenants) {
    ENGRAM_RETURN_IF_ERROR(Get(tenant).status());
  }
  return Status::OK();
}

}  // namespace engram::serve
