// A quick estimate of how many LLM tokens a text costs, for budgets. Pure, thread-safe.
//
// CJK characters count one token each (common tokenizers spend about 1–1.5 per character);
// other text about one token per four bytes, rounded up per run. Over-estimating is safer
// than under-estimating for a budget, and this does slightly.
#ifndef ENGRAM_RECALL_TOKEN_ESTIMATE_H_
#define ENGRAM_RECALL_TOKEN_ESTIMATE_H_

#include <string_view>

namespace engram::recall {

int EstimateTokens(std::string_view utf8);

}  // namespace engram::recall

#endif  // ENGRAM_RECALL_TOKEN_ESTIMATE_H_
