// LlmSummaryWriter: consolidation summaries written by an LLM (Options::llm_base_url), the
// alternative to the rule-based ExtractiveSummaryWriter.
//
// The cluster's records go to the model chronologically, each with its date, under a system
// prompt that asks for at most three sentences in the records' language that keep names,
// numbers and dates and add nothing. The reply is trimmed and cut at max_bytes. It passes the
// same guard as user text (DESIGN.md §2): a reply the guard does not find clean, or an empty
// one, is not stored; the extractive summary is used instead (Method() still names the LLM;
// the summary's metadata says which writer produced each text via FallbackCount()).
// Transport errors are returned (the compaction run fails and writes nothing).
//
// Thread safety: Write may be called concurrently.
#ifndef ENGRAM_GOVERN_LLM_SUMMARY_WRITER_H_
#define ENGRAM_GOVERN_LLM_SUMMARY_WRITER_H_

#include <atomic>
#include <string>
#include <vector>

#include "src/govern/summary_writer.h"
#include "src/llm/chat_client.h"

namespace engram::govern {

class LlmSummaryWriter final : public SummaryWriter {
 public:
  // `client` is not owned and must outlive the writer.
  explicit LlmSummaryWriter(const llm::ChatClient* client, size_t max_bytes = 600)
      : client_(client), max_bytes_(max_bytes) {}

  std::string Method() const override { return "llm:" + client_->model(); }
  Result<std::string> Write(const std::vector<const Memory*>& cluster) const override;

  // Replies replaced by the extractive summary (flagged by the guard, or empty).
  int FallbackCount() const { return fallbacks_.load(); }

  // The user message sent for `cluster` (exposed for tests).
  static std::string Prompt(const std::vector<const Memory*>& cluster);
  static const char* kSystemPrompt;

 private:
  const llm::ChatClient* client_;
  size_t max_bytes_;
  ExtractiveSummaryWriter fallback_;
  mutable std::atomic<int> fallbacks_{0};
};

}  // namespace engram::govern

#endif  // ENGRAM_GOVERN_LLM_SUMMARY_WRITER_H_
