// FakeLlmServer: a real HTTP server on loopback that plays an OpenAI-compatible chat model
// (POST /v1/chat/completions), for tests of the LLM paths. The hosted model cannot run here;
// this server answers with `reply` (or fails with `fail_status`) and records what it was sent.
//
// Thread safety: the recorded fields are guarded by mu.
#ifndef ENGRAM_TESTING_FAKE_LLM_SERVER_H_
#define ENGRAM_TESTING_FAKE_LLM_SERVER_H_

#include <httplib.h>
#include <nlohmann/json.hpp>

#include <atomic>
#include <chrono>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace engram::testing {

class FakeLlmServer {
 public:
  FakeLlmServer() {
    server_.Post("/v1/chat/completions", [this](const httplib::Request& req,
                                                 httplib::Response& res) {
      std::lock_guard lock(mu);
      ++requests;
      if (fail_status > 0) {
        res.status = fail_status;
        res.set_content(R"({"error":{"message":"injected failure"}})", "application/json");
        return;
      }
      nlohmann::json body = nlohmann::json::parse(req.body, nullptr, false);
      if (!body.is_object() || !body["messages"].is_array() || body["messages"].size() != 2) {
        res.status = 400;
        res.set_content(R"({"error":{"message":"bad request"}})", "application/json");
        return;
      }
      last_model = body.value("model", "");
      last_system = body["messages"][0].value("content", "");
      last_user = body["messages"][1].value("content", "");
      nlohmann::json out = {
          {"object", "chat.completion"},
          {"choices", nlohmann::json::array(
                          {{{"index", 0},
                            {"message", {{"role", "assistant"}, {"content", reply}}}}})}};
      res.set_content(out.dump(), "application/json");
    });
    port_ = server_.bind_to_any_port("127.0.0.1");
    thread_ = std::thread([this] { server_.listen_after_bind(); });
    while (!server_.is_running()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  ~FakeLlmServer() {
    server_.stop();
    thread_.join();
  }
  std::string url() const { return "http://127.0.0.1:" + std::to_string(port_) + "/v1"; }

  std::mutex mu;
  std::string reply = "summary";
  int fail_status = 0;
  int requests = 0;
  std::string last_model, last_system, last_user;

 private:
  httplib::Server server_;
  int port_ = 0;
  std::thread thread_;
};

}  // namespace engram::testing

#endif  // ENGRAM_TESTING_FAKE_LLM_SERVER_H_
