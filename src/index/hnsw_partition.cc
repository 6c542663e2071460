#include "src/index/hnsw_partition.h"

#include <hnswlib/hnswlib.h>

#include <algorithm>
#include <atomic>
#include <exception>
#include <thread>

#include "src/index/flat_partition.h"

namespace engram::index {
namespace {

Status Wrap(const char* what, const std::exception& e) {
  return Status::Internal(std::string("hnsw: ") + what + ": " + e.what());
}

}  // namespace

HnswPartition::HnswPartition(const VectorIndexOptions& options) : options_(options) {}
HnswPartition::~HnswPartition() = default;

Result<std::unique_ptr<HnswPartition>> HnswPartition::Create(const VectorIndexOptions& options,
                                                             size_t capacity) {
  auto p = std::unique_ptr<HnswPartition>(new HnswPartition(options));
  try {
    p->space_ = std::make_unique<hnswlib::InnerProductSpace>(options.dimension);
    p->graph_ = std::make_unique<hnswlib::HierarchicalNSW<float>>(
        p->space_.get(), std::max<size_t>(capacity, 1024), options.hnsw_m,
        options.hnsw_ef_construction);
    p->graph_->setEf(options.hnsw_ef_search);
  } catch (const std::exception& e) {
    return Wrap("create", e);
  }
  return p;
}

Result<std::unique_ptr<HnswPartition>> HnswPartition::LoadGraph(
    const VectorIndexOptions& options, const std::string& path, std::span<const int64_t> ids) {
  auto p = std::unique_ptr<HnswPartition>(new HnswPartition(options));
  try {
    p->space_ = std::make_unique<hnswlib::InnerProductSpace>(options.dimension);
    p->graph_ = std::make_unique<hnswlib::HierarchicalNSW<float>>(p->space_.get(), path);
    p->graph_->setEf(options.hnsw_ef_search);
    if (p->graph_->data_size_ != options.dimension * sizeof(float)) {
      return Status::Corruption("hnsw: graph dimension does not match the index");
    }
    for (int64_t id : ids) {
      auto it = p->graph_->label_lookup_.find(static_cast<hnswlib::labeltype>(id));
      if (it == p->graph_->label_lookup_.end() || p->graph_->isMarkedDeleted(it->second)) {
        return Status::Corruption("hnsw: id " + std::to_string(id) + " is not live in the graph");
      }
      p->live_.insert(id);
    }
  } catch (const std::exception& e) {
    return Status::Corruption(std::string("hnsw: load graph: ") + e.what());
  }
  return p;
}

Status HnswPartition::Add(std::span<const int64_t> ids, std::span<const float> vectors) {
  const size_t dim = static_cast<size_t>(options_.dimension);
  try {
    const size_t need = graph_->cur_element_count + ids.size();
    if (need > graph_->max_elements_) {
      graph_->resizeIndex(std::max(need, graph_->max_elements_ * 2));
    }
  } catch (const std::exception& e) {
    return Wrap("resize", e);
  }
  const int threads = ids.size() < 256 ? 1 : std::max(1, options_.build_threads);
  std::atomic<size_t> next{0};
  std::atomic<bool> failed{false};
  std::string error;
  std::mutex error_mu;
  auto work = [&] {
    for (size_t i = next++; i < ids.size() && !failed; i = next++) {
      try {
        graph_->addPoint(vectors.data() + i * dim, static_cast<hnswlib::labeltype>(ids[i]));
      } catch (const std::exception& e) {
        std::lock_guard<std::mutex> lock(error_mu);
        failed = true;
        error = e.what();
      }
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(work);
  work();
  for (std::thread& th : pool) th.join();
  // Ids added before a failure are in the graph; record exactly those.
  for (int64_t id : ids) {
    auto it = graph_->label_lookup_.find(static_cast<hnswlib::labeltype>(id));
    if (it != graph_->label_lookup_.end() && !graph_->isMarkedDeleted(it->second)) {
      live_.insert(id);
    }
  }
  if (failed) return Status::Internal("hnsw: add: " + error);
  return Status::OK();
}

Status HnswPartition::Remove(int64_t id) {
  if (live_.erase(id) == 0) return Status::NotFound("hnsw partition: unknown id");
  try {
    graph_->markDelete(static_cast<hnswlib::labeltype>(id));
  } catch (const std::exception& e) {
    return Wrap("remove", e);
  }
  return Status::OK();
}

Status HnswPartition::Search(const float* query, size_t k,
                             const std::function<bool(int64_t)>& accept,
                             std::vector<VectorHit>* out) const {
  if (live_.empty() || k == 0) return Status::OK();
  size_t fetch = std::min(k, live_.size());
  try {
    for (;;) {
      auto top = graph_->searchKnn(query, fetch);
      std::vector<VectorHit> hits;
      hits.reserve(top.size());
      while (!top.empty()) {
        const int64_t id = static_cast<int64_t>(top.top().second);
        if (!accept || accept(id)) hits.push_back({id, 1.0f - top.top().first});
        top.pop();
      }
      // Over-fetch until enough ids pass the predicate or the partition is exhausted.
      if (hits.size() >= k || fetch >= live_.size()) {
        KeepBest(k, &hits);
        out->insert(out->end(), hits.begin(), hits.end());
        return Status::OK();
      }
      fetch = std::min(live_.size(), fetch * 4);
    }
  } catch (const std::exception& e) {
    return Wrap("search", e);
  }
}

void HnswPartition::ForEach(const std::function<void(int64_t, const float*)>& fn) const {
  for (int64_t id : live_) {
    auto it = graph_->label_lookup_.find(static_cast<hnswlib::labeltype>(id));
    fn(id, reinterpret_cast<const float*>(graph_->getDataByInternalId(it->second)));
  }
}

size_t HnswPartition::tombstones() const { return graph_->cur_element_count - live_.size(); }

Status HnswPartition::SaveGraph(const std::string& path) const {
  try {
    graph_->saveIndex(path);
  } catch (const std::exception& e) {
    return Status::IOError(std::string("hnsw: save graph: ") + e.what());
  }
  return Status::OK();
}

}  // namespace engram::index
