// Recaller: the read path. Runs the channels for a query, each restricted to the caller's
// scopes by the store, and fuses their ranked lists.
//
// Channels today: "keyword" (BM25 over Engram's tokenizer). The vector, graph and time
// channels and RRF fusion with decay join here (DESIGN.md section 3).
//
// Thread safety: stateless apart from the store, which is thread-safe.
#ifndef ENGRAM_RECALL_RECALLER_H_
#define ENGRAM_RECALL_RECALLER_H_

#include <vector>

#include "engram/engine.h"
#include "engram/result.h"
#include "src/store/store.h"

namespace engram::recall {

struct RecallParams {
  int limit = 10;
  bool include_history = false;
};

// Hits best first. NotFound never: no match is an empty list.
Result<std::vector<RecallHit>> Recall(store::Store& store, const store::OpContext& ctx,
                                      std::string_view query, const RecallParams& params);

}  // namespace engram::recall

#endif  // ENGRAM_RECALL_RECALLER_H_
