#include "src/engine/api_keys.h"

#include <algorithm>

#include "engram/status_macros.h"
#include "src/base/hash.h"
#include "src/ingest/validate.h"

namespace engram::engine {
namespace {

constexpr char kPrefix[] = "ek_";
constexpr size_t kIdLength = 16;
constexpr size_t kSecretLength = 3 + kIdLength + 1 + 32;

bool IsLowerHex(std::string_view s) {
  return std::all_of(s.begin(), s.end(),
                     [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

// Equal-length strings compared without an early exit.
bool SameDigest(const std::string& a, const std::string& b) {
  if (a.size() != b.size()) return false;
  unsigned char diff = 0;
  for (size_t i = 0; i < a.size(); ++i) diff |= static_cast<unsigned char>(a[i] ^ b[i]);
  return diff == 0;
}

ApiKey ToApiKey(const store::ApiKeyRecord& r) {
  return ApiKey{r.id, r.name, r.principal, r.created_at, r.revoked_at};
}

}  // namespace

Result<NewApiKey> CreateApiKey(store::Store* store, const std::string& name,
                               const Principal& principal, const Instant& now) {
  ENGRAM_RETURN_IF_ERROR(ingest::ValidatePrincipal(principal));
  for (const std::string& role : principal.roles) {
    if (role != "member" && role != "team-admin" && role != "reviewer" && role != "admin" &&
        role != "service") {
      return Status::InvalidArgument("api key: unknown role '" + role +
                                     "' (known: member, team-admin, reviewer, admin, service)");
    }
  }
  ENGRAM_RETURN_IF_ERROR(ingest::ValidateId("name", name, false));
  store::ApiKeyRecord r;
  r.id = base::RandomHexId().substr(0, kIdLength);
  std::string secret = kPrefix + r.id + "_" + base::RandomHexId();
  r.name = name;
  r.secret_hash = base::Blake2bHex(secret);
  r.principal = principal;
  r.created_at = now;
  ENGRAM_RETURN_IF_ERROR(store->PutApiKey(r));
  return NewApiKey{ToApiKey(r), std::move(secret)};
}

Result<std::vector<ApiKey>> ListApiKeys(store::Store* store) {
  ENGRAM_ASSIGN_OR_RETURN(auto rows, store->ListApiKeys());
  std::vector<ApiKey> out;
  for (const auto& r : rows) out.push_back(ToApiKey(r));
  return out;
}

namespace {

// The id of a well-formed secret; Unauthenticated otherwise.
Result<std::string> SecretId(const std::string& secret) {
  const Status denied = Status::Unauthenticated("auth: unknown or revoked API key");
  if (secret.size() != kSecretLength || secret.compare(0, 3, kPrefix) != 0 ||
      secret[3 + kIdLength] != '_') {
    return denied;
  }
  std::string id = secret.substr(3, kIdLength);
  if (!IsLowerHex(id) || !IsLowerHex(std::string_view(secret).substr(4 + kIdLength))) {
    return denied;
  }
  return id;
}

bool Admits(const store::ApiKeyRecord& row, const std::string& secret) {
  return !row.revoked_at && SameDigest(row.secret_hash, base::Blake2bHex(secret));
}

}  // namespace

Result<Principal> Authenticate(store::Store* store, const std::string& secret) {
  const Status denied = Status::Unauthenticated("auth: unknown or revoked API key");
  ENGRAM_ASSIGN_OR_RETURN(const std::string id, SecretId(secret));
  auto row = store->GetApiKey(id);
  if (!row.ok()) return row.status().code() == StatusCode::kNotFound ? denied : row.status();
  if (!Admits(*row, secret)) return denied;
  return row->principal;
}

Result<TenantPrincipal> AuthenticateAnyTenant(store::Store* store, const std::string& secret) {
  const Status denied = Status::Unauthenticated("auth: unknown or revoked API key");
  ENGRAM_ASSIGN_OR_RETURN(const std::string id, SecretId(secret));
  ENGRAM_ASSIGN_OR_RETURN(auto rows, store->FindApiKeyInAnyTenant(id));
  // Ids are 64 random bits, unique per tenant: two tenants sharing one is possible but
  // vanishingly rare, and the secret's hash still tells them apart.
  for (const store::ApiKeyRecord& row : rows) {
    if (Admits(row, secret)) return TenantPrincipal{row.tenant, row.principal};
  }
  return denied;
}

}  // namespace engram::engine
