// Cue words in folded text: what the truth pass looks for in a statement (staleness.h).
//
// HasCue finds one cue; a CueIndex finds, in one pass over a text, every cue of a list that
// HasCue would find, and returns the bits given to them. A statement is checked against some
// 600 cues: a search per cue cost more than everything else the truth pass reads.
//
// Thread safety: a CueIndex is immutable once built; the functions are pure.
#ifndef ENGRAM_SRC_RECALL_CUE_INDEX_H_
#define ENGRAM_SRC_RECALL_CUE_INDEX_H_

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace engram::recall {

bool IsAscii(std::string_view s);

// A letter, a digit or an apostrophe of folded (lower-case) ASCII text.
bool WordChar(char c);

// Whether the word before `at` in folded `text` negates what follows ("not", "never", "no",
// a "n't" word): "I won't quit", "never gave up".
bool NegatedAt(std::string_view text, size_t at);

// `cue` in folded `text`; an ASCII cue only as whole words, and with `unnegated` only where
// the word before it does not negate it (NegatedAt).
bool HasCue(std::string_view text, std::string_view cue, bool unnegated = false);

// Whether HasCue finds any of `cues` in folded `text`.
bool AnyCue(std::string_view text, std::span<const std::string_view> cues);

class CueIndex {
 public:
  struct Cue {
    std::string_view text;  // folded; must outlive the index (string literals)
    uint32_t bits = 1;
  };
  explicit CueIndex(const std::vector<Cue>& cues);

  // The bits of every cue c that HasCue(text, c.text, unnegated) finds, OR'ed together.
  uint32_t Match(std::string_view text, bool unnegated = false) const;
  // Where the earliest cue HasCue would find begins in `text`; npos when there is none.
  size_t First(std::string_view text) const;

 private:
  struct Entry {
    std::string_view text;
    uint32_t bits;
    bool ascii;
  };
  static constexpr size_t kKeyBytes = 3;
  static constexpr size_t kBuckets = 4096;
  static size_t Bucket(const char* p);

  std::vector<Entry> short_;                 // cues under kKeyBytes bytes: searched one by one
  std::vector<Entry> entries_;               // the others, by bucket of their first bytes
  std::vector<uint32_t> first_;              // kBuckets + 1 offsets into entries_
};

}  // namespace engram::recall

#endif  // ENGRAM_SRC_RECALL_CUE_INDEX_H_
