// StoreVectorIndex: the engine's VectorIndex when the store searches vectors itself
// (Store::SearchVectors: PostgreSQL + pgvector). Nothing is held in the process: every
// search asks the store for a few more candidates than it needs and scores them here with
// the exact index's own arithmetic (a flat index over the candidates: L2-normalized float32
// dot products, ties to the smaller id), so a score is the number the in-process index gives
// for the same vector. The store's vector change log is not replayed (the writes are the
// index): Add, Remove and ApplyChanges are no-ops; Save writes nothing.
//
// Thread safety: all methods may be called concurrently (the store is thread-safe; no state).
#ifndef ENGRAM_ENGINE_STORE_VECTOR_INDEX_H_
#define ENGRAM_ENGINE_STORE_VECTOR_INDEX_H_

#include <memory>
#include <string>

#include "src/index/vector_index.h"
#include "src/store/store.h"

namespace engram::engine {

// `store` is not owned and must outlive the index.
std::unique_ptr<index::VectorIndex> NewStoreVectorIndex(store::Store* store,
                                                        const index::VectorIndexOptions& options);

// How many candidates a search of `k` asks the store for: k plus a margin that absorbs the
// store's own rounding of distances (pgvector's float cosine) at the k-th place.
size_t StoreSearchDepth(size_t k);

}  // namespace engram::engine

#endif  // ENGRAM_ENGINE_STORE_VECTOR_INDEX_H_
