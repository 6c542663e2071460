// VectorIndex: nearest-neighbour search over memory embeddings, partitioned by scope.
//
// Every vector lives in exactly one partition, named by the caller after the memory's scope:
// "u:<user_id>" (private), "t:<team_id>" (team), "p" (public). Search takes the list of
// partitions the principal may see and scores vectors of those partitions only, so an
// out-of-scope vector is never even compared. Scores are cosine similarities (vectors are
// L2-normalized on the way in), higher is better.
//
// Two implementations: the exact flat index (the oracle) and the ANN index, which searches
// a partition exactly while it holds at most `exact_search_max` vectors and through an HNSW
// graph (hnswlib) above that. Removed ids are never returned; Add of a known id replaces it.
//
// The owner keeps the index in step with the store through a sequence number: the index
// remembers the last store change it reflects (applied_sequence, persisted in the file), and
// at open the engine replays newer changes with ApplyChanges (see docs/formats/vector_index.md
// and src/index/README.md).
//
// Thread safety: Search, size, Contains and Save may run concurrently with each other; Add,
// Remove, AddBatch, ApplyChanges and Compact take an exclusive lock.
#ifndef ENGRAM_INDEX_VECTOR_INDEX_H_
#define ENGRAM_INDEX_VECTOR_INDEX_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engram/result.h"
#include "engram/status.h"

namespace engram::index {

struct VectorHit {
  int64_t id = 0;
  float score = 0.0f;  // cosine similarity
};

struct SearchFilter {
  // The only partitions that are scored. Unknown keys are ignored; empty = no results.
  std::vector<std::string> partitions;
  // Optional extra predicate (e.g. "not expired"); a rejected id is never returned. The ANN
  // index over-fetches to make up for rejected ids, so keep it selective only mildly.
  std::function<bool(int64_t id)> accept;
};

struct VectorIndexOptions {
  // Length of every vector. Default: 384.
  int dimension = 384;
  // The Embedder::ModelId() of the vectors; stored in the file so that an index built with
  // another model is never mixed with new vectors. Default: "" (unchecked).
  std::string model_id;
  // ANN index only: partitions up to this size are searched exactly. Default: 10000.
  size_t exact_search_max = 10000;
  // HNSW parameters. Default: M 16, ef_construction 100, ef_search 128 (raised to k when
  // k is larger): recall@10 0.99 at 1M vectors (src/index/README.md).
  size_t hnsw_m = 16;
  size_t hnsw_ef_construction = 100;
  size_t hnsw_ef_search = 128;
  // Threads for AddBatch and for building a partition's graph. Default: 2.
  int build_threads = 2;
};

// One change of the store's vector channel, as the engine replays it at open.
struct VectorChange {
  enum class Op { kUpsert, kRemove };
  uint64_t sequence = 0;  // the store's change sequence; strictly increasing
  Op op = Op::kUpsert;
  int64_t id = 0;
  std::string partition;     // kUpsert only
  std::vector<float> vector;  // kUpsert only
};

class VectorIndex {
 public:
  virtual ~VectorIndex() = default;

  virtual int dimension() const = 0;
  // "flat" or "hnsw".
  virtual std::string_view kind() const = 0;

  // Inserts `id` into `partition`, replacing any previous vector of `id` (in any
  // partition). InvalidArgument: empty partition key, wrong length, non-finite or zero
  // vector. Internal: the ANN library failed (e.g. out of memory).
  virtual Status Add(std::string_view partition, int64_t id, std::span<const float> vector) = 0;
  // Add for ids.size() vectors stored row-major in `vectors`; the ANN index inserts them
  // in parallel. Same errors as Add; on error some vectors may have been added.
  virtual Status AddBatch(std::string_view partition, std::span<const int64_t> ids,
                          std::span<const float> vectors) = 0;
  // Removes `id`. OK when absent, so replaying a removal is harmless.
  virtual Status Remove(int64_t id) = 0;

  // The k best vectors of the filter's partitions, best first (ties: smaller id first).
  // InvalidArgument: wrong query length or a non-finite / zero query.
  virtual Result<std::vector<VectorHit>> Search(std::span<const float> query, size_t k,
                                                const SearchFilter& filter) const = 0;

  virtual size_t size() const = 0;
  virtual bool Contains(int64_t id) const = 0;
  // Number of vectors in one partition (0 when unknown).
  virtual size_t PartitionSize(std::string_view partition) const = 0;

  // The last store change sequence reflected by the index (0 = none).
  virtual uint64_t applied_sequence() const = 0;
  virtual void set_applied_sequence(uint64_t sequence) = 0;

  // Frees the slots of removed vectors (the HNSW graph keeps them as tombstones).
  virtual Status Compact() = 0;

  // Writes the index atomically (temporary file, fsync, rename) in the format of
  // docs/formats/vector_index.md. IOError on failure; the previous file is then intact.
  virtual Status Save(const std::string& path) const = 0;
};

std::unique_ptr<VectorIndex> NewFlatVectorIndex(const VectorIndexOptions& options);
std::unique_ptr<VectorIndex> NewHnswVectorIndex(const VectorIndexOptions& options);

// Reads an index saved by Save. The kind comes from the file; the dimension must match
// options.dimension and the model id options.model_id. NotFound: no file; Corruption: bad
// magic, checksum or structure; NotSupported: a newer format version; FailedPrecondition:
// dimension or model mismatch (the engine then rebuilds from the store).
Result<std::unique_ptr<VectorIndex>> LoadVectorIndex(const std::string& path,
                                                     const VectorIndexOptions& options);

// Applies, in order, the changes whose sequence is above index->applied_sequence(), then
// sets applied_sequence to the last one. Idempotent: replaying the same changes is a no-op.
// InvalidArgument if the sequences are not increasing.
Status ApplyChanges(VectorIndex* index, std::span<const VectorChange> changes);

}  // namespace engram::index

#endif  // ENGRAM_INDEX_VECTOR_INDEX_H_
