#include "src/text/pii/vault_crypto.h"

#include <sodium.h>

#include <cstring>

namespace engram::text::pii {
namespace {

bool SodiumReady() { return sodium_init() >= 0; }  // idempotent and thread-safe

const unsigned char* U(std::string_view s) {
  return reinterpret_cast<const unsigned char*>(s.data());
}

}  // namespace

Result<VaultKey> VaultKey::FromBytes(std::string_view bytes) {
  if (bytes.size() != kVaultKeyBytes) {
    return Status::InvalidArgument("pii vault: key must be 32 bytes, got " +
                                   std::to_string(bytes.size()));
  }
  VaultKey key;
  std::memcpy(key.bytes_.data(), bytes.data(), kVaultKeyBytes);
  return key;
}

VaultKey VaultKey::Generate() {
  VaultKey key;
  if (SodiumReady()) randombytes_buf(key.bytes_.data(), key.bytes_.size());
  return key;
}

VaultKey::~VaultKey() { sodium_memzero(bytes_.data(), bytes_.size()); }

std::string VaultAssociatedData(std::string_view scope_key, std::string_view placeholder) {
  std::string ad = "engram.pii.v1";
  ad.push_back('\0');
  ad.append(scope_key);
  ad.push_back('\0');
  ad.append(placeholder);
  return ad;
}

Result<SealedPii> SealPii(const VaultKey& key, std::string_view plaintext,
                          std::string_view associated_data) {
  if (!SodiumReady()) return Status::Internal("pii vault: libsodium failed to initialize");
  SealedPii sealed;
  sealed.nonce.resize(crypto_aead_xchacha20poly1305_ietf_NPUBBYTES);
  randombytes_buf(sealed.nonce.data(), sealed.nonce.size());
  sealed.ciphertext.resize(plaintext.size() + crypto_aead_xchacha20poly1305_ietf_ABYTES);
  unsigned long long len = 0;
  crypto_aead_xchacha20poly1305_ietf_encrypt(
      reinterpret_cast<unsigned char*>(sealed.ciphertext.data()), &len, U(plaintext),
      plaintext.size(), U(associated_data), associated_data.size(), nullptr, U(sealed.nonce),
      key.data());
  sealed.ciphertext.resize(len);
  return sealed;
}

Result<std::string> OpenPii(const VaultKey& key, const SealedPii& sealed,
                            std::string_view associated_data) {
  if (!SodiumReady()) return Status::Internal("pii vault: libsodium failed to initialize");
  if (sealed.nonce.size() != crypto_aead_xchacha20poly1305_ietf_NPUBBYTES) {
    return Status::Corruption("pii vault: nonce must be 24 bytes, got " +
                              std::to_string(sealed.nonce.size()));
  }
  if (sealed.ciphertext.size() < crypto_aead_xchacha20poly1305_ietf_ABYTES) {
    return Status::Corruption("pii vault: ciphertext shorter than its tag");
  }
  std::string plaintext(sealed.ciphertext.size() - crypto_aead_xchacha20poly1305_ietf_ABYTES,
                        '\0');
  unsigned long long len = 0;
  if (crypto_aead_xchacha20poly1305_ietf_decrypt(
          reinterpret_cast<unsigned char*>(plaintext.data()), &len, nullptr,
          U(sealed.ciphertext), sealed.ciphertext.size(), U(associated_data),
          associated_data.size(), U(sealed.nonce), key.data()) != 0) {
    return Status::Corruption("pii vault: authentication failed (wrong key, or the row was "
                              "altered or moved)");
  }
  plaintext.resize(len);
  return plaintext;
}

std::string PiiTokenId(const VaultKey& key, std::string_view scope_key, PiiKind kind,
                       std::string_view canonical) {
  std::string input = "engram.pii.token.v1";
  input.push_back('\0');
  input.append(scope_key);
  input.push_back('\0');
  input.append(PiiKindName(kind));
  input.push_back('\0');
  input.append(canonical);
  unsigned char digest[16];
  if (!SodiumReady()) return "0";
  crypto_generichash(digest, sizeof(digest), U(input), input.size(), key.data(), kVaultKeyBytes);
  static constexpr char kAlphabet[] = "abcdefghijklmnopqrstuvwxyz234567";
  std::string id;
  // 10 bytes = 80 bits = 16 base32 characters.
  uint64_t acc = 0;
  int bits = 0;
  for (int i = 0; i < 10; ++i) {
    acc = (acc << 8) | digest[i];
    bits += 8;
    while (bits >= 5) {
      id.push_back(kAlphabet[(acc >> (bits - 5)) & 31]);
      bits -= 5;
    }
  }
  sodium_memzero(input.data(), input.size());
  return id;
}

}  // namespace engram::text::pii
