#include "src/recall/recaller.h"

#include <gtest/gtest.h>

#include "src/recall/context_builder.h"
#include "src/store/memory/memory_store.h"

namespace engram::recall {
namespace {

constexpr int64_t kDay = 86400000;
constexpr int64_t kNow = 1718348400000;  // 2024-06-14T07:00:00Z

class RecallerTest : public ::testing::Test {
 protected:
  RecallerTest() : store_(store::NewMemoryStore()) {
    ctx_.principal.user_id = "alice";
    ctx_.now = Instant{kNow, 0};
    params_.at = ctx_.now;
  }
  int64_t Add(const std::string& text, int64_t at_ms, const std::string& session = "",
              MemoryType type = MemoryType::kEpisodic, double confidence = 1.0) {
    store::IngestBatch b;
    b.scope.user_id = "alice";
    b.message.content = text;
    Memory m;
    m.content = text;
    m.type = type;
    m.source.at = Instant{at_ms, 0};
    m.source.session_id = session;
    m.confidence.overall = confidence;
    b.memories.push_back(m);
    auto r = store_->Ingest(ctx_, b);
    EXPECT_TRUE(r.ok());
    return r.ok() ? r->memories[0].id : 0;
  }
  std::vector<int64_t> Ids(const std::vector<RecallHit>& hits) {
    std::vector<int64_t> ids;
    for (const auto& h : hits) ids.push_back(h.memory.id);
    return ids;
  }

  std::unique_ptr<store::Store> store_;
  store::OpContext ctx_;
  RecallParams params_;
};

TEST_F(RecallerTest, DecayPrefersTheRecentOfTwoEqualMatches) {
  // The old memory is the better keyword match (shorter); decay must still put it second.
  params_.decay_floor = 0.5;
  int64_t old_id = Add("noodle lunch", kNow - 720 * kDay);
  int64_t new_id = Add("team lunch at the noodle place near the office", kNow - 1 * kDay);
  auto hits = Recall(*store_, ctx_, "noodle lunch", params_);
  ASSERT_TRUE(hits.ok());
  EXPECT_EQ(Ids(*hits), (std::vector<int64_t>{new_id, old_id}));
  const HitExplanation& e = (*hits)[1].explanation;
  EXPECT_LT(e.decay, 0.6);  // four half-lives, damped to the 0.5 floor plus a little
  EXPECT_GE(e.decay, 0.5);
  EXPECT_EQ(e.age_ms, 720 * kDay);
  EXPECT_EQ((*hits)[0].channels.at("keyword").rank, 2);
  EXPECT_EQ((*hits)[1].channels.at("keyword").rank, 1);
}

TEST_F(RecallerTest, SemanticMemoriesDoNotDecayByDefault) {
  int64_t fact = Add("the wifi password is hunter2", kNow - 2000 * kDay, "",
                     MemoryType::kSemantic);
  auto hits = Recall(*store_, ctx_, "wifi password", params_);
  ASSERT_TRUE(hits.ok());
  ASSERT_EQ(Ids(*hits), std::vector<int64_t>{fact});
  EXPECT_DOUBLE_EQ((*hits)[0].explanation.decay, 1.0);
}

TEST_F(RecallerTest, ConfidenceWeightsTheScore) {
  int64_t shaky = Add("Bob might move to Shenzhen in spring", kNow, "", MemoryType::kEpisodic, 0.2);
  int64_t sure = Add("Bob will move to Shenzhen", kNow, "", MemoryType::kEpisodic, 1.0);
  auto hits = Recall(*store_, ctx_, "Bob Shenzhen", params_);
  ASSERT_TRUE(hits.ok());
  EXPECT_EQ(Ids(*hits), (std::vector<int64_t>{sure, shaky}));
  EXPECT_DOUBLE_EQ((*hits)[1].explanation.confidence, 0.6);
}

TEST_F(RecallerTest, RecencyChannelJoinsWhenASessionIsNamed) {
  int64_t a = Add("we agreed on the blue logo", kNow - kDay, "s1");
  int64_t b = Add("printing starts monday", kNow, "s1");
  params_.session_id = "s1";
  auto hits = Recall(*store_, ctx_, "logo", params_);
  ASSERT_TRUE(hits.ok());
  ASSERT_EQ(hits->size(), 2u);
  EXPECT_EQ((*hits)[0].memory.id, a);  // keyword + recency beats recency alone
  EXPECT_TRUE((*hits)[0].channels.count("keyword"));
  EXPECT_TRUE((*hits)[0].channels.count("recency"));
  EXPECT_EQ((*hits)[1].memory.id, b);
  EXPECT_FALSE((*hits)[1].channels.count("keyword"));
  params_.limit = 1;
  EXPECT_EQ(Recall(*store_, ctx_, "logo", params_)->size(), 1u);
}

// A message's record and the fact drawn from it are one statement: one hit, at the record's
// own place when the record is a hit (the fact gives its message no second chance at a
// higher place); the fact stands in for a record that is not a hit.
TEST_F(RecallerTest, AMessageIsOneHitAtItsRecordsPlace) {
  auto add_with_fact = [&](const std::string& record, const std::string& fact,
                           const std::string& attribute) {
    store::IngestBatch b;
    b.scope.user_id = "alice";
    b.message.content = record;
    Memory m;
    m.content = record;
    m.source.at = Instant{kNow, 0};
    b.memories.push_back(m);
    m.content = fact;
    m.type = MemoryType::kSemantic;
    m.subject = "user";
    m.attribute = attribute;
    m.value = fact;
    b.memories.push_back(m);
    auto r = store_->Ingest(ctx_, b);
    EXPECT_TRUE(r.ok());
    return r.ok() ? std::make_pair(r->memories[0].id, r->memories[1].id)
                  : std::make_pair(int64_t{0}, int64_t{0});
  };
  auto long_turn = add_with_fact(
      "we talked for hours about the weather, the trains, a film, and then noodles", "noodles",
      "lunch");
  int64_t plain = Add("noodles for lunch again today", kNow);
  auto hidden = add_with_fact("see you tomorrow", "ramen", "dinner");
  auto hits = Recall(*store_, ctx_, "noodles", params_);
  ASSERT_TRUE(hits.ok());
  EXPECT_EQ(Ids(*hits), (std::vector<int64_t>{plain, long_turn.first}));
  // The fact left the keyword list (its record is in it): the ranks close up behind it.
  EXPECT_EQ((*hits)[0].channels.at("keyword").rank, 1);
  EXPECT_EQ((*hits)[1].channels.at("keyword").rank, 2);
  hits = Recall(*store_, ctx_, "ramen", params_);
  ASSERT_TRUE(hits.ok());
  EXPECT_EQ(Ids(*hits), std::vector<int64_t>{hidden.second});
}

TEST_F(RecallerTest, ContextCitesMemoriesWithinTheBudget) {
  Add("张工说下周二要验收接口文档", kNow - kDay, "s1");
  Add("工单T-102已经关闭", kNow - 2 * kDay, "s0");
  Add("the API docs are in the wiki", kNow - 3 * kDay, "s0", MemoryType::kSemantic);
  auto block = BuildContext(*store_, ctx_, "接口文档 API docs", "s1", params_, ContextParams{});
  ASSERT_TRUE(block.ok());
  EXPECT_NE(block->text.find("## Working memory (session s1)"), std::string::npos);
  EXPECT_NE(block->text.find("## Facts"), std::string::npos);
  EXPECT_NE(block->text.find("[MEM#1]"), std::string::npos);
  EXPECT_NE(block->text.find("[MEM#3]"), std::string::npos);
  EXPECT_EQ(block->cited.front(), 1);
  // Every cited id appears exactly once.
  for (int64_t id : block->cited) {
    std::string tag = "[MEM#" + std::to_string(id) + "]";
    size_t first = block->text.find(tag);
    ASSERT_NE(first, std::string::npos);
    EXPECT_EQ(block->text.find(tag, first + 1), std::string::npos);
  }
  ContextParams tiny;
  tiny.budget_tokens = 30;
  auto small = BuildContext(*store_, ctx_, "接口文档 API docs", "s1", params_, tiny);
  ASSERT_TRUE(small.ok());
  EXPECT_LE(small->estimated_tokens, 30);
  EXPECT_LT(small->cited.size(), block->cited.size());
  tiny.budget_tokens = 0;
  EXPECT_FALSE(BuildContext(*store_, ctx_, "x", "", params_, tiny).ok());
}

TEST(DropWeakVectorOnlyHitsTest, KeepsOtherChannelsAndNearVectorHits) {
  auto hit = [](int64_t id, std::map<std::string, ChannelScore> channels) {
    RecallHit h;
    h.memory.id = id;
    h.channels = std::move(channels);
    return h;
  };
  std::vector<RecallHit> hits = {
      hit(1, {{"vector", {1, 0.88}}}),
      hit(2, {{"keyword", {1, 3.0}}, {"vector", {4, 0.70}}}),  // also a keyword match: kept
      hit(3, {{"vector", {2, 0.86}}}),                         // within the margin: kept
      hit(4, {{"vector", {3, 0.83}}}),                         // weak and vector-only: dropped
      hit(5, {{"recency", {1, 1.0}}}),
  };
  DropWeakVectorOnlyHits(&hits, 0.03);
  std::vector<int64_t> ids;
  for (const auto& h : hits) ids.push_back(h.memory.id);
  EXPECT_EQ(ids, (std::vector<int64_t>{1, 2, 3, 5}));
  DropWeakVectorOnlyHits(&hits, -1);
  EXPECT_EQ(hits.size(), 4u);
}

}  // namespace
}  // namespace engram::recall
