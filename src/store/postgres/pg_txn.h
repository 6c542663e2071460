// Transactions on a PgConn: PgTxn (BEGIN … COMMIT, rolled back unless committed) and
// RunInTransaction, which reruns a whole transaction when PostgreSQL aborted it for a
// serialization failure (40001) or a deadlock (40P01), a bounded number of times.
//
// Consistency rules of the backend: READ COMMITTED by default (each statement sees what was
// committed before it started; write paths take their row locks first); settings change only
// with SET LOCAL (PgTxn::SetLocal), which ends with the transaction, never with a session SET.
//
// Thread safety: a PgTxn belongs to the thread using its connection.
#ifndef ENGRAM_STORE_POSTGRES_PG_TXN_H_
#define ENGRAM_STORE_POSTGRES_PG_TXN_H_

#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engram/result.h"
#include "engram/status.h"
#include "src/store/postgres/pg_conn.h"

namespace engram::store::postgres {

class PgPool;

enum class PgIsolation { kReadCommitted, kRepeatableRead, kSerializable };

struct PgTxnOptions {
  // Default: kReadCommitted.
  PgIsolation isolation = PgIsolation::kReadCommitted;
  // Default: false. A read-only transaction refuses writes (SQLSTATE 25006 → Internal).
  bool read_only = false;
  // How many times RunInTransaction runs the body in all when attempts end in 40001/40P01.
  // Default: 4. REQUIRES: >= 1.
  int max_attempts = 4;
  // Settings applied with SET LOCAL at the start of every attempt, e.g.
  // {"hnsw.iterative_scan", "relaxed_order"}. REQUIRES: names are [A-Za-z_][A-Za-z0-9_.]*.
  std::vector<std::pair<std::string, std::string>> set_local;
};

// One transaction. The destructor rolls back a transaction that was neither committed nor
// rolled back (its error, if any, is dropped: the connection then reports !ok()).
class PgTxn {
 public:
  // BEGIN with the options' isolation and access mode, then their SET LOCALs, queued
  // (PgConn::Defer): they reach the server with the transaction's first statement, and an
  // error of theirs is that statement's. FailedPrecondition when a transaction is already
  // open on `conn`.
  static Result<PgTxn> Begin(PgConn& conn, const PgTxnOptions& options = {});
  PgTxn(PgTxn&& other) noexcept : conn_(std::exchange(other.conn_, nullptr)) {}
  PgTxn& operator=(PgTxn&&) = delete;
  PgTxn(const PgTxn&) = delete;
  ~PgTxn();

  // SET LOCAL name = 'value' (the value quoted for the connection), queued as BEGIN is.
  // InvalidArgument for a malformed name; server errors as Defer.
  Status SetLocal(std::string_view name, std::string_view value);
  // COMMIT. A commit the server refuses (e.g. 40001 under SERIALIZABLE) is an error and the
  // transaction is over either way.
  Status Commit();
  Status Rollback();

  PgConn& conn() { return *conn_; }

 private:
  explicit PgTxn(PgConn* conn) : conn_(conn) {}
  PgConn* conn_;  // null once committed or rolled back
};

// Runs `body` in a transaction and commits it. When a statement of the body or the COMMIT
// failed with 40001 or 40P01, rolls back, waits a few milliseconds (random, growing) and runs
// the body again, up to options.max_attempts runs in all; `body` must therefore be safe to
// rerun (it rereads what it needs). Returns OK, the body's first error (rolled back), or the
// retryable error (Conflict) of the last attempt. `attempts`, when not null, receives the
// number of runs. REQUIRES: no transaction open on `conn`.
Status RunInTransaction(PgConn& conn, const PgTxnOptions& options,
                        const std::function<Status(PgConn&)>& body, int* attempts = nullptr);
// The same on a connection borrowed from `pool` for the whole call.
Status RunInTransaction(PgPool& pool, const PgTxnOptions& options,
                        const std::function<Status(PgConn&)>& body, int* attempts = nullptr);

}  // namespace engram::store::postgres

#endif  // ENGRAM_STORE_POSTGRES_PG_TXN_H_
