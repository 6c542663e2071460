#include "src/text/pii/id_card.h"

#include <gtest/gtest.h>

#include <string>

namespace engram::text::pii {
namespace {

TEST(IdCardTest, ComputesMod112CheckCharacter) {
  EXPECT_EQ(IdCardCheckChar("11010519491231002"), 'X');  // the GB 11643 example
  EXPECT_EQ(IdCardCheckChar("44030419900307451"), '0');
  EXPECT_EQ(IdCardCheckChar("11010119900307123"), '3');
  EXPECT_EQ(IdCardCheckChar("1101011990030712"), '\0');    // 16 digits
  EXPECT_EQ(IdCardCheckChar("1101011990030712a"), '\0');  // not a digit
}

TEST(IdCardTest, AcceptsValidNumbersIncludingLowercaseX) {
  EXPECT_TRUE(IsValidIdCard("11010519491231002X"));
  EXPECT_TRUE(IsValidIdCard("11010519491231002x"));
  EXPECT_TRUE(IsValidIdCard("440304199003074510"));
  EXPECT_TRUE(IsValidIdCard("110105200002291235"));  // 2000-02-29 exists
}

TEST(IdCardTest, RejectsWrongChecksum) {
  EXPECT_FALSE(IsValidIdCard("110105194912310021"));
  EXPECT_FALSE(IsValidIdCard("440304199003074511"));
}

TEST(IdCardTest, DetectsEverySingleDigitError) {
  const std::string valid = "440304199003074510";
  for (size_t i = 0; i < 17; ++i) {
    for (char d = '0'; d <= '9'; ++d) {
      if (d == valid[i]) continue;
      std::string changed = valid;
      changed[i] = d;
      EXPECT_FALSE(IsValidIdCard(changed)) << changed;
    }
  }
}

TEST(IdCardTest, RejectsImpossibleBirthDates) {
  // Each has a correct check character, so only the date check can reject it.
  for (std::string first17 : {"11010519491331002", "11010519490230002", "11010518991231002",
                              "11010519000229002", "11010520230229002"}) {
    std::string id = first17 + IdCardCheckChar(first17);
    EXPECT_FALSE(IsValidIdCard(id)) << id;
  }
}

TEST(IdCardTest, RejectsBadRegionAndLength) {
  std::string first17 = "01010519491231002";
  EXPECT_FALSE(IsValidIdCard(first17 + IdCardCheckChar(first17)));
  first17 = "91010519491231002";
  EXPECT_FALSE(IsValidIdCard(first17 + IdCardCheckChar(first17)));
  EXPECT_FALSE(IsValidIdCard("11010519491231002"));
  EXPECT_FALSE(IsValidIdCard(""));
}

}  // namespace
}  // namespace engram::text::pii
