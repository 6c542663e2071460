// Undoes the cheap obfuscations used to slip instructions past keyword filters, on text that
// has already been through text::FoldForSearch (which handles full-width forms, case and
// traditional characters):
//   - zero-width and soft-hyphen characters are removed;
//   - separators (space . , - _ * ~ · • 、 ， 。) between single-character tokens are removed:
//     "i g n o r e" -> "ignore", "s-e-n-d" -> "send", "忽 略 之 前" -> "忽略之前", while
//     "ignore the noise" keeps its spaces (its tokens are longer than one character).
//
// Thread safety: pure function; safe to call concurrently.
#ifndef ENGRAM_SRC_EXTRACT_DEOBFUSCATE_H_
#define ENGRAM_SRC_EXTRACT_DEOBFUSCATE_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace engram::extract {

struct DeobfuscatedText {
  std::string text;
  // source[i] = byte offset in the input of text[i]; source[text.size()] = input.size().
  std::vector<uint32_t> source;
};

DeobfuscatedText Deobfuscate(std::string_view folded);

}  // namespace engram::extract

#endif  // ENGRAM_SRC_EXTRACT_DEOBFUSCATE_H_
