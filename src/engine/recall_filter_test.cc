// Filtered recall (RecallRequest::filter) on both backends: the filter holds in every
// channel, a selective filter still fills the limit from deep candidates, and a malformed
// filter is refused before anything is read or logged.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "engram/engine.h"
#include "src/testing/fake_clock.h"
#include "src/testing/temp_dir.h"
#include "src/testing/test_backends.h"

namespace engram {
namespace {

class RecallFilterTest : public ::testing::TestWithParam<const char*> {
 protected:
  void SetUp() override {
    Options o = testing::BackendOptions(GetParam(), dir_);
    o.clock = &clock_;
    o.embedder = "hashing";
    o.extract_facts = false;  // one memory per message: the filters select messages
    auto e = Engine::Open(o);
    ASSERT_TRUE(e.ok()) << e.status().ToString();
    engine_ = std::move(e).value();
  }
  int64_t Say(const std::string& text, const std::string& meta = "{}",
              const std::string& session = "s1", bool infer = true, const char* agent = "") {
    RememberRequest r;
    r.principal = alice_;
    r.principal.agent_id = agent;
    r.text = text;
    r.session_id = session;
    r.metadata_json = meta;
    r.infer = infer;
    auto out = engine_->Remember(r);
    EXPECT_TRUE(out.ok()) << out.status().ToString();
    return out.ok() ? out->memories[0].id : 0;
  }
  Result<RecallResult> Ask(const std::string& q, const RecallFilter& f, int limit = 10) {
    RecallRequest r;
    r.principal = alice_;
    r.query = q;
    r.limit = limit;
    r.filter = f;
    return engine_->Recall(r);
  }
  static std::set<int64_t> Ids(const RecallResult& r) {
    std::set<int64_t> ids;
    for (const RecallHit& h : r.hits) ids.insert(h.memory.id);
    return ids;
  }

  testing::TempDir dir_;
  testing::FakeClock clock_;
  Principal alice_{"alice", "", {}, {}};
  std::unique_ptr<Engine> engine_;
};

TEST_P(RecallFilterTest, ASelectiveMetadataFilterFindsMatchesBeyondTheUsualDepth) {
  std::set<int64_t> wanted;
  for (int i = 0; i < 240; ++i) {
    const std::string project = "p" + std::to_string(i % 80);
    int64_t id = Say("weekly report draft " + std::to_string(i) + " for review",
                     R"({"project": ")" + project + R"(", "n": )" + std::to_string(i) + "}",
                     "s" + std::to_string(i / 20));
    if (project == "p7") wanted.insert(id);
  }
  ASSERT_EQ(wanted.size(), 3u);
  RecallFilter f;
  f.metadata_json = R"({"project": "p7"})";
  auto r = Ask("weekly report draft", f, 5);
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  EXPECT_EQ(Ids(*r), wanted);

  // Operators and logic reach the engine as written.
  f.metadata_json = R"({"AND": [{"project": {"in": ["p7", "p8"]}}, {"n": {"gte": 100}}]})";
  r = Ask("weekly report draft", f, 20);
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  EXPECT_EQ(r->hits.size(), 2u);  // n = 167, 168
  for (const RecallHit& h : r->hits) {
    EXPECT_NE(h.memory.metadata_json.find("\"p"), std::string::npos);
  }
}

TEST_P(RecallFilterTest, SessionAgentTypeAndKindFilters) {
  int64_t a = Say("I prefer the staging database in Frankfurt", "{}", "s1", true, "ops");
  int64_t b = Say("the staging database lives in the Frankfurt region", "{}", "s2", false);
  int64_t c = Say("I will check the staging database backups tomorrow", "{}", "s2", true, "ops");
  RememberRequest fact;
  fact.principal = alice_;
  fact.text = "the staging database host is db-stg-2";
  fact.subject = "staging database";
  fact.attribute = "host";
  fact.value = "db-stg-2";
  auto f = engine_->Remember(fact);
  ASSERT_TRUE(f.ok()) << f.status().ToString();
  const int64_t d = f->memories.back().id;
  ASSERT_EQ(f->memories.back().type, MemoryType::kSemantic);
  RecallFilter none;
  auto all = Ask("staging database", none);
  ASSERT_TRUE(all.ok());
  EXPECT_TRUE(Ids(*all).count(a) && Ids(*all).count(b) && Ids(*all).count(c) &&
              Ids(*all).count(d));

  RecallFilter session;
  session.session_id = "s2";
  auto r = Ask("staging database", session);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(Ids(*r), (std::set<int64_t>{b, c}));

  RecallFilter agent;
  agent.agent_id = "ops";
  r = Ask("staging database", agent);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(Ids(*r), (std::set<int64_t>{a, c}));

  RecallFilter kinds;
  kinds.kinds = {MemoryKind::kPreference, MemoryKind::kTask};
  r = Ask("staging database", kinds);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(Ids(*r), (std::set<int64_t>{a, c}));

  RecallFilter semantic;
  semantic.types = {MemoryType::kSemantic};
  r = Ask("staging database", semantic);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(Ids(*r), std::set<int64_t>{d});
}

TEST_P(RecallFilterTest, NeighboursLentScoreAreHeldToTheFilter) {
  // The reply shares no word with the query and is found through its question's turn;
  // filtered to the question's metadata, the reply must not come back.
  int64_t q = Say("How long do you usually hold the plank pose?", R"({"tag": "q"})");
  int64_t reply = Say("Thirty to sixty seconds, then I rest.", R"({"tag": "a"})");
  RecallFilter none;
  auto all = Ask("how long does she hold the plank pose", none);
  ASSERT_TRUE(all.ok());
  ASSERT_TRUE(Ids(*all).count(reply)) << "precondition: the reply is found by context";
  RecallFilter f;
  f.metadata_json = R"({"tag": "q"})";
  auto r = Ask("how long does she hold the plank pose", f);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(Ids(*r), std::set<int64_t>{q});
}

TEST_P(RecallFilterTest, AMalformedFilterIsRefusedAndNotLogged) {
  Say("quarterly budget review", R"({"project": "x"})");
  RecallFilter bad;
  bad.metadata_json = R"({"project": {"like": "x"}})";
  auto r = Ask("budget", bad);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), StatusCode::kInvalidArgument);
  EXPECT_NE(r.status().message().find("unknown operator 'like'"), std::string::npos);
  RecallFilter bad_session;
  bad_session.session_id = "bad\x01id";
  EXPECT_EQ(Ask("budget", bad_session).status().code(), StatusCode::kInvalidArgument);
  MetricsRequest m;
  m.principal = alice_;
  auto stats = engine_->Metrics(m);
  ASSERT_TRUE(stats.ok()) << stats.status().ToString();
  EXPECT_EQ(stats->recalls, 0);
}

INSTANTIATE_TEST_SUITE_P(Backends, RecallFilterTest,
                         ::testing::Values("sqlite", "memory", "postgres"),
                         [](const auto& p) { return std::string(p.param); });

}  // namespace
}  // namespace engram
