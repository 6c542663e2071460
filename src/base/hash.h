// Cryptographic hashing (BLAKE2b-256 through libsodium). Thread-safe.
#ifndef ENGRAM_BASE_HASH_H_
#define ENGRAM_BASE_HASH_H_

#include <cstddef>
#include <string>
#include <string_view>

namespace engram::base {

// Lower-case hex of the 32-byte BLAKE2b digest of `data`.
std::string Blake2bHex(std::string_view data);

// Lower-case hex of the 32-byte keyed BLAKE2b (a MAC) of `data`. REQUIRES: key is 16 to 64
// bytes (crypto_generichash_KEYBYTES_MIN/MAX); any other length aborts.
std::string Blake2bKeyedHex(std::string_view key, std::string_view data);

// The 32 raw bytes of the keyed BLAKE2b of `data` (key derivation). Same REQUIRES.
std::string Blake2bKeyed(std::string_view key, std::string_view data);

// `n` random bytes from the system CSPRNG.
std::string RandomBytes(size_t n);

// Equality of two strings in time independent of where they differ (MAC comparison).
bool ConstantTimeEquals(std::string_view a, std::string_view b);

// 16 random bytes as 32 hex characters (request ids).
std::string RandomHexId();

}  // namespace engram::base

#endif  // ENGRAM_BASE_HASH_H_
