// Partition: the vectors of one scope partition, searched exactly (FlatPartition) or through
// an HNSW graph (HnswPartition). Internal to src/index; VectorIndexImpl routes to them.
//
// Thread safety: const methods may run concurrently; mutators need exclusive access (the
// owning index holds the lock).
#ifndef ENGRAM_INDEX_PARTITION_H_
#define ENGRAM_INDEX_PARTITION_H_

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "engram/status.h"
#include "src/index/vector_index.h"

namespace engram::index {

class Partition {
 public:
  virtual ~Partition() = default;

  virtual bool is_graph() const = 0;
  // Inserts or replaces ids[i] with row i of `vectors` (unit-norm, dimension floats each).
  virtual Status Add(std::span<const int64_t> ids, std::span<const float> vectors) = 0;
  // REQUIRES: `id` is in this partition.
  virtual Status Remove(int64_t id) = 0;
  // Appends up to k hits (any order) for the unit-norm `query` whose ids pass `accept`
  // (when set) to `out`.
  virtual Status Search(const float* query, size_t k, const std::function<bool(int64_t)>& accept,
                        std::vector<VectorHit>* out) const = 0;
  virtual size_t size() const = 0;
  // Calls fn(id, vector) for every live vector.
  virtual void ForEach(const std::function<void(int64_t, const float*)>& fn) const = 0;
};

}  // namespace engram::index

#endif  // ENGRAM_INDEX_PARTITION_H_
