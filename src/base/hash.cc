#include "src/base/hash.h"

#include <sodium.h>

#include <cstdlib>

namespace engram::base {
namespace {

void EnsureSodium() {
  static const bool ok = sodium_init() >= 0;
  if (!ok) std::abort();  // libsodium cannot run without a random source: nothing to do
}

std::string Hex(const unsigned char* bytes, size_t n) {
  std::string out(n * 2 + 1, '\0');
  sodium_bin2hex(out.data(), out.size(), bytes, n);
  out.pop_back();
  return out;
}

}  // namespace

std::string Blake2bHex(std::string_view data) {
  EnsureSodium();
  unsigned char digest[32];
  crypto_generichash(digest, sizeof digest, reinterpret_cast<const unsigned char*>(data.data()),
                     data.size(), nullptr, 0);
  return Hex(digest, sizeof digest);
}

std::string Blake2bKeyed(std::string_view key, std::string_view data) {
  EnsureSodium();
  if (key.size() < crypto_generichash_KEYBYTES_MIN || key.size() > crypto_generichash_KEYBYTES_MAX) {
    std::abort();  // a programming error: keys are fixed-size secrets
  }
  unsigned char digest[32];
  crypto_generichash(digest, sizeof digest, reinterpret_cast<const unsigned char*>(data.data()),
                     data.size(), reinterpret_cast<const unsigned char*>(key.data()), key.size());
  return std::string(reinterpret_cast<const char*>(digest), sizeof digest);
}

std::string Blake2bKeyedHex(std::string_view key, std::string_view data) {
  const std::string mac = Blake2bKeyed(key, data);
  return Hex(reinterpret_cast<const unsigned char*>(mac.data()), mac.size());
}

std::string RandomBytes(size_t n) {
  EnsureSodium();
  std::string out(n, '\0');
  randombytes_buf(out.data(), n);
  return out;
}

bool ConstantTimeEquals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  unsigned char diff = 0;
  for (size_t i = 0; i < a.size(); ++i) diff |= static_cast<unsigned char>(a[i] ^ b[i]);
  return diff == 0;
}

std::string RandomHexId() {
  EnsureSodium();
  unsigned char bytes[16];
  randombytes_buf(bytes, sizeof bytes);
  return Hex(bytes, sizeof bytes);
}

}  // namespace engram::base
