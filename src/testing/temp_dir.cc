#include "src/testing/temp_dir.h"

#include <stdlib.h>

#include <cstdlib>

namespace engram::testing {

TempDir::TempDir() {
  std::string tmpl = (std::filesystem::temp_directory_path() / "engram-test-XXXXXX").string();
  if (mkdtemp(tmpl.data()) == nullptr) std::abort();
  path_ = tmpl;
}

TempDir::~TempDir() {
  std::error_code ec;
  std::filesystem::remove_all(path_, ec);
}

}  // namespace engram::testing
