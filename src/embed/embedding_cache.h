// The embedding cache: vectors keyed by (model id, text hash), so a text is embedded once
// per model no matter how often it is stored or asked about.
//
// EmbeddingCacheBackend is the persistence hook; the SQLite store implements it (a table
// keyed by (model_id, text_hash) holding EncodeVector() blobs). InMemoryEmbeddingCacheBackend
// serves tests. CachingEmbedder wraps any Embedder with a backend.
//
// Thread safety: InMemoryEmbeddingCacheBackend and CachingEmbedder are safe to use from many
// threads at once; a backend implementation must be as well.
#ifndef ENGRAM_EMBED_EMBEDDING_CACHE_H_
#define ENGRAM_EMBED_EMBEDDING_CACHE_H_

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engram/embedder.h"
#include "engram/status.h"

namespace engram::embed {

// Lower-case hex BLAKE2b-256 of the role tag and the text ("q\n..." or "p\n..."): query and
// passage vectors of the same text differ for e5, so they are cached apart.
std::string EmbeddingTextHash(EmbedRole role, std::string_view text);

// The persisted form of a vector: dimension float32 values, little-endian, no header.
std::string EncodeVector(std::span<const float> vector);
// Corruption if the blob length is not a multiple of 4 or is empty.
Result<std::vector<float>> DecodeVector(std::string_view blob);

class EmbeddingCacheBackend {
 public:
  virtual ~EmbeddingCacheBackend() = default;
  // The cached vector, NotFound if absent; other codes for storage failures.
  virtual Result<std::vector<float>> Get(std::string_view model_id,
                                         std::string_view text_hash) = 0;
  // Stores or overwrites the vector. IOError and the like on storage failures.
  virtual Status Put(std::string_view model_id, std::string_view text_hash,
                     std::span<const float> vector) = 0;
};

class InMemoryEmbeddingCacheBackend : public EmbeddingCacheBackend {
 public:
  Result<std::vector<float>> Get(std::string_view model_id, std::string_view text_hash) override;
  Status Put(std::string_view model_id, std::string_view text_hash,
             std::span<const float> vector) override;
  size_t size() const;

 private:
  mutable std::mutex mu_;
  std::map<std::pair<std::string, std::string>, std::vector<float>, std::less<>> entries_;
};

struct CacheStats {
  uint64_t hits = 0;
  uint64_t misses = 0;
  uint64_t backend_errors = 0;  // Get/Put failures; the cache then behaves as a miss
};

// An Embedder that answers from the backend first and embeds only the misses (in one
// batched call to the wrapped embedder), then writes them back. A backend failure never
// fails an Embed call: the cache is an optimization. Cached vectors of the wrong
// dimension are treated as misses.
class CachingEmbedder : public Embedder {
 public:
  // REQUIRES: base != nullptr, backend != nullptr. `backend` is not owned and must
  // outlive this object.
  CachingEmbedder(std::unique_ptr<Embedder> base, EmbeddingCacheBackend* backend);

  int Dimension() const override { return base_->Dimension(); }
  std::string ModelId() const override { return model_id_; }
  Result<Embeddings> Embed(EmbedRole role, std::span<const std::string> texts) override;

  CacheStats stats() const;

 private:
  const std::unique_ptr<Embedder> base_;
  EmbeddingCacheBackend* const backend_;
  const std::string model_id_;
  std::atomic<uint64_t> hits_{0};
  std::atomic<uint64_t> misses_{0};
  std::atomic<uint64_t> backend_errors_{0};
};

}  // namespace engram::embed

#endif  // ENGRAM_EMBED_EMBEDDING_CACHE_H_
