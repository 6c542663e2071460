#include "src/store/postgres/pg_txn.h"

#include <algorithm>
#include <chrono>
#include <random>
#include <thread>

#include "engram/status_macros.h"
#include "src/store/postgres/pg_pool.h"

namespace engram::store::postgres {
namespace {

bool ValidSettingName(std::string_view n) {
  if (n.empty() || std::isdigit(static_cast<unsigned char>(n[0])) || n[0] == '.') return false;
  return std::all_of(n.begin(), n.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.';
  });
}

const char* BeginSql(const PgTxnOptions& o) {
  switch (o.isolation) {
    case PgIsolation::kRepeatableRead:
      return o.read_only ? "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"
                         : "BEGIN ISOLATION LEVEL REPEATABLE READ";
    case PgIsolation::kSerializable:
      return o.read_only ? "BEGIN ISOLATION LEVEL SERIALIZABLE READ ONLY"
                         : "BEGIN ISOLATION LEVEL SERIALIZABLE";
    case PgIsolation::kReadCommitted:
      break;
  }
  return o.read_only ? "BEGIN ISOLATION LEVEL READ COMMITTED READ ONLY"
                     : "BEGIN ISOLATION LEVEL READ COMMITTED";
}

// A few milliseconds, random, doubling per attempt (1-2 ms, 2-4 ms, … at most 64-128 ms), so
// that transactions that collided do not collide again in lockstep.
void Backoff(int attempt) {
  thread_local std::minstd_rand rng(std::random_device{}());
  int base = 1 << std::min(attempt - 1, 6);
  std::uniform_int_distribution<int> us(base * 1000, base * 2000);
  std::this_thread::sleep_for(std::chrono::microseconds(us(rng)));
}

}  // namespace

Result<PgTxn> PgTxn::Begin(PgConn& conn, const PgTxnOptions& options) {
  if (conn.in_transaction()) {
    return Status::FailedPrecondition("postgres: BEGIN: a transaction is already open");
  }
  conn.ClearErrors();
  // Queued: BEGIN and its settings travel with the transaction's first statement.
  ENGRAM_RETURN_IF_ERROR(conn.Defer(BeginSql(options)));
  PgTxn txn(&conn);
  for (const auto& [name, value] : options.set_local) {
    ENGRAM_RETURN_IF_ERROR(txn.SetLocal(name, value));  // ~PgTxn rolls back
  }
  return txn;
}

PgTxn::~PgTxn() {
  if (conn_) (void)Rollback();
}

Status PgTxn::SetLocal(std::string_view name, std::string_view value) {
  if (!conn_) return Status::FailedPrecondition("postgres: SET LOCAL: transaction is over");
  if (!ValidSettingName(name)) {
    return Status::InvalidArgument("postgres: SET LOCAL: bad setting name '" + std::string(name) +
                                   "'");
  }
  ENGRAM_ASSIGN_OR_RETURN(std::string quoted, conn_->QuoteLiteral(value));
  return conn_->Defer("SET LOCAL " + std::string(name) + " = " + quoted);
}

Status PgTxn::Commit() {
  if (!conn_) return Status::FailedPrecondition("postgres: COMMIT: transaction is over");
  PgConn* c = std::exchange(conn_, nullptr);
  Result<PgResult> r = c->Exec("COMMIT");
  if (!r.ok()) {
    if (c->in_transaction()) (void)c->Exec("ROLLBACK");
    return r.status();
  }
  // COMMIT of a transaction that had failed answers ROLLBACK instead of an error.
  if (!c->first_error_sqlstate().empty()) {
    return Status::Internal("postgres: COMMIT: the transaction had failed (SQLSTATE " +
                            c->first_error_sqlstate() + ") and was rolled back");
  }
  return Status::OK();
}

Status PgTxn::Rollback() {
  if (!conn_) return Status::FailedPrecondition("postgres: ROLLBACK: transaction is over");
  PgConn* c = std::exchange(conn_, nullptr);
  (void)c->Flush();  // a queued statement's error is the transaction's, rolled back here
  if (!c->in_transaction()) return Status::OK();  // the connection broke: nothing is open
  return c->Exec("ROLLBACK").status();
}

Status RunInTransaction(PgConn& conn, const PgTxnOptions& options,
                        const std::function<Status(PgConn&)>& body, int* attempts) {
  Status last;
  const int max_attempts = std::max(1, options.max_attempts);
  for (int attempt = 1; attempt <= max_attempts; ++attempt) {
    if (attempts) *attempts = attempt;
    if (attempt > 1) Backoff(attempt - 1);
    conn.ClearErrors();  // only this attempt's errors decide whether to retry
    Result<PgTxn> txn = PgTxn::Begin(conn, options);
    if (!txn.ok()) {
      last = txn.status();
    } else {
      last = body(conn);
      if (last.ok()) {
        last = txn->Commit();
        if (last.ok()) return last;
      } else {
        (void)txn->Rollback();  // the body's error is the one to report
      }
    }
    if (!IsRetryableSqlState(conn.first_error_sqlstate())) return last;
  }
  return last.WithPrefix("postgres: gave up after " + std::to_string(max_attempts) + " attempts");
}

Status RunInTransaction(PgPool& pool, const PgTxnOptions& options,
                        const std::function<Status(PgConn&)>& body, int* attempts) {
  ENGRAM_ASSIGN_OR_RETURN(PgPool::Handle conn, pool.Acquire());
  return RunInTransaction(*conn, options, body, attempts);
}

}  // namespace engram::store::postgres
