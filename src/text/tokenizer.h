// The CJK-aware tokenizer behind the SQLite FTS5 index and query building.
//
// Tokenize() folds text the same way on both sides (NFKC + case fold per grapheme cluster,
// traditional -> simplified Han via DefaultHanConverter()) and splits it into:
//
//   * CJK runs (Han ideographs incl. ext A-H and compatibility ideographs, kana, Hangul):
//     kDocument: for each character c_i the unigram c_i, then, if c_{i+1} is in the same run,
//                the bigram c_i c_{i+1} with colocated = true (same FTS5 position).
//                "接口文档" -> 接(0) 接口(0) 口(1) 口文(1) 文(2) 文档(2) 档(3).
//     kQuery:    a run of one character -> its unigram; longer runs -> their bigrams only,
//                each at its own position. "接口文档" -> 接口 口文 文档.
//   * Word runs of letters and digits (any script other than the above; diacritics kept in
//     their folded form). Words joined by single '-' or '_' stay one token when the joined run
//     has at least one letter and at least one digit ("t-102", "abc_123", "covid-19");
//     otherwise they split at the joiner ("e-mail" -> "e", "mail"; "2024-05" -> "2024", "05").
//     Words of ASCII letters only are stemmed with LightStem(). Same output in both modes.
//   * Everything else (spaces, punctuation, symbols, emoji, invalid bytes) separates tokens.
//
// Offsets: Token::begin/end are byte offsets into the ORIGINAL input, covering whole source
// grapheme clusters: "Ｔ－１０２" -> {"t-102", 0, 15}. When OpenCC changes the number of
// characters of a Han run, every token of that run gets the byte range of the whole run.
//
// Thread safety: Tokenize() is a pure function of its input (plus the immutable process-wide
// HanConverter); safe to call concurrently.
#ifndef ENGRAM_SRC_TEXT_TOKENIZER_H_
#define ENGRAM_SRC_TEXT_TOKENIZER_H_

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace engram::text {

struct Token {
  std::string text;  // folded token text (UTF-8)
  size_t begin;      // byte offsets into the original input: [begin, end)
  size_t end;
  bool colocated;  // true: same position as the previous token (FTS5_TOKEN_COLOCATED)

  bool operator==(const Token&) const = default;
};

enum class TokenizeMode {
  kDocument,  // indexing: unigrams + colocated bigrams for CJK
  kQuery,     // query building: bigrams only for CJK runs of length >= 2
};

// Replaces the contents of *out with the tokens of `text`, in input order. Never fails: invalid
// UTF-8 bytes are skipped as separators. Empty or token-free input yields an empty vector.
// REQUIRES: out != nullptr.
void Tokenize(std::string_view text, TokenizeMode mode, std::vector<Token>* out);

}  // namespace engram::text

#endif  // ENGRAM_SRC_TEXT_TOKENIZER_H_
