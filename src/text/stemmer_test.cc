#include "src/text/stemmer.h"

#include <gtest/gtest.h>

namespace engram::text {
namespace {

TEST(LightStemTest, StripsPlurals) {
  EXPECT_EQ(LightStem("documents"), "document");
  EXPECT_EQ(LightStem("cats"), "cat");
  EXPECT_EQ(LightStem("companies"), "company");
  EXPECT_EQ(LightStem("cities"), "city");
  EXPECT_EQ(LightStem("boxes"), "box");
  EXPECT_EQ(LightStem("classes"), "class");
  EXPECT_EQ(LightStem("churches"), "church");
  EXPECT_EQ(LightStem("wishes"), "wish");
  EXPECT_EQ(LightStem("buzzes"), "buzz");
}

TEST(LightStemTest, EFinalPluralsOnlyLoseTheS) {
  EXPECT_EQ(LightStem("cases"), "case");
  EXPECT_EQ(LightStem("sizes"), "size");
  EXPECT_EQ(LightStem("releases"), "release");
  EXPECT_EQ(LightStem("ties"), "tie");  // too short for -ies -> -y
}

TEST(LightStemTest, LeavesNonPluralSAlone) {
  EXPECT_EQ(LightStem("bus"), "bus");
  EXPECT_EQ(LightStem("this"), "this");
  EXPECT_EQ(LightStem("class"), "class");
  EXPECT_EQ(LightStem("status"), "status");
  EXPECT_EQ(LightStem("analysis"), "analysis");
  EXPECT_EQ(LightStem("gas"), "gas");
  EXPECT_EQ(LightStem("its"), "its");
}

TEST(LightStemTest, StripsIngAndEd) {
  EXPECT_EQ(LightStem("running"), "run");
  EXPECT_EQ(LightStem("meeting"), "meet");
  EXPECT_EQ(LightStem("trying"), "try");
  EXPECT_EQ(LightStem("stopped"), "stop");
  EXPECT_EQ(LightStem("signed"), "sign");
  EXPECT_EQ(LightStem("called"), "call");    // no undoubling of l
  EXPECT_EQ(LightStem("missed"), "miss");    // nor of s
  EXPECT_EQ(LightStem("added"), "add");      // undoubling would leave < 3 letters
  EXPECT_EQ(LightStem("studied"), "study");
}

TEST(LightStemTest, StripsAtMostOneSuffix) {
  EXPECT_EQ(LightStem("meetings"), "meeting");
  EXPECT_EQ(LightStem("feelings"), "feeling");
}

TEST(LightStemTest, LeavesShortAndVowellessStemsAlone) {
  EXPECT_EQ(LightStem("ping"), "ping");
  EXPECT_EQ(LightStem("sing"), "sing");
  EXPECT_EQ(LightStem("red"), "red");
  EXPECT_EQ(LightStem("bed"), "bed");
  EXPECT_EQ(LightStem("used"), "used");
  EXPECT_EQ(LightStem("thing"), "thing");
  EXPECT_EQ(LightStem("bring"), "bring");
  EXPECT_EQ(LightStem("string"), "string");
  EXPECT_EQ(LightStem("speed"), "speed");
  EXPECT_EQ(LightStem("agreed"), "agreed");
}

TEST(LightStemTest, LeavesNonAsciiLowerWordsAlone) {
  EXPECT_EQ(LightStem(""), "");
  EXPECT_EQ(LightStem("gpt4s"), "gpt4s");
  EXPECT_EQ(LightStem("Documents"), "Documents");
  EXPECT_EQ(LightStem("cafés"), "cafés");
}

}  // namespace
}  // namespace engram::text
