// English tokens and word tables for the English grammar. Internal.
//
// Thread safety: pure functions over constant tables.
#ifndef ENGRAM_TEMPORAL_EN_WORDS_H_
#define ENGRAM_TEMPORAL_EN_WORDS_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engram/types.h"

namespace engram::temporal {

struct Tok {
  std::u32string_view w;  // the token text (normalized, lower case)
  size_t b = 0, e = 0;    // code point offsets
  bool num = false;       // all digits
  bool word = false;      // all letters
  int64_t value = 0;      // numeric value for digit tokens
  int digits = 0;
};

// Tokens from `start` on (at most `max_tokens`): letter runs, digit runs, and single
// punctuation characters; spaces separate tokens and are not tokens. Stops at CJK text.
std::vector<Tok> TokenizeEn(const std::u32string& s, size_t start, size_t max_tokens);

int EnWeekday(std::u32string_view w);     // 0 = Monday, -1 if none (monday, mon, tues ...)
int EnMonth(std::u32string_view w);       // 1-12, 0 if none
int EnSmallNumber(std::u32string_view w); // one..twenty, thirty, forty, fifty; -1 if none
int EnOrdinalWord(std::u32string_view w); // first..thirty-first words; 0 if none
bool EnUnit(std::u32string_view w, Grain* g);  // second(s), min, hour(s), h, day, week ...
// False when no English rule can start with this word (a fast pre-filter).
bool EnMayStart(std::u32string_view w);

}  // namespace engram::temporal

#endif  // ENGRAM_TEMPORAL_EN_WORDS_H_
