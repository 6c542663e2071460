// Internal to src/text: splits UTF-8 into grapheme clusters and NFKC-normalizes each one,
// keeping for every output code point the byte range of the cluster it came from. This is the
// shared first step of Normalize(), FoldForSearch() and Tokenize().
//
// Normalizing cluster by cluster (rather than the whole string at once) is what lets the
// tokenizer map folded characters back to original byte offsets, and it bounds the cost of
// canonical reordering: a cluster is cut after kMaxClusterCodePoints code points, so a long run
// of combining marks cannot make normalization quadratic in the input size.
//
// Thread safety: pure functions; safe to call concurrently.
#ifndef ENGRAM_SRC_TEXT_UNICODE_FOLD_H_
#define ENGRAM_SRC_TEXT_UNICODE_FOLD_H_

#include <cstddef>
#include <string_view>
#include <vector>

namespace engram::text::internal {

inline constexpr size_t kMaxClusterCodePoints = 32;

// One code point of folded output.
struct FoldedChar {
  char32_t cp;
  size_t begin;  // byte range of the source cluster in the original input
  size_t end;
  bool invalid;  // true: `cp` is U+FFFD standing for one invalid input byte
};

// Appends the NFKC form (case folded when `case_fold`) of every grapheme cluster of `utf8` to
// *out. An invalid byte becomes one FoldedChar {U+FFFD, invalid = true} covering that byte.
// Never fails.
void FoldClusters(std::string_view utf8, bool case_fold, std::vector<FoldedChar>* out);

// Character classes the tokenizer and normalizer care about.
enum class CharClass {
  kCjk,          // Han ideograph (unified, ext A-H, compatibility), kana, Hangul
  kWord,         // other letter (L*) or number (N*)
  kMark,         // combining mark (M*): continues a word, otherwise ignored
  kJoiner,       // '-' or '_': joins words, see Tokenize()
  kTransparent,  // invisible format character that neither joins nor splits (soft hyphen...)
  kSeparator,    // everything else: spaces, punctuation, symbols, emoji, controls
};

// Classifies a code point of folded (NFKC) text.
CharClass Classify(char32_t cp);

// True for a Han ideograph proper (not kana or Hangul): the code points OpenCC may convert.
bool IsHanIdeograph(char32_t cp);

// True for Unicode whitespace: White_Space code points (Zs, Zl, Zp, TAB..CR, NEL).
bool IsUnicodeSpace(char32_t cp);

// True for a code point that is an L* (letter) / N* (number) per Unicode.
bool IsLetter(char32_t cp);
bool IsNumber(char32_t cp);

}  // namespace engram::text::internal

#endif  // ENGRAM_SRC_TEXT_UNICODE_FOLD_H_
