#include "src/engine/registry.h"

#include <unistd.h>

#include <utility>

#include "engram/status_macros.h"
#include "src/embed/e5_embedder.h"
#include "src/embed/hashing_embedder.h"
#include "src/embed/openai_embedder.h"
#include "src/store/memory/memory_store.h"
#include "src/store/sqlite/sqlite_store.h"

namespace engram::engine {

Result<std::unique_ptr<store::Store>> OpenStore(
    const Options& options, const std::function<Result<std::string>()>& audit_key) {
  if (options.backend == "sqlite") {
    store::SqliteOptions so;
    so.path = options.db_path;
    so.create_if_missing = options.create_if_missing;
    so.busy_timeout_ms = options.busy_timeout_ms;
    if (!so.create_if_missing && ::access(so.path.c_str(), F_OK) != 0) {
      return store::OpenSqliteStore(so);  // NotFound, before any key file is created
    }
    ENGRAM_ASSIGN_OR_RETURN(auto key, audit_key());
    so.audit_key = std::move(key);
    return store::OpenSqliteStore(so);
  }
  if (options.backend == "memory") {
    ENGRAM_RETURN_IF_ERROR(audit_key().status());  // records stay in-process
    return store::NewMemoryStore();
  }
  return Status::InvalidArgument("engine: unknown backend '" + options.backend +
                                 "' (known: sqlite, memory)");
}

Result<std::unique_ptr<Embedder>> OpenEmbedder(const Options& options) {
  const std::string& name = options.embedder;
  if (name == "none") return std::unique_ptr<Embedder>();
  if (name == "hashing") return std::unique_ptr<Embedder>(new embed::HashingEmbedder(384));
  if (name == "e5") {
    embed::E5Options eo;
    eo.model_path = options.e5_model_path;
    ENGRAM_ASSIGN_OR_RETURN(auto e, embed::E5Embedder::Open(eo));
    return std::unique_ptr<Embedder>(std::move(e));
  }
  if (name == "openai") {
    embed::OpenAiEmbedderOptions oo;
    oo.base_url = options.openai_base_url;
    oo.model = options.openai_model;
    oo.api_key_env = options.openai_api_key_env;
    ENGRAM_ASSIGN_OR_RETURN(auto e, embed::OpenAiEmbedder::Create(oo));
    return std::unique_ptr<Embedder>(std::move(e));
  }
  return Status::InvalidArgument("engine: unknown embedder '" + name +
                                 "' (known: e5, openai, hashing, none)");
}

}  // namespace engram::engine
