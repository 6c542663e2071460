// The one place that names concrete backends: maps Options::backend to a Store.
#ifndef ENGRAM_ENGINE_REGISTRY_H_
#define ENGRAM_ENGINE_REGISTRY_H_

#include <memory>

#include "engram/options.h"
#include "engram/result.h"
#include "src/store/store.h"

namespace engram::engine {

// InvalidArgument for an unknown backend name; otherwise whatever opening it returns.
Result<std::unique_ptr<store::Store>> OpenStore(const Options& options);

}  // namespace engram::engine

#endif  // ENGRAM_ENGINE_REGISTRY_H_
