#include "src/recall/decay.h"

#include <cmath>

namespace engram::recall {

double DecayFactor(int64_t age_ms, int64_t half_life_ms) {
  if (half_life_ms <= 0 || age_ms <= 0) return 1.0;
  return std::exp2(-static_cast<double>(age_ms) / static_cast<double>(half_life_ms));
}

double DampedDecay(double decay, double floor) { return floor + (1.0 - floor) * decay; }

}  // namespace engram::recall
