#include "src/engine/registry.h"

#include "src/store/memory/memory_store.h"
#include "src/store/sqlite/sqlite_store.h"

namespace engram::engine {

Result<std::unique_ptr<store::Store>> OpenStore(const Options& options) {
  if (options.backend == "sqlite") {
    store::SqliteOptions so;
    so.path = options.db_path;
    so.create_if_missing = options.create_if_missing;
    so.busy_timeout_ms = options.busy_timeout_ms;
    return store::OpenSqliteStore(so);
  }
  if (options.backend == "memory") return store::NewMemoryStore();
  return Status::InvalidArgument("engine: unknown backend '" + options.backend +
                                 "' (known: sqlite, memory)");
}

}  // namespace engram::engine
