#include "src/text/pii/id_card.h"

namespace engram::text::pii {
namespace {

constexpr int kWeights[17] = {7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2};
constexpr char kCheckChars[12] = "10X98765432";

bool AllDigits(std::string_view s) {
  for (char c : s) {
    if (c < '0' || c > '9') return false;
  }
  return true;
}

int ToInt(std::string_view digits) {
  int v = 0;
  for (char c : digits) v = v * 10 + (c - '0');
  return v;
}

bool ValidDate(int year, int month, int day) {
  if (year < 1900 || year > 2099 || month < 1 || month > 12 || day < 1) return false;
  static constexpr int kDays[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  int max_day = kDays[month - 1];
  const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
  if (month == 2 && leap) max_day = 29;
  return day <= max_day;
}

}  // namespace

char IdCardCheckChar(std::string_view first17) {
  if (first17.size() != 17 || !AllDigits(first17)) return '\0';
  int sum = 0;
  for (size_t i = 0; i < 17; ++i) sum += (first17[i] - '0') * kWeights[i];
  return kCheckChars[sum % 11];
}

bool IsValidIdCard(std::string_view id) {
  if (id.size() != 18) return false;
  const char expected = IdCardCheckChar(id.substr(0, 17));
  if (expected == '\0') return false;
  char last = id[17];
  if (last == 'x') last = 'X';
  if (last != expected) return false;
  if (id[0] < '1' || id[0] > '8') return false;
  return ValidDate(ToInt(id.substr(6, 4)), ToInt(id.substr(10, 2)), ToInt(id.substr(12, 2)));
}

}  // namespace engram::text::pii
