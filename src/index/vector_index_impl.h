// VectorIndexImpl: the one VectorIndex implementation; `graphs` selects the kind. The flat
// kind (graphs == false) keeps every partition a FlatPartition and is the exact oracle.
// The hnsw kind turns a partition into an HnswPartition when it outgrows
// options.exact_search_max, and back into a flat one when Compact finds it small.
//
// Invariants: where_[id] points at the partition holding id, and every live vector of every
// partition has an entry in where_; no partition holds an id twice.
//
// Thread safety: as VectorIndex (a shared_mutex; readers share it).
#ifndef ENGRAM_INDEX_VECTOR_INDEX_IMPL_H_
#define ENGRAM_INDEX_VECTOR_INDEX_IMPL_H_

#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <shared_mutex>
#include <string>
#include <unordered_map>

#include "src/index/partition.h"
#include "src/index/vector_index.h"

namespace engram::index {

class VectorIndexImpl : public VectorIndex {
 public:
  VectorIndexImpl(const VectorIndexOptions& options, bool graphs);

  int dimension() const override { return options_.dimension; }
  std::string_view kind() const override { return graphs_ ? "hnsw" : "flat"; }
  Status Add(std::string_view partition, int64_t id, std::span<const float> vector) override;
  Status AddBatch(std::string_view partition, std::span<const int64_t> ids,
                  std::span<const float> vectors) override;
  Status Remove(int64_t id) override;
  Result<std::vector<VectorHit>> Search(std::span<const float> query, size_t k,
                                        const SearchFilter& filter) const override;
  size_t size() const override;
  bool Contains(int64_t id) const override;
  size_t PartitionSize(std::string_view partition) const override;
  uint64_t applied_sequence() const override { return applied_sequence_.load(); }
  void set_applied_sequence(uint64_t sequence) override { applied_sequence_.store(sequence); }
  Status Compact() override;
  Status Save(const std::string& path) const override;

  // For the file reader: installs a loaded partition. REQUIRES: its ids are new.
  void InstallPartition(std::string key, std::unique_ptr<Partition> partition);
  const VectorIndexOptions& options() const { return options_; }
  bool graphs() const { return graphs_; }

 private:
  // Copies `in` to `out` scaled to unit norm; InvalidArgument if not finite or zero.
  Status Normalize(std::span<const float> in, float* out) const;
  Status AddLocked(std::string_view partition, std::span<const int64_t> ids,
                   std::span<const float> unit_vectors);
  // A flat partition that reached exact_search_max becomes a graph holding its rows plus
  // `ids` / `vectors`.
  Status Promote(std::unique_ptr<Partition>* slot, std::span<const int64_t> ids,
                 std::span<const float> vectors);

  const VectorIndexOptions options_;
  const bool graphs_;
  mutable std::shared_mutex mu_;
  mutable std::mutex save_mu_;  // one Save at a time (they share temporary file names)
  std::map<std::string, std::unique_ptr<Partition>, std::less<>> partitions_;
  std::unordered_map<int64_t, Partition*> where_;
  std::atomic<uint64_t> applied_sequence_{0};
};

}  // namespace engram::index

#endif  // ENGRAM_INDEX_VECTOR_INDEX_IMPL_H_
