#include "src/extract/entity_extractor.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "src/text/normalize.h"

namespace engram::extract {
namespace {

// "text/type" for each mention, in order.
std::vector<std::string> Spans(const std::string& raw) {
  std::vector<std::string> out;
  for (const EntityMention& m : FindEntityMentions(text::Normalize(raw))) {
    out.push_back(m.text + "/" + std::string(EntityTypeName(m.type)));
  }
  return out;
}

using V = std::vector<std::string>;

TEST(EntityExtractorTest, FindsZhPeopleByTitle) {
  EXPECT_EQ(Spans("张工提了新的要求"), V{"张工/person"});
  EXPECT_EQ(Spans("李老师和王博后明天来"), (V{"李老师/person", "王博后/person"}));
  EXPECT_EQ(Spans("林总说陈博士下周到"), (V{"林总/person", "陈博士/person"}));
  EXPECT_EQ(Spans("请转告王小明老师"), V{"王小明老师/person"});
  EXPECT_EQ(Spans("老王说可以"), V{"老王/person"});
  // ... and before what is theirs (电话, 号码, 家, 生日).
  EXPECT_EQ(Spans("老陈号码我记错了"), V{"老陈/person"});
  EXPECT_EQ(Spans("小郑工号我刚才说错了"), V{"小郑/person"});
  EXPECT_EQ(Spans("小李电话多少"), V{"小李/person"});
  EXPECT_EQ(Spans("林总监批了"), V{"林总监/person"});
  auto m = FindEntityMentions("张工说");
  ASSERT_EQ(m.size(), 1u);
  EXPECT_EQ(m[0].key, "张工");
  EXPECT_EQ(m[0].title, "工");
  EXPECT_GT(m[0].confidence, 0.8);
}

TEST(EntityExtractorTest, OrdinaryWordsAreNotPeople) {
  EXPECT_TRUE(Spans("我们主张工作要认真").empty());
  EXPECT_TRUE(Spans("周总结发一下").empty());
  EXPECT_TRUE(Spans("上周工作很忙").empty());
  EXPECT_TRUE(Spans("他总是迟到").empty());
  EXPECT_TRUE(Spans("提高工作效率").empty());
  EXPECT_TRUE(Spans("今天天气不错，我们吃饭吧").empty());
}

TEST(EntityExtractorTest, FindsRolesDepartmentsOrgsPlacesProjects) {
  EXPECT_EQ(Spans("财务总监要看预算"), V{"财务总监/role"});
  EXPECT_EQ(Spans("研发VP同意了"), V{"研发VP/role"});
  EXPECT_EQ(Spans("CTO and CFO agreed"), (V{"CTO/role", "CFO/role"}));
  EXPECT_EQ(Spans("财务部下周审计"), V{"财务部/department"});
  EXPECT_EQ(Spans("在华为公司上班"), V{"华为公司/org"});
  EXPECT_EQ(Spans("去北京开会"), V{"北京/place"});
  EXPECT_EQ(Spans("在3号会议室"), V{"3号会议室/place"});
  // A park of firms is a place, no firm: 科技园, not 南山区科技.
  EXPECT_EQ(Spans("地址写的南山区科技园"), V{"南山区科技园/place"});
  EXPECT_EQ(Spans("蓝海科技的合同签了"), V{"蓝海科技/org"});
  EXPECT_EQ(Spans("星火项目延期了"), V{"星火项目/project"});
  EXPECT_TRUE(Spans("这个项目延期了").empty());
}

// Issue 20: names ending in Lab/Labs/Inc/Ltd/Corp/实验室/研究院/公司 are organisations, and
// 部/组/团队 after a short name are units (departments), never people.
TEST(EntityExtractorTest, OrganisationAndUnitNames) {
  EXPECT_EQ(Spans("他在AI Lab负责大模型推理优化"), V{"AI Lab/org"});
  EXPECT_EQ(Spans("She moved to IBM Research Labs last year"), V{"IBM Research Labs/org"});
  EXPECT_EQ(Spans("He joined Acme Labs and then Globex Ltd"),
            (V{"Acme Labs/org", "Globex Ltd/org"}));
  EXPECT_EQ(Spans("Initech Corp signed"), V{"Initech Corp/org"});
  EXPECT_EQ(Spans("我在AI实验室实习"), V{"AI实验室/org"});
  EXPECT_EQ(Spans("他去了达摩研究院"), V{"达摩研究院/org"});
  EXPECT_EQ(Spans("她在算法组负责推荐"), V{"算法组/department"});
  EXPECT_EQ(Spans("我加入了增长团队"), V{"增长团队/department"});
  EXPECT_EQ(Spans("这是平台部的需求"), V{"平台部/department"});
  // Words that only look like units.
  EXPECT_TRUE(Spans("我们在测试环境部署了新版本").empty());
  EXPECT_TRUE(Spans("按钮在页面底部").empty());
  EXPECT_TRUE(Spans("把学生分成两组").empty());
  EXPECT_TRUE(Spans("这个组织很大").empty());
  EXPECT_TRUE(Spans("The Lab is closed today").empty());
  EXPECT_EQ(Spans("王博后下周来实验室"), V{"王博后/person"});
}

TEST(EntityExtractorTest, FindsTicketsContractsAndMoney) {
  EXPECT_EQ(Spans("工单T-102还没关"), V{"工单T-102/ticket"});
  auto m = FindEntityMentions("工单T-102还没关");
  ASSERT_EQ(m.size(), 1u);
  EXPECT_EQ(m[0].key, "T-102");
  EXPECT_EQ(Spans("see BUG-77 today"), V{"BUG-77/ticket"});
  EXPECT_EQ(Spans("合同HT-2024-007已签"), V{"合同HT-2024-007/contract"});
  EXPECT_EQ(Spans("预算20万"), V{"20万/money"});
  EXPECT_EQ(Spans("报销¥5,000"), V{"¥5,000/money"});
  EXPECT_EQ(Spans("costs $3k now"), V{"$3k/money"});
  EXPECT_EQ(Spans("付了5000元"), V{"5000元/money"});
  EXPECT_TRUE(Spans("来了20万人").empty());
  EXPECT_TRUE(Spans("version 3k is out").empty());
  EXPECT_TRUE(Spans("utf-8 text").empty());
}

TEST(EntityExtractorTest, FindsEnglishNamesAndSkipsCommonWords) {
  EXPECT_EQ(Spans("I met Alice and Bob Chen at the office"),
            (V{"Alice/person", "Bob Chen/person"}));
  EXPECT_EQ(Spans("The meeting is on Monday. Please tell Dr. Smith"), V{"Dr. Smith/person"});
  EXPECT_EQ(Spans("She works at Acme Inc now"), V{"Acme Inc/org"});
  EXPECT_EQ(Spans("Project Apollo ships in London"),
            (V{"Project Apollo/project", "London/place"}));
  EXPECT_TRUE(Spans("The API is down. We fixed it on Friday").empty());
  EXPECT_EQ(Spans("Order T-102 ships. Buy milk"), V{"T-102/ticket"});
  EXPECT_EQ(Spans("Bob, can you call Alice"), (V{"Bob/person", "Alice/person"}));
  auto m = FindEntityMentions("Caroline: Hey Mel!");
  ASSERT_EQ(m.size(), 2u);
  EXPECT_EQ(m[1].key, "Mel");
}

// Chat lines open with interjections and sentence adverbs followed by a comma; they are not
// people addressed ("Recently," read as a name let a question with "recently" in it pull that
// memory through the graph channel).
TEST(EntityExtractorTest, ChatOpenersAreNotPeople) {
  EXPECT_TRUE(Spans("Recently, I started painting again").empty());
  EXPECT_TRUE(Spans("Yep, that was fun. Congrats, you earned it!").empty());
  EXPECT_TRUE(Spans("Absolutely, let's do it. Woah, what a view").empty());
  EXPECT_EQ(Spans("Congrats Caroline, so proud of you"), V{"Caroline/person"});
  EXPECT_EQ(Spans("Bye Melanie! See you on Tues"), V{"Melanie/person"});
  EXPECT_EQ(Spans("Emily, can you send it"), V{"Emily/person"});
}

TEST(EntityExtractorTest, MixedMessageAndOffsets) {
  std::string t = text::Normalize("张工说财务总监下周要看T-102的合同HT-2024-007，预算20万");
  auto m = FindEntityMentions(t);
  ASSERT_EQ(m.size(), 5u);
  for (const EntityMention& e : m) EXPECT_EQ(t.substr(e.begin, e.end - e.begin), e.text);
  EXPECT_EQ(m[3].type, EntityType::kContract);
  EXPECT_EQ(m[3].key, "HT-2024-007");
  EXPECT_FALSE(IsLinkable(EntityType::kMoney));
  EXPECT_TRUE(IsLinkable(EntityType::kPerson));
  EXPECT_EQ(ParseEntityType("department"), EntityType::kDepartment);
  EXPECT_FALSE(ParseEntityType("planet"));
}

TEST(EntityExtractorTest, SurvivesOddInput) {
  EXPECT_TRUE(FindEntityMentions("").empty());
  EXPECT_TRUE(FindEntityMentions("-").empty());
  (void)FindEntityMentions("¥");
  (void)FindEntityMentions("T-");
  (void)FindEntityMentions("Dr.");
  (void)FindEntityMentions("张");
  (void)FindEntityMentions(std::string("\xff\xfe", 2));
}

}  // namespace
}  // namespace engram::extract
