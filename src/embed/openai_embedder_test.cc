#include "src/embed/openai_embedder.h"

#include <httplib.h>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <atomic>
#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "src/embed/hashing_embedder.h"

namespace engram::embed {
namespace {

using nlohmann::json;

constexpr int kDim = 8;

// A loopback /v1/embeddings server: vectors are 3x the hashing embedding of the input (so
// the client must normalize), listed in reverse index order (so it must reorder).
class FakeServer {
 public:
  FakeServer() {
    server_.Post("/v1/embeddings", [this](const httplib::Request& req, httplib::Response& res) {
      ++requests_;
      last_auth_ = req.get_header_value("Authorization");
      if (fail_with_ > 0 && failures_left_ > 0) {
        --failures_left_;
        res.status = fail_with_;
        res.set_content(R"({"error":{"message":"injected failure"}})", "application/json");
        return;
      }
      if (delay_ms_ > 0) std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms_));
      json body = json::parse(req.body, nullptr, false);
      if (!body.is_object() || !body["input"].is_array() || body["model"] != "fake-model") {
        res.status = 400;
        res.set_content(R"({"error":{"message":"bad request body"}})", "application/json");
        return;
      }
      json data = json::array();
      HashingEmbedder hashing(kDim);
      const size_t n = body["input"].size();
      max_batch_seen_ = std::max(max_batch_seen_.load(), n);
      for (size_t i = n; i-- > 0;) {
        const std::string text = body["input"][i].get<std::string>();
        last_inputs_.push_back(text);
        std::vector<float> v(kDim);
        hashing.EmbedOne(text, v);
        json emb = json::array();
        for (float x : v) emb.push_back(3.0 * x);
        data.push_back({{"object", "embedding"}, {"index", i}, {"embedding", emb}});
      }
      res.set_content(json{{"object", "list"}, {"data", data}}.dump(), "application/json");
    });
    port_ = server_.bind_to_any_port("127.0.0.1");
    thread_ = std::thread([this] { server_.listen_after_bind(); });
    while (!server_.is_running()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  ~FakeServer() {
    server_.stop();
    thread_.join();
  }
  std::string url() const { return "http://127.0.0.1:" + std::to_string(port_) + "/v1"; }

  httplib::Server server_;
  int port_ = 0;
  std::thread thread_;
  std::atomic<int> requests_{0};
  std::atomic<size_t> max_batch_seen_{0};
  std::atomic<int> fail_with_{0};
  std::atomic<int> failures_left_{0};
  std::atomic<int> delay_ms_{0};
  std::string last_auth_;
  std::vector<std::string> last_inputs_;
};

OpenAiEmbedderOptions Options(const FakeServer& server) {
  OpenAiEmbedderOptions options;
  options.base_url = server.url();
  options.model = "fake-model";
  options.dimension = kDim;
  options.api_key_env = "";
  options.initial_backoff_ms = 1;
  options.max_backoff_ms = 5;
  options.read_timeout_ms = 2000;
  return options;
}

TEST(OpenAiEmbedderTest, EmbedsInBatchesInOrderAndNormalized) {
  FakeServer server;
  OpenAiEmbedderOptions options = Options(server);
  options.max_batch = 3;
  options.api_key = "sk-test";
  auto embedder = OpenAiEmbedder::Create(options);
  ASSERT_TRUE(embedder.ok()) << embedder.status().ToString();
  std::vector<std::string> texts = {"a", "b", "c", "d", "e", "f", "g"};
  Result<Embeddings> out = (*embedder)->EmbedPassages(texts);
  ASSERT_TRUE(out.ok()) << out.status().ToString();
  EXPECT_EQ(server.requests_, 3);
  EXPECT_EQ(server.max_batch_seen_, 3u);
  EXPECT_EQ(server.last_auth_, "Bearer sk-test");
  HashingEmbedder hashing(kDim);
  for (size_t i = 0; i < texts.size(); ++i) {
    std::vector<float> expected(kDim);
    hashing.EmbedOne(texts[i], expected);
    for (int d = 0; d < kDim; ++d) EXPECT_NEAR(out->row(i)[d], expected[d], 1e-5) << i;
  }
}

TEST(OpenAiEmbedderTest, LearnsDimensionWithAProbeAndAppliesPrefixes) {
  FakeServer server;
  OpenAiEmbedderOptions options = Options(server);
  options.dimension = 0;
  options.query_prefix = "query: ";
  auto embedder = OpenAiEmbedder::Create(options);
  ASSERT_TRUE(embedder.ok()) << embedder.status().ToString();
  EXPECT_EQ((*embedder)->Dimension(), kDim);
  std::vector<std::string> texts = {"my boss"};
  ASSERT_TRUE((*embedder)->EmbedQueries(texts).ok());
  EXPECT_EQ(server.last_inputs_.back(), "query: my boss");
}

TEST(OpenAiEmbedderTest, RetriesServerErrorsThenSucceeds) {
  FakeServer server;
  server.fail_with_ = 503;
  server.failures_left_ = 2;
  auto embedder = OpenAiEmbedder::Create(Options(server));
  ASSERT_TRUE(embedder.ok());
  std::vector<std::string> texts = {"x"};
  EXPECT_TRUE((*embedder)->EmbedPassages(texts).ok());
  EXPECT_EQ(server.requests_, 3);
}

TEST(OpenAiEmbedderTest, GivesUpAfterMaxRetriesWithUnavailable) {
  FakeServer server;
  server.fail_with_ = 429;
  server.failures_left_ = 100;
  OpenAiEmbedderOptions options = Options(server);
  options.max_retries = 2;
  auto embedder = OpenAiEmbedder::Create(options);
  ASSERT_TRUE(embedder.ok());
  std::vector<std::string> texts = {"x"};
  Status s = (*embedder)->EmbedPassages(texts).status();
  EXPECT_EQ(s.code(), StatusCode::kUnavailable);
  EXPECT_NE(s.message().find("injected failure"), std::string::npos) << s.ToString();
  EXPECT_NE(s.message().find("after 3 attempts"), std::string::npos) << s.ToString();
  EXPECT_EQ(server.requests_, 3);
}

TEST(OpenAiEmbedderTest, ClientErrorsAreNotRetried) {
  FakeServer server;
  server.fail_with_ = 401;
  server.failures_left_ = 100;
  auto embedder = OpenAiEmbedder::Create(Options(server));
  ASSERT_TRUE(embedder.ok());
  std::vector<std::string> texts = {"x"};
  EXPECT_EQ((*embedder)->EmbedPassages(texts).status().code(), StatusCode::kPermissionDenied);
  EXPECT_EQ(server.requests_, 1);

  OpenAiEmbedderOptions bad_model = Options(server);
  bad_model.model = "other";
  server.failures_left_ = 0;
  auto other = OpenAiEmbedder::Create(bad_model);
  ASSERT_TRUE(other.ok());
  Status s = (*other)->EmbedPassages(texts).status();
  EXPECT_EQ(s.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(s.message().find("bad request body"), std::string::npos) << s.ToString();
}

TEST(OpenAiEmbedderTest, SlowServerHitsTheReadTimeout) {
  FakeServer server;
  server.delay_ms_ = 600;
  OpenAiEmbedderOptions options = Options(server);
  options.read_timeout_ms = 100;
  options.max_retries = 1;
  auto embedder = OpenAiEmbedder::Create(options);
  ASSERT_TRUE(embedder.ok());
  std::vector<std::string> texts = {"x"};
  EXPECT_EQ((*embedder)->EmbedPassages(texts).status().code(), StatusCode::kDeadlineExceeded);
}

TEST(OpenAiEmbedderTest, ClosedPortIsUnavailable) {
  int port = 0;
  {
    FakeServer server;
    port = server.port_;
  }
  OpenAiEmbedderOptions options;
  options.base_url = "http://127.0.0.1:" + std::to_string(port) + "/v1";
  options.model = "fake-model";
  options.dimension = kDim;
  options.max_retries = 1;
  options.initial_backoff_ms = 1;
  auto embedder = OpenAiEmbedder::Create(options);
  ASSERT_TRUE(embedder.ok());
  std::vector<std::string> texts = {"x"};
  EXPECT_EQ((*embedder)->EmbedPassages(texts).status().code(), StatusCode::kUnavailable);
}

TEST(OpenAiEmbedderTest, RejectsBadOptions) {
  OpenAiEmbedderOptions options;
  options.base_url = "ftp://x";
  options.model = "m";
  options.dimension = 4;
  EXPECT_EQ(OpenAiEmbedder::Create(options).status().code(), StatusCode::kInvalidArgument);
  options.base_url = "http://127.0.0.1:1";
  options.model = "";
  EXPECT_EQ(OpenAiEmbedder::Create(options).status().code(), StatusCode::kInvalidArgument);
}

}  // namespace
}  // namespace engram::embed
