#include "src/embed/openai_embedder.h"

#include <httplib.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <thread>

#include "engram/status_macros.h"

namespace engram::embed {
namespace {

using nlohmann::json;

// The error message inside an OpenAI-style error body, or the body's start.
std::string ServerMessage(const std::string& body) {
  json doc = json::parse(body, nullptr, /*allow_exceptions=*/false);
  if (doc.is_object() && doc.contains("error")) {
    const json& err = doc["error"];
    if (err.is_object() && err.contains("message") && err["message"].is_string()) {
      return err["message"].get<std::string>();
    }
    if (err.is_string()) return err.get<std::string>();
  }
  return body.substr(0, 200);
}

bool Retryable(int http_status) {
  return http_status == 408 || http_status == 429 || http_status >= 500;
}

Status HttpError(int http_status, const std::string& body, const std::string& where) {
  const std::string msg =
      where + ": HTTP " + std::to_string(http_status) + ": " + ServerMessage(body);
  if (http_status == 401 || http_status == 403) return Status::PermissionDenied(msg);
  if (http_status == 404) return Status::NotFound(msg);
  if (http_status == 408) return Status::DeadlineExceeded(msg);
  if (http_status == 429 || http_status >= 500) return Status::Unavailable(msg);
  return Status::InvalidArgument(msg);
}

// Parses {"data": [{"index": i, "embedding": [...]}, ...]} into `out` (n rows, in index
// order), L2-normalized.
Status ParseResponse(const std::string& body, size_t n, int* dimension, std::vector<float>* out,
                     const std::string& where) {
  json doc = json::parse(body, nullptr, /*allow_exceptions=*/false);
  if (!doc.is_object() || !doc.contains("data") || !doc["data"].is_array()) {
    return Status::Internal(where + ": response has no \"data\" array");
  }
  const json& data = doc["data"];
  if (data.size() != n) {
    return Status::Internal(where + ": asked for " + std::to_string(n) + " embeddings, got " +
                            std::to_string(data.size()));
  }
  std::vector<std::vector<float>> rows(n);
  for (size_t j = 0; j < n; ++j) {
    const json& item = data[j];
    if (!item.is_object() || !item.contains("embedding") || !item["embedding"].is_array()) {
      return Status::Internal(where + ": data[" + std::to_string(j) + "] has no embedding");
    }
    size_t index = j;
    if (item.contains("index")) {
      if (!item["index"].is_number_unsigned() || item["index"].get<size_t>() >= n) {
        return Status::Internal(where + ": data[" + std::to_string(j) + "] has a bad index");
      }
      index = item["index"].get<size_t>();
    }
    if (!rows[index].empty()) return Status::Internal(where + ": duplicate index in response");
    const json& emb = item["embedding"];
    if (emb.empty()) return Status::Internal(where + ": empty embedding in response");
    if (*dimension == 0) *dimension = static_cast<int>(emb.size());
    if (emb.size() != static_cast<size_t>(*dimension)) {
      return Status::Internal(where + ": embedding of length " + std::to_string(emb.size()) +
                              ", expected " + std::to_string(*dimension));
    }
    std::vector<float>& row = rows[index];
    row.reserve(emb.size());
    double norm = 0.0;
    for (const json& x : emb) {
      if (!x.is_number()) return Status::Internal(where + ": non-numeric embedding value");
      const double v = x.get<double>();
      if (!std::isfinite(v)) return Status::Internal(where + ": non-finite embedding value");
      row.push_back(static_cast<float>(v));
      norm += v * v;
    }
    if (norm <= 0.0) return Status::Internal(where + ": zero embedding in response");
    const float inv = static_cast<float>(1.0 / std::sqrt(norm));
    for (float& v : row) v *= inv;
  }
  for (const std::vector<float>& row : rows) out->insert(out->end(), row.begin(), row.end());
  return Status::OK();
}

}  // namespace

OpenAiEmbedder::OpenAiEmbedder(OpenAiEmbedderOptions options) : options_(std::move(options)) {}

Result<std::unique_ptr<OpenAiEmbedder>> OpenAiEmbedder::Create(
    const OpenAiEmbedderOptions& options) {
  const std::string& url = options.base_url;
  const size_t scheme_end = url.find("://");
  if (scheme_end == std::string::npos ||
      (url.compare(0, scheme_end, "http") != 0 && url.compare(0, scheme_end, "https") != 0)) {
    return Status::InvalidArgument("openai embedder: base URL '" + url +
                                   "' must start with http:// or https://");
  }
  if (options.model.empty()) return Status::InvalidArgument("openai embedder: empty model");
  if (options.max_batch == 0) return Status::InvalidArgument("openai embedder: max_batch is 0");
  auto embedder = std::unique_ptr<OpenAiEmbedder>(new OpenAiEmbedder(options));
  const size_t path_start = url.find('/', scheme_end + 3);
  embedder->scheme_host_port_ = url.substr(0, path_start);
  std::string prefix = path_start == std::string::npos ? "" : url.substr(path_start);
  while (!prefix.empty() && prefix.back() == '/') prefix.pop_back();
  embedder->path_ = prefix + "/embeddings";
  if (embedder->options_.api_key.empty() && !options.api_key_env.empty()) {
    if (const char* key = std::getenv(options.api_key_env.c_str()); key != nullptr) {
      embedder->options_.api_key = key;
    }
  }
  if (embedder->options_.dimension <= 0) {
    embedder->options_.dimension = 0;
    std::vector<float> probe;
    const std::string text = "dimension probe";
    ENGRAM_RETURN_IF_ERROR(embedder->EmbedBatch(std::span<const std::string>(&text, 1), &probe,
                                                &embedder->options_.dimension));
  }
  return embedder;
}

Result<Embeddings> OpenAiEmbedder::Embed(EmbedRole role, std::span<const std::string> texts) {
  const std::string& prefix =
      role == EmbedRole::kQuery ? options_.query_prefix : options_.passage_prefix;
  Embeddings result;
  result.dimension = options_.dimension;
  result.values.reserve(texts.size() * static_cast<size_t>(options_.dimension));
  std::vector<std::string> batch;
  for (size_t start = 0; start < texts.size(); start += options_.max_batch) {
    const size_t n = std::min(options_.max_batch, texts.size() - start);
    batch.clear();
    for (size_t i = 0; i < n; ++i) batch.push_back(prefix + texts[start + i]);
    int dimension = options_.dimension;
    ENGRAM_RETURN_IF_ERROR(EmbedBatch(batch, &result.values, &dimension));
  }
  return result;
}

Status OpenAiEmbedder::EmbedBatch(std::span<const std::string> texts, std::vector<float>* out,
                                  int* dimension) const {
  const std::string where = "openai embedder: POST " + scheme_host_port_ + path_;
  try {
    json request = {{"model", options_.model}, {"encoding_format", "float"}};
    request["input"] = json::array();
    for (const std::string& t : texts) request["input"].push_back(t);
    // Invalid UTF-8 is replaced rather than thrown on.
    const std::string body = request.dump(-1, ' ', false, json::error_handler_t::replace);

    httplib::Headers headers = {{"Accept", "application/json"}};
    if (!options_.api_key.empty()) headers.emplace("Authorization", "Bearer " + options_.api_key);

    Status last;
    int backoff_ms = std::max(1, options_.initial_backoff_ms);
    for (int attempt = 0; attempt <= options_.max_retries; ++attempt) {
      int wait_ms = backoff_ms;
      httplib::Client client(scheme_host_port_);
      client.set_connection_timeout(std::chrono::milliseconds(options_.connect_timeout_ms));
      client.set_read_timeout(std::chrono::milliseconds(options_.read_timeout_ms));
      client.set_write_timeout(std::chrono::milliseconds(options_.read_timeout_ms));
      httplib::Result res = client.Post(path_, headers, body, "application/json");
      if (!res) {
        const httplib::Error err = res.error();
        const std::string msg = where + ": " + httplib::to_string(err);
        last = err == httplib::Error::Read ? Status::DeadlineExceeded(msg + " (read timeout?)")
                                           : Status::Unavailable(msg);
      } else if (res->status == 200) {
        return ParseResponse(res->body, texts.size(), dimension, out, where);
      } else {
        last = HttpError(res->status, res->body, where);
        if (!Retryable(res->status)) return last;
        if (res->has_header("Retry-After")) {
          const int seconds = std::atoi(res->get_header_value("Retry-After").c_str());
          if (seconds > 0) wait_ms = seconds * 1000;
        }
      }
      if (attempt == options_.max_retries) break;
      std::this_thread::sleep_for(
          std::chrono::milliseconds(std::min(wait_ms, options_.max_backoff_ms)));
      backoff_ms = std::min(backoff_ms * 2, std::max(1, options_.max_backoff_ms));
    }
    return Status(last.code(), last.message() + " (after " +
                                   std::to_string(options_.max_retries + 1) + " attempts)");
  } catch (const std::exception& e) {
    return Status::Internal(where + ": " + e.what());
  } catch (...) {
    return Status::Internal(where + ": unknown exception");
  }
}

}  // namespace engram::embed
