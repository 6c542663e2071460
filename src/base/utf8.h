// UTF-8 validation and decoding. Pure functions, thread-safe.
#ifndef ENGRAM_BASE_UTF8_H_
#define ENGRAM_BASE_UTF8_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace engram::base {

// True iff `s` is well-formed UTF-8 (no overlongs, no surrogates, <= U+10FFFF).
bool IsValidUtf8(std::string_view s);

// Byte offset of the first invalid sequence, or npos when valid.
size_t FindInvalidUtf8(std::string_view s);

// Decodes the code point at s[*pos] and advances *pos. Invalid bytes decode as U+FFFD and
// advance by one byte. REQUIRES: *pos < s.size().
char32_t DecodeUtf8(std::string_view s, size_t* pos);

void AppendUtf8(char32_t cp, std::string* out);

// Number of code points (invalid bytes count as one each).
size_t CountCodePoints(std::string_view s);

}  // namespace engram::base

#endif  // ENGRAM_BASE_UTF8_H_
