// Cryptographic hashing (BLAKE2b-256 through libsodium). Thread-safe.
#ifndef ENGRAM_BASE_HASH_H_
#define ENGRAM_BASE_HASH_H_

#include <string>
#include <string_view>

namespace engram::base {

// Lower-case hex of the 32-byte BLAKE2b digest of `data`.
std::string Blake2bHex(std::string_view data);

// 16 random bytes as 32 hex characters (request ids).
std::string RandomHexId();

}  // namespace engram::base

#endif  // ENGRAM_BASE_HASH_H_
