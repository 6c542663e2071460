// Text helpers for the temporal grammars: a normalized code point view of the input
// (simplified script, ASCII digits and punctuation, lower-case Latin) whose offsets are the
// input's code point offsets, plus numeral readers for Arabic and Chinese numbers.
//
// Thread safety: pure functions.
#ifndef ENGRAM_TEMPORAL_TEXT_UTIL_H_
#define ENGRAM_TEMPORAL_TEXT_UTIL_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace engram::temporal {

// Maps each code point 1:1 (traditional -> simplified for time words, full-width -> ASCII,
// A-Z -> a-z), so offsets in the result are offsets in the input.
std::u32string Normalize(std::string_view utf8);

// A read position over normalized text.
struct Cursor {
  const std::u32string* s = nullptr;
  size_t i = 0;

  bool AtEnd() const { return i >= s->size(); }
  char32_t Peek(size_t k = 0) const { return i + k < s->size() ? (*s)[i + k] : 0; }
  // Consumes `w` if the text continues with it.
  bool Lit(std::u32string_view w);
  // Consumes the first of `words` (tried in order) that matches; returns its index or -1.
  int OneOf(std::initializer_list<std::u32string_view> words);
  void SkipSpaces();
};

// False when no Chinese rule can start with `c` (a fast pre-filter).
bool MayStartZh(char32_t c);
bool IsDigit(char32_t c);
bool IsAsciiAlpha(char32_t c);
bool IsCjkDigit(char32_t c);  // 零〇一二两三四五六七八九十百千廿卅仨

// Reads an Arabic number (up to `max_digits` digits). Returns false if none.
bool ReadArabic(Cursor* c, int64_t* value, int* digits, int max_digits = 9);
// Reads a Chinese number such as 二十三, 两, 廿一, 一百零五, or a digit-by-digit form such as
// 二零一五 (then *digit_by_digit is set). Returns false if none.
bool ReadChinese(Cursor* c, int64_t* value, bool* digit_by_digit);
// Either form; `digits` is the Arabic digit count (0 for Chinese).
bool ReadNumber(Cursor* c, int64_t* value, int* digits);

}  // namespace engram::temporal

#endif  // ENGRAM_TEMPORAL_TEXT_UTIL_H_
