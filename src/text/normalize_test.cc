#include "src/text/normalize.h"

#include <gtest/gtest.h>

#include <cctype>
#include <random>
#include <string>

#include "src/base/utf8.h"

namespace engram::text {
namespace {

TEST(NormalizeTest, AppliesNfkcAndFoldsFullWidth) {
  EXPECT_EQ(Normalize("Ｔ－１０２ ＡＢＣ"), "T-102 ABC");
  EXPECT_EQ(Normalize("ﬁle"), "file");           // ligature
  EXPECT_EQ(Normalize("e\xCC\x81"), "\xC3\xA9");  // e + U+0301 -> é
  EXPECT_EQ(Normalize("ｶﾞ"), "ガ");              // half-width katakana + voiced mark
}

TEST(NormalizeTest, KeepsCase) { EXPECT_EQ(Normalize("Hello World"), "Hello World"); }

TEST(NormalizeTest, CollapsesAndTrimsUnicodeWhitespace) {
  EXPECT_EQ(Normalize("  a \t\n b  "), "a b");
  EXPECT_EQ(Normalize("a\xC2\xA0\xE3\x80\x80 b"), "a b");        // NBSP, ideographic space
  EXPECT_EQ(Normalize("a\xE2\x80\xA8\xE2\x80\xA9" "b"), "a b");  // LS, PS
  EXPECT_EQ(Normalize(" \r\n\t "), "");
  EXPECT_EQ(Normalize(""), "");
}

TEST(NormalizeTest, RemovesControlCharacters) {
  EXPECT_EQ(Normalize(std::string("a\0b\x01" "c\x7F", 6)), "abc");
  EXPECT_EQ(Normalize("a\xC2\x85" "b"), "a b");  // NEL is whitespace, not removed
  EXPECT_EQ(Normalize("\xEF\xBB\xBFhello"), "hello");  // BOM
  EXPECT_EQ(Normalize("a \x01 b"), "a b");
  EXPECT_EQ(Normalize("e\x01\xCC\x81"), "\xC3\xA9");  // neighbours of a removed control compose
}

TEST(NormalizeTest, IsIdempotent) {
  const char* inputs[] = {"  Ｔ－１０２  張工\tsaid ﬁne ", "e\x01\xCC\x81 x", "ｶﾞ \xE3\x80\x80ok",
                          "\xEF\xBB\xBF a\xCC\x81\xCC\xA3 "};
  for (const char* input : inputs) {
    const std::string once = Normalize(input);
    EXPECT_EQ(Normalize(once), once) << input;
  }
}

TEST(NormalizeTest, InvalidUtf8BecomesReplacementCharacter) {
  const std::string out = Normalize("a\xFF" "b");
  EXPECT_EQ(out, "a\xEF\xBF\xBD" "b");
  EXPECT_TRUE(base::IsValidUtf8(out));
}

TEST(FoldForSearchTest, CaseFoldsAndSimplifies) {
  EXPECT_EQ(FoldForSearch("  會議記錄  ＡＢＣ Straße "), "会议记录 abc strasse");
  EXPECT_EQ(FoldForSearch("工单T-102"), "工单t-102");
}

// ASCII text takes a shorter path; it must fold as the general one does: Normalize (which
// always decodes) with A-Z lowered.
TEST(FoldForSearchTest, AsciiFoldsAsTheGeneralPath) {
  std::mt19937 rng(20261207);
  const std::string alphabet = std::string("aZ09 -'.") + "\t\n\r\v\f" + '\x01' + '\x7f' + '\x1f';
  for (int i = 0; i < 2000; ++i) {
    std::string s;
    const int n = static_cast<int>(rng() % 12);
    for (int k = 0; k < n; ++k) s += alphabet[rng() % alphabet.size()];
    std::string expected = Normalize(s);
    for (char& c : expected) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    ASSERT_EQ(FoldForSearch(s), expected) << "input bytes: " << s.size();
  }
  EXPECT_EQ(FoldForSearch("  Meet\tJOHN\x01 at 3PM \n"), "meet john at 3pm");
}

}  // namespace
}  // namespace engram::text
