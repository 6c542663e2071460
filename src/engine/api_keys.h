// API keys: creation (random secret, stored as its BLAKE2b hash), listing, revocation and
// authentication of a presented secret. Secrets look like "ek_<16 hex id>_<32 hex>"; the id
// finds the row, the hash of the whole secret must match.
//
// Thread safety: stateless functions; safe to call concurrently on a thread-safe Store.
#ifndef ENGRAM_ENGINE_API_KEYS_H_
#define ENGRAM_ENGINE_API_KEYS_H_

#include <string>
#include <vector>

#include "engram/engine.h"
#include "src/store/store.h"

namespace engram::engine {

// InvalidArgument for an invalid principal, an unknown role, or a name over 128 bytes.
Result<NewApiKey> CreateApiKey(store::Store* store, const std::string& name,
                               const Principal& principal, const Instant& now);

Result<std::vector<ApiKey>> ListApiKeys(store::Store* store);

// Unauthenticated for a malformed, unknown or revoked secret (one message for all three, so
// a caller learns nothing about which ids exist).
Result<Principal> Authenticate(store::Store* store, const std::string& secret);

// As Authenticate, looking the key up in every tenant of the store
// (Store::FindApiKeyInAnyTenant); the tenant comes with the principal.
Result<TenantPrincipal> AuthenticateAnyTenant(store::Store* store, const std::string& secret);

}  // namespace engram::engine

#endif  // ENGRAM_ENGINE_API_KEYS_H_
