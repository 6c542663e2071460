// Tenants: opening an engine (Engine::Open) and its siblings for other tenants of the same
// store, which share one embedding provider; authentication across tenants.
#include <memory>
#include <string>
#include <utility>

#include "engram/status_macros.h"
#include "src/engine/api_keys.h"
#include "src/base/time.h"
#include "src/engine/engine_impl_internal.h"
#include "src/engine/legacy_outbox.h"
#include "src/engine/registry.h"
#include "src/llm/chat_client.h"

namespace engram::engine {
namespace {

// An Embedder that forwards to a provider shared by the engines of several tenants, so that
// one model is loaded and one queue orders every tenant's embedding calls (queries first).
class SharedEmbedder final : public Embedder {
 public:
  explicit SharedEmbedder(std::shared_ptr<Embedder> provider) : provider_(std::move(provider)) {}
  int Dimension() const override { return provider_->Dimension(); }
  std::string ModelId() const override { return provider_->ModelId(); }
  Result<Embeddings> Embed(EmbedRole role, std::span<const std::string> texts) override {
    return provider_->Embed(role, texts);
  }

 private:
  const std::shared_ptr<Embedder> provider_;
};

bool TenantChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '.' || c == '-';
}

Status ValidateTenant(const std::string& tenant) {
  if (tenant.size() > 64) return Status::InvalidArgument("tenant: longer than 64 bytes");
  for (char c : tenant) {
    if (!TenantChar(c)) {
      return Status::InvalidArgument("tenant: '" + tenant +
                                     "' has a character outside [A-Za-z0-9_.-]");
    }
  }
  return Status::OK();
}

}  // namespace

Result<std::unique_ptr<Engine>> OpenEngineAt(const Options& options, const StoreLocation& location,
                                             std::shared_ptr<Embedder> provider) {
  std::unique_ptr<PiiVault> pii_vault;
  auto store = OpenStoreAt(location, options, [&]() -> Result<std::string> {
    ENGRAM_ASSIGN_OR_RETURN(auto opened, PiiVault::Open(options));
    pii_vault = std::move(opened);
    return pii_vault->AuditKey();
  });
  ENGRAM_RETURN_IF_ERROR(store.status());
  // A queue an older build wrote holds raw requests: sealed before anything reads them.
  const Clock* clock = options.clock ? options.clock : SystemClock();
  ENGRAM_RETURN_IF_ERROR(SealLegacyQueued(**store, *pii_vault,
                                          base::InstantFromMicros(clock->NowMicros(), 0))
                             .status());
  if (!provider) {
    ENGRAM_ASSIGN_OR_RETURN(auto opened, OpenEmbedder(options));
    provider = std::move(opened);
  }
  std::unique_ptr<Vectors> vectors;
  if (provider) {
    std::string path = options.vector_index_path;
    if (path.empty() && !LocalStorePath(location).empty()) {
      path = LocalStorePath(location) + ".vectors";
    }
    auto v = Vectors::Open(std::make_unique<SharedEmbedder>(provider), store->get(), path,
                           SearchesVectorsInStore(location));
    ENGRAM_RETURN_IF_ERROR(v.status());
    vectors = std::move(v).value();
  }
  std::unique_ptr<llm::ChatClient> llm;
  if (!options.llm_base_url.empty()) {
    auto client = llm::NewOpenAiChatClient({.base_url = options.llm_base_url,
                                            .model = options.llm_model,
                                            .api_key_env = options.llm_api_key_env});
    if (!client.ok()) return client.status().WithPrefix("options");
    llm = std::move(client).value();
  }
  auto* impl =
      new EngineImpl(options, std::move(store).value(), std::move(vectors), std::move(pii_vault));
  impl->SetLlm(std::move(llm));
  impl->SetTenancy(location, std::move(provider));
  return std::unique_ptr<Engine>(impl);
}

void EngineImpl::SetTenancy(StoreLocation location, std::shared_ptr<Embedder> provider) {
  location_ = std::move(location);
  provider_ = std::move(provider);
}

Result<std::unique_ptr<Engine>> EngineImpl::OpenTenant(const std::string& tenant) {
  ENGRAM_RETURN_IF_ERROR(ValidateTenant(tenant));
  if (!MultiTenant()) {
    return Status::FailedPrecondition(
        "engine: a " + (location_.backend.empty() ? std::string("single") : location_.backend) +
        " store holds one tenant, the default; tenant '" + tenant +
        "' needs a postgres store (docs/scale-out.md#tenants)");
  }
  StoreLocation location = location_;
  location.tenant = tenant;
  Options options = options_;
  options.vector_index_path.clear();  // an index file is one tenant's: never share it
  return OpenEngineAt(options, location, provider_);
}

Result<TenantPrincipal> EngineImpl::AuthenticateAnyTenant(const std::string& secret) {
  return engine::AuthenticateAnyTenant(store_.get(), secret);
}

Result<std::vector<std::string>> EngineImpl::QueuedTenants() { return store_->ListQueuedTenants(); }

}  // namespace engram::engine
