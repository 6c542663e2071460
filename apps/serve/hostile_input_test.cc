// Hostile request bodies against a real server (issue 21, item 1): nesting that would
// overflow a recursive parser, printer or filter compiler is refused with 400 before any
// recursion, over REST and MCP (HTTP and stdio), and the server keeps answering.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "apps/serve/mcp.h"
#include "apps/serve/test_server.h"
#include "src/testing/temp_dir.h"

namespace engram::serve {
namespace {

using nlohmann::json;

std::string Arrays(int depth) { return std::string(depth, '[') + std::string(depth, ']'); }

std::string NotChain(int depth) {
  std::string s;
  for (int i = 0; i < depth; ++i) s += R"({"NOT":[)";
  s += R"({"p":"x"})";
  for (int i = 0; i < depth; ++i) s += "]}";
  return s;
}

void ExpectBadRequest(const TestServer::Reply& r) {
  EXPECT_EQ(r.status, 400) << r.text.substr(0, 200);
  ASSERT_TRUE(r.body.is_object()) << r.text.substr(0, 200);
  EXPECT_EQ(r.body["error"]["code"], "InvalidArgument");
}

TEST(HostileInputTest, DeepBodiesAndFiltersAreRefusedAndTheServerLives) {
  testing::TempDir dir;
  ServeOptions o;
  o.dev = true;
  TestServer s(dir.path(), o);
  ASSERT_TRUE(s.ok());
  // 100,000 nested arrays: 200 KB, under the body limit.
  ExpectBadRequest(s.SendRaw("POST", "/v1/memories",
                             R"({"user":"alice","text":"n","metadata":{"a":)" + Arrays(100000) +
                                 "}}"));
  ExpectBadRequest(s.SendRaw("POST", "/v1/search",
                             R"({"user":"alice","query":"n","filters":{"metadata":)" +
                                 NotChain(10000) + "}}"));
  ExpectBadRequest(s.SendRaw("PATCH", "/v1/memories/1",
                             R"({"user":"alice","text":"n","metadata":)" + Arrays(70) + "}"));
  ExpectBadRequest(s.SendRaw(
      "POST", "/mcp",
      R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"user":"alice","x":)" +
          Arrays(100000) + "}}"));
  // Depth 64 is still accepted where the shape is right: a filter 30 levels deep.
  auto ok = s.SendRaw("POST", "/v1/search",
                      R"({"user":"alice","query":"n","filters":{"metadata":)" + NotChain(30) +
                          "}}");
  EXPECT_EQ(ok.status, 200) << ok.text.substr(0, 200);
  EXPECT_EQ(s.Send("GET", "/healthz").status, 200);
}

TEST(HostileInputTest, McpStdioRefusesADeepLineAndGoesOn) {
  Options o;
  o.backend = "memory";
  o.embedder = "none";
  auto e = Engine::Open(o);
  ASSERT_TRUE(e.ok());
  std::stringstream in, out, log;
  in << R"({"jsonrpc":"2.0","id":1,"method":"ping","params":)" << Arrays(100000) << "}\n"
     << json{{"jsonrpc", "2.0"}, {"id", 2}, {"method", "ping"}}.dump() << "\n";
  EXPECT_EQ(RunMcpStdio(e->get(), Principal{"alice", "", {}, {}}, in, out, log), 0);
  std::vector<json> replies;
  for (std::string line; std::getline(out, line);) replies.push_back(json::parse(line));
  ASSERT_EQ(replies.size(), 2u);
  EXPECT_EQ(replies[0]["error"]["code"], -32700);
  EXPECT_EQ(replies[1]["id"], 2);
}

}  // namespace
}  // namespace engram::serve
