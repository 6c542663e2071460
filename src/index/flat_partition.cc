#include "src/index/flat_partition.h"

#include <cblas.h>

#include <algorithm>
#include <cstring>
#include <mutex>

namespace engram::index {
namespace {

// One sgemv over at most a partition's rows (10k x 384 by default) is memory-bound and takes
// about a millisecond on one core. OpenBLAS would split it over its own thread pool, whose
// workers then spin in sched_yield between calls: under `engram serve` with e5 that spinning
// took 90 % of the process's CPU (perf) and starved the embedder. So OpenBLAS runs on the
// calling thread; parallelism comes from concurrent requests instead.
void UseCallingThreadOnly() {
  static std::once_flag once;
  std::call_once(once, [] { openblas_set_num_threads(1); });
}

}  // namespace

FlatPartition::FlatPartition(int dimension) : dimension_(dimension) { UseCallingThreadOnly(); }

void KeepBest(size_t k, std::vector<VectorHit>* hits) {
  auto better = [](const VectorHit& a, const VectorHit& b) {
    return a.score != b.score ? a.score > b.score : a.id < b.id;
  };
  if (hits->size() > k) {
    std::nth_element(hits->begin(), hits->begin() + static_cast<ptrdiff_t>(k), hits->end(),
                     better);
    hits->resize(k);
  }
  std::sort(hits->begin(), hits->end(), better);
}

Status FlatPartition::Add(std::span<const int64_t> ids, std::span<const float> vectors) {
  const size_t dim = static_cast<size_t>(dimension_);
  for (size_t i = 0; i < ids.size(); ++i) {
    const float* src = vectors.data() + i * dim;
    auto it = slot_.find(ids[i]);
    if (it != slot_.end()) {
      std::memcpy(values_.data() + it->second * dim, src, dim * sizeof(float));
      continue;
    }
    slot_.emplace(ids[i], ids_.size());
    ids_.push_back(ids[i]);
    values_.insert(values_.end(), src, src + dim);
  }
  return Status::OK();
}

Status FlatPartition::Remove(int64_t id) {
  auto it = slot_.find(id);
  if (it == slot_.end()) return Status::NotFound("flat partition: unknown id");
  const size_t dim = static_cast<size_t>(dimension_);
  const size_t slot = it->second;
  const size_t last = ids_.size() - 1;
  if (slot != last) {
    ids_[slot] = ids_[last];
    std::memcpy(values_.data() + slot * dim, values_.data() + last * dim, dim * sizeof(float));
    slot_[ids_[slot]] = slot;
  }
  ids_.pop_back();
  values_.resize(last * dim);
  slot_.erase(id);
  return Status::OK();
}

Status FlatPartition::Search(const float* query, size_t k,
                             const std::function<bool(int64_t)>& accept,
                             std::vector<VectorHit>* out) const {
  const size_t n = ids_.size();
  if (n == 0 || k == 0) return Status::OK();
  std::vector<float> scores(n);
  cblas_sgemv(CblasRowMajor, CblasNoTrans, static_cast<int>(n), dimension_, 1.0f,
              values_.data(), dimension_, query, 1, 0.0f, scores.data(), 1);
  std::vector<VectorHit> hits;
  hits.reserve(accept ? n : std::min(n, 4 * k + 16));
  for (size_t i = 0; i < n; ++i) {
    if (accept && !accept(ids_[i])) continue;
    hits.push_back({ids_[i], scores[i]});
    if (hits.size() >= 4 * k + 16 && !accept) KeepBest(k, &hits);
  }
  KeepBest(k, &hits);
  out->insert(out->end(), hits.begin(), hits.end());
  return Status::OK();
}

void FlatPartition::ForEach(const std::function<void(int64_t, const float*)>& fn) const {
  for (size_t i = 0; i < ids_.size(); ++i) {
    fn(ids_[i], values_.data() + i * static_cast<size_t>(dimension_));
  }
}

}  // namespace engram::index
