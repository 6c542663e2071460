// Test helper: reads a JSONL corpus under $ENGRAM_SOURCE_DIR/tests/corpora/.
//
// Thread safety: plain function; no shared state.
#ifndef ENGRAM_SRC_EXTRACT_CORPUS_UTIL_H_
#define ENGRAM_SRC_EXTRACT_CORPUS_UTIL_H_

#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace engram::extract::testing {

// One parsed object per non-empty line; empty when the file cannot be read (callers assert on
// the size, so a missing corpus fails the test).
inline std::vector<nlohmann::json> ReadCorpus(const std::string& name) {
  std::vector<nlohmann::json> rows;
  const char* root = std::getenv("ENGRAM_SOURCE_DIR");
  if (root == nullptr) return rows;
  std::ifstream in(std::string(root) + "/tests/corpora/" + name);
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty()) rows.push_back(nlohmann::json::parse(line));
  }
  return rows;
}

}  // namespace engram::extract::testing

#endif  // ENGRAM_SRC_EXTRACT_CORPUS_UTIL_H_
