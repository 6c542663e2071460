#include "src/text/pii/luhn.h"

#include <gtest/gtest.h>

namespace engram::text::pii {
namespace {

TEST(LuhnTest, AcceptsKnownValidNumbers) {
  EXPECT_TRUE(LuhnValid("79927398713"));       // the textbook example
  EXPECT_TRUE(LuhnValid("4111111111111111"));  // Visa test card
  EXPECT_TRUE(LuhnValid("6222021234567890128"));
  EXPECT_TRUE(LuhnValid("0"));
}

TEST(LuhnTest, RejectsWrongCheckDigit) {
  EXPECT_FALSE(LuhnValid("79927398710"));
  EXPECT_FALSE(LuhnValid("4111111111111112"));
  EXPECT_FALSE(LuhnValid("6222021234567890125"));
}

TEST(LuhnTest, RejectsNonDigitsAndEmpty) {
  EXPECT_FALSE(LuhnValid(""));
  EXPECT_FALSE(LuhnValid("4111 1111 1111 1111"));
  EXPECT_FALSE(LuhnValid("41111111111x1111"));
}

TEST(LuhnTest, DetectsEverySingleDigitError) {
  const std::string valid = "4111111111111111";
  for (size_t i = 0; i < valid.size(); ++i) {
    for (char d = '0'; d <= '9'; ++d) {
      if (d == valid[i]) continue;
      std::string changed = valid;
      changed[i] = d;
      EXPECT_FALSE(LuhnValid(changed)) << changed;
    }
  }
}

}  // namespace
}  // namespace engram::text::pii
