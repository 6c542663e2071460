// What a question about the past gets: the state before the one it names first.
#include "src/recall/past_states.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace engram::recall {
namespace {

RecallHit HitAt(const std::string& text, int64_t at_ms, double score, double cosine) {
  RecallHit h;
  h.memory.id = at_ms;
  h.memory.content = text;
  h.memory.type = MemoryType::kEpisodic;
  h.memory.current = true;
  h.memory.source.at = Instant{at_ms, 0};
  h.score = score;
  h.relevance = score;
  h.channels["vector"] = ChannelScore{1, cosine};
  return h;
}

TEST(PastStatesTest, TheLaterStateAQuestionNamesIsAfterTheWordBefore) {
  EXPECT_EQ(NamedLaterState("where'd i live before gentilly"), "gentilly");
  EXPECT_EQ(NamedLaterState("what shoes did i run in before the hokas"), "hokas");
  EXPECT_EQ(NamedLaterState("what did i pay before switching carriers?"), "carriers");
  EXPECT_EQ(NamedLaterState("what did i do before that"), "");
  EXPECT_EQ(NamedLaterState("我以前住哪"), "");
}

TEST(PastStatesTest, TheStateBeforeTheNamedOneRanksFirst) {
  std::vector<RecallHit> hits = {
      HitAt("moved to gentilly, lease on elysian fields", 3000, 0.9, 0.81),
      HitAt("second line sunday", 2000, 0.1, 0.75),
      HitAt("living on esplanade ave in the treme", 1000, 0.05, 0.76),
      HitAt("trumpet lesson w a kid saturday", 4000, 0.04, 0.73)};
  StateBeforeTheLaterOneFirst("where'd i live before gentilly", &hits);
  EXPECT_GT(hits[2].score, hits[0].score);
  EXPECT_DOUBLE_EQ(hits[2].relevance, 0.9);
  EXPECT_DOUBLE_EQ(hits[1].score, 0.1);  // a remark said before, further from the question
  EXPECT_DOUBLE_EQ(hits[3].score, 0.04);  // said after
  // No state named: nothing moves.
  std::vector<RecallHit> same = hits;
  StateBeforeTheLaterOneFirst("where did i live before", &same);
  EXPECT_DOUBLE_EQ(same[0].score, hits[0].score);
}

// No state named: the most relevant hit tells of a change; the state said before it that
// shares the question's words ranks first, and the change, which holds now, is left out.
TEST(PastStatesTest, TheStateBeforeAChangeRanksFirst) {
  std::vector<RecallHit> hits = {
      HitAt("company moved us to hubspot this quarter, still learning it", 3000, 0.3, 0.80),
      HitAt("we use salesforce as our crm, all account tracking", 1000, 0.2, 0.78),
      HitAt("bearing supplier in ohio missed another ship date", 2000, 0.18, 0.79)};
  hits[0].relevance = 0.45;
  StateBeforeTheLaterOneFirst("what crm did we use before?", &hits);
  ASSERT_EQ(hits.size(), 2u);
  EXPECT_EQ(hits[0].memory.content, "we use salesforce as our crm, all account tracking");
  EXPECT_GT(hits[0].score, 0.3);
  EXPECT_DOUBLE_EQ(hits[0].relevance, 0.45);
  // A most relevant hit that tells of no change moves nothing.
  std::vector<RecallHit> plain = {HitAt("we use hubspot now", 3000, 0.3, 0.8),
                                  HitAt("we use salesforce", 1000, 0.2, 0.78)};
  plain[0].memory.content = "our crm is hubspot";
  StateBeforeTheLaterOneFirst("what crm did we use before?", &plain);
  EXPECT_EQ(plain.size(), 2u);
  EXPECT_DOUBLE_EQ(plain[1].score, 0.2);
}

}  // namespace
}  // namespace engram::recall
