// Test support for the PostgreSQL backend (test-only header).
//
// The ctest fixture `postgres` (scripts/pg_test_server.py, registered in this folder's
// CMakeLists.txt) starts a throwaway server and writes its DSN to a file; tests find the file
// through $ENGRAM_TEST_PG_DSN_FILE. A test FAILS, never skips, when the variable is unset,
// the file is empty or the server cannot be reached: a backend test that quietly passes
// without a database is a defect.
//
// PgTest gives each test case a schema name of its own (`t_<random>`), dropped afterwards, so
// that test cases running in parallel never see each other's tables.
#ifndef ENGRAM_STORE_POSTGRES_PG_TESTING_H_
#define ENGRAM_STORE_POSTGRES_PG_TESTING_H_

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <memory>
#include <random>
#include <string>

#include "src/store/postgres/pg_conn.h"

namespace engram::store::postgres {

// The test server's DSN, or "" after recording a test failure that says why.
inline std::string TestDsn() {
  const char* file = std::getenv("ENGRAM_TEST_PG_DSN_FILE");
  if (!file || !*file) {
    ADD_FAILURE() << "ENGRAM_TEST_PG_DSN_FILE is not set: run this test through ctest (it "
                     "requires the fixture 'postgres'), or start scripts/pg_test_server.py "
                     "start DIR and set ENGRAM_TEST_PG_DSN_FILE=DIR/dsn";
    return "";
  }
  std::ifstream in(file);
  std::string dsn;
  std::getline(in, dsn);
  if (dsn.empty()) {
    ADD_FAILURE() << "no DSN in '" << file
                  << "': the PostgreSQL test server did not start "
                     "(see the output of the test pg16_server_start / pg18_server_start)";
  }
  return dsn;
}

class PgTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dsn_ = TestDsn();
    ASSERT_FALSE(dsn_.empty());
    auto c = PgConn::Connect(PgConnOptions{dsn_});
    ASSERT_TRUE(c.ok()) << "the PostgreSQL test server cannot be reached: "
                        << c.status().ToString();
    admin_ = std::move(c).value();
    std::random_device rd;
    schema_ = "t_" + std::to_string(rd()) + "_" + std::to_string(rd() % 100000);
  }
  void TearDown() override {
    if (admin_) (void)admin_->Exec("DROP SCHEMA IF EXISTS " + schema_ + " CASCADE");
  }

  // Options for a connection whose search_path starts with this test's schema.
  PgConnOptions Options() const {
    PgConnOptions o;
    o.dsn = dsn_;
    o.schema = schema_;
    return o;
  }
  // A new connection on Options(), or null after recording a failure.
  std::unique_ptr<PgConn> Connect() {
    auto c = PgConn::Connect(Options());
    EXPECT_TRUE(c.ok()) << c.status().ToString();
    return c.ok() ? std::move(c).value() : nullptr;
  }
  // Creates this test's schema (tests of migrations let MigratePgSchema create it).
  void CreateSchema() { ASSERT_TRUE(admin_->Exec("CREATE SCHEMA " + schema_).ok()); }

  std::string dsn_;
  std::string schema_;
  std::unique_ptr<PgConn> admin_;  // no schema in its search_path
};

// A PgTest with its schema created and conn_, a connection whose search_path starts there.
class PgConnFixture : public PgTest {
 protected:
  void SetUp() override {
    PgTest::SetUp();
    if (HasFatalFailure()) return;
    CreateSchema();
    conn_ = Connect();
    ASSERT_NE(conn_, nullptr);
  }
  std::unique_ptr<PgConn> conn_;
};

}  // namespace engram::store::postgres

#endif  // ENGRAM_STORE_POSTGRES_PG_TESTING_H_
