// Recall behaviours that decide quality: session context, time windows in the query, the
// history intent, and keeping erased text out of the neighbours' vectors.
#include <gtest/gtest.h>

#include <algorithm>

#include "engram/engine.h"
#include "engram/iso8601.h"
#include "src/testing/fake_clock.h"
#include "src/testing/temp_dir.h"

namespace engram {
namespace {

class RecallQualityTest : public ::testing::Test {
 protected:
  void Open(double weight_keyword = 1.0) {
    engine_.reset();
    Options o;
    o.db_path = dir_.File("q.db");
    o.clock = &clock_;
    o.embedder = "hashing";
    o.weight_keyword = weight_keyword;
    o.min_relevance = 0;  // the ranking factors, not the floor (tests/scenarios/truth)
    auto e = Engine::Open(o);
    ASSERT_TRUE(e.ok()) << e.status().ToString();
    engine_ = std::move(e).value();
  }
  int64_t Say(const std::string& text, const std::string& session = "s1",
              const char* at = nullptr) {
    RememberRequest r;
    r.principal = alice_;
    r.text = text;
    r.session_id = session;
    if (at) r.at = ParseIso8601(at).value();
    auto out = engine_->Remember(r);
    EXPECT_TRUE(out.ok()) << out.status().ToString();
    return out.ok() ? out->memories[0].id : 0;
  }
  std::vector<RecallHit> Ask(const std::string& q, const char* at = nullptr) {
    RecallRequest r;
    r.principal = alice_;
    r.query = q;
    if (at) r.at = ParseIso8601(at).value();
    auto out = engine_->Recall(r);
    EXPECT_TRUE(out.ok()) << out.status().ToString();
    return out.ok() ? out->hits : std::vector<RecallHit>{};
  }
  static const RecallHit* Find(const std::vector<RecallHit>& hits, int64_t id) {
    auto it = std::find_if(hits.begin(), hits.end(),
                           [&](const RecallHit& h) { return h.memory.id == id; });
    return it == hits.end() ? nullptr : &*it;
  }

  testing::TempDir dir_;
  testing::FakeClock clock_;
  Principal alice_{"alice", "", {}, {}};
  std::unique_ptr<Engine> engine_;
};

TEST_F(RecallQualityTest, AReplyIsFoundThroughTheTurnItAnswers) {
  Open();
  Say("Do you still go climbing on weekends?", "other");
  int64_t question = Say("How long do you usually hold the plank pose?");
  int64_t reply = Say("Thirty to sixty seconds, then I rest.");
  Say("Nice. I started pottery classes last month.");
  auto hits = Ask("how long does she hold the plank pose");
  ASSERT_GE(hits.size(), 2u);
  EXPECT_EQ(hits[0].memory.id, question);
  const RecallHit* r = Find(hits, reply);
  ASSERT_NE(r, nullptr) << "the reply shares no word with the query";
  EXPECT_EQ(hits[1].memory.id, reply);
  EXPECT_TRUE(r->channels.count("context") || r->channels.count("vector"));
  EXPECT_GT(r->explanation.context, 0);
}

TEST_F(RecallQualityTest, ContextNeverCrossesSessionsOrScopes) {
  Open();
  Say("How long do you usually hold the plank pose?", "s1");
  Say("Thirty to sixty seconds, then I rest.", "s2");
  RememberRequest bob{Principal{"bob", "", {}, {}}, "Bob's reply: ninety seconds."};
  bob.session_id = "s1";
  ASSERT_TRUE(engine_->Remember(bob).ok());
  for (const RecallHit& h : Ask("how long does she hold the plank pose")) {
    EXPECT_EQ(h.channels.count("context"), 0u) << h.memory.content;
    EXPECT_EQ(h.memory.scope.user_id, "alice");
  }
}

TEST_F(RecallQualityTest, ATimeExpressionInTheQueryFavoursThatDay) {
  Open();
  int64_t monday = Say("Met the vendor about pricing.", "a", "2024-06-10T10:00:00+08:00");
  int64_t tuesday = Say("Met the vendor about delivery.", "b", "2024-06-11T10:00:00+08:00");
  auto hits = Ask("what did we discuss with the vendor yesterday", "2024-06-12T09:00:00+08:00");
  ASSERT_GE(hits.size(), 2u);
  EXPECT_EQ(hits[0].memory.id, tuesday);
  EXPECT_DOUBLE_EQ(hits[0].explanation.time, 1.5);
  ASSERT_NE(Find(hits, monday), nullptr);
  EXPECT_DOUBLE_EQ(Find(hits, monday)->explanation.time, 0.5);
  hits = Ask("上周一和供应商谈了什么 vendor", "2024-06-18T09:00:00+08:00");
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].memory.id, monday);
}

TEST_F(RecallQualityTest, AskingForHistoryBringsBackSupersededVersions) {
  Open();
  RememberRequest r{alice_, "张工的电话是13900001111"};
  r.subject = "张工";
  r.attribute = "phone";
  r.value = "13900001111";
  auto first = engine_->Remember(r);
  ASSERT_TRUE(first.ok());
  r.text = "张工的电话改成13900002222";
  r.value = "13900002222";
  ASSERT_TRUE(engine_->Remember(r).ok());
  auto now = Ask("张工的电话");
  EXPECT_EQ(Find(now, first->memories[0].id), nullptr);
  auto before = Ask("张工以前的电话");
  ASSERT_NE(Find(before, first->memories[0].id), nullptr);
  EXPECT_FALSE(Find(before, first->memories[0].id)->memory.current);
}

TEST_F(RecallQualityTest, HardForgetTakesTheTextOutOfTheNextTurnsVector) {
  Open(/*weight_keyword=*/0);  // vector channel only
  Say("My locker code is zebracorn.");
  int64_t secret = engine_->Recall({alice_, "zebracorn"}).value().hits.at(0).memory.id;
  int64_t next = Say("Noted, I will keep it safe.");
  auto vector_score = [&](int64_t id) {
    for (const RecallHit& h : Ask("zebracorn")) {
      if (h.memory.id == id && h.channels.count("vector")) return h.channels.at("vector").score;
    }
    return 0.0;
  };
  double before = vector_score(next);
  EXPECT_GT(before, 0.2) << "the reply is embedded with the turn before it";
  ASSERT_TRUE(engine_->Forget({alice_, secret, /*hard=*/true}).ok());
  EXPECT_LT(vector_score(next), 0.05);
  Open(0);  // and the saved index agrees after a restart
  EXPECT_LT(vector_score(next), 0.05);
}

}  // namespace
}  // namespace engram
