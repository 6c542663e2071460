// SummaryWriter: turns a cluster of related episodic memories into the text of one summary
// memory. The rule-based ExtractiveSummaryWriter is the default and needs nothing else.
//
// The LLM writer (llm_summary_writer.h, over src/llm's OpenAI-compatible chat client) is
// used when Options::llm_base_url is set; it is handed to PlanConsolidation in
// ConsolidationParams::writer. Its output passes the same guard as user text (DESIGN.md
// section 2) before it is stored.
//
// Thread safety: implementations must allow concurrent Write calls.
#ifndef ENGRAM_GOVERN_SUMMARY_WRITER_H_
#define ENGRAM_GOVERN_SUMMARY_WRITER_H_

#include <cstddef>
#include <string>
#include <vector>

#include "engram/result.h"
#include "engram/types.h"

namespace engram::govern {

class SummaryWriter {
 public:
  virtual ~SummaryWriter() = default;
  // "extractive", "llm:<model>", ...: recorded in the summary's metadata.
  virtual std::string Method() const = 0;
  // The summary text of `cluster` (chronological, non-empty). Errors abort the whole run.
  virtual Result<std::string> Write(const std::vector<const Memory*>& cluster) const = 0;
};

struct ExtractiveLimits {
  size_t max_sentences = 3;   // Default: 3
  size_t max_bytes = 480;     // Default: 480 (a sentence that would pass it is skipped)
  double max_overlap = 0.5;   // a sentence this similar (Jaccard) to a chosen one is skipped
};

// Picks the cluster's most informative sentences, verbatim, in their original order, joined
// by " … ". A sentence scores by how many of the cluster's memories share its tokens
// (central topics first), normalized by the square root of its length. Deterministic.
class ExtractiveSummaryWriter final : public SummaryWriter {
 public:
  explicit ExtractiveSummaryWriter(ExtractiveLimits limits = {}) : limits_(limits) {}
  std::string Method() const override { return "extractive"; }
  Result<std::string> Write(const std::vector<const Memory*>& cluster) const override;

 private:
  ExtractiveLimits limits_;
};

// The sentences of `text`: split after 。！？；!?; and newlines, and after '.' followed by a
// space or the end; trimmed; empty ones dropped.
std::vector<std::string> SplitSentences(const std::string& text);

}  // namespace engram::govern

#endif  // ENGRAM_GOVERN_SUMMARY_WRITER_H_
