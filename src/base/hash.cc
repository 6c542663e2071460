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

std::string RandomHexId() {
  EnsureSodium();
  unsigned char bytes[16];
  randombytes_buf(bytes, sizeof bytes);
  return Hex(bytes, sizeof bytes);
}

}  // namespace engram::base
