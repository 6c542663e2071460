// The route table and the OpenAPI document describe the same routes.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <set>

#include "apps/serve/http_errors.h"
#include "apps/serve/routes.h"

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

}  // namespace
}  // namespace engram::serve
