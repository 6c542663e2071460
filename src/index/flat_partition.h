// FlatPartition: exact search over a dense row-major matrix (OpenBLAS sgemv, single-threaded).
//
// Invariants: ids_.size() * dimension_ == values_.size(); slot_[ids_[i]] == i for every i.
// Removal moves the last row into the freed slot.
//
// Thread safety: see partition.h.
#ifndef ENGRAM_INDEX_FLAT_PARTITION_H_
#define ENGRAM_INDEX_FLAT_PARTITION_H_

#include <unordered_map>

#include "src/index/partition.h"

namespace engram::index {

class FlatPartition : public Partition {
 public:
  // Also limits OpenBLAS to the calling thread, once per process (see the .cc).
  explicit FlatPartition(int dimension);

  bool is_graph() const override { return false; }
  Status Add(std::span<const int64_t> ids, std::span<const float> vectors) override;
  Status Remove(int64_t id) override;
  Status Search(const float* query, size_t k, const std::function<bool(int64_t)>& accept,
                std::vector<VectorHit>* out) const override;
  size_t size() const override { return ids_.size(); }
  void ForEach(const std::function<void(int64_t, const float*)>& fn) const override;

 private:
  const int dimension_;
  std::vector<int64_t> ids_;
  std::vector<float> values_;
  std::unordered_map<int64_t, size_t> slot_;
};

// Keeps the k best of `hits` (score descending, then id ascending), sorted.
void KeepBest(size_t k, std::vector<VectorHit>* hits);

}  // namespace engram::index

#endif  // ENGRAM_INDEX_FLAT_PARTITION_H_
