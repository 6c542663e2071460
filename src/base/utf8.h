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

// Appends the UTF-8 encoding of `cp` (REQUIRES: cp <= U+10FFFF). Inline: the tokenizer calls
// it once per character.
inline void AppendUtf8(char32_t cp, std::string* out) {
  char buf[4];
  size_t n;
  if (cp < 0x80) {
    buf[0] = static_cast<char>(cp);
    n = 1;
  } else if (cp < 0x800) {
    buf[0] = static_cast<char>(0xC0 | (cp >> 6));
    buf[1] = static_cast<char>(0x80 | (cp & 0x3F));
    n = 2;
  } else if (cp < 0x10000) {
    buf[0] = static_cast<char>(0xE0 | (cp >> 12));
    buf[1] = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    buf[2] = static_cast<char>(0x80 | (cp & 0x3F));
    n = 3;
  } else {
    buf[0] = static_cast<char>(0xF0 | (cp >> 18));
    buf[1] = static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    buf[2] = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    buf[3] = static_cast<char>(0x80 | (cp & 0x3F));
    n = 4;
  }
  out->append(buf, n);
}

// Number of code points (invalid bytes count as one each).
size_t CountCodePoints(std::string_view s);

}  // namespace engram::base

#endif  // ENGRAM_BASE_UTF8_H_
