#include "src/embed/embedding_cache.h"

#include <bit>
#include <cstring>

#include "engram/status_macros.h"
#include "src/base/hash.h"

namespace engram::embed {

static_assert(std::endian::native == std::endian::little, "vector blobs are little-endian");

std::string EmbeddingTextHash(EmbedRole role, std::string_view text) {
  std::string tagged(role == EmbedRole::kQuery ? "q\n" : "p\n");
  tagged.append(text);
  return base::Blake2bHex(tagged);
}

std::string EncodeVector(std::span<const float> vector) {
  std::string blob(vector.size() * sizeof(float), '\0');
  if (!vector.empty()) std::memcpy(blob.data(), vector.data(), blob.size());
  return blob;
}

Result<std::vector<float>> DecodeVector(std::string_view blob) {
  if (blob.empty() || blob.size() % sizeof(float) != 0) {
    return Status::Corruption("embed: cached vector blob has " + std::to_string(blob.size()) +
                              " bytes, not a positive multiple of 4");
  }
  std::vector<float> vector(blob.size() / sizeof(float));
  std::memcpy(vector.data(), blob.data(), blob.size());
  return vector;
}

Result<std::vector<float>> InMemoryEmbeddingCacheBackend::Get(std::string_view model_id,
                                                               std::string_view text_hash) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = entries_.find(std::make_pair(std::string(model_id), std::string(text_hash)));
  if (it == entries_.end()) return Status::NotFound("embedding cache: no entry");
  return it->second;
}

Status InMemoryEmbeddingCacheBackend::Put(std::string_view model_id, std::string_view text_hash,
                                          std::span<const float> vector) {
  std::lock_guard<std::mutex> lock(mu_);
  entries_[std::make_pair(std::string(model_id), std::string(text_hash))] =
      std::vector<float>(vector.begin(), vector.end());
  return Status::OK();
}

size_t InMemoryEmbeddingCacheBackend::size() const {
  std::lock_guard<std::mutex> lock(mu_);
  return entries_.size();
}

CachingEmbedder::CachingEmbedder(std::unique_ptr<Embedder> base, EmbeddingCacheBackend* backend)
    : base_(std::move(base)), backend_(backend), model_id_(base_->ModelId()) {}

Result<Embeddings> CachingEmbedder::Embed(EmbedRole role, std::span<const std::string> texts) {
  const int dim = base_->Dimension();
  Embeddings result;
  result.dimension = dim;
  result.values.resize(texts.size() * static_cast<size_t>(dim));

  std::vector<std::string> hashes(texts.size());
  std::vector<size_t> miss_index;
  std::vector<std::string> miss_texts;
  for (size_t i = 0; i < texts.size(); ++i) {
    hashes[i] = EmbeddingTextHash(role, texts[i]);
    Result<std::vector<float>> cached = backend_->Get(model_id_, hashes[i]);
    if (cached.ok() && cached->size() == static_cast<size_t>(dim)) {
      std::memcpy(result.values.data() + i * dim, cached->data(), dim * sizeof(float));
      hits_.fetch_add(1, std::memory_order_relaxed);
      continue;
    }
    if (!cached.ok() && cached.status().code() != StatusCode::kNotFound) {
      backend_errors_.fetch_add(1, std::memory_order_relaxed);
    }
    misses_.fetch_add(1, std::memory_order_relaxed);
    miss_index.push_back(i);
    miss_texts.push_back(texts[i]);
  }
  if (miss_texts.empty()) return result;

  ENGRAM_ASSIGN_OR_RETURN(Embeddings fresh, base_->Embed(role, miss_texts));
  if (fresh.dimension != dim || fresh.count() != miss_texts.size()) {
    return Status::Internal("embed cache: provider returned a batch of the wrong shape");
  }
  for (size_t j = 0; j < miss_index.size(); ++j) {
    const size_t i = miss_index[j];
    std::span<const float> row = fresh.row(j);
    std::memcpy(result.values.data() + i * dim, row.data(), dim * sizeof(float));
    if (!backend_->Put(model_id_, hashes[i], row).ok()) {
      backend_errors_.fetch_add(1, std::memory_order_relaxed);
    }
  }
  return result;
}

CacheStats CachingEmbedder::stats() const {
  return CacheStats{hits_.load(), misses_.load(), backend_errors_.load()};
}

}  // namespace engram::embed
