// Text normalization for stored content and for search keys.
//
// Thread safety: pure functions; safe to call concurrently.
#ifndef ENGRAM_SRC_TEXT_NORMALIZE_H_
#define ENGRAM_SRC_TEXT_NORMALIZE_H_

#include <string>
#include <string_view>

namespace engram::text {

// Canonical form of stored content. Applies NFKC (so full-width ASCII becomes half-width,
// ligatures and compatibility forms are expanded), removes control characters (Cc other than
// whitespace) and the BOM U+FEFF, collapses every run of Unicode whitespace (including
// newlines, NBSP and the ideographic space U+3000) to one ASCII space, and trims both ends.
// Keeps case. Idempotent: Normalize(Normalize(x)) == Normalize(x) (NFKC is applied per
// grapheme cluster; a pathological cluster of more than 32 code points is cut there).
// REQUIRES: `utf8` is valid UTF-8 (callers validate user input first). Defensive behaviour
// otherwise: each invalid byte becomes U+FFFD.
std::string Normalize(std::string_view utf8);

// Search key form: Normalize() plus Unicode case folding plus traditional -> simplified Han
// conversion (DefaultHanConverter(); identity if OpenCC is unavailable).
// "會議 ＡＢＣ" -> "会议 abc". REQUIRES: as Normalize().
std::string FoldForSearch(std::string_view utf8);

}  // namespace engram::text

#endif  // ENGRAM_SRC_TEXT_NORMALIZE_H_
