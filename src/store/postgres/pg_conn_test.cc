#include "src/store/postgres/pg_conn.h"

#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "src/store/postgres/pg_pool.h"
#include "src/store/postgres/pg_testing.h"
#include "src/store/postgres/pg_txn.h"

namespace engram::store::postgres {
namespace {

class PgConnTest : public PgConnFixture {
 protected:
  // Runs `sql` on conn_ and fails the test on an error.
  PgResult Run(const std::string& sql, std::initializer_list<PgParam> params = {}) {
    auto r = conn_->Exec(sql, params);
    EXPECT_TRUE(r.ok()) << sql << ": " << r.status().ToString();
    return r.ok() ? std::move(r).value() : PgResult();
  }
  int64_t Count(const std::string& table) {
    PgResult r = Run("SELECT count(*) FROM " + table);
    return r.rows() == 1 ? r.Int64(0, 0) : -1;
  }
};

TEST_F(PgConnTest, ConnectsToTheServerWithPgvector) {
  EXPECT_GE(conn_->server_version(), 160000);
  PgResult r = Run("SELECT extversion FROM pg_extension WHERE extname = 'vector'");
  ASSERT_EQ(r.rows(), 1);
  EXPECT_FALSE(r.Text(0, 0).empty());
  PgResult path = Run("SELECT current_schemas(false)::text");
  EXPECT_EQ(path.Text(0, 0), "{" + schema_ + ",public}");
}

TEST_F(PgConnTest, ParametersRoundTripNullUtf8AndNumbers) {
  const std::string zh = "张工说下周二要验收接口文档";
  const std::string bytes("\0\x01\xff'\\x", 6);
  const float vec[] = {0.1f, -2.5f, 3e-7f};
  PgResult r =
      Run("SELECT $1::text, char_length($1::text), $2::text IS NULL, $3::bigint, $4::bigint, "
          "$5::float8, $6::bool, $7::bytea, length($7::bytea), $8::vector::text, $9::text",
          {zh, PgParam::Null(), INT64_MIN, INT64_MAX, 0.1, true, PgParam::Bytea(bytes),
           PgParam::Vector(vec), "it's \"quoted\"; DROP TABLE x; --"});
  ASSERT_EQ(r.rows(), 1);
  EXPECT_EQ(r.Text(0, 0), zh);
  EXPECT_EQ(r.Int64(0, 1), 13);  // characters, not bytes: the connection speaks UTF-8
  EXPECT_TRUE(r.Bool(0, 2));
  EXPECT_EQ(r.Int64(0, 3), INT64_MIN);
  EXPECT_EQ(r.Int64(0, 4), INT64_MAX);
  EXPECT_EQ(r.Double(0, 5), 0.1);  // bit-exact both ways
  EXPECT_TRUE(r.Bool(0, 6));
  EXPECT_EQ(r.Bytea(0, 7), bytes);
  EXPECT_EQ(r.Int64(0, 8), 6);
  EXPECT_EQ(r.Text(0, 9), "[0.1,-2.5,3e-07]");
  EXPECT_EQ(r.Text(0, 10), "it's \"quoted\"; DROP TABLE x; --");

  Run("CREATE TABLE t (id int PRIMARY KEY, s text)");
  Run("INSERT INTO t VALUES ($1, $2), ($3, $4)", {1, zh, 2, PgParam::Null()});
  PgResult rows = Run("SELECT id, s FROM t ORDER BY id");
  ASSERT_EQ(rows.rows(), 2);
  EXPECT_EQ(rows.OptText(0, 1), zh);
  EXPECT_TRUE(rows.IsNull(1, 1));
  EXPECT_EQ(rows.OptText(1, 1), std::nullopt);
  EXPECT_EQ(rows.Column("s"), 1);
  EXPECT_EQ(rows.Column("nope"), -1);
  auto upd = conn_->Exec("UPDATE t SET s = 'x'");
  ASSERT_TRUE(upd.ok());
  EXPECT_EQ(upd->affected(), 2);
}

TEST_F(PgConnTest, ServerErrorsMapToStatusCodes) {
  Run("CREATE TABLE u (id int PRIMARY KEY, v text NOT NULL CHECK (v <> 'bad'))");
  Run("INSERT INTO u VALUES (1, 'a')");
  struct Case {
    std::string sql;
    StatusCode code;
    std::string sqlstate;
  };
  const Case cases[] = {
      {"INSERT INTO u VALUES (1, 'b')", StatusCode::kAlreadyExists, "23505"},
      {"INSERT INTO u VALUES (2, NULL)", StatusCode::kInvalidArgument, "23502"},
      {"INSERT INTO u VALUES (3, 'bad')", StatusCode::kInvalidArgument, "23514"},
      {"SELECT 1 / 0", StatusCode::kInvalidArgument, "22012"},
      {"SELECT 'x'::int", StatusCode::kInvalidArgument, "22P02"},
      {"SELECT * FROM no_such_table", StatusCode::kFailedPrecondition, "42P01"},
      {"SELEC 1", StatusCode::kInternal, "42601"},
      {"DO $$ BEGIN RAISE EXCEPTION 'x' USING ERRCODE = '40001'; END $$", StatusCode::kConflict,
       "40001"},
      {"DO $$ BEGIN RAISE EXCEPTION 'x' USING ERRCODE = '40P01'; END $$", StatusCode::kConflict,
       "40P01"},
  };
  for (const Case& c : cases) {
    conn_->ClearErrors();
    auto r = conn_->Exec(c.sql);
    ASSERT_FALSE(r.ok()) << c.sql;
    EXPECT_EQ(r.status().code(), c.code) << c.sql << ": " << r.status().ToString();
    EXPECT_EQ(conn_->first_error_sqlstate(), c.sqlstate) << c.sql;
    EXPECT_EQ(r.status().message().rfind("postgres: ", 0), 0u) << r.status().message();
    EXPECT_NE(r.status().message().find("(SQLSTATE " + c.sqlstate + ")"), std::string::npos);
  }
  // statement_timeout → DeadlineExceeded.
  PgConnOptions o = Options();
  o.statement_timeout_ms = 50;
  auto slow = PgConn::Connect(o);
  ASSERT_TRUE(slow.ok());
  EXPECT_EQ((*slow)->Exec("SELECT pg_sleep(5)").status().code(), StatusCode::kDeadlineExceeded);
}

TEST(PgStatusTest, MapsSqlStateClasses) {
  EXPECT_EQ(StatusFromSqlState("08006", "m").code(), StatusCode::kUnavailable);
  EXPECT_EQ(StatusFromSqlState("", "m").code(), StatusCode::kUnavailable);
  EXPECT_EQ(StatusFromSqlState("57P01", "m").code(), StatusCode::kUnavailable);
  EXPECT_EQ(StatusFromSqlState("53300", "m").code(), StatusCode::kUnavailable);
  EXPECT_EQ(StatusFromSqlState("53100", "m").code(), StatusCode::kResourceExhausted);
  EXPECT_EQ(StatusFromSqlState("55P03", "m").code(), StatusCode::kConflict);
  EXPECT_EQ(StatusFromSqlState("42501", "m").code(), StatusCode::kPermissionDenied);
  EXPECT_EQ(StatusFromSqlState("28P01", "m").code(), StatusCode::kPermissionDenied);
  EXPECT_EQ(StatusFromSqlState("3F000", "m").code(), StatusCode::kFailedPrecondition);
  EXPECT_EQ(StatusFromSqlState("XX001", "m").code(), StatusCode::kCorruption);
  EXPECT_EQ(StatusFromSqlState("58030", "m").code(), StatusCode::kIOError);
  EXPECT_EQ(StatusFromSqlState("0A000", "m").code(), StatusCode::kNotSupported);
  EXPECT_EQ(StatusFromSqlState("54000", "m").code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(StatusFromSqlState("P0001", "m").code(), StatusCode::kInternal);
  EXPECT_EQ(StatusFromSqlState("23505", "m").message(), "m");
  EXPECT_TRUE(IsRetryableSqlState("40001"));
  EXPECT_TRUE(IsRetryableSqlState("40P01"));
  EXPECT_FALSE(IsRetryableSqlState("23505"));
}

TEST_F(PgConnTest, UnreachableServerAndBadOptionsAreReported) {
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t len = sizeof addr;
  ASSERT_EQ(bind(fd, reinterpret_cast<sockaddr*>(&addr), len), 0);
  ASSERT_EQ(getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len), 0);
  close(fd);  // nothing listens on this port now
  auto down =
      PgConn::Connect(PgConnOptions{"host=127.0.0.1 port=" + std::to_string(ntohs(addr.sin_port)) +
                                    " user=postgres password=s3cret dbname=x"});
  ASSERT_FALSE(down.ok());
  EXPECT_EQ(down.status().code(), StatusCode::kUnavailable) << down.status().ToString();
  EXPECT_EQ(down.status().message().find("s3cret"), std::string::npos);

  auto bad = PgConn::Connect(PgConnOptions{"host=127.0.0.1 password=s3cret nonsense"});
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.status().code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(bad.status().message().find("s3cret"), std::string::npos);

  PgConnOptions o = Options();
  o.schema = "Bad; DROP";
  EXPECT_EQ(PgConn::Connect(o).status().code(), StatusCode::kInvalidArgument);
  auto nodb = PgConn::Connect(PgConnOptions{dsn_ + " dbname=no_such_database"});
  EXPECT_EQ(nodb.status().code(), StatusCode::kUnavailable);
}

TEST_F(PgConnTest, ScriptErrorsNameTheLine) {
  Status s = conn_->ExecScript(
      "CREATE TABLE a (x int);\nCREATE TABLE b (y int);\n"
      "CREATE TABLE c (z no_such_type);\n");
  EXPECT_EQ(s.code(), StatusCode::kInternal) << s.ToString();
  EXPECT_NE(s.message().find("postgres: script line 3: type \"no_such_type\" does not exist"),
            std::string::npos)
      << s.message();
  EXPECT_EQ(Count("pg_tables WHERE schemaname = current_schema() AND tablename IN ('a', 'b')"),
            0);  // one implicit transaction
}

TEST_F(PgConnTest, SessionSetAndAdvisoryLocksAreRefused) {
  for (const char* sql : {"SET search_path = x", "  set\n work_mem = '1MB'", "RESET ALL",
                          "SELECT 1; SET statement_timeout = 0", "SET SESSION work_mem = '1MB'",
                          "SELECT pg_advisory_lock(1)", "SELECT PG_TRY_ADVISORY_XACT_LOCK(1)"}) {
    auto r = conn_->Exec(sql);
    EXPECT_EQ(r.status().code(), StatusCode::kInvalidArgument) << sql;
    EXPECT_EQ(conn_->ExecScript(sql).code(), StatusCode::kInvalidArgument) << sql;
  }
  Run("CREATE TABLE s (a int)");
  Run("UPDATE s SET a = 1");  // SET inside a statement is not a session SET
  auto txn = PgTxn::Begin(*conn_);
  ASSERT_TRUE(txn.ok());
  EXPECT_TRUE(conn_->Exec("SET LOCAL work_mem = '2MB'").ok());
  EXPECT_TRUE(conn_->Exec("SET TRANSACTION READ ONLY").ok());
  ASSERT_TRUE(txn->Commit().ok());

  conn_->AllowAdvisoryLocksForMigrations(true);
  EXPECT_TRUE(conn_->Exec("SELECT pg_advisory_xact_lock(1)").ok());
  conn_->AllowAdvisoryLocksForMigrations(false);
}

TEST_F(PgConnTest, SetLocalEndsWithTheTransaction) {
  PgTxnOptions o;
  o.set_local = {{"statement_timeout", "1234"}, {"application_name", "it's mine"}};
  auto txn = PgTxn::Begin(*conn_, o);
  ASSERT_TRUE(txn.ok()) << txn.status().ToString();
  EXPECT_EQ(Run("SHOW statement_timeout").Text(0, 0), "1234ms");
  EXPECT_EQ(Run("SHOW application_name").Text(0, 0), "it's mine");
  EXPECT_EQ(txn->SetLocal("bad name;", "1").code(), StatusCode::kInvalidArgument);
  ASSERT_TRUE(txn->Commit().ok());
  EXPECT_EQ(Run("SHOW statement_timeout").Text(0, 0), "0");
  EXPECT_EQ(Run("SHOW application_name").Text(0, 0), "engram");
  EXPECT_EQ(Run("SHOW transaction_isolation").Text(0, 0), "read committed");
}

TEST_F(PgConnTest, TransactionsUseTheRequestedIsolation) {
  auto show = [this](const PgTxnOptions& o) {
    std::string got;
    Status s = RunInTransaction(*conn_, o, [&](PgConn& c) {
      auto r = c.Exec(
          "SELECT current_setting('transaction_isolation') || ' ' || "
          "current_setting('transaction_read_only')");
      if (r.ok()) got = std::string(r->Text(0, 0));
      return r.status();
    });
    EXPECT_TRUE(s.ok()) << s.ToString();
    return got;
  };
  EXPECT_EQ(show({}), "read committed off");
  PgTxnOptions o;
  o.isolation = PgIsolation::kRepeatableRead;
  EXPECT_EQ(show(o), "repeatable read off");
  o.isolation = PgIsolation::kSerializable;
  o.read_only = true;
  EXPECT_EQ(show(o), "serializable on");
  Run("CREATE TABLE w (a int)");
  Status s = RunInTransaction(
      *conn_, o, [](PgConn& c) { return c.Exec("INSERT INTO w VALUES (1)").status(); });
  EXPECT_FALSE(s.ok());  // 25006 read_only_sql_transaction
}

TEST_F(PgConnTest, RepeatedStatementsArePreparedWithTheSameResultsAndErrors) {
  Run("CREATE TABLE p (id int PRIMARY KEY, v text)");
  const size_t before = conn_->prepared_count();
  const std::string insert = "INSERT INTO p VALUES ($1, $2)";
  Run(insert, {1, "a"});
  EXPECT_EQ(conn_->prepared_count(), before);  // seen once: not prepared
  Run(insert, {2, PgParam::Null()});
  EXPECT_EQ(conn_->prepared_count(), before + 1);
  Run(insert, {3, "张工"});
  EXPECT_EQ(conn_->prepared_count(), before + 1);  // reused
  PgResult r = Run("SELECT id, v FROM p WHERE id = ANY($1::int[]) ORDER BY id", {"{1,2,3}"});
  r = Run("SELECT id, v FROM p WHERE id = ANY($1::int[]) ORDER BY id", {"{1,2,3}"});
  ASSERT_EQ(r.rows(), 3);
  EXPECT_TRUE(r.IsNull(1, 1));
  EXPECT_EQ(r.Text(2, 1), "张工");
  // Errors of a prepared statement's execution map as before.
  conn_->ClearErrors();
  auto dup = conn_->Exec(insert, {1, "again"});
  EXPECT_EQ(dup.status().code(), StatusCode::kAlreadyExists);
  EXPECT_EQ(conn_->first_error_sqlstate(), "23505");
  // An error at the second sighting (the Parse step) is the statement's own error, not the
  // aborted transaction's, inside a transaction as outside.
  for (int i = 0; i < 2; ++i) {
    conn_->ClearErrors();
    auto missing = conn_->Exec("SELECT * FROM no_such_table_p");
    EXPECT_EQ(missing.status().code(), StatusCode::kFailedPrecondition);
    EXPECT_EQ(conn_->first_error_sqlstate(), "42P01");
  }
  const std::string upd = "UPDATE p SET v = $2 WHERE id = $1";
  Status s = RunInTransaction(*conn_, {}, [&](PgConn& c) {
    if (Status st = c.Exec(upd, {1, "x"}).status(); !st.ok()) return st;
    if (Status st = c.Exec(upd, {2, "y"}).status(); !st.ok()) return st;  // prepared here
    return Status::InvalidArgument("test: roll back");
  });
  EXPECT_EQ(s.code(), StatusCode::kInvalidArgument);
  // The statement prepared inside the rolled back transaction still runs afterwards.
  Run(upd, {3, "z"});
  EXPECT_EQ(Run("SELECT string_agg(coalesce(v, '-'), ',' ORDER BY id) FROM p").Text(0, 0),
            "a,-,z");
  // Statements built with literals stop being prepared at the cap; they still run.
  for (size_t i = 0; i < 2 * PgConn::kMaxPrepared + 8; ++i) {
    const std::string sql = "SELECT " + std::to_string(i % (PgConn::kMaxPrepared + 4));
    auto one = conn_->Exec(sql);
    ASSERT_TRUE(one.ok()) << sql;
    EXPECT_EQ(one->Int64(0, 0), static_cast<int64_t>(i % (PgConn::kMaxPrepared + 4)));
  }
  EXPECT_EQ(conn_->prepared_count(), PgConn::kMaxPrepared);
}

TEST_F(PgConnTest, RollbackLeavesNothing) {
  Run("CREATE TABLE r (id int PRIMARY KEY)");
  int attempts = 0;
  Status s = RunInTransaction(
      *conn_, {},
      [](PgConn& c) {
        for (int i = 1; i <= 3; ++i) {
          if (!c.Exec("INSERT INTO r VALUES ($1)", {i}).ok()) return Status::Internal("insert");
        }
        return Status::InvalidArgument("test: stop here");
      },
      &attempts);
  EXPECT_EQ(s.code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(attempts, 1);
  EXPECT_EQ(Count("r"), 0);
  EXPECT_FALSE(conn_->in_transaction());

  // A failed statement inside the body: its error is returned, nothing is kept.
  s = RunInTransaction(*conn_, {}, [](PgConn& c) {
    if (Status st = c.Exec("INSERT INTO r VALUES (1)").status(); !st.ok()) return st;
    return c.Exec("INSERT INTO r VALUES (1)").status();
  });
  EXPECT_EQ(s.code(), StatusCode::kAlreadyExists);
  EXPECT_EQ(Count("r"), 0);

  {  // A PgTxn dropped without Commit rolls back.
    auto txn = PgTxn::Begin(*conn_);
    ASSERT_TRUE(txn.ok());
    Run("INSERT INTO r VALUES (7)");
    EXPECT_EQ(PgTxn::Begin(*conn_).status().code(), StatusCode::kFailedPrecondition);
  }
  EXPECT_FALSE(conn_->in_transaction());
  EXPECT_EQ(Count("r"), 0);

  ASSERT_TRUE(RunInTransaction(*conn_, {}, [](PgConn& c) {
                return c.Exec("INSERT INTO r VALUES (8)").status();
              }).ok());
  EXPECT_EQ(Count("r"), 1);
}

TEST_F(PgConnTest, RetriesASerializationFailure) {
  Run("CREATE TABLE counter (id int PRIMARY KEY, n int NOT NULL)");
  Run("INSERT INTO counter VALUES (1, 0)");
  std::unique_ptr<PgConn> other = Connect();
  ASSERT_NE(other, nullptr);
  PgTxnOptions o;
  o.isolation = PgIsolation::kRepeatableRead;
  int attempts = 0;
  int runs = 0;
  Status s = RunInTransaction(
      *conn_, o,
      [&](PgConn& c) -> Status {
        ++runs;
        auto r = c.Exec("SELECT n FROM counter WHERE id = 1");  // takes the snapshot
        if (!r.ok()) return r.status();
        int64_t n = r->Int64(0, 0);
        if (runs == 1) {  // a concurrent writer commits after our snapshot was taken
          Status w = other->Exec("UPDATE counter SET n = n + 100 WHERE id = 1").status();
          if (!w.ok()) return w;
        }
        return c.Exec("UPDATE counter SET n = $1 WHERE id = 1", {n + 1}).status();
      },
      &attempts);
  ASSERT_TRUE(s.ok()) << s.ToString();
  EXPECT_EQ(attempts, 2);
  EXPECT_EQ(Run("SELECT n FROM counter").Int64(0, 0), 101);  // the retry saw the other write

  o.max_attempts = 3;
  runs = 0;
  s = RunInTransaction(
      *conn_, o,
      [&](PgConn& c) {
        ++runs;
        return c.Exec("DO $$ BEGIN RAISE EXCEPTION 'forced' USING ERRCODE = '40001'; END $$")
            .status();
      },
      &attempts);
  EXPECT_EQ(s.code(), StatusCode::kConflict) << s.ToString();
  EXPECT_EQ(attempts, 3);
  EXPECT_EQ(runs, 3);
  EXPECT_NE(s.message().find("gave up after 3 attempts"), std::string::npos);
}

TEST_F(PgConnTest, SkipLockedClaimsDoNotOverlap) {
  Run("CREATE TABLE q (id int PRIMARY KEY, state text NOT NULL DEFAULT 'queued')");
  Run("INSERT INTO q (id) SELECT generate_series(1, 10)");
  std::unique_ptr<PgConn> other = Connect();
  ASSERT_NE(other, nullptr);
  const char* kClaim =
      "SELECT id FROM q WHERE state = 'queued' ORDER BY id LIMIT 4 FOR UPDATE SKIP LOCKED";
  auto a_txn = PgTxn::Begin(*conn_);
  auto b_txn = PgTxn::Begin(*other);
  ASSERT_TRUE(a_txn.ok() && b_txn.ok());
  auto a = conn_->Exec(kClaim);
  auto b = other->Exec(kClaim);
  ASSERT_TRUE(a.ok() && b.ok());
  std::set<int64_t> ids;
  for (int i = 0; i < a->rows(); ++i) ids.insert(a->Int64(i, 0));
  for (int i = 0; i < b->rows(); ++i) ids.insert(b->Int64(i, 0));
  EXPECT_EQ(a->rows(), 4);
  EXPECT_EQ(b->rows(), 4);
  EXPECT_EQ(ids.size(), 8u);  // disjoint claims
  EXPECT_EQ(a->Int64(0, 0), 1);
  EXPECT_EQ(b->Int64(0, 0), 5);
  ASSERT_TRUE(conn_->Exec("UPDATE q SET state = 'done' WHERE id <= 4").ok());
  ASSERT_TRUE(a_txn->Commit().ok());
  ASSERT_TRUE(b_txn->Rollback().ok());  // b's claims come back
  auto c = conn_->Exec(kClaim);
  ASSERT_TRUE(c.ok());
  ASSERT_EQ(c->rows(), 4);
  EXPECT_EQ(c->Int64(0, 0), 5);
}

TEST_F(PgConnTest, PoolServesEightThreads) {
  Run("CREATE TABLE p (thread int, i int, backend int, PRIMARY KEY (thread, i))");
  PgPoolOptions po;
  po.conn = Options();
  po.size = 4;
  auto pool = PgPool::Open(po);
  ASSERT_TRUE(pool.ok()) << pool.status().ToString();
  std::atomic<int> failures{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 25; ++i) {
        Status s = RunInTransaction(**pool, {}, [&](PgConn& c) {
          return c.Exec("INSERT INTO p VALUES ($1, $2, pg_backend_pid())", {t, i}).status();
        });
        if (!s.ok()) ++failures;
      }
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(failures.load(), 0);
  EXPECT_EQ(Count("p"), 200);
  EXPECT_LE(Run("SELECT count(DISTINCT backend) FROM p").Int64(0, 0), 4);
  EXPECT_LE((*pool)->open_connections(), 4);

  // A full pool answers ResourceExhausted after its timeout.
  po.size = 1;
  po.acquire_timeout_ms = 50;
  auto small = PgPool::Open(po);
  ASSERT_TRUE(small.ok());
  auto held = (*small)->Acquire();
  ASSERT_TRUE(held.ok());
  EXPECT_EQ((*small)->Acquire().status().code(), StatusCode::kResourceExhausted);
}

TEST_F(PgConnTest, PoolReplacesABrokenConnection) {
  PgPoolOptions po;
  po.conn = Options();
  po.size = 1;
  auto pool = PgPool::Open(po);
  ASSERT_TRUE(pool.ok());
  int64_t first_pid = 0;
  {
    auto h = (*pool)->Acquire();
    ASSERT_TRUE(h.ok());
    first_pid = (*h)->Exec("SELECT pg_backend_pid()")->Int64(0, 0);
    // Waits (up to 10 s) until the backend has exited.
    auto killed = admin_->Exec("SELECT pg_terminate_backend($1::int, 10000)", {first_pid});
    ASSERT_TRUE(killed.ok()) << killed.status().ToString();
    ASSERT_TRUE(killed->Bool(0, 0));
    auto r = (*h)->Exec("SELECT 1");
    EXPECT_EQ(r.status().code(), StatusCode::kUnavailable) << r.status().ToString();
    EXPECT_FALSE((*h)->ok());
  }
  auto h = (*pool)->Acquire();
  ASSERT_TRUE(h.ok()) << h.status().ToString();
  auto r = (*h)->Exec("SELECT pg_backend_pid()");
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  EXPECT_NE(r->Int64(0, 0), first_pid);
}

}  // namespace
}  // namespace engram::store::postgres
