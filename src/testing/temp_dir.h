// A temporary directory removed (with its contents) when destroyed. For tests.
#ifndef ENGRAM_TESTING_TEMP_DIR_H_
#define ENGRAM_TESTING_TEMP_DIR_H_

#include <filesystem>
#include <string>

namespace engram::testing {

class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::string& path() const { return path_; }
  // path() + "/" + name.
  std::string File(const std::string& name) const { return path_ + "/" + name; }

 private:
  std::string path_;
};

}  // namespace engram::testing

#endif  // ENGRAM_TESTING_TEMP_DIR_H_
