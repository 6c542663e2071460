// PII detection: finds personal identifiers in (normalized) text in one left-to-right pass.
//
// Kinds: mainland mobile numbers (1[3-9] + 9 digits, optional +86 / 86 / 0086 prefix, spaces,
// dashes or dots between groups), mainland landlines (0 + area code + 7-8 digits), other
// international numbers (+CC, 8-15 digits), e-mail addresses, mainland ID cards (18 characters,
// MOD 11-2 checksum and a real birth date), bank cards (13-19 digits passing Luhn), URLs
// (http/https/ftp or www.), IPv4 and IPv6 addresses. Bank cards must start with 2-6 (the
// payment networks' ranges), which keeps epoch-millisecond timestamps out.
//
// Deliberately not PII: years (2024), dates (2024-06-14), prices (20万, ¥1999), ids glued to
// letters (T-102, SN13912345678), short numbers, digit runs that fail every checksum.
//
// Thread safety: pure functions; safe to call concurrently.
#ifndef ENGRAM_SRC_TEXT_PII_PII_DETECTOR_H_
#define ENGRAM_SRC_TEXT_PII_PII_DETECTOR_H_

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace engram::text::pii {

enum class PiiKind { kPhone, kEmail, kIdCard, kBankCard, kUrl, kIp };

// "PHONE", "EMAIL", "ID_CARD", "BANK_CARD", "URL", "IP" (stable: stored in pii_vault.kind and
// inside placeholders).
std::string_view PiiKindName(PiiKind kind);
std::optional<PiiKind> PiiKindFromName(std::string_view name);

// One detected identifier. `begin`/`end` are byte offsets into the scanned text.
struct PiiFinding {
  PiiKind kind = PiiKind::kPhone;
  size_t begin = 0;
  size_t end = 0;
  std::string value;      // exactly as written, text[begin, end)
  std::string canonical;  // comparison form: digits (with a leading '+' for +CC numbers),
                          // ID with upper-case X, e-mail lower-cased; URL and IP as written
  std::string placeholder;  // set by MaskPii; empty from DetectPii
};

// Findings in order of position, never overlapping. Meant for Normalize()d text (full-width
// digits already folded); any byte string is accepted (non-ASCII bytes are separators).
std::vector<PiiFinding> DetectPii(std::string_view text);

}  // namespace engram::text::pii

#endif  // ENGRAM_SRC_TEXT_PII_PII_DETECTOR_H_
