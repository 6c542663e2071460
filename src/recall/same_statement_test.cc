#include "src/recall/same_statement.h"

#include <gtest/gtest.h>

namespace engram::recall {
namespace {

bool Same(std::string_view a, std::string_view b) {
  return SameStatement(ShapeOf(a), ShapeOf(b));
}

TEST(SameStatementTest, OneFactInOtherWords) {
  EXPECT_TRUE(Same("我对花生过敏", "我吃花生会过敏的"));
  EXPECT_TRUE(Same("季度报告截止日期是6月30日", "季度报告6月30日截止"));
  EXPECT_TRUE(Same("I use Notion for all my notes.", "All my notes live in Notion."));
  EXPECT_TRUE(Same("Kevin's Slack handle is @kev.r", "You can reach Kevin on Slack at @kev.r"));
  EXPECT_TRUE(Same("My wife Emma is allergic to shellfish.",
                   "Don't forget Emma has a shellfish allergy."));
}

TEST(SameStatementTest, FactsOfOneShapeWithOtherValuesStayApart) {
  EXPECT_FALSE(Same("我对虾过敏", "我对花生过敏"));
  EXPECT_FALSE(Same("我对芒果过敏", "我对花生过敏"));
  EXPECT_FALSE(Same("季度报告6月30日截止", "季度报告7月15日截止"));
  EXPECT_FALSE(Same("Kevin's Slack handle is @kev.r", "Kevin's Slack handle is @kevin.r"));
  EXPECT_FALSE(Same("My sister lives in Boston.", "My brother lives in Boston."));
  EXPECT_FALSE(Same("I keep all my notes in Notion now.", "I keep all my notes in Obsidian now."));
  EXPECT_FALSE(Same("我用Notion记笔记", "我用Obsidian记笔记"));
  EXPECT_FALSE(Same("张工的手机号是13812345678", "李工的手机号是13812345678"));
  EXPECT_FALSE(Same("Kevin's Slack handle is @kev.r", "Kevin is the new QA lead."));
  EXPECT_FALSE(Same("I like black coffee.", "I don't like black coffee."));
  EXPECT_FALSE(Same("我喜欢香菜", "我不喜欢香菜"));
  EXPECT_FALSE(Same("Bob will move to Shenzhen", "Bob might move to Shenzhen in spring"));
  // A short remark inside a longer statement is not the statement.
  EXPECT_FALSE(Same("noodle lunch", "team lunch at the noodle place near the office"));
  EXPECT_FALSE(Same("I prefer the staging database in Frankfurt",
                    "the staging database lives in the Frankfurt region"));
  EXPECT_FALSE(Same("Met the vendor about pricing.", "Met the vendor about delivery."));
  EXPECT_FALSE(Same("Alice likes green tea", "Alice likes jasmine tea"));
}

TEST(SameStatementTest, TheFullerTextSaysMore) {
  EXPECT_TRUE(SaysMore(ShapeOf("我对花生和芒果过敏"), ShapeOf("我对花生过敏")));
  EXPECT_FALSE(SaysMore(ShapeOf("我对花生过敏"), ShapeOf("我对花生和芒果过敏")));
}

}  // namespace
}  // namespace engram::recall
