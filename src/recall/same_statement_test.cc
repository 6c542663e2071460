#include "src/recall/same_statement.h"

#include <gtest/gtest.h>

#include <unordered_map>

#include "src/recall/answer_kind.h"
#include "src/recall/relations.h"
#include "src/recall/statement_compare.h"

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

TEST(SameStatementTest, AMaskedValueIsAValueWhateverItsIdSpells) {
  // Ids are random base32: one in 28 has no digit, and was then read as a plain word.
  const StatementShape letters = ShapeOf("admin login is ⟦EMAIL:abcdefghijkmnopq⟧");
  const StatementShape digits = ShapeOf("admin login is ⟦EMAIL:ab3now7xk2pq5rst⟧");
  EXPECT_EQ(letters.values, (std::vector<std::string>{"abcdefghijkmnopq", "email"}));
  EXPECT_EQ(digits.values, (std::vector<std::string>{"ab3now7xk2pq5rst", "email"}));
  EXPECT_EQ(letters.units.size(), digits.units.size());
  EXPECT_TRUE(NamesAValue(letters));
  EXPECT_FALSE(Same("my email is ⟦EMAIL:abcdefghijkmnopq⟧", "my email is ⟦EMAIL:ab3now7xk2pq5rst⟧"));
}

bool SameAnswerTo(std::string_view q, std::string_view a, std::string_view b) {
  return SameAnswer(ShapeOf(a), ShapeOf(b), ShapeOf(q));
}

// The id is random per vault key: whether two statements give one answer may not depend on how
// many digits it happens to have (one phone said twice was one answer or two, by the key).
TEST(SameStatementTest, AHandleSaidAlikeIsTheAnswer) {
  EXPECT_TRUE(SameAnswerTo("who does my outsourced editing",
                           "outsourced editor is kayla, ig @kaylaedits",
                           "kayla (@kaylaedits) turned around 900 images in 4 days, legend"));
}

TEST(SameStatementTest, AMaskedValueGivesOneAnswerWhateverItsIdSpells) {
  for (std::string id : {"bozn36md6kmce5t6", "pxgmqznzln4ke4qe", "4minr3swkczpblnu",
                         "abcdefghijkmnopq"}) {
    const std::string phone = "⟦PHONE:" + id + "⟧";
    EXPECT_TRUE(SameAnswerTo("小赵手机号多少", "小赵电话" + phone + " 有事找他",
                             "记一下 赵助理 " + phone))
        << id;
    EXPECT_TRUE(SameAnswerTo("小赵手机号多少", "助理小赵的手机号是" + phone,
                             "记一下 赵助理 " + phone))
        << id;
    EXPECT_TRUE(Same("my email is ⟦EMAIL:" + id + "⟧", "⟦EMAIL:" + id + "⟧ is my email")) << id;
  }
}

TEST(SameStatementTest, OneAnswerInOtherWords) {
  // An identifier of four characters or more, or a day of a month, is the answer whatever else
  // each names; a number of three digits is not.
  EXPECT_TRUE(SameAnswerTo("what code do they need for the lockbox",
                           "birch st lockbox is 5820 if the cleaner asks",
                           "The lockbox at 14 Birch has the code 5820."));
  EXPECT_TRUE(SameAnswerTo("When's my flight home?", "Flight home: Dec 18, BA 117",
                           "I fly back on Dec 18 with British Airways"));
  EXPECT_FALSE(SameAnswerTo("Where did the dune island service move?",
                            "Note Q: the dune island service moved to the C rack 280",
                            "Note R: the tundra umber service moved to the C rack 280"));
  EXPECT_TRUE(SameAnswerTo("How do I contact my husband?",
                           "My husband Mark's phone number is 555-0142.",
                           "If you need to reach Mark, his cell is 555-0142."));
  EXPECT_TRUE(SameAnswerTo("我工号多少？", "我的工号是A10086。", "报销单上填工号A10086就行。"));
  EXPECT_TRUE(SameAnswerTo("What medicine do I take in the morning?",
                           "I take lisinopril every morning at 8.",
                           "Every morning I take lisinopril at 8 am, with water."));
  // A short number where one says words of the question the other does not ("take", "morning"):
  // not one answer, as two services moved to rack 280 are not (below).
  EXPECT_FALSE(SameAnswerTo("What medicine do I take in the morning?",
                            "I take lisinopril every morning at 8.",
                            "My routine is lisinopril daily at 8 am, with water."));
  // A short number and nothing else both say; a name both say: no one answer.
  EXPECT_FALSE(SameAnswerTo("What about them?", "I have 3 kids.", "I've worked there for 3 years."));
  // A number of three digits, standing alone, is no identifier: two services, one rack number.
  EXPECT_FALSE(SameAnswerTo("Where did the dune island service move?",
                            "the dune island service moved to the quartz rack 280",
                            "the tundra umber service moved to the willow rack 280"));
  EXPECT_FALSE(SameStatement(ShapeOf("the dune island service moved to the quartz rack 280"),
                             ShapeOf("the tundra umber service moved to the willow rack 280")));
  EXPECT_FALSE(SameAnswerTo("What did Bart enjoy?",
                            "Bart and his mom watched \"The Simpsons\" together and felt very happy.",
                            "Bart watched \"The Simpsons\" at his birthday party and felt happy."));
  // The subject is no answer: the number the question says.
  EXPECT_FALSE(SameAnswerTo("What is the status of T-205?", "T-205 is still open.",
                            "T-205 was closed today."));
  // Other values, a question: no one answer.
  EXPECT_FALSE(SameAnswerTo("When does Alice drink tea?", "Alice drinks green tea at 8:00.",
                            "Alice drinks jasmine tea at 9:00."));
  EXPECT_FALSE(SameAnswerTo("When?", "Is the call at 4:30?", "The call is at 4:30."));
}

// Asked both ways round: the answer must not depend on which hit came first.
bool SameAnswerWordTo(std::string_view q, std::string_view a, std::string_view b) {
  const bool ab = SameAnswerWord(ShapeOf(a), ShapeOf(b), ShapeOf(q), {});
  EXPECT_EQ(ab, SameAnswerWord(ShapeOf(b), ShapeOf(a), ShapeOf(q), {})) << a << " / " << b;
  return ab;
}

TEST(SameStatementTest, OneAnswerNamedByAWord) {
  // All the rest of the shorter said again, a repeat marker aside.
  EXPECT_TRUE(SameAnswerWordTo("Do I have any dietary restrictions?", "I'm vegetarian.",
                               "Just a reminder that I don't eat meat, I'm vegetarian."));
  // A name both say that the question does not.
  EXPECT_TRUE(SameAnswerWordTo("Which bank do I use?", "I bank with Chase, checking and savings both.",
                               "All my accounts are at Chase."));
  EXPECT_TRUE(SameAnswerWordTo("我几点睡觉？", "我习惯十一点上床睡觉。", "我一般十一点就睡了。"));
  EXPECT_TRUE(SameAnswerWordTo("我周末一般干嘛？", "周末一般去千岛湖钓鱼。",
                               "我业余时间喜欢钓鱼，周末常去千岛湖。"));
  EXPECT_TRUE(SameAnswerWordTo("When does my passport run out?",
                               "FYI my passport is good until August 3, 2027.",
                               "My passport expires on August 3, 2027."));
  EXPECT_TRUE(SameAnswerWordTo("What's my United frequent flyer number?",
                               "My frequent flyer number with United is MP7731902.",
                               "United MileagePlus # is MP7731902 in case you need it."));
  // A negation of the answer in one only.
  EXPECT_FALSE(SameAnswerWordTo("What drink do I like?", "I like coffee.", "I don't like coffee."));
  // Different answers that share a word of the frame.
  EXPECT_FALSE(SameAnswerWordTo("我现在在哪家公司上班？", "我在字节跳动做后端开发",
                                "跳槽去了美团，还是做后端"));
  EXPECT_FALSE(SameAnswerWordTo("Which medication should doctors avoid giving me?",
                                "I'm allergic to penicillin.",
                                "I need to fix something I told you: the drug I'm allergic to is "
                                "sulfa, I confused it with my husband's allergy."));
  // Part of the name the question asks about ("Corp" of "Acme Corp") is no answer.
  EXPECT_FALSE(SameAnswerWordTo("Has Acme settled their bill?",
                                "The Acme Corp invoice is still unpaid.",
                                "Acme Corp paid the invoice in full today."));
  EXPECT_FALSE(SameAnswerWordTo("What tea does Alice like?", "Alice likes green tea.",
                                "Alice likes jasmine tea."));
  EXPECT_FALSE(SameAnswerWordTo("我对什么过敏？", "我对虾过敏", "我对花生过敏"));
  // Questions state no answer; a capitalized first word of both is no name.
  EXPECT_FALSE(SameAnswerWordTo("Which bank do I use?", "Is Chase my bank?", "I bank with Chase."));
  EXPECT_FALSE(SameAnswerWordTo("what did we discuss with the vendor yesterday",
                                "Met the vendor about pricing.", "Met the vendor about delivery."));
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

bool ClauseShared(std::string_view question, std::string_view a, std::string_view b) {
  const StatementShape q = ShapeOf(question);
  const StatementShape sa = ShapeOf(a);
  const StatementShape sb = ShapeOf(b);
  const std::vector<StatementShape> ca = ClauseShapes(a);
  const std::vector<StatementShape> cb = ClauseShapes(b);
  const bool ab = ShareAClause(sa, ca, sb, cb, q, {});
  EXPECT_EQ(ab, ShareAClause(sb, cb, sa, ca, q, {})) << "not symmetric";
  return ab;
}

TEST(SameStatementTest, ClausesSplitAtPunctuationNotInsideNumbers) {
  EXPECT_EQ(ClauseShapes("提醒一下,我青霉素过敏,开药的时候要注意。").size(), 2u);  // 提醒一下 has no unit left
  EXPECT_EQ(ClauseShapes("I'm lactose intolerant.").size(), 0u);  // one clause
  EXPECT_EQ(ClauseShapes("The budget is 1,000 dollars at 10:30 sharp.").size(), 0u);
  // "I can't do dairy" has one unit.
  EXPECT_EQ(ClauseShapes("Reminder: I can't do dairy, I'm lactose intolerant.").size(), 1u);
}

TEST(SameStatementTest, AClauseSaidAgainInALongerMessage) {
  EXPECT_TRUE(ClauseShared("我对什么药过敏？", "提醒一下，我青霉素过敏，开药的时候要注意。",
                           "我青霉素过敏，小时候打针还出过事。"));
  EXPECT_TRUE(ClauseShared("我有什么食物过敏吗？", "我吃花生会过敏的",
                           "再提醒一下，我花生过敏，别给我点带花生的菜"));
  EXPECT_TRUE(ClauseShared("Do I have any food intolerances?",
                           "Reminder: I can't do dairy, I'm lactose intolerant.",
                           "I'm lactose intolerant."));
  EXPECT_TRUE(ClauseShared("Am I allergic to any foods?", "I'm allergic to shellfish.",
                           "I have a shellfish allergy, so no shrimp for me."));
}

TEST(SameStatementTest, NoClauseSharedBetweenOtherFacts) {
  EXPECT_FALSE(ClauseShared("tea", "Alice likes green tea", "Alice likes jasmine tea"));
  EXPECT_FALSE(ClauseShared("What did we discuss with the vendor?", "Met the vendor about pricing.",
                            "Met the vendor about delivery."));
  EXPECT_FALSE(ClauseShared("我对什么过敏？", "我对虾过敏，吃了会起疹子", "我对花生过敏，吃了会起疹子"));
  EXPECT_FALSE(ClauseShared("我住在哪？", "我住在北京，上周刚搬的家", "我住在上海，上周刚搬的家"));
  EXPECT_FALSE(ClauseShared("Where does my sister live?", "My sister lives in Boston, near the harbor.",
                            "My brother lives in Boston."));
  EXPECT_FALSE(ClauseShared("Do I like black coffee?", "I like black coffee, every morning.",
                            "I don't like black coffee."));
}

TEST(SameStatementTest, CommonUnitsDoNotMakeAClauseShared) {
  const StatementShape q = ShapeOf("我对什么药过敏？");
  const std::string_view a = "提醒一下，我青霉素过敏，开药的时候要注意。";
  const std::string_view b = "我青霉素过敏，小时候打针还出过事。";
  EXPECT_TRUE(ShareAClause(ShapeOf(a), ClauseShapes(a), ShapeOf(b), ClauseShapes(b), q, {}));
  const std::vector<std::string> common = {"敏", "素", "过", "青"};  // sorted
  EXPECT_FALSE(ShareAClause(ShapeOf(a), ClauseShapes(a), ShapeOf(b), ClauseShapes(b), q, common));
}

TEST(SameStatementTest, TheFullerTextSaysMore) {
  EXPECT_TRUE(SaysMore(ShapeOf("我对花生和芒果过敏"), ShapeOf("我对花生过敏")));
  EXPECT_FALSE(SaysMore(ShapeOf("我对花生过敏"), ShapeOf("我对花生和芒果过敏")));
}

TEST(SameStatementTest, OneAnswerDespiteAnAsideOrAnotherWordForWhose) {
  auto same_answer = [](std::string_view a, std::string_view b, std::string_view q) {
    return SameAnswer(ShapeOf(a), ShapeOf(b), ShapeOf(q)) &&
           SameAnswer(ShapeOf(b), ShapeOf(a), ShapeOf(q));
  };
  // A "don't" in another clause says nothing of the answer; a space breaks phone-typed clauses.
  EXPECT_TRUE(same_answer("我车位是B2-117", "停车位B2-117 别停错了", "我车位号多少"));
  EXPECT_TRUE(same_answer("6月8号体检 早上别吃早饭", "体检约在6月8号上午 要空腹", "我体检是哪天"));
  EXPECT_TRUE(same_answer("我车位是B2-117", "物业又确认了一遍 车位B2-117没问题", "我车位号多少"));
  // In the clause of the answer it does.
  EXPECT_FALSE(same_answer("车位是B2-117", "车位不是B2-117", "我车位号多少"));
  // 女儿 and 闺女: one daughter.
  EXPECT_TRUE(same_answer("女儿的学号是 20230415", "再记一下 闺女学号20230415 填表老要用",
                          "女儿学号多少"));
  // A short number of one unit in both; of two units, two facts.
  EXPECT_TRUE(same_answer("我穿42码的鞋", "网上买鞋记得选42码 别又买小了", "我穿多大码的鞋"));
  EXPECT_FALSE(same_answer("I have 3 kids", "I've worked there for 3 years", "How many kids do I have?"));
  // An identifier after the label the question asks by is the answer, not part of a name.
  EXPECT_TRUE(same_answer("我们主推款是硅胶折叠水杯 SKU LH-CUP-0420",
                          "主推的那个折叠杯，SKU是LH-CUP-0420，别跟别的搞混", "主推款SKU是啥"));
}

// A domain or a handle joined by a dot or an underscore is a value; "e.g." is not.
TEST(SameStatementTest, DomainsAndHandlesAreValues) {
  EXPECT_EQ(ShapeOf("my portfolio site is ameliachen.dev").values,
            (std::vector<std::string>{"ameliachen.dev"}));
  EXPECT_TRUE(ShapeOf("e.g. my portfolio").values.empty());
  EXPECT_FALSE(SameStatement(ShapeOf("my site is ameliachen.dev"), ShapeOf("my site is bobchen.dev")));
}

TEST(SameStatementTest, AWordAfterATitleIsAName) {
  EXPECT_EQ(ShapeOf("ms. brennan emailed").values, (std::vector<std::string>{"brennan"}));
  EXPECT_EQ(ShapeOf("saw dr patel today").values, (std::vector<std::string>{"patel"}));
  EXPECT_FALSE(SameStatement(ShapeOf("jake's teacher is mrs. holloway"),
                             ShapeOf("jake's teacher is ms. brennan")));
}

TEST(SameStatementTest, RelationsAreReadInOneWord) {
  EXPECT_EQ(RelationsIn("闺女在实验小学"), (std::vector<std::string>{"女儿"}));
  EXPECT_EQ(RelationsIn("my manager is tom"), (std::vector<std::string>{"boss"}));
  EXPECT_EQ(RelationsIn("wifi at grandmas is bunny4eva"), (std::vector<std::string>{"grandma"}));
  EXPECT_EQ(RelationsIn("my sons are 8 and 10"), (std::vector<std::string>{"son"}));
  EXPECT_EQ(RelationsIn("儿子和女儿"), (std::vector<std::string>{"儿子", "女儿"}));
  EXPECT_TRUE(RelationsIn("a person i know").empty());
}

// Asked for a kind of value, two statements that give one value of it: a number with the unit
// both say after it, a blood type in letters.
TEST(SameStatementTest, OneValueOfTheKindAskedFor) {
  auto one = [](std::string_view q, std::string_view a, std::string_view b) {
    return GiveOneValue(ShapeOf(a), ShapeOf(b), AskedKind(q, false), ShapeOf(q).folded);
  };
  EXPECT_TRUE(one("熬汤的桶多大", "后厨熬汤用的是80升的不锈钢桶", "汤桶80升 一桶够出三百碗"));
  EXPECT_FALSE(one("熬汤的桶多大", "后厨熬汤用的是80升的不锈钢桶", "汤桶60升 一桶够出三百碗"));
  EXPECT_TRUE(one("what's my blood type", "blood type's O negative, put it on my card",
                  "donated blood today, they love O negative donors"));
  EXPECT_FALSE(one("what's my blood type", "blood type's O negative, put it on my card",
                   "donated blood today, they needed A positive donors"));
  // Two masked phone numbers are two values: the kind of the mask is none.
  EXPECT_FALSE(one("老陈电话多少", "岩茶供货的老陈 电话⟦PHONE:yhpn2vlgzy7egefq⟧",
                   "老陈号码我记错了 应该是⟦PHONE:yfbpdewmqcj6jfag⟧"));
}

// Frames name one thing in other words: a player of an instrument is the instrument's player.
TEST(SameStatementTest, APlayerOfAnInstrumentFramesOneRole) {
  EXPECT_TRUE(OneFrame("bass player in the quintet is", "the quintet's bassist is"));
  EXPECT_TRUE(OneFrame("our drummer is", "the drums player is"));
  EXPECT_FALSE(OneFrame("the quintet's bassist is", "the quintet's pianist is"));
  EXPECT_TRUE(OneFrame("honestly my fave glaze is", "my favorite glaze to teach with is"));
  // Nearly the same words: most of the shorter's, or half and the last word of either.
  EXPECT_TRUE(NearFrames("坊里负责染缸的是", "坊里管染缸的是"));
  EXPECT_TRUE(NearFrames("拉花去市场用的是", "拉花去市场开的是"));
  EXPECT_TRUE(NearFrames("orchard foreman is", "foreman this season is"));
  EXPECT_FALSE(NearFrames("station 14 gate code is", "station 14 training night is"));
  EXPECT_FALSE(NearFrames("my favorite movie is", "my favorite cuisine is"));
  EXPECT_FALSE(NearFrames("i am", "i am"));
}

TEST(SameStatementTest, ARareWordTellsOneFact) {
  auto share = [](std::string_view a, std::string_view b, std::string_view q, int records) {
    const StatementShape sa = ShapeOf(a), sb = ShapeOf(b);
    std::unordered_map<std::string, int> saying;
    for (const std::string& u : sa.units) saying[u] = records;
    return ShareARareWord(sa, sb, ShapeOf(q), saying);
  };
  const char* q = "am i allergic to any meds";
  EXPECT_TRUE(share("allergic to penicillin btw", "told the doctor about the penicillin allergy",
                    q, 2));
  // A third record may say it again; said by more, the word tells no one fact; nor a short
  // word, nor one in Han script.
  EXPECT_TRUE(share("allergic to penicillin btw", "told the doctor about the penicillin allergy",
                    q, 3));
  EXPECT_FALSE(share("allergic to penicillin btw", "told the doctor about the penicillin allergy",
                     q, 4));
  EXPECT_FALSE(share("I'm using a Dell for work", "IT gave me a MacBook for work", "laptop", 2));
  EXPECT_FALSE(share("跟食堂阿姨说了 今天别放香菜", "今天去打羽毛球", "我有啥忌口", 2));
  // Other numbers: two facts.
  EXPECT_FALSE(share("weekday spinning class 6:15", "weekend spinning class 8:30", "when", 2));
  EXPECT_TRUE(share("sunday sign-on is 5:40 at greenwood", "sunday start is 5:40, set alarms",
                    "what time do i have to be in", 2));
}

}  // namespace
}  // namespace engram::recall

