// Mainland China resident identity card numbers (GB 11643-1999): 18 characters, 6-digit
// region code, 8-digit birth date YYYYMMDD, 3-digit sequence, and an ISO 7064 MOD 11-2 check
// character (0-9 or X).
//
// Thread safety: pure functions; safe to call concurrently.
#ifndef ENGRAM_SRC_TEXT_PII_ID_CARD_H_
#define ENGRAM_SRC_TEXT_PII_ID_CARD_H_

#include <string_view>

namespace engram::text::pii {

// The ISO 7064 MOD 11-2 check character ('0'..'9' or 'X') for the first 17 digits, or '\0'
// when `first17` is not exactly 17 ASCII digits.
char IdCardCheckChar(std::string_view first17);

// True iff `id` is 18 characters: 17 digits plus a check character (digit, 'X' or 'x') that
// matches IdCardCheckChar, the region code starts with 1-8, and the birth date is a real
// calendar date between 1900-01-01 and 2099-12-31.
bool IsValidIdCard(std::string_view id);

}  // namespace engram::text::pii

#endif  // ENGRAM_SRC_TEXT_PII_ID_CARD_H_
