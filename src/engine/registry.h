// The one place that names concrete backends and providers: maps Options::backend to a
// Store and Options::embedder to an Embedder.
#ifndef ENGRAM_ENGINE_REGISTRY_H_
#define ENGRAM_ENGINE_REGISTRY_H_

#include <functional>
#include <memory>
#include <string>

#include "engram/embedder.h"
#include "engram/options.h"
#include "engram/result.h"
#include "src/store/store.h"

namespace engram::engine {

// InvalidArgument for an unknown backend name; otherwise whatever opening it returns.
// `audit_key` returns the audit chain's MAC key (PiiVault::AuditKey); it is called once,
// after the backend has checked that its database exists (so that a missing database is
// reported before a key file is created beside it), and its error is returned as is. The
// SQLite database's chain is keyed and anchored in "<db_path>.audit-head".
Result<std::unique_ptr<store::Store>> OpenStore(
    const Options& options, const std::function<Result<std::string>()>& audit_key);

// The embedding provider named by Options::embedder; nullptr for "none".
// InvalidArgument for an unknown name; FailedPrecondition when e5's weights are missing.
Result<std::unique_ptr<Embedder>> OpenEmbedder(const Options& options);

}  // namespace engram::engine

#endif  // ENGRAM_ENGINE_REGISTRY_H_
