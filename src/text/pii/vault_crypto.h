// Vault cryptography for PII originals: XChaCha20-Poly1305 (libsodium
// crypto_aead_xchacha20poly1305_ietf) with a random 24-byte nonce per value, and a keyed
// BLAKE2b token that gives each (scope, kind, value) a stable placeholder id. Pure functions
// over a key; storage is the caller's (see docs/formats/pii_vault.md).
//
// Thread safety: all functions are thread-safe; a VaultKey is an immutable value.
#ifndef ENGRAM_SRC_TEXT_PII_VAULT_CRYPTO_H_
#define ENGRAM_SRC_TEXT_PII_VAULT_CRYPTO_H_

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "engram/result.h"
#include "engram/status.h"
#include "src/text/pii/pii_detector.h"

namespace engram::text::pii {

constexpr size_t kVaultKeyBytes = 32;
constexpr size_t kVaultNonceBytes = 24;  // crypto_aead_xchacha20poly1305_ietf_NPUBBYTES
constexpr size_t kVaultTagBytes = 16;    // crypto_aead_xchacha20poly1305_ietf_ABYTES

// A 32-byte secret key. The bytes are wiped when the object is destroyed.
class VaultKey {
 public:
  // InvalidArgument unless `bytes` is exactly 32 bytes.
  static Result<VaultKey> FromBytes(std::string_view bytes);
  // 32 bytes from the system CSPRNG (randombytes_buf).
  static VaultKey Generate();

  VaultKey(const VaultKey& other) = default;
  VaultKey& operator=(const VaultKey& other) = default;
  ~VaultKey();

  const uint8_t* data() const { return bytes_.data(); }

 private:
  VaultKey() = default;
  std::array<uint8_t, kVaultKeyBytes> bytes_{};
};

// Binary nonce (24 bytes) and ciphertext (plaintext size + 16-byte tag), as stored in the
// pii_vault BLOB columns.
struct SealedPii {
  std::string nonce;
  std::string ciphertext;
};

// The associated data that binds a vault row to its place: a ciphertext moved to another
// scope or placeholder fails to open. "engram.pii.v1" NUL scope_key NUL placeholder.
std::string VaultAssociatedData(std::string_view scope_key, std::string_view placeholder);

// Encrypts `plaintext` with a fresh random nonce. Internal if libsodium cannot initialize.
Result<SealedPii> SealPii(const VaultKey& key, std::string_view plaintext,
                          std::string_view associated_data);

// Decrypts. Corruption when the nonce has the wrong size, or the ciphertext, nonce, key or
// associated data do not match (authentication failure).
Result<std::string> OpenPii(const VaultKey& key, const SealedPii& sealed,
                            std::string_view associated_data);

// Stable placeholder id for a value in a scope: the first 10 bytes of
// BLAKE2b-keyed(key, "engram.pii.token.v1" NUL scope_key NUL kind NUL canonical) in lower-case
// base32 (16 characters of [a-z2-7]). Without the key the id reveals nothing about the value
// (a phone number's 10^11 space cannot be brute-forced from it).
std::string PiiTokenId(const VaultKey& key, std::string_view scope_key, PiiKind kind,
                       std::string_view canonical);

}  // namespace engram::text::pii

#endif  // ENGRAM_SRC_TEXT_PII_VAULT_CRYPTO_H_
