// Recaller: the read path. Runs the channels for a query — each restricted to the caller's
// scopes by the store — fuses their ranked lists with weighted RRF, applies time decay (a
// half-life per memory type) and confidence weighting, then an optional reranker.
//
//   score = rrf * decay * confidence * time * rerank  (each factor kept in HitExplanation)
//         + context                                   (lent by neighbouring turns, see
//                                                      session_context.h)
//
// Channels: "keyword" (BM25 over Engram's tokenizer), "vector" (cosine similarity of e5 or
// another embedder, searched only in the partitions the caller may read, hits re-checked by
// the store), "recency" (the asking session's latest memories, when a session is named) and
// "graph" (memories linked to the entities the question names; graph_channel.h). A
// time-window channel joins here.
//
// Thread safety: stateless apart from the store and reranker, which are thread-safe.
#ifndef ENGRAM_RECALL_RECALLER_H_
#define ENGRAM_RECALL_RECALLER_H_

#include <string>
#include <string_view>
#include <vector>

#include "engram/embedder.h"
#include "engram/engine.h"
#include "engram/result.h"
#include "src/recall/query_analysis.h"
#include "src/recall/relevance.h"
#include "src/recall/reranker.h"
#include "src/recall/session_context.h"
#include "src/index/vector_index.h"
#include "src/store/memory_filter.h"
#include "src/store/store.h"

namespace engram::recall {

struct RecallParams {
  int limit = 10;
  bool include_history = false;
  bool deep = false;                // also search the cold (dormant) vector partitions
  // Also memories whose TTL ran out before ctx.now (the question's time). A question about
  // the past (QueryAnalysis::about_past) includes them anyway.
  bool include_expired = false;
  Instant at;                       // question time, for decay
  std::string session_id;           // "" = no recency channel
  double rrf_k = 10;
  double weight_keyword = 1.0;
  double weight_vector = 1.0;
  double weight_recency = 0.3;
  double weight_graph = 0.5;
  Embedder* embedder = nullptr;          // not owned; with index: the vector channel
  index::VectorIndex* index = nullptr;   // not owned; partitioned by scope key
  int64_t half_life_ms[4] = {86400000, 15552000000, 0, 0};  // by MemoryType; 0 = none
  double decay_floor = 0.9;
  const Reranker* reranker = nullptr;  // not owned; may be null
  SpreadParams spread;                 // session-context spreading; shares 0 = off
  // Not owned; null = none. Every channel drops the memories it rejects; with a filter, a
  // channel that had rows rejected is searched again four times deeper, until it has enough
  // matching rows, runs out, or reaches kMaxFilteredDepth rows (a filter that keeps very few
  // memories of a large scope may then return fewer hits than exist).
  const store::MemoryFilter* filter = nullptr;
  // Hits below this relevance are left out (truth.h); 0 keeps all.
  double min_relevance = 0;
  RelevanceScale relevance_scale;  // of the embedder's vectors (relevance.h)
};

inline constexpr int kMaxFilteredDepth = 4096;

// Hits best first, at most params.limit, shaped by what is true now (truth.h): each with its
// relevance and state. No match is an empty list, never NotFound.
Result<std::vector<RecallHit>> Recall(store::Store& store, const store::OpContext& ctx,
                                      std::string_view query, const RecallParams& params);

// Time-window weighting from the query's time expressions: a memory inside a window gains
// up to x1.5 (by the window's confidence); outside every window, when one of them is firm
// (confidence >= kFilterConfidence), it keeps half its score. 1 with no windows.
double TimeFactor(const std::vector<TimeWindow>& windows, const Instant& t);

// Confidence weighting: 0.5 + 0.5 * overall, so an uncertain memory keeps half its score.
double ConfidenceFactor(const Confidence& c);


}  // namespace engram::recall

#endif  // ENGRAM_RECALL_RECALLER_H_
