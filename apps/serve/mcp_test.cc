// MCP JSON-RPC handling, over stdio streams and over Streamable HTTP.
#include "apps/serve/mcp.h"

#include <gtest/gtest.h>

#include <sstream>

#include "apps/serve/test_server.h"
#include "src/testing/temp_dir.h"

namespace engram::serve {
namespace {

using nlohmann::json;

json Call(int id, const std::string& method, json params = json::object()) {
  return {{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", params}};
}

class McpTest : public ::testing::Test {
 protected:
  void SetUp() override {
    Options o;
    o.backend = "memory";
    o.embedder = "none";
    o.extract_facts = true;
    auto e = Engine::Open(o);
    ASSERT_TRUE(e.ok());
    engine_ = std::move(e).value();
  }
  json Tool(const std::string& name, json args) {
    auto r = McpSession(engine_.get()).Handle(
        Call(9, "tools/call", {{"name", name}, {"arguments", args}}), alice_);
    return r ? (*r)["result"] : json();
  }
  std::unique_ptr<Engine> engine_;
  Principal alice_{"alice", "", {}, {}};
};

TEST_F(McpTest, InitializeListsToolsWithSchemas) {
  McpSession s(engine_.get());
  auto init = s.Handle(Call(1, "initialize", {{"protocolVersion", "2025-06-18"}}), alice_);
  ASSERT_TRUE(init);
  EXPECT_EQ((*init)["result"]["protocolVersion"], "2025-06-18");
  EXPECT_FALSE(s.Handle({{"jsonrpc", "2.0"}, {"method", "notifications/initialized"}}, alice_));
  auto list = s.Handle(Call(2, "tools/list"), alice_);
  std::set<std::string> names;
  for (const json& t : (*list)["result"]["tools"]) {
    names.insert(t["name"]);
    EXPECT_EQ(t["inputSchema"]["type"], "object");
  }
  EXPECT_EQ(names, (std::set<std::string>{"remember", "recall", "get_memory", "history",
                                          "correct", "forget", "feedback"}));
  EXPECT_EQ((*s.Handle(Call(3, "nope"), alice_))["error"]["code"], -32601);
  EXPECT_EQ((*s.Handle(Call(4, "tools/call", {{"name", "nope"}}), alice_))["error"]["code"],
            -32602);
}

TEST_F(McpTest, ToolsRememberRecallCorrectHistoryForget) {
  json r = Tool("remember", {{"text", "Zhang's phone is 13800000000"}});
  ASSERT_EQ(r["isError"], false) << r.dump();
  // The message's record and its fact (Zhang, hasPhone); recall gives one hit per message:
  // the record, the words as said.
  const json& made = r["structuredContent"]["memories"];
  ASSERT_EQ(made.size(), 2u);
  EXPECT_EQ(made[1]["attribute"], "hasPhone");
  const int64_t id = made[0]["id"];
  r = Tool("recall", {{"query", "Zhang phone"}});
  EXPECT_EQ(r["structuredContent"]["results"][0]["id"], id);
  EXPECT_EQ(r["structuredContent"]["results"].size(), 1u);
  r = Tool("correct", {{"id", id}, {"text", "Zhang's phone is 13900000000"}});
  ASSERT_EQ(r["isError"], false) << r.dump();
  const int64_t v2 = r["structuredContent"]["id"];
  EXPECT_EQ(Tool("history", {{"id", v2}})["structuredContent"]["versions"].size(), 2u);
  const std::string rid = Tool("recall", {{"query", "Zhang phone"}})["structuredContent"]
                              ["request_id"];
  r = Tool("feedback", {{"request_id", rid}, {"memory_id", v2}, {"verdict", "used"}});
  ASSERT_EQ(r["isError"], false) << r.dump();
  EXPECT_TRUE(r["structuredContent"]["corrected"].is_null());
  EXPECT_EQ(Tool("get_memory", {{"id", v2}})["structuredContent"]["version"], 2);
  EXPECT_EQ(Tool("forget", {{"id", v2}})["isError"], false);
  r = Tool("get_memory", {{"id", 999}});
  EXPECT_EQ(r["isError"], true);
  EXPECT_NE(r["content"][0]["text"].get<std::string>().find("NotFound"), std::string::npos);
  r = Tool("feedback", {{"request_id", rid}, {"memory_id", v2}, {"verdict", "perhaps"}});
  EXPECT_EQ(r["isError"], true);
  EXPECT_NE(r["content"][0]["text"].get<std::string>().find("InvalidArgument"),
            std::string::npos);
  EXPECT_EQ(Tool("recall", {{"query", 3}})["isError"], true);
}

TEST_F(McpTest, RecallTakesFilters) {
  json a =
      Tool("remember", {{"text", "deploy window is Friday"}, {"metadata", {{"env", "prod"}}}});
  json b = Tool("remember", {{"text", "deploy window is Monday"}, {"metadata", {{"env", "dev"}}}});
  ASSERT_EQ(a["isError"], false) << a.dump();
  ASSERT_EQ(b["isError"], false) << b.dump();
  json r = Tool("recall", {{"query", "deploy window"},
                           {"filters", {{"metadata", {{"env", "dev"}}}}}});
  ASSERT_EQ(r["isError"], false) << r.dump();
  ASSERT_EQ(r["structuredContent"]["results"].size(), 1u);
  EXPECT_EQ(r["structuredContent"]["results"][0]["id"],
            b["structuredContent"]["memories"][0]["id"]);
  r = Tool("recall",
           {{"query", "deploy window"}, {"filters", {{"metadata", {{"env", {{"~", 1}}}}}}}});
  EXPECT_EQ(r["isError"], true);
}

TEST_F(McpTest, RememberReportsCoreferences) {
  Options o;
  o.backend = "memory";
  o.embedder = "none";
  o.self_contained_memories = true;
  auto e = Engine::Open(o);
  ASSERT_TRUE(e.ok());
  McpSession s(e->get());
  auto remember = [&](const std::string& text) {
    auto r = s.Handle(Call(9, "tools/call", {{"name", "remember"},
                                             {"arguments", {{"text", text}, {"session", "s1"}}}}),
                      alice_);
    return r ? (*r)["result"]["structuredContent"] : json();
  };
  EXPECT_TRUE(remember("李工说接口文档周五前给")["coreferences"].empty());
  const json c = remember("他昨天说要把接口改成异步")["coreferences"];
  ASSERT_EQ(c.size(), 1u) << c.dump();
  EXPECT_EQ(c[0]["pronoun"], "他");
  EXPECT_EQ(c[0]["antecedents"], json::array({"李工"}));
  EXPECT_EQ(c[0]["resolved"], true);
  EXPECT_EQ(c[0]["entity_ids"].size(), 1u);
  EXPECT_GT(c[0]["confidence"].get<double>(), 0.6);
}

TEST_F(McpTest, StdioAnswersLineByLine) {
  std::stringstream in, out, log;
  in << Call(1, "initialize").dump() << "\n"
     << json{{"jsonrpc", "2.0"}, {"method", "notifications/initialized"}}.dump() << "\n"
     << "{broken\n"
     << Call(2, "tools/call", {{"name", "remember"}, {"arguments", {{"text", "hello"}}}}).dump()
     << "\n";
  EXPECT_EQ(RunMcpStdio(engine_.get(), alice_, in, out, log), 0);
  std::vector<json> replies;
  for (std::string line; std::getline(out, line);) replies.push_back(json::parse(line));
  ASSERT_EQ(replies.size(), 3u);
  EXPECT_EQ(replies[0]["id"], 1);
  EXPECT_EQ(replies[1]["error"]["code"], -32700);
  EXPECT_EQ(replies[2]["result"]["isError"], false);
}

TEST(McpHttpTest, StreamableHttpPostAnswersJson) {
  testing::TempDir dir;
  ServeOptions o;
  o.dev = true;
  TestServer s(dir.path(), o);
  ASSERT_TRUE(s.ok());
  auto r = s.Send("POST", "/mcp?user=alice", Call(1, "initialize"));
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["result"]["serverInfo"]["name"], "engram");
  r = s.Send("POST", "/mcp?user=alice", {{"jsonrpc", "2.0"}, {"method", "notifications/x"}});
  EXPECT_EQ(r.status, 202);
  r = s.Send("POST", "/mcp?user=alice",
             Call(2, "tools/call", {{"name", "remember"}, {"arguments", {{"text", "hi there"}}}}));
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["result"]["structuredContent"]["memories"][0]["scope"]["user"], "alice");
  EXPECT_EQ(s.Send("GET", "/mcp").status, 405);
  EXPECT_EQ(s.Send("POST", "/mcp?user=alice", json::array()).status, 400);
}

// DNS rebinding: a browser page from another origin must not reach the local server.
TEST(McpHttpTest, ForeignOriginIsRefused) {
  testing::TempDir dir;
  ServeOptions o;
  o.dev = true;
  TestServer s(dir.path(), o);
  ASSERT_TRUE(s.ok());
  httplib::Client c = s.Client();
  const std::string body = Call(1, "initialize").dump();
  auto r = c.Post("/mcp?user=alice", {{"Origin", "https://evil.example"}}, body,
                  "application/json");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 403);
  EXPECT_EQ(json::parse(r->body)["error"]["code"], "PermissionDenied");
  r = c.Post("/mcp?user=alice", {{"Origin", "http://localhost:8420"}}, body, "application/json");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 200) << r->body;
  r = c.Post("/mcp?user=alice", {{"Origin", "http://127.0.0.1.evil.example"}}, body,
             "application/json");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 403);
}

}  // namespace
}  // namespace engram::serve
