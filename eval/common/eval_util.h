// Helpers shared by the recall evaluations: a scratch database and latency percentiles.
#ifndef ENGRAM_EVAL_COMMON_EVAL_UTIL_H_
#define ENGRAM_EVAL_COMMON_EVAL_UTIL_H_

#include <string>
#include <vector>

namespace engram::eval {

// A database path for one evaluation run. With an empty `path` a temporary file is made and
// removed (with its -wal, -shm and .vectors siblings) on destruction; a given path is kept.
class ScratchDb {
 public:
  explicit ScratchDb(const std::string& path, const std::string& tag);
  ~ScratchDb();
  ScratchDb(const ScratchDb&) = delete;
  ScratchDb& operator=(const ScratchDb&) = delete;

  const std::string& path() const { return path_; }
  bool exists() const;   // the main database file is there
  void Remove() const;   // deletes the file and its siblings

 private:
  std::string path_;
  bool temporary_;
};

// The p-quantile (0..1) by nearest rank; 0 for an empty sample.
double Percentile(std::vector<double> v, double p);

}  // namespace engram::eval

#endif  // ENGRAM_EVAL_COMMON_EVAL_UTIL_H_
