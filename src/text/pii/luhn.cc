#include "src/text/pii/luhn.h"

namespace engram::text::pii {

bool LuhnValid(std::string_view digits) {
  if (digits.empty()) return false;
  int sum = 0;
  bool double_it = false;
  for (size_t i = digits.size(); i-- > 0;) {
    const char c = digits[i];
    if (c < '0' || c > '9') return false;
    int d = c - '0';
    if (double_it) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double_it = !double_it;
  }
  return sum % 10 == 0;
}

}  // namespace engram::text::pii
