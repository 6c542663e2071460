// The backends the store conformance tests run against, and the batches they write
// (test-only header).
#ifndef ENGRAM_SRC_STORE_CONFORMANCE_BACKENDS_H_
#define ENGRAM_SRC_STORE_CONFORMANCE_BACKENDS_H_

#include <gtest/gtest.h>

#include <functional>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "src/store/memory/memory_store.h"
#include "src/store/postgres/pg_store.h"
#include "src/store/postgres/pg_testing.h"
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

// gtest prints a backend by its name (test names and failure messages).
inline void PrintTo(const Backend& b, std::ostream* os) { *os << b.name; }

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
      // A schema of its own per test directory: a second open of the same directory shares
      // the data, as SQLite's second handle on one file does.
      {"postgres",
       [](const std::string& dir) -> std::unique_ptr<Store> {
         const std::string dsn = postgres::TestDsn();
         if (dsn.empty()) return nullptr;
         PostgresOptions po;
         po.dsn = dsn;
         po.schema = "c_" + std::to_string(std::hash<std::string>{}(dir) % 1000000000000ULL);
         po.pool_size = 4;
         auto r = OpenPostgresStore(po);
         EXPECT_TRUE(r.ok()) << r.status().ToString();
         return r.ok() ? std::move(r).value() : nullptr;
       },
       true},
  };
}

// A principal of the tests.
inline Principal TestUser(const std::string& id, std::vector<std::string> teams = {},
                          std::vector<std::string> roles = {}) {
  Principal p;
  p.user_id = id;
  p.teams = std::move(teams);
  p.roles = std::move(roles);
  return p;
}

// One message of `p` at 2024-06-14 15:00 (+08:00) with its episodic record `text`.
inline IngestBatch Batch(const Principal& p, const std::string& text,
                         Visibility vis = Visibility::kPrivate, const std::string& team = "") {
  IngestBatch b;
  b.scope = Scope{p.user_id, "", team, vis};
  b.message.content = text;
  b.message.at = Instant{1718348400000, 480};
  Memory m;
  m.content = text;
  m.valid_from = b.message.at;
  m.source.at = b.message.at;
  b.memories.push_back(m);
  return b;
}

// A fact stated on its own (a semantic memory and no record).
inline IngestBatch FactBatch(const Principal& p, const std::string& subject,
                             const std::string& attr, const std::string& value) {
  IngestBatch b = Batch(p, subject + " " + attr + " " + value);
  b.memories[0].type = MemoryType::kSemantic;
  b.memories[0].kind = MemoryKind::kFact;
  b.memories[0].subject = subject;
  b.memories[0].attribute = attr;
  b.memories[0].value = value;
  return b;
}

}  // namespace engram::store

#endif  // ENGRAM_SRC_STORE_CONFORMANCE_BACKENDS_H_
