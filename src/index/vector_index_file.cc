// Save and Load of the vector index file (docs/formats/vector_index.md).
#include <fcntl.h>
#include <sodium.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "engram/status_macros.h"
#include "src/index/flat_partition.h"
#include "src/index/hnsw_partition.h"
#include "src/index/vector_index_impl.h"

namespace engram::index {
namespace {

constexpr char kMagic[8] = {'E', 'N', 'G', 'R', 'A', 'M', 'V', 'I'};
constexpr char kEndMagic[8] = {'E', 'N', 'G', 'R', 'A', 'M', 'V', 'E'};
constexpr uint32_t kFormatVersion = 1;
constexpr size_t kHeaderBytes = 8 + 4 + 4 + 4 + 8 + 8 + 4 + 4;
constexpr size_t kTrailerBytes = crypto_generichash_BYTES + 8;
constexpr uint8_t kRows = 0;
constexpr uint8_t kGraph = 1;

std::string Errno(const std::string& what) { return what + ": " + std::strerror(errno); }

// Creates a fresh file beside `path` named "<path>.tmp.XXXXXX" (unique, so two processes
// saving the same index never share a temporary), mode 0600. Sets *name; null on failure.
std::FILE* CreateTemp(const std::string& path, const char* mode, std::string* name) {
  std::string pattern = path + ".tmp.XXXXXX";
  const int fd = ::mkstemp(pattern.data());
  if (fd < 0) return nullptr;
  *name = pattern;
  std::FILE* f = ::fdopen(fd, mode);
  if (f == nullptr) {
    ::close(fd);
    std::remove(pattern.c_str());
  }
  return f;
}

// Writes to a FILE while hashing everything written.
class HashingWriter {
 public:
  HashingWriter(std::FILE* f, std::string path) : f_(f), path_(std::move(path)) {
    crypto_generichash_init(&state_, nullptr, 0, crypto_generichash_BYTES);
  }
  void Write(const void* data, size_t n) {
    if (!ok_ || n == 0) return;
    crypto_generichash_update(&state_, static_cast<const unsigned char*>(data), n);
    if (std::fwrite(data, 1, n, f_) != n) ok_ = false;
  }
  template <typename T>
  void Pod(T value) {
    Write(&value, sizeof(value));
  }
  Status Finish() {
    unsigned char digest[crypto_generichash_BYTES];
    crypto_generichash_final(&state_, digest, sizeof(digest));
    if (ok_ && (std::fwrite(digest, 1, sizeof(digest), f_) != sizeof(digest) ||
                std::fwrite(kEndMagic, 1, 8, f_) != 8)) {
      ok_ = false;
    }
    if (!ok_ || std::fflush(f_) != 0 || ::fsync(fileno(f_)) != 0) {
      return Status::IOError(Errno("vector index: write '" + path_ + "'"));
    }
    return Status::OK();
  }

 private:
  std::FILE* f_;
  std::string path_;
  crypto_generichash_state state_;
  bool ok_ = true;
};

// Reads a file region by region with bounds checks.
class Reader {
 public:
  Reader(std::FILE* f, uint64_t limit) : f_(f), left_(limit) {}
  bool Read(void* out, uint64_t n) {
    if (n > left_ || std::fread(out, 1, n, f_) != n) return false;
    left_ -= n;
    return true;
  }
  template <typename T>
  bool Pod(T* value) {
    return Read(value, sizeof(T));
  }
  uint64_t left() const { return left_; }

 private:
  std::FILE* f_;
  uint64_t left_;
};

Status Corrupt(const std::string& path, const std::string& what) {
  return Status::Corruption("vector index: '" + path + "': " + what);
}

// Checks the trailer: end magic and the BLAKE2b of everything before it.
Status VerifyChecksum(std::FILE* f, const std::string& path, uint64_t size) {
  crypto_generichash_state state;
  crypto_generichash_init(&state, nullptr, 0, crypto_generichash_BYTES);
  std::vector<unsigned char> buf(1 << 20);
  uint64_t left = size - kTrailerBytes;
  while (left > 0) {
    const size_t n = static_cast<size_t>(std::min<uint64_t>(left, buf.size()));
    if (std::fread(buf.data(), 1, n, f) != n) return Corrupt(path, "short read");
    crypto_generichash_update(&state, buf.data(), n);
    left -= n;
  }
  unsigned char digest[crypto_generichash_BYTES];
  crypto_generichash_final(&state, digest, sizeof(digest));
  unsigned char trailer[kTrailerBytes];
  if (std::fread(trailer, 1, kTrailerBytes, f) != kTrailerBytes) {
    return Corrupt(path, "short read");
  }
  if (std::memcmp(trailer + crypto_generichash_BYTES, kEndMagic, 8) != 0) {
    return Corrupt(path, "missing end marker (truncated?)");
  }
  if (std::memcmp(trailer, digest, sizeof(digest)) != 0) return Corrupt(path, "checksum mismatch");
  return Status::OK();
}

}  // namespace

Status VectorIndexImpl::Save(const std::string& path) const {
  if (sodium_init() < 0) return Status::Internal("vector index: libsodium init failed");
  std::lock_guard<std::mutex> save_lock(save_mu_);
  std::shared_lock<std::shared_mutex> lock(mu_);
  std::string tmp;
  std::FILE* f = CreateTemp(path, "wb", &tmp);
  if (f == nullptr) return Status::IOError(Errno("vector index: create '" + path + ".tmp.*'"));
  HashingWriter w(f, tmp);
  w.Write(kMagic, 8);
  w.Pod<uint32_t>(kFormatVersion);
  w.Pod<uint32_t>(static_cast<uint32_t>(options_.dimension));
  w.Pod<uint32_t>(graphs_ ? 1 : 0);
  w.Pod<uint64_t>(applied_sequence_.load());
  w.Pod<uint64_t>(where_.size());
  w.Pod<uint32_t>(static_cast<uint32_t>(partitions_.size()));
  w.Pod<uint32_t>(0);
  w.Pod<uint32_t>(static_cast<uint32_t>(options_.model_id.size()));
  w.Write(options_.model_id.data(), options_.model_id.size());
  Status status;
  for (const auto& [key, partition] : partitions_) {
    w.Pod<uint32_t>(static_cast<uint32_t>(key.size()));
    w.Write(key.data(), key.size());
    w.Pod<uint8_t>(partition->is_graph() ? kGraph : kRows);
    w.Pod<uint64_t>(partition->size());
    std::vector<float> rows;
    partition->ForEach([&](int64_t id, const float* v) {
      w.Pod<int64_t>(id);
      if (!partition->is_graph()) rows.insert(rows.end(), v, v + options_.dimension);
    });
    if (!partition->is_graph()) {
      w.Write(rows.data(), rows.size() * sizeof(float));
      continue;
    }
    std::string graph_tmp;
    std::FILE* reserved = CreateTemp(path + ".graph", "wb", &graph_tmp);
    if (reserved == nullptr) {
      status = Status::IOError(Errno("vector index: create '" + path + ".graph.tmp.*'"));
      break;
    }
    std::fclose(reserved);
    status = static_cast<const HnswPartition*>(partition.get())->SaveGraph(graph_tmp);
    if (!status.ok()) {
      std::remove(graph_tmp.c_str());
      break;
    }
    std::FILE* g = std::fopen(graph_tmp.c_str(), "rb");
    if (g == nullptr) {
      status = Status::IOError(Errno("vector index: open '" + graph_tmp + "'"));
      break;
    }
    std::error_code ec;
    w.Pod<uint64_t>(std::filesystem::file_size(graph_tmp, ec));
    std::vector<char> buf(1 << 20);
    for (size_t n; (n = std::fread(buf.data(), 1, buf.size(), g)) > 0;) w.Write(buf.data(), n);
    std::fclose(g);
    std::remove(graph_tmp.c_str());
  }
  if (status.ok()) status = w.Finish();
  std::fclose(f);
  if (status.ok() && std::rename(tmp.c_str(), path.c_str()) != 0) {
    status = Status::IOError(Errno("vector index: rename to '" + path + "'"));
  }
  if (!status.ok()) {
    std::remove(tmp.c_str());
    return status;
  }
  const std::string dir = std::filesystem::path(path).parent_path().string();
  const int dfd = ::open(dir.empty() ? "." : dir.c_str(), O_RDONLY | O_DIRECTORY);
  if (dfd >= 0) {
    ::fsync(dfd);
    ::close(dfd);
  }
  return Status::OK();
}

Result<std::unique_ptr<VectorIndex>> LoadVectorIndex(const std::string& path,
                                                     const VectorIndexOptions& options) {
  if (sodium_init() < 0) return Status::Internal("vector index: libsodium init failed");
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) {
    return Status::NotFound("vector index: no file '" + path + "'");
  }
  const uint64_t size = std::filesystem::file_size(path, ec);
  if (ec) return Status::IOError("vector index: stat '" + path + "': " + ec.message());
  if (size < kHeaderBytes + kTrailerBytes) return Corrupt(path, "file too small");
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> f(std::fopen(path.c_str(), "rb"), &std::fclose);
  if (!f) return Status::IOError(Errno("vector index: open '" + path + "'"));

  char magic[8];
  uint32_t version = 0;
  if (std::fread(magic, 1, 8, f.get()) != 8 || std::memcmp(magic, kMagic, 8) != 0) {
    return Corrupt(path, "bad magic");
  }
  if (std::fread(&version, 4, 1, f.get()) != 1) return Corrupt(path, "short header");
  if (version > kFormatVersion) {
    return Status::NotSupported("vector index: '" + path + "' has format version " +
                                std::to_string(version) + "; this build reads up to " +
                                std::to_string(kFormatVersion));
  }
  std::rewind(f.get());
  ENGRAM_RETURN_IF_ERROR(VerifyChecksum(f.get(), path, size));
  std::fseek(f.get(), 12, SEEK_SET);

  Reader r(f.get(), size - kTrailerBytes - 12);
  uint32_t dimension = 0, kind = 0, partition_count = 0, reserved = 0;
  uint64_t applied = 0, total = 0;
  if (!r.Pod(&dimension) || !r.Pod(&kind) || !r.Pod(&applied) || !r.Pod(&total) ||
      !r.Pod(&partition_count) || !r.Pod(&reserved) || kind > 1) {
    return Corrupt(path, "bad header");
  }
  uint32_t model_len = 0;
  if (!r.Pod(&model_len) || model_len > r.left()) return Corrupt(path, "bad model id");
  std::string model_id(model_len, '\0');
  if (!r.Read(model_id.data(), model_len)) return Corrupt(path, "bad model id");
  if (dimension != static_cast<uint32_t>(options.dimension)) {
    return Status::FailedPrecondition("vector index: '" + path + "' holds " +
                                      std::to_string(dimension) + "-d vectors, expected " +
                                      std::to_string(options.dimension));
  }
  if (model_id != options.model_id) {
    return Status::FailedPrecondition("vector index: '" + path + "' was built with model '" +
                                      model_id + "', expected '" + options.model_id + "'");
  }
  auto index = std::make_unique<VectorIndexImpl>(options, kind == 1);
  index->set_applied_sequence(applied);
  for (uint32_t p = 0; p < partition_count; ++p) {
    uint32_t key_len = 0;
    uint8_t encoding = 0;
    uint64_t count = 0;
    if (!r.Pod(&key_len) || key_len == 0 || key_len > r.left()) return Corrupt(path, "bad key");
    std::string key(key_len, '\0');
    if (!r.Read(key.data(), key_len) || !r.Pod(&encoding) || !r.Pod(&count) || encoding > 1 ||
        count > r.left() / sizeof(int64_t)) {
      return Corrupt(path, "bad partition header");
    }
    std::vector<int64_t> ids(count);
    if (!r.Read(ids.data(), count * sizeof(int64_t))) return Corrupt(path, "short id list");
    std::unique_ptr<Partition> partition;
    if (encoding == kRows) {
      if (count > r.left() / (dimension * sizeof(float))) return Corrupt(path, "short rows");
      std::vector<float> rows(count * dimension);
      if (!r.Read(rows.data(), rows.size() * sizeof(float))) return Corrupt(path, "short rows");
      auto flat = std::make_unique<FlatPartition>(options.dimension);
      ENGRAM_RETURN_IF_ERROR(flat->Add(ids, rows));
      partition = std::move(flat);
    } else {
      uint64_t graph_len = 0;
      if (!r.Pod(&graph_len) || graph_len > r.left()) return Corrupt(path, "bad graph length");
      std::string graph_tmp;
      std::FILE* g = CreateTemp(path + ".graph", "wb", &graph_tmp);
      if (g == nullptr) {
        return Status::IOError(Errno("vector index: create '" + path + ".graph.tmp.*'"));
      }
      std::vector<char> buf(1 << 20);
      bool ok = true;
      for (uint64_t left = graph_len; left > 0 && ok;) {
        const size_t n = static_cast<size_t>(std::min<uint64_t>(left, buf.size()));
        ok = r.Read(buf.data(), n) && std::fwrite(buf.data(), 1, n, g) == n;
        left -= n;
      }
      ok = std::fclose(g) == 0 && ok;
      Result<std::unique_ptr<HnswPartition>> graph =
          ok ? HnswPartition::LoadGraph(options, graph_tmp, ids)
             : Result<std::unique_ptr<HnswPartition>>(Corrupt(path, "short graph"));
      std::remove(graph_tmp.c_str());
      ENGRAM_RETURN_IF_ERROR(graph.status());
      partition = std::move(graph).value();
    }
    index->InstallPartition(std::move(key), std::move(partition));
  }
  if (index->size() != total) return Corrupt(path, "vector count does not match the header");
  return std::unique_ptr<VectorIndex>(std::move(index));
}

}  // namespace engram::index
