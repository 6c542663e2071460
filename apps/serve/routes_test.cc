// The route table and the OpenAPI document describe the same routes.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <set>

#include "apps/serve/http_errors.h"
#include "apps/serve/routes.h"
#include "apps/serve/test_server.h"
#include "src/testing/temp_dir.h"

namespace engram::serve {
namespace {

std::string Lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  return s;
}

TEST(RoutesTest, EveryRouteIsInTheSpecAndEveryOperationIsARoute) {
  nlohmann::json spec = nlohmann::json::parse(OpenApiSpec(), nullptr, false);
  ASSERT_FALSE(spec.is_discarded()) << "apps/serve/openapi.json is not valid JSON";
  EXPECT_EQ(spec["openapi"], "3.1.0");
  std::set<std::string> in_table, in_spec;
  for (const Route& r : RouteTable()) {
    EXPECT_TRUE(in_table.insert(Lower(r.method) + " " + r.path).second)
        << "duplicate route " << r.method << " " << r.path;
  }
  for (const auto& [path, item] : spec["paths"].items()) {
    for (const auto& [method, op] : item.items()) {
      if (method == "parameters") continue;
      in_spec.insert(method + " " + path);
      EXPECT_TRUE(op.contains("responses")) << method << " " << path;
    }
  }
  for (const std::string& r : in_table) EXPECT_TRUE(in_spec.count(r)) << r << " not in spec";
  for (const std::string& r : in_spec) EXPECT_TRUE(in_table.count(r)) << r << " not routed";
}

TEST(RoutesTest, StatusCodesMapToHttp) {
  EXPECT_EQ(HttpStatusFor(StatusCode::kInvalidArgument), 400);
  EXPECT_EQ(HttpStatusFor(StatusCode::kUnauthenticated), 401);
  EXPECT_EQ(HttpStatusFor(StatusCode::kPermissionDenied), 403);
  EXPECT_EQ(HttpStatusFor(StatusCode::kNotFound), 404);
  EXPECT_EQ(HttpStatusFor(StatusCode::kAlreadyExists), 409);
  EXPECT_EQ(HttpStatusFor(StatusCode::kConflict), 409);
  EXPECT_EQ(HttpStatusFor(StatusCode::kResourceExhausted), 429);
  EXPECT_EQ(HttpStatusFor(StatusCode::kNotSupported), 501);
  EXPECT_EQ(HttpStatusFor(StatusCode::kCorruption), 500);
  EXPECT_EQ(HttpStatusFor(StatusCode::kInternal), 500);
  auto body = ErrorBody(Status::NotFound("store: memory 3 not found"));
  EXPECT_EQ(body["error"]["code"], "NotFound");
  EXPECT_EQ(body["error"]["message"], "store: memory 3 not found");
}

TEST(RoutesTest, CompactAndEraseUserOverHttp) {
  testing::TempDir dir;
  ServeOptions o;
  o.dev = true;
  o.async_ingest = false;
  TestServer s(dir.path(), o);
  ASSERT_TRUE(s.ok());
  for (const char* text : {"the roadmap review is on Thursday afternoon",
                           "The roadmap review is on Thursday afternoon!"}) {
    auto r = s.Send("POST", "/v1/memories", {{"user", "alice"}, {"text", text}});
    ASSERT_EQ(r.status, 201) << r.text;
  }
  auto r = s.Send("POST", "/v1/compact", {{"user", "alice"}, {"dry_run", true}});
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["dry_run"], true);
  EXPECT_EQ(r.body["merges"].size(), 1u);
  r = s.Send("POST", "/v1/compact", {{"user", "alice"}});
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["merges"][0]["merged_ids"].size(), 1u);
  r = s.Send("POST", "/v1/compact", {{"user", "alice"}, {"dry_run", "yes"}});
  EXPECT_EQ(r.status, 400) << r.text;

  r = s.Send("DELETE", "/v1/users/alice?user=bob");
  EXPECT_EQ(r.status, 403) << r.text;
  r = s.Send("DELETE", "/v1/users/nobody?user=root&role=admin");
  EXPECT_EQ(r.status, 404) << r.text;
  r = s.Send("DELETE", "/v1/users/alice?user=root&role=admin");
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["user_id"], "alice");
  EXPECT_EQ(r.body["erased"]["memories"], 2);
  EXPECT_EQ(r.body["erased"]["messages"], 2);
  r = s.Send("POST", "/v1/search", {{"user", "alice"}, {"query", "roadmap"}});
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_TRUE(r.body["results"].empty());
}

}  // namespace
}  // namespace engram::serve
