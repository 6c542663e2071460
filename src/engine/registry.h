// The one place that names concrete backends and providers: maps Options::backend to a
// Store and Options::embedder to an Embedder.
#ifndef ENGRAM_ENGINE_REGISTRY_H_
#define ENGRAM_ENGINE_REGISTRY_H_

#include <memory>

#include "engram/embedder.h"
#include "engram/options.h"
#include "engram/result.h"
#include "src/store/store.h"

namespace engram::engine {

// InvalidArgument for an unknown backend name; otherwise whatever opening it returns.
Result<std::unique_ptr<store::Store>> OpenStore(const Options& options);

// The embedding provider named by Options::embedder; nullptr for "none".
// InvalidArgument for an unknown name; FailedPrecondition when e5's weights are missing.
Result<std::unique_ptr<Embedder>> OpenEmbedder(const Options& options);

}  // namespace engram::engine

#endif  // ENGRAM_ENGINE_REGISTRY_H_
