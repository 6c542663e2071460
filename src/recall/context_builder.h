// Context assembly: a prompt-ready block of memories for an agent, within a token budget.
//
//   # Memory context (as of 2024-06-14T15:00:00+08:00)
//   ## Working memory (session s1)
//   [MEM#5] 2024-06-14T15:05:00+08:00 | 张工: 接口文档周二验收
//   ## Facts
//   [MEM#2] 2024-06-14T10:00:00+08:00 | conf 0.85 | 张工的手机号是 [PHONE_1]
//   ## Events
//   ...
//
// Working memory is the session's latest turns (at most working_share of the budget, the
// newest kept first, printed oldest first). Then recalled memories not already shown, chosen
// best score first while they fit, printed grouped as Facts (semantic), Events (episodic),
// Procedures (procedural). Every line cites its memory as [MEM#id].
//
// Thread safety: stateless apart from the store, which is thread-safe.
#ifndef ENGRAM_RECALL_CONTEXT_BUILDER_H_
#define ENGRAM_RECALL_CONTEXT_BUILDER_H_

#include <string>
#include <string_view>
#include <vector>

#include "engram/result.h"
#include "src/recall/recaller.h"
#include "src/store/store.h"

namespace engram::recall {

struct ContextParams {
  int budget_tokens = 1024;
  int working_turns = 8;
  double working_share = 0.3;
  int max_recalled = 20;
  // A hit found by the vector channel alone is left out when its cosine is more than this
  // below the best vector hit: embeddings always propose their k nearest, related or not,
  // and a prompt pays for every line. Negative disables the filter.
  double vector_only_margin = 0.03;
};

// Removes hits whose only channel is "vector" and whose cosine is below the best vector
// cosine among `hits` minus `margin`. Order is kept.
void DropWeakVectorOnlyHits(std::vector<RecallHit>* hits, double margin);

struct ContextBlock {
  std::string text;
  std::vector<int64_t> cited;
  int estimated_tokens = 0;
};

// `recall` carries the recall settings (its limit is replaced by max_recalled, its session
// by `session_id`). InvalidArgument when the budget is not positive.
Result<ContextBlock> BuildContext(store::Store& store, const store::OpContext& ctx,
                                  std::string_view query, const std::string& session_id,
                                  RecallParams recall, const ContextParams& params);

}  // namespace engram::recall

#endif  // ENGRAM_RECALL_CONTEXT_BUILDER_H_
