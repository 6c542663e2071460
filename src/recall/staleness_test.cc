#include "src/recall/staleness.h"

#include <gtest/gtest.h>

#include "src/recall/relevance.h"

namespace engram::recall {
namespace {

Memory Record(int64_t id, int64_t message, int64_t at_ms, std::string content) {
  Memory m;
  m.id = id;
  m.type = MemoryType::kEpisodic;
  m.scope.user_id = "u";
  m.source.message_id = message;
  m.source.at = Instant{at_ms, 0};
  m.content = std::move(content);
  return m;
}

StatementCues Cue(std::string_view text) { return ReadCues(text); }

// Both statements answer the question; `shared` of the older one's words said again.
Topic Both(double shared = 0) { return Topic{1, 1, shared}; }

TEST(StalenessTest, ChangeVerbOutdatesTheSameSlot) {
  EXPECT_TRUE(Outdates(Cue("我上周搬到上海了"), Cue("我住在杭州"), Both()));
  EXPECT_TRUE(Outdates(Cue("I switched to black coffee"), Cue("I drink oat milk lattes"), Both()));
  EXPECT_TRUE(Outdates(Cue("工单T-205已关闭"), Cue("工单T-205目前处理中"), Both()));
}

TEST(StalenessTest, NewerPlainStatementOfASingleValuedSlotOutdates) {
  EXPECT_TRUE(Outdates(Cue("我的分机号是 8066"), Cue("我的分机号是 8021"), Both()));
  // Likes accumulate: a plain new like does not replace an old one.
  EXPECT_FALSE(Outdates(Cue("I like swimming"), Cue("I like hiking on weekends"), Both()));
}

TEST(StalenessTest, AdditiveQuestionOrOtherSlotDoesNotOutdate) {
  EXPECT_FALSE(Outdates(Cue("I also like swimming"), Cue("I like hiking"), Both()));
  EXPECT_FALSE(Outdates(Cue("我搬到上海了吗？"), Cue("我住在杭州"), Both()));
  EXPECT_FALSE(Outdates(Cue("我现在喜欢喝茶"), Cue("我住在杭州"), Both()));
}

TEST(StalenessTest, CorrectionOfTheSameTopicOutdatesWithoutASlot) {
  EXPECT_TRUE(Outdates(Cue("不对，我说错了，是下周四飞成都"), Cue("我下周三飞成都出差"), Both()));
  // Not about the question and no words in common: a correction of something else.
  EXPECT_FALSE(Outdates(Cue("Actually, the talk is at noon"), Cue("My cat is called Tom"),
                        Topic{1, 0.1, 0}));
}

TEST(StalenessTest, StatementsThatDoNotAnswerTheQuestionAreLeftAlone) {
  EXPECT_FALSE(Outdates(Cue("我上周搬到上海了"), Cue("我住在杭州"), Topic{1, 0.05, 0}));
}

TEST(StalenessTest, DifferentSubjectsDoNotOutdateEachOther) {
  EXPECT_FALSE(Outdates(Cue("李工的手机号换成了新的"), Cue("张工的手机号是旧的"), Both()));
}

TEST(StalenessTest, OutdatedByCuesPairsRecordsOfOneOwnerInTimeOrder) {
  Memory old_home = Record(1, 10, 1000, "我住在杭州西湖区");
  Memory filler = Record(2, 11, 2000, "周末一般去爬山");
  Memory new_home = Record(3, 12, 3000, "我上周搬到上海了");
  Memory other_user = Record(4, 13, 4000, "我搬到北京了");
  other_user.scope.user_id = "v";
  std::vector<int> out =
      OutdatedByCues({&old_home, &filler, &new_home, &other_user}, {1, 1, 1, 1});
  EXPECT_EQ(out, (std::vector<int>{2, -1, -1, -1}));
  // Whatever the order of the hits, the later statement outdates the earlier.
  std::vector<int> reversed = OutdatedByCues({&new_home, &old_home}, {1, 1});
  EXPECT_EQ(reversed, (std::vector<int>{-1, 0}));
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

}  // namespace
}  // namespace engram::recall
