// ChatClient: one chat completion from an LLM. The only implementation talks to any
// OpenAI-compatible `POST {base_url}/chat/completions` endpoint (OpenAI, vLLM, Ollama,
// llama.cpp server). Engram calls an LLM only where a rule path exists beside it (today:
// consolidation summaries, src/govern/llm_summary_writer.h); nothing requires one.
//
// Requests carry {"model", "messages": [system, user], "temperature": 0}; the reply is
// choices[0].message.content. Connection failures, 429 and 5xx are retried once after
// retry_backoff_ms; other errors fail at once with the server's message.
//
// Thread safety: Complete may be called from many threads; each call uses its own
// connection.
#ifndef ENGRAM_LLM_CHAT_CLIENT_H_
#define ENGRAM_LLM_CHAT_CLIENT_H_

#include <memory>
#include <string>

#include "engram/result.h"

namespace engram::llm {

class ChatClient {
 public:
  virtual ~ChatClient() = default;
  // The model name, e.g. "gpt-4o-mini".
  virtual const std::string& model() const = 0;
  // The assistant's reply. Unavailable / DeadlineExceeded for transport failures;
  // InvalidArgument, PermissionDenied, ... for the HTTP status; Internal for a malformed
  // response.
  virtual Result<std::string> Complete(const std::string& system,
                                       const std::string& user) const = 0;
};

struct OpenAiChatOptions {
  std::string base_url;  // "http://127.0.0.1:8000/v1". Required.
  std::string model;     // Required.
  // Sent as "Authorization: Bearer <key>"; "" = read the variable named by api_key_env.
  std::string api_key;
  std::string api_key_env = "OPENAI_API_KEY";
  int connect_timeout_ms = 3000;   // Default: 3000
  int read_timeout_ms = 60000;     // Default: 60000
  int retry_backoff_ms = 500;      // Default: 500
};

// InvalidArgument for a base URL that is not http(s):// or an empty model.
Result<std::unique_ptr<ChatClient>> NewOpenAiChatClient(const OpenAiChatOptions& options);

}  // namespace engram::llm

#endif  // ENGRAM_LLM_CHAT_CLIENT_H_
