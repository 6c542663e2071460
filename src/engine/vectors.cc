#include "src/engine/vectors.h"

#include <filesystem>

#include "engram/status_macros.h"
#include "src/engine/store_vector_index.h"
#include "src/text/pii/pii_masker.h"

namespace engram::engine {
namespace {

// The store's embedding cache behind the embed layer's cache interface.
class StoreCacheBackend final : public embed::EmbeddingCacheBackend {
 public:
  StoreCacheBackend(store::Store* store, bool read_only) : store_(store), read_only_(read_only) {}

  Result<std::vector<float>> Get(std::string_view model, std::string_view hash) override {
    ENGRAM_ASSIGN_OR_RETURN(auto blob,
                            store_->GetCachedEmbedding(std::string(model), std::string(hash)));
    return embed::DecodeVector(blob);
  }

  Status Put(std::string_view model, std::string_view hash,
             std::span<const float> vector) override {
    if (read_only_) return Status::OK();
    return store_->PutCachedEmbedding(std::string(model), std::string(hash),
                                      embed::EncodeVector(vector));
  }

 private:
  store::Store* store_;
  bool read_only_;
};

constexpr int kReplayBatch = 4096;

// What an embedder sees of a stored or asked text: placeholders without their IDs
// (text::pii::WithoutPlaceholderIds: "⟦PHONE⟧", not "⟦PHONE:k3v9x2m1⟧"). An ID is random letters
// drawn from the database's vault key: embedded, it moved a statement's vector by chance (by up
// to 0.005 of cosine, from one database to the next) and said nothing of what it means.
std::string EmbeddableText(const std::string& text) {
  return text::pii::WithoutPlaceholderIds(text);
}

// Hands the wrapped embedder (the cache, then the provider) EmbeddableText of each text.
class PlaceholderFreeEmbedder final : public Embedder {
 public:
  explicit PlaceholderFreeEmbedder(std::unique_ptr<Embedder> base) : base_(std::move(base)) {}
  int Dimension() const override { return base_->Dimension(); }
  std::string ModelId() const override { return base_->ModelId(); }
  Result<Embeddings> Embed(EmbedRole role, std::span<const std::string> texts) override {
    std::vector<std::string> clean;
    clean.reserve(texts.size());
    for (const std::string& t : texts) clean.push_back(EmbeddableText(t));
    return base_->Embed(role, clean);
  }

 private:
  const std::unique_ptr<Embedder> base_;
};

}  // namespace

Result<std::unique_ptr<Vectors>> Vectors::Open(std::unique_ptr<Embedder> embedder,
                                               store::Store* store, std::string index_path,
                                               bool store_search, bool read_only) {
  std::unique_ptr<Vectors> v(new Vectors());
  v->store_ = store;
  v->index_path_ = std::move(index_path);
  v->model_id_ = embedder->ModelId();
  index::VectorIndexOptions io;
  io.dimension = embedder->Dimension();
  io.model_id = v->model_id_;
  v->cache_backend_ = std::make_unique<StoreCacheBackend>(store, read_only);
  v->embedder_ = std::make_unique<PlaceholderFreeEmbedder>(
      std::make_unique<embed::CachingEmbedder>(std::move(embedder), v->cache_backend_.get()));
  if (store_search) {
    v->store_search_ = true;
    v->index_path_.clear();
    v->index_ = NewStoreVectorIndex(store, io);
    return v;
  }
  if (!v->index_path_.empty() && std::filesystem::exists(v->index_path_)) {
    auto loaded = index::LoadVectorIndex(v->index_path_, io);
    // A corrupt file, another model or dimension, or a newer format: rebuild from the log.
    if (loaded.ok()) v->index_ = std::move(loaded).value();
  }
  if (!v->index_) v->index_ = index::NewHnswVectorIndex(io);
  if (Status s = v->Sync(); !s.ok()) return s.WithPrefix("vector index");
  ENGRAM_RETURN_IF_ERROR(v->Save());
  return v;
}

Vectors::~Vectors() {
  std::lock_guard lock(sync_mu_);
  if (dirty_ && !index_path_.empty()) (void)index_->Save(index_path_);
}

Result<std::vector<std::string>> Vectors::EmbedPassages(const std::vector<std::string>& texts) {
  auto e = embedder_->EmbedPassages(texts);
  if (!e.ok()) return e.status().WithPrefix("embed");
  std::vector<std::string> out;
  out.reserve(e->count());
  for (size_t i = 0; i < e->count(); ++i) out.push_back(embed::EncodeVector(e->row(i)));
  return out;
}

Status Vectors::Sync() {
  if (store_search_) return Status::OK();  // the store's writes are the index
  std::lock_guard lock(sync_mu_);
  while (true) {
    ENGRAM_ASSIGN_OR_RETURN(
        auto changes, store_->VectorChangesSince(static_cast<int64_t>(index_->applied_sequence()),
                                                 model_id_, kReplayBatch));
    if (changes.empty()) return Status::OK();
    std::vector<index::VectorChange> batch;
    batch.reserve(changes.size());
    for (store::VectorChange& c : changes) {
      index::VectorChange ic;
      ic.sequence = static_cast<uint64_t>(c.seq);
      ic.id = c.memory_id;
      ic.op = c.upsert ? index::VectorChange::Op::kUpsert : index::VectorChange::Op::kRemove;
      if (c.upsert) {
        if (c.vector.empty()) {
          // No vector in this model (written with another embedder, or erased since):
          // nothing to index. Removing keeps the entry's sequence moving forward.
          ic.op = index::VectorChange::Op::kRemove;
        } else {
          auto vec = embed::DecodeVector(c.vector);
          if (!vec.ok()) return vec.status().WithPrefix("memory " + std::to_string(c.memory_id));
          ic.partition = std::move(c.partition);
          ic.vector = std::move(vec).value();
        }
      }
      batch.push_back(std::move(ic));
    }
    ENGRAM_RETURN_IF_ERROR(index::ApplyChanges(index_.get(), batch));
    dirty_ = true;
  }
}

Status Vectors::Save() {
  std::lock_guard lock(sync_mu_);
  if (index_path_.empty() || !dirty_) return Status::OK();
  ENGRAM_RETURN_IF_ERROR(index_->Save(index_path_));
  dirty_ = false;
  return Status::OK();
}

Status Vectors::CompactAndSave() {
  std::lock_guard lock(sync_mu_);
  if (Status s = index_->Compact(); !s.ok()) return s.WithPrefix("vector index");
  if (index_path_.empty()) return Status::OK();
  ENGRAM_RETURN_IF_ERROR(index_->Save(index_path_));
  dirty_ = false;
  return Status::OK();
}

Status Vectors::EraseCached(const std::vector<std::string>& texts) {
  std::vector<std::string> hashes;
  for (const std::string& t : texts) {
    const std::string embedded = EmbeddableText(t);
    hashes.push_back(embed::EmbeddingTextHash(EmbedRole::kPassage, embedded));
    hashes.push_back(embed::EmbeddingTextHash(EmbedRole::kQuery, embedded));
  }
  return store_->DeleteCachedEmbeddings(hashes);
}

}  // namespace engram::engine
