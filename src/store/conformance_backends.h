// The backends the store conformance tests run against (test-only header).
#ifndef ENGRAM_SRC_STORE_CONFORMANCE_BACKENDS_H_
#define ENGRAM_SRC_STORE_CONFORMANCE_BACKENDS_H_

#include <gtest/gtest.h>

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "src/store/memory/memory_store.h"
#include "src/store/sqlite/sqlite_store.h"
#include "src/store/store.h"

namespace engram::store {

// A backend under test: opens a store; calling it again opens another handle on the SAME
// data where the backend can do that (SQLite), or returns the same store (memory).
struct Backend {
  std::string name;
  std::function<std::unique_ptr<Store>(const std::string& dir)> open;
  bool shares_data_across_handles;
};

inline std::vector<Backend> Backends() {
  return {
      {"memory", [](const std::string&) { return NewMemoryStore(); }, false},
      {"sqlite",
       [](const std::string& dir) {
         auto r = OpenSqliteStore(SqliteOptions{dir + "/engram.db", true, 10000});
         EXPECT_TRUE(r.ok()) << r.status().ToString();
         return r.ok() ? std::move(r).value() : nullptr;
       },
       true},
  };
}

}  // namespace engram::store

#endif  // ENGRAM_SRC_STORE_CONFORMANCE_BACKENDS_H_
