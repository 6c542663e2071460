// Hits in order of score, and what orders them.
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

// The hit's cosine to the question by the vector channel; -2 when that channel did not find it.
double VectorCosine(const RecallHit& h);

// Whether `m` is a current record of something said (an episodic memory, not a fact).
bool IsCurrentRecord(const Memory& m);

}  // namespace engram::recall

#endif  // ENGRAM_SRC_RECALL_HIT_ORDER_H_
