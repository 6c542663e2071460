#include "src/engine/store_vector_index.h"

#include <algorithm>

#include "engram/status_macros.h"
#include "src/embed/embedding_cache.h"

namespace engram::engine {
namespace {

class StoreVectorIndex final : public index::VectorIndex {
 public:
  StoreVectorIndex(store::Store* store, const index::VectorIndexOptions& options)
      : store_(store), options_(options) {}

  int dimension() const override { return options_.dimension; }
  std::string_view kind() const override { return "store"; }

  // The store's writes are the index.
  Status Add(std::string_view, int64_t, std::span<const float>) override { return Status::OK(); }
  Status AddBatch(std::string_view, std::span<const int64_t>, std::span<const float>) override {
    return Status::OK();
  }
  Status Remove(int64_t) override { return Status::OK(); }

  Result<std::vector<index::VectorHit>> Search(std::span<const float> query, size_t k,
                                               const index::SearchFilter& filter) const override {
    if (query.size() != static_cast<size_t>(options_.dimension)) {
      return Status::InvalidArgument("vector index: query has " + std::to_string(query.size()) +
                                     " floats, expected " + std::to_string(options_.dimension));
    }
    std::vector<index::VectorHit> none;
    if (k == 0 || filter.partitions.empty()) return none;
    ENGRAM_ASSIGN_OR_RETURN(
        auto candidates,
        store_->SearchVectors(options_.model_id, std::vector<float>(query.begin(), query.end()),
                              static_cast<int>(StoreSearchDepth(k)), filter.partitions));
    // Scored by the exact index, exactly as the in-process index scores a small partition.
    auto flat = index::NewFlatVectorIndex(options_);
    for (const store::VectorCandidate& c : candidates) {
      auto v = embed::DecodeVector(c.vector);
      if (!v.ok()) return v.status().WithPrefix("memory " + std::to_string(c.memory_id));
      // A vector of another length or a zero vector is never indexed in-process either.
      if (!flat->Add("c", c.memory_id, *v).ok()) continue;
    }
    index::SearchFilter all;
    all.partitions = {"c"};
    all.accept = filter.accept;
    return flat->Search(query, k, all);
  }

  size_t size() const override { return 0; }
  bool Contains(int64_t) const override { return false; }
  size_t PartitionSize(std::string_view partition) const override {
    auto n = store_->CountVectors(options_.model_id, {std::string(partition)});
    return n.ok() ? static_cast<size_t>(*n) : 0;
  }

  uint64_t applied_sequence() const override { return 0; }
  void set_applied_sequence(uint64_t) override {}
  Status Compact() override { return Status::OK(); }
  Status Save(const std::string&) const override { return Status::OK(); }

 private:
  store::Store* store_;
  const index::VectorIndexOptions options_;
};

}  // namespace

size_t StoreSearchDepth(size_t k) { return k + 16; }

std::unique_ptr<index::VectorIndex> NewStoreVectorIndex(store::Store* store,
                                                        const index::VectorIndexOptions& options) {
  return std::make_unique<StoreVectorIndex>(store, options);
}

}  // namespace engram::engine
