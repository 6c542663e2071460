// Luhn (mod 10) checksum used by payment card numbers (ISO/IEC 7812-1).
//
// Thread safety: pure function; safe to call concurrently.
#ifndef ENGRAM_SRC_TEXT_PII_LUHN_H_
#define ENGRAM_SRC_TEXT_PII_LUHN_H_

#include <string_view>

namespace engram::text::pii {

// True iff `digits` is non-empty, consists only of ASCII digits, and its Luhn sum is a multiple
// of 10 (the last digit is the check digit). Any other character makes it false.
bool LuhnValid(std::string_view digits);

}  // namespace engram::text::pii

#endif  // ENGRAM_SRC_TEXT_PII_LUHN_H_
