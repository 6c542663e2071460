// The Options that open an engine-level test on a store backend (test-only):
//
//   INSTANTIATE_TEST_SUITE_P(Backends, T, ::testing::Values("sqlite", "memory", "postgres"));
//   Options o = BackendOptions(GetParam(), dir);
//
// "postgres" uses the test server of the ctest fixture `postgres` (its DSN file is named by
// $ENGRAM_TEST_PG_DSN_FILE; cmake/EngramPostgresTests.cmake), a schema of its own per
// directory, and a vault key file in the directory. Without the server the test FAILS (the
// Options then name a store that cannot open); it never skips.
#ifndef ENGRAM_TESTING_TEST_BACKENDS_H_
#define ENGRAM_TESTING_TEST_BACKENDS_H_

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "engram/options.h"
#include "src/testing/temp_dir.h"

namespace engram::testing {

// The PostgreSQL test server's DSN, or "" after recording a failure that says why.
inline std::string TestPostgresDsn() {
  const char* file = std::getenv("ENGRAM_TEST_PG_DSN_FILE");
  if (!file || !*file) {
    ADD_FAILURE() << "ENGRAM_TEST_PG_DSN_FILE is not set: run this test through ctest (it "
                     "needs the fixture 'postgres')";
    return "";
  }
  std::ifstream in(file);
  std::string dsn;
  std::getline(in, dsn);
  if (dsn.empty()) ADD_FAILURE() << "no DSN in '" << file << "': the test server did not start";
  return dsn;
}

// The test server's DSN ("host=H port=P user=U dbname=D") as a store URI with `schema`.
inline std::string TestPostgresUri(const std::string& schema) {
  std::map<std::string, std::string> kv;
  std::istringstream in(TestPostgresDsn());
  std::string pair;
  while (in >> pair) {
    const size_t eq = pair.find('=');
    if (eq != std::string::npos) kv[pair.substr(0, eq)] = pair.substr(eq + 1);
  }
  return "postgres://" + kv["user"] + "@" + kv["host"] + ":" + kv["port"] + "/" + kv["dbname"] +
         "?schema=" + schema;
}

inline Options BackendOptions(const std::string& backend, const TempDir& dir) {
  Options o;
  o.db_path = dir.File("engram.db");
  if (backend == "postgres") {
    o.store = TestPostgresUri(
        "e_" + std::to_string(std::hash<std::string>{}(dir.path()) % 1000000000000ULL));
    o.vault_key_file = dir.File("vault.key");
  } else {
    o.backend = backend;
  }
  return o;
}

}  // namespace engram::testing

#endif  // ENGRAM_TESTING_TEST_BACKENDS_H_
