// Reranker: an optional last pass over fused hits (a cross-encoder, an LLM, or rules).
//
// Thread safety: implementations must be safe to call from many threads at once.
#ifndef ENGRAM_RECALL_RERANKER_H_
#define ENGRAM_RECALL_RERANKER_H_

#include <memory>
#include <string_view>
#include <vector>

#include "engram/engine.h"

namespace engram::recall {

class Reranker {
 public:
  virtual ~Reranker() = default;
  // Reorders `hits` in place (and may adjust their score and explanation.rerank).
  virtual void Rerank(std::string_view query, std::vector<RecallHit>* hits) const = 0;
};

// Boosts hits by the share of the query's distinct tokens their content contains:
// score *= 1 + weight * overlap, overlap in [0, 1]; then sorts by score (stable).
std::unique_ptr<Reranker> NewLexicalOverlapReranker(double weight = 0.5);

// The share of the query's distinct query-mode tokens found among the text's tokens.
double LexicalOverlap(std::string_view query, std::string_view text);

}  // namespace engram::recall

#endif  // ENGRAM_RECALL_RERANKER_H_
