#include "eval/common/eval_util.h"

#include <algorithm>
#include <filesystem>

#include <unistd.h>

namespace engram::eval {

namespace fs = std::filesystem;

ScratchDb::ScratchDb(const std::string& path, const std::string& tag)
    : path_(path), temporary_(path.empty()) {
  if (temporary_) {
    path_ = (fs::temp_directory_path() /
             ("engram-" + tag + "-" + std::to_string(::getpid()) + ".db"))
                .string();
    Remove();
  }
}

ScratchDb::~ScratchDb() {
  if (temporary_) Remove();
}

bool ScratchDb::exists() const {
  std::error_code ec;
  return fs::exists(path_, ec);
}

void ScratchDb::Remove() const {
  std::error_code ec;
  for (const char* suffix : {"", "-wal", "-shm", ".vectors"}) fs::remove(path_ + suffix, ec);
}

double Percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[static_cast<size_t>(p * (v.size() - 1) + 0.5)];
}

}  // namespace engram::eval
