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

// Where Options put the store (Options::store, else backend and db_path).
struct StoreLocation {
  std::string backend;  // "sqlite", "memory" or "postgres"
  std::string path;     // sqlite: the database file; "" otherwise
  std::string dsn;      // postgres: the libpq connection string (Engram's parameters removed)
  std::string schema;   // postgres: the PostgreSQL schema of the tables
  std::string tenant;   // postgres: whose rows the engine reads and writes
};

// InvalidArgument for an unknown scheme or backend, or a malformed URI.
Result<StoreLocation> ResolveStore(const Options& options);

// The file a backend keeps on the local disk, beside which the vault key and the vector
// index live by default ("<path>.key", "<path>.vectors"); "" when the backend has none
// (memory; postgres, whose engines share a database and search its vectors in it).
std::string LocalStorePath(const StoreLocation& location);

// Whether the backend searches vectors itself (Store::SearchVectors: postgres, with pgvector),
// so that the engine keeps no in-process vector index and recall's vector channel queries
// the store.
bool SearchesVectorsInStore(const StoreLocation& location);

// InvalidArgument for an unknown backend name; otherwise whatever opening it returns.
// `audit_key` returns the audit chain's MAC key (PiiVault::AuditKey); it is called once,
// after the backend has checked that its database exists (so that a missing database is
// reported before a key file is created beside it), and its error is returned as is. The
// SQLite database's chain is keyed and anchored in "<db_path>.audit-head"; a PostgreSQL
// store checks at open that the key is the one its database was created with.
Result<std::unique_ptr<store::Store>> OpenStore(
    const Options& options, const std::function<Result<std::string>()>& audit_key);

// As OpenStore, at a location already resolved (Engine::OpenTenant changes its tenant).
Result<std::unique_ptr<store::Store>> OpenStoreAt(
    const StoreLocation& location, const Options& options,
    const std::function<Result<std::string>()>& audit_key);

// Whether a backend's store holds several tenants (postgres).
bool MultiTenantBackend(const StoreLocation& location);

// Whether the store lives outside this machine's files (postgres), so every server opening it
// must seal and open PII with one shared vault key, never a key file beside the store.
bool NeedsSharedVaultKey(const StoreLocation& location);

// The embedding provider named by Options::embedder; nullptr for "none".
// InvalidArgument for an unknown name; FailedPrecondition when e5's weights are missing.
Result<std::unique_ptr<Embedder>> OpenEmbedder(const Options& options);

}  // namespace engram::engine

#endif  // ENGRAM_ENGINE_REGISTRY_H_
