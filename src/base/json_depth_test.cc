#include "engram/json_limits.h"

#include <gtest/gtest.h>

#include <string>

namespace engram {
namespace {

std::string Nested(int depth, char open, char close) {
  return std::string(depth, open) + std::string(depth, close);
}

TEST(JsonDepthTest, CountsArraysAndObjectsTogether) {
  EXPECT_EQ(JsonNestingDepth("{}"), 1);
  EXPECT_EQ(JsonNestingDepth("123"), 0);
  EXPECT_EQ(JsonNestingDepth(R"({"a":[{"b":[1,2]}],"c":{}})"), 4);
  EXPECT_EQ(JsonNestingDepth(Nested(64, '[', ']')), 64);
}

TEST(JsonDepthTest, IgnoresBracketsInsideStrings) {
  EXPECT_EQ(JsonNestingDepth(R"({"a":"[[[[{{{{"})"), 1);
  EXPECT_EQ(JsonNestingDepth(R"({"a":"quote \" [[[ still string"})"), 1);
  EXPECT_EQ(JsonNestingDepth(R"({"a":"back\\"}[[)"), 2);  // the string ends after \\ .
}

TEST(JsonDepthTest, StopsEarlyOnHostileInput) {
  const std::string deep = Nested(100000, '[', ']');
  EXPECT_EQ(JsonNestingDepth(deep, 64), 65);
  Status s = CheckJsonDepth(deep, "body");
  EXPECT_EQ(s.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(s.message().find("body: JSON nested deeper than 64"), std::string::npos);
  EXPECT_TRUE(CheckJsonDepth(Nested(64, '{', '}'), "body").ok());
  EXPECT_FALSE(CheckJsonDepth(Nested(65, '{', '}'), "body").ok());
}

TEST(JsonDepthTest, UnbalancedClosersDoNotGoNegative) {
  EXPECT_EQ(JsonNestingDepth("]]]]]][[["), 3);
}

}  // namespace
}  // namespace engram
