// PhraseMatcher: ordered keyword patterns with bounded gaps, the engine behind the guard and
// signal rule tables.
//
// Pattern syntax (one string per rule, so tables stay readable):
//   parts separated by " & " must occur in this order, each starting at most `max_gap` bytes
//   after the end of the previous one; alternatives within a part are separated by " | ".
//   "忽略 | 无视 & 之前 | 以上 & 指令 | 规则" matches "请忽略之前的所有指令".
// An alternative starting with an ASCII letter or digit only matches at a word start (the byte
// before it is not an ASCII letter or digit); a trailing '~' also requires a word end
// ("ur~" matches "ur" but not "your"); a leading '^' anchors it at the start of the text
// ("^system:"). Patterns are matched on lower-case (folded) text; write
// them in lower case and simplified Chinese.
//
// Thread safety: a PhraseMatcher is immutable after construction; Match is thread-safe.
#ifndef ENGRAM_SRC_EXTRACT_PHRASE_MATCHER_H_
#define ENGRAM_SRC_EXTRACT_PHRASE_MATCHER_H_

#include <array>
#include <bitset>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace engram::extract {

// A text plus a hashed set of its byte bigrams, built once per message and shared by all rules
// so that an alternative whose bigrams are absent is rejected without scanning the text.
class IndexedText {
 public:
  explicit IndexedText(std::string_view text);
  std::string_view text() const { return text_; }
  // False means `needle` certainly does not occur; true means it may.
  bool MayContain(std::string_view needle) const;
  // Same test on some of a needle's bigram slots (see Slot), precomputed by the caller.
  bool MayContainSlots(std::span<const uint16_t> slots) const {
    for (uint16_t slot : slots) {
      if (!bigrams_.test(slot)) return false;
    }
    return true;
  }
  static uint16_t Slot(unsigned char a, unsigned char b) {
    return static_cast<uint16_t>((a * 131u + b) & 4095u);
  }

 private:
  std::string_view text_;
  std::bitset<4096> bigrams_;
};

// A matched occurrence: [begin, end) in the text, from the start of the first part to the end
// of the last.
struct PhraseSpan {
  size_t begin = 0;
  size_t end = 0;
};

class PhraseMatcher {
 public:
  // Parses `pattern`. An empty part or alternative is ignored.
  PhraseMatcher(std::string_view pattern, size_t max_gap);

  // The leftmost match (earliest first part; each later part the earliest that fits), or
  // nullopt. REQUIRES: the matcher's pattern had at least one part.
  // With `ignore_word_boundaries`, ASCII alternatives also match inside words (used on text
  // whose spaces were removed by de-obfuscation).
  std::optional<PhraseSpan> Match(std::string_view text,
                                  bool ignore_word_boundaries = false) const;
  // Same, over a pre-indexed text (the fast path when many rules scan one message).
  std::optional<PhraseSpan> Match(const IndexedText& text,
                                  bool ignore_word_boundaries = false) const;

  bool empty() const { return parts_.empty(); }

 private:
  struct Alternative {
    std::string text;
    bool word_start = false;
    bool word_end = false;
    bool anchored = false;
    // Up to four of the text's bigram slots (those not starting on a UTF-8 lead byte first:
    // they tell CJK characters apart), kept inline so that most absent alternatives are
    // rejected without touching `text` (IndexedText::MayContainSlots).
    std::array<uint16_t, 4> slots{};
    uint8_t slot_count = 0;
    std::span<const uint16_t> Slots() const { return {slots.data(), slot_count}; }
  };
  using Part = std::vector<Alternative>;

  // Earliest occurrence of an alternative of `part` starting in [from, limit].
  std::optional<PhraseSpan> FindPart(const Part& part, const IndexedText& text, size_t from,
                                     size_t limit, bool boundaries) const;

  std::vector<Part> parts_;
  size_t max_gap_;
};

}  // namespace engram::extract

#endif  // ENGRAM_SRC_EXTRACT_PHRASE_MATCHER_H_
