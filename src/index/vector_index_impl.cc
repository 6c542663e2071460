#include "src/index/vector_index_impl.h"

#include <cmath>
#include <mutex>
#include <unordered_set>

#include "engram/status_macros.h"
#include "src/index/flat_partition.h"
#include "src/index/hnsw_partition.h"

namespace engram::index {

VectorIndexImpl::VectorIndexImpl(const VectorIndexOptions& options, bool graphs)
    : options_(options), graphs_(graphs) {}

Status VectorIndexImpl::Normalize(std::span<const float> in, float* out) const {
  double norm = 0.0;
  for (float x : in) {
    if (!std::isfinite(x)) return Status::InvalidArgument("vector index: non-finite value");
    norm += static_cast<double>(x) * x;
  }
  if (norm <= 0.0) return Status::InvalidArgument("vector index: zero vector");
  const float inv = static_cast<float>(1.0 / std::sqrt(norm));
  for (size_t i = 0; i < in.size(); ++i) out[i] = in[i] * inv;
  return Status::OK();
}

Status VectorIndexImpl::Add(std::string_view partition, int64_t id,
                            std::span<const float> vector) {
  return AddBatch(partition, std::span<const int64_t>(&id, 1), vector);
}

Status VectorIndexImpl::AddBatch(std::string_view partition, std::span<const int64_t> ids,
                                 std::span<const float> vectors) {
  const size_t dim = static_cast<size_t>(options_.dimension);
  if (partition.empty()) return Status::InvalidArgument("vector index: empty partition key");
  if (vectors.size() != ids.size() * dim) {
    return Status::InvalidArgument("vector index: expected " + std::to_string(ids.size()) +
                                   " vectors of " + std::to_string(dim) + " floats, got " +
                                   std::to_string(vectors.size()) + " floats");
  }
  // Normalize, keeping the last vector of a repeated id.
  std::vector<int64_t> unique_ids;
  std::vector<float> unit;
  std::unordered_map<int64_t, size_t> row_of;
  unique_ids.reserve(ids.size());
  unit.reserve(vectors.size());
  for (size_t i = 0; i < ids.size(); ++i) {
    auto [it, inserted] = row_of.emplace(ids[i], unique_ids.size());
    if (inserted) {
      unique_ids.push_back(ids[i]);
      unit.resize(unit.size() + dim);
    }
    ENGRAM_RETURN_IF_ERROR(
        Normalize(vectors.subspan(i * dim, dim), unit.data() + it->second * dim));
  }
  std::unique_lock<std::shared_mutex> lock(mu_);
  return AddLocked(partition, unique_ids, unit);
}

Status VectorIndexImpl::AddLocked(std::string_view partition, std::span<const int64_t> ids,
                                  std::span<const float> unit_vectors) {
  auto pit = partitions_.find(partition);
  if (pit == partitions_.end()) {
    pit = partitions_
              .emplace(std::string(partition),
                       std::make_unique<FlatPartition>(options_.dimension))
              .first;
  }
  Partition* target = pit->second.get();
  // An id that lives in another partition moves.
  for (int64_t id : ids) {
    auto w = where_.find(id);
    if (w != where_.end() && w->second != target) {
      ENGRAM_RETURN_IF_ERROR(w->second->Remove(id));
      where_.erase(w);
    }
  }
  Status s;
  if (graphs_ && !target->is_graph() &&
      target->size() + ids.size() > options_.exact_search_max) {
    s = Promote(&pit->second, ids, unit_vectors);
    if (s.ok()) {
      Partition* graph = pit->second.get();
      graph->ForEach([&](int64_t id, const float*) { where_[id] = graph; });
    }
    return s;
  }
  s = target->Add(ids, unit_vectors);
  for (int64_t id : ids) where_[id] = target;
  return s;
}

Status VectorIndexImpl::Promote(std::unique_ptr<Partition>* slot, std::span<const int64_t> ids,
                                std::span<const float> vectors) {
  const size_t dim = static_cast<size_t>(options_.dimension);
  std::vector<int64_t> all_ids;
  std::vector<float> all;
  const size_t total = (*slot)->size() + ids.size();
  all_ids.reserve(total);
  all.reserve(total * dim);
  std::unordered_set<int64_t> incoming(ids.begin(), ids.end());
  (*slot)->ForEach([&](int64_t id, const float* v) {
    if (incoming.count(id) != 0) return;  // replaced by the new vector
    all_ids.push_back(id);
    all.insert(all.end(), v, v + dim);
  });
  all_ids.insert(all_ids.end(), ids.begin(), ids.end());
  all.insert(all.end(), vectors.begin(), vectors.end());
  Result<std::unique_ptr<HnswPartition>> graph = HnswPartition::Create(options_, all_ids.size());
  ENGRAM_RETURN_IF_ERROR(graph.status());
  ENGRAM_RETURN_IF_ERROR((*graph)->Add(all_ids, all));
  *slot = std::move(graph).value();
  return Status::OK();
}

Status VectorIndexImpl::Remove(int64_t id) {
  std::unique_lock<std::shared_mutex> lock(mu_);
  auto w = where_.find(id);
  if (w == where_.end()) return Status::OK();
  Status s = w->second->Remove(id);
  where_.erase(w);
  return s;
}

Result<std::vector<VectorHit>> VectorIndexImpl::Search(std::span<const float> query, size_t k,
                                                       const SearchFilter& filter) const {
  if (query.size() != static_cast<size_t>(options_.dimension)) {
    return Status::InvalidArgument("vector index: query has " + std::to_string(query.size()) +
                                   " floats, expected " + std::to_string(options_.dimension));
  }
  std::vector<float> unit(query.size());
  ENGRAM_RETURN_IF_ERROR(Normalize(query, unit.data()));
  std::vector<VectorHit> hits;
  std::shared_lock<std::shared_mutex> lock(mu_);
  std::unordered_set<std::string_view> seen;
  for (const std::string& key : filter.partitions) {
    if (!seen.insert(key).second) continue;
    auto it = partitions_.find(key);
    if (it == partitions_.end()) continue;
    ENGRAM_RETURN_IF_ERROR(it->second->Search(unit.data(), k, filter.accept, &hits));
  }
  KeepBest(k, &hits);
  return hits;
}

size_t VectorIndexImpl::size() const {
  std::shared_lock<std::shared_mutex> lock(mu_);
  return where_.size();
}

bool VectorIndexImpl::Contains(int64_t id) const {
  std::shared_lock<std::shared_mutex> lock(mu_);
  return where_.count(id) != 0;
}

size_t VectorIndexImpl::PartitionSize(std::string_view partition) const {
  std::shared_lock<std::shared_mutex> lock(mu_);
  auto it = partitions_.find(partition);
  return it == partitions_.end() ? 0 : it->second->size();
}

Status VectorIndexImpl::Compact() {
  std::unique_lock<std::shared_mutex> lock(mu_);
  const size_t dim = static_cast<size_t>(options_.dimension);
  for (auto it = partitions_.begin(); it != partitions_.end();) {
    Partition* old = it->second.get();
    if (old->size() == 0) {
      it = partitions_.erase(it);
      continue;
    }
    auto* graph = dynamic_cast<HnswPartition*>(old);
    if (graph == nullptr || graph->tombstones() == 0) {
      ++it;
      continue;
    }
    std::vector<int64_t> ids;
    std::vector<float> values;
    graph->ForEach([&](int64_t id, const float* v) {
      ids.push_back(id);
      values.insert(values.end(), v, v + dim);
    });
    std::unique_ptr<Partition> fresh;
    if (ids.size() <= options_.exact_search_max) {
      fresh = std::make_unique<FlatPartition>(options_.dimension);
    } else {
      ENGRAM_ASSIGN_OR_RETURN(std::unique_ptr<HnswPartition> g,
                              HnswPartition::Create(options_, ids.size()));
      fresh = std::move(g);
    }
    ENGRAM_RETURN_IF_ERROR(fresh->Add(ids, values));
    for (int64_t id : ids) where_[id] = fresh.get();
    it->second = std::move(fresh);
    ++it;
  }
  return Status::OK();
}

void VectorIndexImpl::InstallPartition(std::string key, std::unique_ptr<Partition> partition) {
  std::unique_lock<std::shared_mutex> lock(mu_);
  Partition* p = partition.get();
  p->ForEach([&](int64_t id, const float*) { where_[id] = p; });
  partitions_[std::move(key)] = std::move(partition);
}

std::unique_ptr<VectorIndex> NewFlatVectorIndex(const VectorIndexOptions& options) {
  return std::make_unique<VectorIndexImpl>(options, /*graphs=*/false);
}

std::unique_ptr<VectorIndex> NewHnswVectorIndex(const VectorIndexOptions& options) {
  return std::make_unique<VectorIndexImpl>(options, /*graphs=*/true);
}

Status ApplyChanges(VectorIndex* index, std::span<const VectorChange> changes) {
  for (size_t i = 1; i < changes.size(); ++i) {
    if (changes[i].sequence <= changes[i - 1].sequence) {
      return Status::InvalidArgument("vector index: change sequences are not increasing");
    }
  }
  for (const VectorChange& change : changes) {
    if (change.sequence <= index->applied_sequence()) continue;
    ENGRAM_RETURN_IF_ERROR(change.op == VectorChange::Op::kRemove
                               ? index->Remove(change.id)
                               : index->Add(change.partition, change.id, change.vector));
    index->set_applied_sequence(change.sequence);
  }
  return Status::OK();
}

}  // namespace engram::index
