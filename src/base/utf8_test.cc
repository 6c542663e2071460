#include "src/base/utf8.h"

#include <gtest/gtest.h>

namespace engram::base {
namespace {

TEST(Utf8Test, AcceptsWellFormed) {
  EXPECT_TRUE(IsValidUtf8("hello"));
  EXPECT_TRUE(IsValidUtf8("张工说下周二要验收接口文档"));
  EXPECT_TRUE(IsValidUtf8("\xF0\x9F\x98\x80"));  // emoji
}

TEST(Utf8Test, RejectsMalformed) {
  EXPECT_FALSE(IsValidUtf8("\xC0\xAF"));          // overlong '/'
  EXPECT_FALSE(IsValidUtf8("\xED\xA0\x80"));      // surrogate
  EXPECT_FALSE(IsValidUtf8("abc\xFF"));
  EXPECT_FALSE(IsValidUtf8("\xE5\xBC"));          // truncated
  EXPECT_EQ(FindInvalidUtf8("ab\xFF"), 2u);
}

TEST(Utf8Test, DecodeAndAppendRoundTrip) {
  std::string s = "T-102 张工 \xF0\x9F\x98\x80";
  std::string out;
  for (size_t i = 0; i < s.size();) AppendUtf8(DecodeUtf8(s, &i), &out);
  EXPECT_EQ(out, s);
  EXPECT_EQ(CountCodePoints("张工"), 2u);
}

}  // namespace
}  // namespace engram::base
