#include "src/ingest/validate.h"

#include <gtest/gtest.h>

namespace engram::ingest {
namespace {

TEST(ValidateTest, TextRules) {
  EXPECT_TRUE(ValidateText("text", "张工说下周二要验收接口文档", 100).ok());
  EXPECT_EQ(ValidateText("text", "", 100).code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(ValidateText("text", " \t\n\u3000", 100).code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(ValidateText("text", "ab\xFF", 100).code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(ValidateText("text", std::string(101, 'a'), 100).code(),
            StatusCode::kInvalidArgument);
  EXPECT_NE(ValidateText("text", "ab\xFF", 100).message().find("byte 2"), std::string::npos);
}

TEST(ValidateTest, IdsAndPrincipals) {
  EXPECT_TRUE(ValidateId("user", "张三", true).ok());
  EXPECT_FALSE(ValidateId("user", "", true).ok());
  EXPECT_TRUE(ValidateId("agent", "", false).ok());
  EXPECT_FALSE(ValidateId("user", "a\nb", true).ok());
  EXPECT_FALSE(ValidateId("user", std::string(129, 'u'), true).ok());
  Principal p;
  p.user_id = "u";
  p.teams = {""};
  EXPECT_FALSE(ValidatePrincipal(p).ok());
}

TEST(ValidateTest, MetadataMustBeAnObject) {
  EXPECT_TRUE(ValidateMetadata("{}").ok());
  EXPECT_TRUE(ValidateMetadata(R"({"k":[1,2]})").ok());
  EXPECT_FALSE(ValidateMetadata("[1]").ok());
  EXPECT_FALSE(ValidateMetadata("{").ok());
  EXPECT_FALSE(ValidateMetadata("").ok());
}

}  // namespace
}  // namespace engram::ingest
