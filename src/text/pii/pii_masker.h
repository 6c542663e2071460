// PII masking: replaces detected identifiers by typed placeholders, finds placeholders in
// stored text, renders them back (plaintext for the owner, a masked form for others).
//
// Placeholder syntax (docs/formats/pii_vault.md):  ⟦KIND:ID⟧
//   ⟦ = U+27E6, ⟧ = U+27E7 (mathematical white square brackets, untouched by NFKC and case
//   folding), KIND = PiiKindName() ([A-Z_]+), ID = [0-9a-z]{1,32}, e.g. ⟦PHONE:1⟧,
//   ⟦EMAIL:k3v9x2m1q8abcd2f⟧. MaskPii rewrites any ⟦ or ⟧ already present in user text to
//   '[' or ']', so after sanitizing every ⟦…⟧ in stored text is one Engram produced.
//
// Thread safety: pure functions; safe to call concurrently.
#ifndef ENGRAM_SRC_TEXT_PII_PII_MASKER_H_
#define ENGRAM_SRC_TEXT_PII_PII_MASKER_H_

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "src/text/pii/pii_detector.h"

namespace engram::text::pii {

// Chooses the ID part of a placeholder. Called once per distinct (kind, canonical) value of a
// message, with its 1-based ordinal among the distinct values of that kind. Must return
// [0-9a-z]{1,32}; anything else falls back to the ordinal. Default: the ordinal ("1", "2"...).
using PlaceholderIdFn =
    std::function<std::string(PiiKind kind, std::string_view canonical, int ordinal)>;

struct SanitizedText {
  std::string text;                 // input with each finding replaced by its placeholder
  std::vector<PiiFinding> findings;  // spans refer to the input of MaskPii; same value twice
                                     // in one message -> two findings, one placeholder
};

// Detects PII in `text` (expected to be Normalize()d) and replaces it with placeholders.
SanitizedText MaskPii(std::string_view text, const PlaceholderIdFn& id_fn = nullptr);

// Stage 1 of the write path: Normalize(raw) then MaskPii. Spans refer to Normalize(raw).
// REQUIRES: as Normalize() (valid UTF-8; invalid bytes become U+FFFD).
SanitizedText Sanitize(std::string_view raw, const PlaceholderIdFn& id_fn = nullptr);

std::string MakePlaceholder(PiiKind kind, std::string_view id);

// A placeholder found in stored text; begin/end are byte offsets of the whole ⟦…⟧.
struct PlaceholderRef {
  size_t begin = 0;
  size_t end = 0;
  PiiKind kind = PiiKind::kPhone;
  std::string_view placeholder;  // points into the scanned text
};
std::vector<PlaceholderRef> FindPlaceholders(std::string_view text);

// `text` with each placeholder's ID dropped: "发到⟦EMAIL:k3v9x2m1q8abcd2f⟧" -> "发到⟦EMAIL⟧".
// The rule stages read this form: an ID is random letters and digits that can spell a cue
// ("ssn", "send") and so flip a verdict by chance.
std::string WithoutPlaceholderIds(std::string_view text);

// Display form for people who may know that a value exists but not read it:
//   mobile 13912345432 -> 139****5432, +8613912345432 -> +86 139****5432,
//   e-mail zhang@example.com -> z***@example.com, ID 110105194912310021 -> 1101**********0021,
//   bank card -> 6222***********0128, URL -> scheme://host/***, IPv4 -> 10.1.*.*,
//   IPv6 -> 2001:****.  `value` is the original (or canonical) value.
std::string MaskValue(PiiKind kind, std::string_view value);

enum class RenderMode { kPlaintext, kMasked, kPlaceholder };

// Returns the original value for a placeholder, or nullopt when unknown / not permitted.
using PlaceholderLookupFn = std::function<std::optional<std::string>(const PlaceholderRef&)>;

// Replaces every placeholder that `lookup` resolves by its plaintext (kPlaintext) or by
// MaskValue (kMasked); kPlaceholder and unresolved placeholders are left as they are.
std::string RenderPlaceholders(std::string_view text, RenderMode mode,
                               const PlaceholderLookupFn& lookup);

}  // namespace engram::text::pii

#endif  // ENGRAM_SRC_TEXT_PII_PII_MASKER_H_
