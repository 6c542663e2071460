#include "src/llm/chat_client.h"

#include <httplib.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdlib>
#include <thread>
#include <utility>

namespace engram::llm {
namespace {

using nlohmann::json;

Status HttpError(int status, const std::string& body, const std::string& where) {
  std::string message = body.substr(0, 300);
  json j = json::parse(body, nullptr, false);
  if (j.is_object() && j.contains("error") && j["error"].is_object() &&
      j["error"].contains("message") && j["error"]["message"].is_string()) {
    message = j["error"]["message"].get<std::string>();
  }
  const std::string msg = where + ": HTTP " + std::to_string(status) + ": " + message;
  switch (status) {
    case 400: case 404: case 413: case 422: return Status::InvalidArgument(msg);
    case 401: return Status::Unauthenticated(msg);
    case 403: return Status::PermissionDenied(msg);
    case 408: return Status::DeadlineExceeded(msg);
    case 429: return Status::ResourceExhausted(msg);
    default: return status >= 500 ? Status::Unavailable(msg) : Status::Internal(msg);
  }
}

class OpenAiChatClient final : public ChatClient {
 public:
  OpenAiChatClient(OpenAiChatOptions options, std::string host, std::string path)
      : options_(std::move(options)), host_(std::move(host)), path_(std::move(path)) {}

  const std::string& model() const override { return options_.model; }

  Result<std::string> Complete(const std::string& system, const std::string& user) const override {
    const std::string where = "llm: POST " + host_ + path_;
    json request = {{"model", options_.model},
                    {"temperature", 0},
                    {"messages",
                     json::array({{{"role", "system"}, {"content", system}},
                                  {{"role", "user"}, {"content", user}}})}};
    const std::string body = request.dump(-1, ' ', false, json::error_handler_t::replace);
    httplib::Headers headers = {{"Accept", "application/json"}};
    if (!options_.api_key.empty()) headers.emplace("Authorization", "Bearer " + options_.api_key);
    Status last;
    for (int attempt = 0; attempt < 2; ++attempt) {
      if (attempt > 0) {
        std::this_thread::sleep_for(std::chrono::milliseconds(options_.retry_backoff_ms));
      }
      httplib::Client client(host_);
      client.set_connection_timeout(std::chrono::milliseconds(options_.connect_timeout_ms));
      client.set_read_timeout(std::chrono::milliseconds(options_.read_timeout_ms));
      httplib::Result res = client.Post(path_, headers, body, "application/json");
      if (!res) {
        const httplib::Error err = res.error();
        last = err == httplib::Error::Read
                   ? Status::DeadlineExceeded(where + ": " + httplib::to_string(err))
                   : Status::Unavailable(where + ": " + httplib::to_string(err));
        continue;
      }
      if (res->status == 200) return Parse(res->body, where);
      last = HttpError(res->status, res->body, where);
      if (res->status != 429 && res->status < 500) return last;
    }
    return last;
  }

 private:
  static Result<std::string> Parse(const std::string& body, const std::string& where) {
    json j = json::parse(body, nullptr, false);
    if (j.is_object() && j.contains("choices") && j["choices"].is_array() &&
        !j["choices"].empty() && j["choices"][0].is_object() &&
        j["choices"][0].contains("message") && j["choices"][0]["message"].is_object() &&
        j["choices"][0]["message"].contains("content") &&
        j["choices"][0]["message"]["content"].is_string()) {
      return j["choices"][0]["message"]["content"].get<std::string>();
    }
    return Status::Internal(where + ": no choices[0].message.content in the response");
  }

  OpenAiChatOptions options_;
  std::string host_;
  std::string path_;
};

}  // namespace

Result<std::unique_ptr<ChatClient>> NewOpenAiChatClient(const OpenAiChatOptions& options) {
  const std::string& url = options.base_url;
  const size_t scheme_end = url.find("://");
  if (scheme_end == std::string::npos ||
      (url.compare(0, scheme_end, "http") != 0 && url.compare(0, scheme_end, "https") != 0)) {
    return Status::InvalidArgument("llm: base URL '" + url +
                                   "' must start with http:// or https://");
  }
  if (options.model.empty()) return Status::InvalidArgument("llm: empty model");
  const size_t path_start = url.find('/', scheme_end + 3);
  std::string prefix = path_start == std::string::npos ? "" : url.substr(path_start);
  while (!prefix.empty() && prefix.back() == '/') prefix.pop_back();
  OpenAiChatOptions o = options;
  if (o.api_key.empty() && !o.api_key_env.empty()) {
    if (const char* key = std::getenv(o.api_key_env.c_str()); key != nullptr) o.api_key = key;
  }
  return std::unique_ptr<ChatClient>(
      new OpenAiChatClient(std::move(o), url.substr(0, path_start), prefix + "/chat/completions"));
}

}  // namespace engram::llm
