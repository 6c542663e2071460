// Mem0's shapes and the Mem0 filter syntax, on engine values built by hand.
#include "apps/serve/mem0_json.h"

#include <gtest/gtest.h>

#include "apps/serve/json_codec.h"

namespace engram::serve {
namespace {

using nlohmann::json;

Memory Version(int64_t id, int64_t lineage, int32_t version, const std::string& content) {
  Memory m;
  m.id = id;
  m.lineage_id = lineage;
  m.version = version;
  m.supersedes = version > 1 ? id - 1 : 0;
  m.content = content;
  m.scope.user_id = "alice";
  return m;
}

TEST(Mem0JsonTest, AddEventsFollowTheRememberResult) {
  RememberResult r;
  Memory fresh = Version(7, 7, 1, "likes tea");
  Memory next = Version(9, 8, 2, "lives in Berlin");
  Memory again = Version(5, 5, 1, "plays tennis");
  Memory outranked = Version(11, 10, 2, "lived in Rome");
  r.reinforced = {5};
  r.outranked = {11};
  EXPECT_EQ(Mem0AddEvent(fresh, r), "ADD");
  EXPECT_EQ(Mem0AddEvent(next, r), "UPDATE");
  EXPECT_EQ(Mem0AddEvent(again, r), "NONE");
  EXPECT_EQ(Mem0AddEvent(outranked, r), "ADD");
  r.duplicate_of = 7;
  EXPECT_EQ(Mem0AddEvent(fresh, r), "NONE");
}

TEST(Mem0JsonTest, ItemsUseTheLineageIdAndHideSyntheticUsers) {
  Memory m = Version(9, 8, 2, "lives in Berlin");
  m.source.session_id = "s1";
  json j = Mem0Item(m, "2024-01-01T00:00:00Z");
  EXPECT_EQ(j["id"], "8");
  EXPECT_EQ(j["version_id"], "9");
  EXPECT_EQ(j["user_id"], "alice");
  EXPECT_EQ(j["run_id"], "s1");
  EXPECT_EQ(j["created_at"], "2024-01-01T00:00:00Z");
  EXPECT_TRUE(j["metadata"].is_null());
  m.scope.user_id = "agent:ops";
  m.scope.agent_id = "ops";
  j = Mem0Item(m);
  EXPECT_FALSE(j.contains("user_id"));
  EXPECT_EQ(j["agent_id"], "ops");
}

TEST(Mem0JsonTest, HistoryIsAddUpdateThenDelete) {
  std::vector<Memory> versions = {Version(8, 8, 1, "lives in Paris"),
                                  Version(9, 8, 2, "lives in Berlin")};
  json h = Mem0History(versions);
  ASSERT_EQ(h.size(), 2u);
  EXPECT_EQ(h[0]["event"], "ADD");
  EXPECT_TRUE(h[0]["old_memory"].is_null());
  EXPECT_EQ(h[1]["event"], "UPDATE");
  EXPECT_EQ(h[1]["old_memory"], "lives in Paris");
  EXPECT_EQ(h[1]["memory_id"], "8");
  versions.back().status = MemoryStatus::kDeleted;
  h = Mem0History(versions);
  ASSERT_EQ(h.size(), 3u);
  EXPECT_EQ(h[2]["event"], "DELETE");
  EXPECT_TRUE(h[2]["new_memory"].is_null());
  EXPECT_TRUE(Mem0History({}).empty());
}

TEST(Mem0JsonTest, FiltersTakeMem0NamesAndAndLists) {
  json body = {{"filters",
                {{"AND",
                  {{{"user_id", "alice"}},
                   {{"run_id", "s2"}},
                   {{"agent_id", "*"}},
                   {{"metadata", {{"topic", "food"}}}},
                   {{"metadata", {{"n", {{"gt", 1}}}}}}}}}}};
  auto f = ParseRecallFilter(body);
  ASSERT_TRUE(f.ok()) << f.status().ToString();
  EXPECT_EQ(f->session_id, "s2");
  EXPECT_EQ(f->agent_id, "");
  EXPECT_EQ(json::parse(f->metadata_json),
            json({{"AND", {{{"topic", "food"}}, {{"n", {{"gt", 1}}}}}}}));
  for (const json& bad : {json{{"OR", {{{"user_id", "a"}}}}}, json{{"app_id", "x"}},
                          json{{"run_id", 3}},
                          json{{"AND", {{{"run_id", "a"}}, {{"run_id", "b"}}}}},
                          json{{"categories", {{"contains", "food"}}}}}) {
    EXPECT_EQ(ParseRecallFilter({{"filters", bad}}).status().code(), StatusCode::kInvalidArgument)
        << bad.dump();
  }
}

TEST(Mem0JsonTest, RecallTakesTopKThresholdAndRunId) {
  Principal p{"alice", "", {}, {}};
  auto r = ParseRecall({{"query", "tea"}, {"top_k", 3}, {"threshold", 0.4}, {"run_id", "s1"}}, p);
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  EXPECT_EQ(r->limit, 3);
  EXPECT_EQ(r->min_relevance, 0.4);
  EXPECT_EQ(r->session_id, "s1");
  EXPECT_FALSE(ParseRecall({{"query", "tea"}}, p)->min_relevance.has_value());
  for (const json& bad : {json{{"query", "x"}, {"threshold", 1.5}},
                          json{{"query", "x"}, {"threshold", "0.5"}},
                          json{{"query", "x"}, {"top_k", 3}, {"limit", 4}},
                          json{{"query", "x"}, {"app_id", "a"}}}) {
    EXPECT_EQ(ParseRecall(bad, p).status().code(), StatusCode::kInvalidArgument) << bad.dump();
  }
}

}  // namespace
}  // namespace engram::serve
