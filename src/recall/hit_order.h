// Hits in order of score.
//
// Thread safety: pure functions.
#ifndef ENGRAM_SRC_RECALL_HIT_ORDER_H_
#define ENGRAM_SRC_RECALL_HIT_ORDER_H_

#include <vector>

#include "engram/engram.h"

namespace engram::recall {

// Highest score first; hits of equal score keep their order (std::stable_sort by score).
// Sorts positions, then moves each hit once: a hit carries its memory and is costly to move.
void SortByScore(std::vector<RecallHit>* hits);

}  // namespace engram::recall

#endif  // ENGRAM_SRC_RECALL_HIT_ORDER_H_
