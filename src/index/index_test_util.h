// Synthetic vectors for the index tests and benchmark: a mixture of Gaussian clusters on
// the unit sphere, which behaves like text embeddings far more than uniform noise does.
#ifndef ENGRAM_INDEX_INDEX_TEST_UTIL_H_
#define ENGRAM_INDEX_INDEX_TEST_UTIL_H_

#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

namespace engram::index::testing {

class ClusteredVectors {
 public:
  ClusteredVectors(int dimension, int clusters, float spread, uint64_t seed)
      : dimension_(dimension), spread_(spread), rng_(seed) {
    std::normal_distribution<float> normal;
    centers_.resize(static_cast<size_t>(clusters) * dimension);
    for (float& x : centers_) x = normal(rng_);
  }

  // One unit vector near a random center.
  void Next(float* out) {
    std::normal_distribution<float> normal;
    std::uniform_int_distribution<size_t> pick(0, centers_.size() / dimension_ - 1);
    const float* c = centers_.data() + pick(rng_) * dimension_;
    double norm = 0;
    for (int i = 0; i < dimension_; ++i) {
      out[i] = c[i] + spread_ * normal(rng_);
      norm += static_cast<double>(out[i]) * out[i];
    }
    const float inv = static_cast<float>(1.0 / std::sqrt(norm));
    for (int i = 0; i < dimension_; ++i) out[i] *= inv;
  }

  std::vector<float> Many(size_t n) {
    std::vector<float> v(n * dimension_);
    for (size_t i = 0; i < n; ++i) Next(v.data() + i * dimension_);
    return v;
  }

 private:
  int dimension_;
  float spread_;
  std::mt19937_64 rng_;
  std::vector<float> centers_;
};

}  // namespace engram::index::testing

#endif  // ENGRAM_INDEX_INDEX_TEST_UTIL_H_
