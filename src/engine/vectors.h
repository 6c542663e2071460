// Vectors: the engine's embedder and vector index, and the upkeep that keeps the index a
// faithful copy of the store's vector change log.
//
// The index is derived data. At open it is loaded from its file (or started empty when the
// file is missing, corrupt, or made with another model) and brought up to date by replaying
// the store's log from the sequence it last applied; the same replay runs before every
// recall, so writes by other engines or processes on the same database are seen. A crash
// between a store commit and an index save therefore costs only a replay.
//
// A store that searches vectors itself (PostgreSQL + pgvector; the registry says which,
// SearchesVectorsInStore) gets no in-process copy: the index is a StoreVectorIndex, and
// Sync, Save and CompactAndSave have nothing to do.
//
// Thread safety: all methods may be called concurrently.
#ifndef ENGRAM_ENGINE_VECTORS_H_
#define ENGRAM_ENGINE_VECTORS_H_

#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "engram/embedder.h"
#include "engram/options.h"
#include "engram/result.h"
#include "src/embed/embedding_cache.h"
#include "src/index/vector_index.h"
#include "src/store/store.h"

namespace engram::engine {

class Vectors {
 public:
  // `store` is not owned and must outlive this object. `index_path` "" keeps the index in
  // memory only; `store_search` searches through the store instead (index_path unused).
  // `read_only`: the store's embedding cache is read but never written (a store that must not
  // change, as `engram migrate`'s source). REQUIRES: embedder != nullptr.
  static Result<std::unique_ptr<Vectors>> Open(std::unique_ptr<Embedder> embedder,
                                               store::Store* store, std::string index_path,
                                               bool store_search = false, bool read_only = false);
  ~Vectors();  // saves the index when it changed

  // Encoded passage vectors for `texts`, in order (for IngestBatch / Revision).
  Result<std::vector<std::string>> EmbedPassages(const std::vector<std::string>& texts);

  // Applies the store's log entries the index has not seen yet.
  Status Sync();

  // Saves the index file (no-op for an in-memory index).
  Status Save();

  // Forgets cached embeddings of erased texts (hard forget). Texts are embedded, and cached,
  // with their PII placeholders stripped of IDs ("⟦PHONE⟧"), so the vector of a statement does
  // not depend on the vault key: two texts that differ only in a masked value share an entry.
  Status EraseCached(const std::vector<std::string>& texts);

  // Frees the slots of removed vectors and rewrites the index file (temporary file, then
  // rename), so that erased vectors leave it. No-op save for an in-memory index.
  Status CompactAndSave();

  Embedder* embedder() { return embedder_.get(); }
  index::VectorIndex* index() { return index_.get(); }
  const std::string& model_id() const { return model_id_; }

 private:
  Vectors() = default;

  std::unique_ptr<embed::EmbeddingCacheBackend> cache_backend_;
  // the provider behind the cache, behind placeholders stripped of their IDs
  std::unique_ptr<Embedder> embedder_;
  std::unique_ptr<index::VectorIndex> index_;
  store::Store* store_ = nullptr;
  std::string index_path_;
  std::string model_id_;
  std::mutex sync_mu_;  // one replay at a time
  bool dirty_ = false;  // guarded by sync_mu_
  bool store_search_ = false;
};

}  // namespace engram::engine

#endif  // ENGRAM_ENGINE_VECTORS_H_
