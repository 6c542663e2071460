// Time decay of a memory's relevance. Pure, thread-safe.
#ifndef ENGRAM_RECALL_DECAY_H_
#define ENGRAM_RECALL_DECAY_H_

#include <cstdint>

namespace engram::recall {

// 0.5 ^ (age / half_life), in (0, 1]. A non-positive half-life means "never decays" (1), and
// so does a non-positive age (a memory from the future of the question, or of the same
// instant).
double DecayFactor(int64_t age_ms, int64_t half_life_ms);

// How much decay may move a score: floor + (1 - floor) * decay, so an old but strongly
// matching memory is damped, never erased. REQUIRES: 0 <= floor <= 1.
double DampedDecay(double decay, double floor);

}  // namespace engram::recall

#endif  // ENGRAM_RECALL_DECAY_H_
