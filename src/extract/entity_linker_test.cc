#include "src/extract/entity_linker.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace engram::extract {
namespace {

const std::vector<KnownName>& Directory() {
  static const auto* k = new std::vector<KnownName>{
      {7, "张伟", "name", true},     {7, "张工", "alias", true}, {9, "林芳", "name", true},
      {9, "财务总监", "role", true}, {11, "alice", "name", true}, {12, "t-102", "id", true},
      {20, "李老师", "name", false}};
  return *k;
}

TEST(EntityLinkerTest, LinksByNameAliasAndRole) {
  auto links = LinkMentions("张工和财务总监确认了预算", Directory(), true);
  ASSERT_EQ(links.size(), 2u);
  EXPECT_EQ(links[0].entity_id, 7);
  EXPECT_EQ(links[0].via, "alias");
  EXPECT_DOUBLE_EQ(links[0].confidence, 0.9);
  EXPECT_EQ(links[1].entity_id, 9);
  EXPECT_DOUBLE_EQ(links[1].confidence, 0.8);
  links = LinkMentions("张伟 said Alice owns T-102", Directory(), true);
  ASSERT_EQ(links.size(), 3u);
  for (const EntityLink& l : links) EXPECT_DOUBLE_EQ(l.confidence, 1.0) << l.entity_id;
}

TEST(EntityLinkerTest, AsciiNamesNeedWordBoundaries) {
  EXPECT_TRUE(LinkMentions("malice and palaces", Directory(), false).empty());
}

TEST(EntityLinkerTest, UnknownMentionsBecomeNewEntitiesWithLowerConfidence) {
  auto links = LinkMentions("王博后说陈博士和王博后都同意，预算20万", Directory(), true);
  ASSERT_EQ(links.size(), 2u);  // money is not an entity; 王博后 once
  EXPECT_EQ(links[0].entity_id, 0);
  EXPECT_EQ(links[0].name, "王博后");
  EXPECT_EQ(links[0].type, "person");
  EXPECT_EQ(links[0].via, "new");
  EXPECT_LE(links[0].confidence, kNewEntityConfidence);
  EXPECT_EQ(links[1].name, "陈博士");
  EXPECT_TRUE(LinkMentions("王博后说", Directory(), false).empty());
}

TEST(EntityLinkerTest, ExtractedEntitiesLinkWithCappedConfidence) {
  auto links = LinkMentions("李老师来了", Directory(), true);
  ASSERT_EQ(links.size(), 1u);
  EXPECT_EQ(links[0].entity_id, 20);
  EXPECT_DOUBLE_EQ(links[0].confidence, kExtractedEntityConfidence);
}

TEST(EntityLinkerTest, NameCandidatesCoverSubstringsWordRunsAndMentionKeys) {
  auto c = NameCandidates("请张工和 Zhang Wei 看工单T-102");
  for (const char* want : {"张工", "请张工和", "zhang", "zhang wei", "t-102", "工单t-102"}) {
    EXPECT_TRUE(std::binary_search(c.begin(), c.end(), std::string(want))) << want;
  }
  EXPECT_FALSE(std::binary_search(c.begin(), c.end(), std::string("和 zhang")));
  EXPECT_TRUE(std::is_sorted(c.begin(), c.end()));
  EXPECT_TRUE(NameCandidates("").empty());
}

}  // namespace
}  // namespace engram::extract
