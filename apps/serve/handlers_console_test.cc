// The console's page and assets, and the routes it added: context, links, audit verify,
// source messages, a memory's entities; and the listing and metrics options it uses.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "apps/serve/handlers_console.h"
#include "apps/serve/test_server.h"
#include "src/testing/temp_dir.h"

namespace engram::serve {
namespace {

ServeOptions Synchronous(bool dev) {
  ServeOptions o;
  o.dev = dev;
  o.async_ingest = false;
  return o;
}

TEST(ConsoleRoutesTest, ServesThePageAndItsAssetsWithAStrictPolicy) {
  testing::TempDir dir;
  TestServer s(dir.path(), Synchronous(false));
  ASSERT_TRUE(s.ok());
  auto client = s.Client();
  auto page = client.Get("/");
  ASSERT_TRUE(page);
  EXPECT_EQ(page->status, 200);
  EXPECT_EQ(page->get_header_value("Content-Type"), "text/html; charset=utf-8");
  EXPECT_NE(page->body.find("/console/console.js"), std::string::npos);
  const std::string csp = page->get_header_value("Content-Security-Policy");
  EXPECT_NE(csp.find("script-src 'self'"), std::string::npos) << csp;
  EXPECT_NE(csp.find("connect-src 'self'"), std::string::npos) << csp;
  auto js = client.Get("/console/console.js");
  ASSERT_TRUE(js);
  EXPECT_EQ(js->status, 200);
  EXPECT_EQ(js->get_header_value("Content-Type"), "text/javascript; charset=utf-8");
  EXPECT_EQ(js->body, *ConsoleAsset("console.js"));
  auto css = client.Get("/console/console.css");
  ASSERT_TRUE(css);
  EXPECT_EQ(css->get_header_value("Content-Type"), "text/css; charset=utf-8");
  for (const char* missing : {"/console/index.html", "/console/nope.js", "/console/..%2f"}) {
    auto r = client.Get(missing);
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 404) << missing;
  }
  // Every asset the page names is served (nothing else is fetched).
  for (const char* name : {"console.js", "console.css"}) {
    EXPECT_NE(page->body.find(std::string("/console/") + name), std::string::npos) << name;
  }
  EXPECT_EQ(page->body.find("http"), std::string::npos) << "the page names no other origin";
}

TEST(ConsoleRoutesTest, ContextLinksAndAuditVerify) {
  testing::TempDir dir;
  TestServer s(dir.path(), Synchronous(true));
  ASSERT_TRUE(s.ok());
  auto r = s.Send("POST", "/v1/memories",
                  {{"user", "alice"}, {"text", "the roadmap review is on Thursday afternoon"}});
  ASSERT_EQ(r.status, 201) << r.text;
  const int64_t id = r.body["results"][0]["memories"][0]["id"];

  r = s.Send("POST", "/v1/context", {{"user", "alice"}, {"query", "roadmap review"}});
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_NE(r.body["text"].get<std::string>().find("[MEM#" + std::to_string(id) + "]"),
            std::string::npos) << r.text;
  EXPECT_EQ(r.body["cited"], nlohmann::json::array({id}));
  r = s.Send("POST", "/v1/context", {{"user", "bob"}, {"query", "roadmap review"}});
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_TRUE(r.body["cited"].empty()) << "bob never sees alice's memory";
  r = s.Send("POST", "/v1/context", {{"user", "alice"}});
  EXPECT_EQ(r.status, 400) << r.text;
  r = s.Send("POST", "/v1/context", {{"user", "alice"}, {"query", "x"}, {"budget_tokens", 0}});
  EXPECT_EQ(r.status, 400) << r.text;

  r = s.Send("GET", "/v1/memories/" + std::to_string(id) + "/links?user=alice");
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_TRUE(r.body["links"].is_array());
  r = s.Send("GET", "/v1/memories/" + std::to_string(id) + "/links?user=bob");
  EXPECT_EQ(r.status, 404) << r.text;

  r = s.Send("GET", "/v1/audit/verify?user=alice");
  EXPECT_EQ(r.status, 403) << r.text;
  r = s.Send("GET", "/v1/audit/verify?user=root&role=admin");
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["intact"], true);
  EXPECT_GT(r.body["records"].get<int64_t>(), 0);
  EXPECT_TRUE(r.body["first_bad_seq"].is_null());
}

TEST(ConsoleRoutesTest, MessagesEntitiesListFiltersAndMetricsSeries) {
  testing::TempDir dir;
  TestServer s(dir.path(), Synchronous(true));
  ASSERT_TRUE(s.ok());
  auto r = s.Send("POST", "/v1/memories",
                  {{"user", "alice"},
                   {"text", "张工负责接口文档的评审，地点在三号会议室"},
                   {"metadata", {{"project", "apollo"}}}});
  ASSERT_EQ(r.status, 201) << r.text;
  const int64_t id = r.body["results"][0]["memories"][0]["id"];
  const int64_t message = r.body["results"][0]["message_id"];
  ASSERT_EQ(s.Send("POST", "/v1/memories", {{"user", "alice"}, {"text", "untagged note"}}).status,
            201);

  const std::string msg = "/v1/messages/" + std::to_string(message);
  r = s.Send("GET", msg + "?user=alice");
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["content"], "张工负责接口文档的评审,地点在三号会议室");  // as stored: normalized
  EXPECT_EQ(r.body["role"], "user");
  EXPECT_EQ(r.body["id"], message);
  EXPECT_EQ(s.Send("GET", msg + "?user=bob").status, 404);
  EXPECT_EQ(s.Send("GET", "/v1/messages/999999?user=alice").status, 404);

  const std::string ents = "/v1/memories/" + std::to_string(id) + "/entities";
  r = s.Send("GET", ents + "?user=alice");
  ASSERT_EQ(r.status, 200) << r.text;
  std::vector<std::string> names;
  for (const auto& e : r.body["entities"]) names.push_back(e["name"]);
  EXPECT_NE(std::find(names.begin(), names.end(), "张工"), names.end()) << r.text;
  EXPECT_EQ(s.Send("GET", ents + "?user=bob").status, 404);

  auto listed = [&](const std::string& query) {
    auto page = s.Send("GET", "/v1/memories?user=alice&" + query);
    EXPECT_EQ(page.status, 200) << query << ": " << page.text;
    std::vector<std::string> texts;
    for (const auto& m : page.body["memories"]) texts.push_back(m["content"]);
    return texts;
  };
  auto tagged = listed("metadata=%7B%22project%22%3A%22apollo%22%7D&status=current");
  EXPECT_FALSE(tagged.empty());
  EXPECT_EQ(std::count(tagged.begin(), tagged.end(), "untagged note"), 0);
  EXPECT_EQ(listed("status=outdated").size(), 0u);
  EXPECT_EQ(listed("recorded_to=2000-01-01").size(), 0u);
  EXPECT_EQ(listed("recorded_from=2000-01-01&agent_id=nobody").size(), 0u);
  for (const char* bad : {"status=asleep", "recorded_from=soon", "metadata=%7B", "limit=0"}) {
    EXPECT_EQ(s.Send("GET", std::string("/v1/memories?user=alice&") + bad).status, 400) << bad;
  }

  r = s.Send("GET", "/v1/metrics/memory?user=alice&window_days=2&bucket=day");
  ASSERT_EQ(r.status, 200) << r.text;
  ASSERT_EQ(r.body["series"].size(), 2u);
  EXPECT_EQ(r.body["series"][1]["messages"].get<int64_t>(), r.body["messages"].get<int64_t>());
  EXPECT_FALSE(s.Send("GET", "/v1/metrics/memory?user=alice").body.contains("series"));
  EXPECT_EQ(s.Send("GET", "/v1/metrics/memory?user=alice&bucket=week").status, 400);
  EXPECT_EQ(s.Send("GET", "/v1/metrics/memory?user=alice&bucket=day&window_days=365").status,
            400);
}

}  // namespace
}  // namespace engram::serve
