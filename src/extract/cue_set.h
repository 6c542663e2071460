// CueSet and clause helpers: the small text primitives the event typer and the fact extractor
// share. A CueSet is a list of alternatives written "a | b | c" (the PhraseMatcher syntax for
// one part); ASCII alternatives match only at word boundaries, so "cell" does not match in
// "excellent". Matching is byte-exact: callers pass lower-case text (AsciiLower or
// text::FoldForSearch) and write cues in lower case and simplified Chinese.
//
// Thread safety: a CueSet is immutable after construction; every function here is pure.
#ifndef ENGRAM_SRC_EXTRACT_CUE_SET_H_
#define ENGRAM_SRC_EXTRACT_CUE_SET_H_

#include <bitset>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "src/extract/phrase_matcher.h"

namespace engram::extract {

// A match of one alternative: [begin, end) bytes and the alternative's index in the list.
struct CueHit {
  size_t begin = 0;
  size_t end = 0;
  size_t index = 0;
};

class CueSet {
 public:
  CueSet() = default;
  explicit CueSet(std::string_view alternatives);

  bool empty() const { return alts_.empty(); }
  // The earliest hit starting in [from, to) (the longest alternative at that position).
  std::optional<CueHit> Find(const IndexedText& text, size_t from = 0,
                             size_t to = std::string_view::npos) const;
  std::optional<CueHit> Find(std::string_view text, size_t from = 0,
                             size_t to = std::string_view::npos) const;
  // The longest alternative that starts exactly at `pos`. With `after_token`, an ASCII
  // alternative may start right after a letter or digit (units: "50k", "3pm").
  std::optional<CueHit> At(std::string_view text, size_t pos, bool after_token = false) const;
  // The longest alternative that ends exactly at `end`.
  std::optional<CueHit> EndingAt(std::string_view text, size_t end) const;

 private:
  struct Alt {
    std::string text;
    size_t index;
    bool ascii_start;
    bool ascii_end;
  };
  bool Bounded(std::string_view text, size_t pos, const Alt& alt, bool check_start = true) const;
  std::vector<Alt> alts_;        // longest first
  std::bitset<256> first_bytes_;  // first byte of some alternative: At() fails fast otherwise
  // At() tries only the alternatives that share the text's first two bytes (a Han character's
  // first byte alone selects most of a Chinese list). Indices into alts_, longest first;
  // one-byte alternatives are kept apart and tried last.
  std::unordered_map<uint16_t, std::vector<uint32_t>> by_first_two_;
  std::vector<uint32_t> one_byte_;
};

// ASCII-only lower-casing: byte offsets stay valid, non-ASCII bytes are unchanged.
std::string AsciiLower(std::string_view text);

bool IsAsciiAlnum(char c);

// Length in bytes of the clause break (，。；！？,;!? newline, or '.' before a space or the end)
// starting at `pos`, or 0.
size_t ClauseBreakAt(std::string_view text, size_t pos);
// [begin, end) of the clause around byte `pos`.
size_t ClauseStart(std::string_view text, size_t pos);
size_t ClauseEnd(std::string_view text, size_t pos);

// Removes spaces and, repeatedly, any of `cues` from the front (StripFront) or back.
std::string_view StripFront(std::string_view s, const CueSet& cues);
std::string_view StripBack(std::string_view s, const CueSet& cues);
std::string_view TrimSpaces(std::string_view s);

// Number of code points in valid UTF-8.
size_t CodePoints(std::string_view s);

// True iff every byte is ASCII.
bool IsAscii(std::string_view s);
// Space-separated words.
size_t Words(std::string_view s);
// A phrase short enough to be a slot or fact value: 1..max_cp code points (Chinese) or
// 1..max_words words (ASCII).
bool Short(std::string_view s, size_t max_cp, size_t max_words);

// Built-in time expressions ("下周二", "上周五", "明天下午三点", "next tuesday", "by friday"),
// merged when adjacent. Used when the caller has no temporal hints; spans in bytes.
std::vector<PhraseSpan> FindTimeWords(std::string_view lower);

// A Chinese numeral ("三", "十二", "两") or ASCII digits -> its value, or -1.
int ParseSmallNumber(std::string_view s);

}  // namespace engram::extract

#endif  // ENGRAM_SRC_EXTRACT_CUE_SET_H_
