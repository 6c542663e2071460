#include "src/engine/registry.h"

#include <unistd.h>

#include <string_view>
#include <utility>

#include "engram/status_macros.h"
#include "src/embed/e5_embedder.h"
#include "src/embed/hashing_embedder.h"
#include "src/embed/openai_embedder.h"
#include "src/store/memory/memory_store.h"
#include "src/store/postgres/pg_store.h"
#include "src/store/sqlite/sqlite_store.h"

namespace engram::engine {

namespace {

bool StartsWith(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}

// Splits Engram's own query parameters (schema, tenant) out of a postgres URI; the rest
// (libpq's: sslmode, connect_timeout, ...) stays in the DSN.
Status SplitPostgresUri(const std::string& uri, StoreLocation* loc) {
  const size_t q = uri.find('?');
  loc->dsn = uri.substr(0, q);
  if (q == std::string::npos) return Status::OK();
  std::string kept;
  size_t start = q + 1;
  while (start <= uri.size()) {
    size_t end = uri.find('&', start);
    if (end == std::string::npos) end = uri.size();
    const std::string pair = uri.substr(start, end - start);
    const size_t eq = pair.find('=');
    const std::string key = pair.substr(0, eq);
    const std::string value = eq == std::string::npos ? "" : pair.substr(eq + 1);
    if (key == "schema") {
      loc->schema = value;
    } else if (key == "tenant") {
      loc->tenant = value;
    } else if (!pair.empty()) {
      kept += (kept.empty() ? "?" : "&") + pair;
    }
    start = end + 1;
  }
  loc->dsn += kept;
  return Status::OK();
}

}  // namespace

Result<StoreLocation> ResolveStore(const Options& options) {
  StoreLocation loc;
  loc.schema = "engram";
  const std::string& uri = options.store;
  if (uri.empty()) {
    loc.backend = options.backend;
    if (loc.backend == "sqlite") loc.path = options.db_path;
    if (loc.backend == "postgres") {
      return Status::InvalidArgument(
          "engine: the postgres backend needs a store URI (Options::store, --store, "
          "$ENGRAM_STORE): postgres://USER@HOST:PORT/DB");
    }
  } else if (StartsWith(uri, "postgres://") || StartsWith(uri, "postgresql://")) {
    loc.backend = "postgres";
    ENGRAM_RETURN_IF_ERROR(SplitPostgresUri(uri, &loc));
  } else if (StartsWith(uri, "postgres:")) {
    loc.backend = "postgres";
    loc.dsn = uri.substr(9);
  } else if (uri == "memory:" || uri == "memory") {
    loc.backend = "memory";
  } else if (StartsWith(uri, "sqlite:")) {
    loc.backend = "sqlite";
    loc.path = uri.substr(7);
  } else if (uri.find("://") != std::string::npos) {
    return Status::InvalidArgument("engine: unknown store '" + uri.substr(0, uri.find("://")) +
                                   "://' (known: sqlite:PATH, memory:, postgres://)");
  } else {
    loc.backend = "sqlite";
    loc.path = uri;
  }
  if (loc.backend == "sqlite" && loc.path.empty()) {
    return Status::InvalidArgument("engine: empty SQLite database path");
  }
  if (loc.backend == "postgres" && loc.dsn.empty()) {
    return Status::InvalidArgument("engine: empty PostgreSQL connection string");
  }
  if (loc.backend != "sqlite" && loc.backend != "memory" && loc.backend != "postgres") {
    return Status::InvalidArgument("engine: unknown backend '" + loc.backend +
                                   "' (known: sqlite, memory, postgres)");
  }
  return loc;
}

std::string LocalStorePath(const StoreLocation& location) { return location.path; }

bool MultiTenantBackend(const StoreLocation& location) { return location.backend == "postgres"; }

bool NeedsSharedVaultKey(const StoreLocation& location) { return location.backend == "postgres"; }

bool SearchesVectorsInStore(const StoreLocation& location) {
  return location.backend == "postgres";
}

Result<std::unique_ptr<store::Store>> OpenStore(
    const Options& options, const std::function<Result<std::string>()>& audit_key) {
  ENGRAM_ASSIGN_OR_RETURN(StoreLocation loc, ResolveStore(options));
  return OpenStoreAt(loc, options, audit_key);
}

Result<std::unique_ptr<store::Store>> OpenStoreAt(
    const StoreLocation& loc, const Options& options,
    const std::function<Result<std::string>()>& audit_key) {
  if (loc.backend == "sqlite") {
    store::SqliteOptions so;
    so.path = loc.path;
    so.create_if_missing = options.create_if_missing;
    so.busy_timeout_ms = options.busy_timeout_ms;
    if (!so.create_if_missing && ::access(so.path.c_str(), F_OK) != 0) {
      return store::OpenSqliteStore(so);  // NotFound, before any key file is created
    }
    ENGRAM_ASSIGN_OR_RETURN(auto key, audit_key());
    so.audit_key = std::move(key);
    return store::OpenSqliteStore(so);
  }
  if (loc.backend == "postgres") {
    store::PostgresOptions po;
    po.dsn = loc.dsn;
    po.schema = loc.schema;
    po.tenant = loc.tenant;
    ENGRAM_ASSIGN_OR_RETURN(po.audit_key, audit_key());
    return store::OpenPostgresStore(po);
  }
  ENGRAM_RETURN_IF_ERROR(audit_key().status());  // memory: records stay in-process
  return store::NewMemoryStore();
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
