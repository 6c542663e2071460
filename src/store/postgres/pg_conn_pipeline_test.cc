// PgConn's deferred statements (pg_conn.h Defer, Flush): order, results, errors, prepared
// statements and transactions.
#include <gtest/gtest.h>

#include <string>

#include "src/store/postgres/pg_conn.h"
#include "src/store/postgres/pg_testing.h"
#include "src/store/postgres/pg_txn.h"

namespace engram::store::postgres {
namespace {

class PgPipelineTest : public PgConnFixture {
 protected:
  void SetUp() override {
    PgConnFixture::SetUp();
    if (HasFatalFailure()) return;
    ASSERT_TRUE(conn_->Exec("CREATE TABLE d (id int PRIMARY KEY, v text)").ok());
  }
  std::string Values() {
    auto r = conn_->Exec("SELECT coalesce(string_agg(id || '=' || v, ',' ORDER BY id), '') FROM d");
    EXPECT_TRUE(r.ok()) << r.status().ToString();
    return r.ok() ? std::string(r->Text(0, 0)) : "?";
  }
};

TEST_F(PgPipelineTest, DeferredStatementsRunInOrderBeforeTheNextExec) {
  const std::string insert = "INSERT INTO d VALUES ($1, $2)";
  PgResult returned;
  ASSERT_TRUE(conn_->Defer(insert, {1, "a"}).ok());
  ASSERT_TRUE(conn_->Defer("UPDATE d SET v = $2 WHERE id = $1 RETURNING v", {1, "b"}, &returned)
                  .ok());
  ASSERT_TRUE(conn_->Defer(insert, {2, "c"}).ok());  // seen twice: prepared in the round
  EXPECT_EQ(conn_->deferred(), 4u);                  // its Prepare counts
  EXPECT_EQ(returned.rows(), 0);                     // not read yet
  // The Exec sees the queued statements' effects, and brings their results back.
  auto r = conn_->Exec("SELECT count(*) FROM d");
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  EXPECT_EQ(r->Int64(0, 0), 2);
  EXPECT_EQ(conn_->deferred(), 0u);
  ASSERT_EQ(returned.rows(), 1);
  EXPECT_EQ(returned.Text(0, 0), "b");
  // The statement prepared in the round runs prepared afterwards, deferred or not.
  const size_t prepared = conn_->prepared_count();
  ASSERT_TRUE(conn_->Defer(insert, {3, "d"}).ok());
  ASSERT_TRUE(conn_->Flush().ok());
  ASSERT_TRUE(conn_->Exec(insert, {4, "e"}).ok());
  EXPECT_EQ(conn_->prepared_count(), prepared);
  EXPECT_EQ(Values(), "1=b,2=c,3=d,4=e");
  EXPECT_TRUE(conn_->Flush().ok());  // nothing queued
  EXPECT_FALSE(conn_->in_transaction());
}

TEST_F(PgPipelineTest, TheFirstFailureOfARoundIsReportedAndSkipsTheRest) {
  ASSERT_TRUE(conn_->Exec("INSERT INTO d VALUES (1, 'a')").ok());
  conn_->ClearErrors();
  ASSERT_TRUE(conn_->Defer("INSERT INTO d VALUES (2, 'b')").ok());
  ASSERT_TRUE(conn_->Defer("INSERT INTO d VALUES (1, 'dup')").ok());
  ASSERT_TRUE(conn_->Defer("SELECT * FROM no_such_table_d").ok());
  auto r = conn_->Exec("INSERT INTO d VALUES (3, 'c')");
  EXPECT_EQ(r.status().code(), StatusCode::kAlreadyExists) << r.status().ToString();
  EXPECT_NE(r.status().message().find("INSERT INTO d VALUES (1, 'dup')"), std::string::npos)
      << r.status().ToString();
  EXPECT_EQ(conn_->first_error_sqlstate(), "23505");
  // Outside a transaction block a round is one implicit transaction: none of it stays.
  EXPECT_EQ(Values(), "1=a");
  // A statement whose Prepare fails in a round is not remembered as prepared.
  const size_t prepared = conn_->prepared_count();
  for (int i = 0; i < 2; ++i) {
    ASSERT_TRUE(conn_->Defer("SELECT * FROM missing_later WHERE x = $1", {i}).ok());
    EXPECT_EQ(conn_->Flush().code(), StatusCode::kFailedPrecondition);
  }
  EXPECT_EQ(conn_->prepared_count(), prepared);
  ASSERT_TRUE(conn_->Exec("CREATE TABLE missing_later (x int)").ok());
  ASSERT_TRUE(conn_->Defer("SELECT * FROM missing_later WHERE x = $1", {7}).ok());
  EXPECT_TRUE(conn_->Flush().ok());
  // Session SETs are refused when queued too.
  EXPECT_EQ(conn_->Defer("SET search_path = public").code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(conn_->deferred(), 0u);
}

TEST_F(PgPipelineTest, AQueuedFailureRollsTheTransactionBack) {
  // BEGIN is queued (PgTxn::Begin); the body's statements and their error end the attempt.
  Status s = RunInTransaction(*conn_, {}, [](PgConn& c) -> Status {
    if (Status st = c.Defer("INSERT INTO d VALUES (1, 'a')"); !st.ok()) return st;
    if (Status st = c.Defer("INSERT INTO d VALUES (1, 'b')"); !st.ok()) return st;
    return c.Exec("INSERT INTO d VALUES (2, 'c')").status();
  });
  EXPECT_EQ(s.code(), StatusCode::kAlreadyExists) << s.ToString();
  EXPECT_FALSE(conn_->in_transaction());
  EXPECT_EQ(Values(), "");
  // A failure queued last is caught by the COMMIT, which rolls back.
  s = RunInTransaction(*conn_, {}, [](PgConn& c) -> Status {
    if (Status st = c.Exec("INSERT INTO d VALUES (5, 'e')").status(); !st.ok()) return st;
    return c.Defer("INSERT INTO d VALUES (5, 'again')");
  });
  EXPECT_EQ(s.code(), StatusCode::kAlreadyExists) << s.ToString();
  EXPECT_FALSE(conn_->in_transaction());
  EXPECT_EQ(Values(), "");
  {  // A PgTxn dropped with statements queued rolls them back.
    auto txn = PgTxn::Begin(*conn_);
    ASSERT_TRUE(txn.ok());
    ASSERT_TRUE(conn_->Defer("INSERT INTO d VALUES (6, 'f')").ok());
    EXPECT_TRUE(conn_->in_transaction());
  }
  EXPECT_FALSE(conn_->in_transaction());
  EXPECT_EQ(Values(), "");
  // Committed: everything queued is there, settings included.
  PgTxnOptions o;
  o.set_local = {{"application_name", "pipelined"}};
  PgResult name;
  s = RunInTransaction(*conn_, o, [&](PgConn& c) -> Status {
    if (Status st = c.Defer("INSERT INTO d VALUES (7, 'g')"); !st.ok()) return st;
    return c.Defer("SELECT current_setting('application_name')", {}, &name);
  });
  ASSERT_TRUE(s.ok()) << s.ToString();
  ASSERT_EQ(name.rows(), 1);
  EXPECT_EQ(name.Text(0, 0), "pipelined");
  EXPECT_EQ(Values(), "7=g");
}

}  // namespace
}  // namespace engram::store::postgres
