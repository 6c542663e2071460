// HashingEmbedder: a deterministic bag-of-features embedder for tests and minimal builds.
//
// Features are lower-cased ASCII words plus code-point unigrams and bigrams of any other
// script (so Chinese text without spaces still shares features). Each feature is hashed
// (FNV-1a 64) to a signed bucket; the vector is L2-normalized. Texts that share features
// have positive cosine similarity; the vectors carry no meaning beyond that. The role
// (query / passage) does not change the vector.
//
// Thread safety: stateless after construction; safe to call from many threads.
#ifndef ENGRAM_EMBED_HASHING_EMBEDDER_H_
#define ENGRAM_EMBED_HASHING_EMBEDDER_H_

#include <string>

#include "engram/embedder.h"

namespace engram::embed {

class HashingEmbedder : public Embedder {
 public:
  // REQUIRES: dimension > 0.
  explicit HashingEmbedder(int dimension = 384);

  int Dimension() const override { return dimension_; }
  std::string ModelId() const override;
  Result<Embeddings> Embed(EmbedRole role, std::span<const std::string> texts) override;

  // Embeds one text into `out` (dimension floats). A text with no features maps to the
  // first unit vector, so the output is always unit-norm.
  void EmbedOne(std::string_view text, std::span<float> out) const;

 private:
  const int dimension_;
};

}  // namespace engram::embed

#endif  // ENGRAM_EMBED_HASHING_EMBEDDER_H_
