// HnswPartition: approximate search through an hnswlib graph (inner product on unit vectors).
//
// Invariants: labels are the int64 ids cast to size_t; live_ counts labels that are in the
// graph and not marked deleted; removed labels stay in the graph as tombstones until
// Compact rebuilds it. hnswlib exceptions never leave this class.
//
// Thread safety: see partition.h.
#ifndef ENGRAM_INDEX_HNSW_PARTITION_H_
#define ENGRAM_INDEX_HNSW_PARTITION_H_

#include <memory>
#include <string>
#include <unordered_set>

#include "src/index/partition.h"

namespace hnswlib {
template <typename T>
class HierarchicalNSW;
class InnerProductSpace;
}  // namespace hnswlib

namespace engram::index {

class HnswPartition : public Partition {
 public:
  // Internal on allocation failure.
  static Result<std::unique_ptr<HnswPartition>> Create(const VectorIndexOptions& options,
                                                       size_t capacity);
  // Loads a graph written by SaveGraph; `ids` are its live labels. Corruption on failure.
  static Result<std::unique_ptr<HnswPartition>> LoadGraph(const VectorIndexOptions& options,
                                                          const std::string& path,
                                                          std::span<const int64_t> ids);
  ~HnswPartition() override;

  bool is_graph() const override { return true; }
  Status Add(std::span<const int64_t> ids, std::span<const float> vectors) override;
  Status Remove(int64_t id) override;
  Status Search(const float* query, size_t k, const std::function<bool(int64_t)>& accept,
                std::vector<VectorHit>* out) const override;
  size_t size() const override { return live_.size(); }
  void ForEach(const std::function<void(int64_t, const float*)>& fn) const override;

  size_t tombstones() const;
  // hnswlib's own file format (docs/formats/vector_index.md embeds it). IOError on failure.
  Status SaveGraph(const std::string& path) const;

 private:
  explicit HnswPartition(const VectorIndexOptions& options);

  const VectorIndexOptions options_;
  std::unique_ptr<hnswlib::InnerProductSpace> space_;
  std::unique_ptr<hnswlib::HierarchicalNSW<float>> graph_;
  std::unordered_set<int64_t> live_;
};

}  // namespace engram::index

#endif  // ENGRAM_INDEX_HNSW_PARTITION_H_
