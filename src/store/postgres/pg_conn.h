// PgConn: one owned libpq connection to PostgreSQL. Statements take text parameters
// (`$1`, `$2`, … bound as PgParam; NULL included), results come back as PgResult, and every
// failure is a Status built from the server's SQLSTATE (StatusFromSqlState), with messages
// "postgres: <what>: <server message> (SQLSTATE xxxxx)". No exception crosses this API.
//
// Two Citus-readiness rules are enforced here, for every statement the backend sends:
//   * session-level SET and RESET statements are refused (InvalidArgument): settings change
//     only with SET LOCAL, inside a transaction (pg_txn.h), or as connection options
//     (PgConnOptions). (A call set_config(…, false) is not detected: do not write one.)
//   * pg_advisory_* functions are refused unless the connection was opened for migrations
//     (AllowAdvisoryLocksForMigrations; pg_schema.cc is the only caller).
//
// Thread safety: a PgConn, and the PgResults it returns, belong to one thread at a time
// (libpq connections are not shared). Distinct PgConns may be used from distinct threads;
// PgPool (pg_pool.h) hands connections to many threads.
#ifndef ENGRAM_STORE_POSTGRES_PG_CONN_H_
#define ENGRAM_STORE_POSTGRES_PG_CONN_H_

#include <cstdint>
#include <initializer_list>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "engram/result.h"
#include "engram/status.h"

struct pg_conn;    // libpq's PGconn
struct pg_result;  // libpq's PGresult

namespace engram::store::postgres {

struct PgConnOptions {
  // libpq connection string ("host=… port=… dbname=…") or URI ("postgres://…"). A password
  // in it is never copied into a Status message.
  std::string dsn;
  // The PostgreSQL schema holding the store's tables: the connection's search_path becomes
  // "<schema>, public" (public: where the vector extension lives). Default: "" (the server's
  // search_path). REQUIRES: empty or [a-z_][a-z0-9_]* of at most 63 bytes.
  std::string schema;
  // Seconds to wait for the connection. Default: 10. A connect_timeout in `dsn` wins.
  int connect_timeout_s = 10;
  // statement_timeout and lock_timeout of the session, in milliseconds. Default: 0 (the
  // server's settings; 0 there means no limit).
  int statement_timeout_ms = 0;
  int lock_timeout_ms = 0;
  // Default: "engram". An application_name in `dsn` wins.
  std::string application_name = "engram";
};

// One statement parameter, sent in text format; the server infers its type (write casts such
// as `$1::bigint` where it cannot).
class PgParam {
 public:
  PgParam(std::nullopt_t) {}                                     // NOLINT: SQL NULL
  PgParam(std::string_view text) : value_(std::string(text)) {}  // NOLINT
  PgParam(const std::string& text) : value_(text) {}             // NOLINT
  PgParam(const char* text) : value_(std::string(text)) {}       // NOLINT
  PgParam(bool b) : value_(b ? "t" : "f") {}                     // NOLINT
  template <typename T,
            typename = std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool>>>
  PgParam(T v) : value_(std::to_string(v)) {}  // NOLINT
  PgParam(double v);                           // NOLINT: shortest text that reads back exactly
  static PgParam Null() { return PgParam(std::nullopt); }
  // A bytea value (any bytes), sent as '\x<hex>'.
  static PgParam Bytea(std::string_view bytes);
  // A pgvector value '[x,y,…]' (shortest text per float; reads back exactly).
  static PgParam Vector(std::span<const float> v);

  bool is_null() const { return !value_.has_value(); }
  const std::string& text() const { return *value_; }  // REQUIRES: !is_null()

 private:
  std::optional<std::string> value_;
};

// The rows of one statement (text format). Move-only; frees the libpq result.
class PgResult {
 public:
  PgResult() = default;
  explicit PgResult(pg_result* res) : res_(res) {}
  PgResult(PgResult&& other) noexcept : res_(other.res_) { other.res_ = nullptr; }
  PgResult& operator=(PgResult&& other) noexcept;
  PgResult(const PgResult&) = delete;
  PgResult& operator=(const PgResult&) = delete;
  ~PgResult();

  int rows() const;
  int cols() const;
  // Rows inserted, updated, deleted (or returned by SELECT); 0 for other commands.
  int64_t affected() const;
  // Index of the column named `name`, or -1.
  int Column(std::string_view name) const;

  // REQUIRES for all accessors: 0 <= row < rows(), 0 <= col < cols().
  bool IsNull(int row, int col) const;
  std::string_view Text(int row, int col) const;  // "" for NULL
  std::optional<std::string> OptText(int row, int col) const;
  // REQUIRES: an integer column. 0 for NULL (use IsNull to tell); 0 if unparsable.
  int64_t Int64(int row, int col) const;
  std::optional<int64_t> OptInt64(int row, int col) const;
  double Double(int row, int col) const;      // REQUIRES: a float or numeric column
  bool Bool(int row, int col) const;          // REQUIRES: a boolean column ('t' is true)
  std::string Bytea(int row, int col) const;  // REQUIRES: a bytea column; the raw bytes

 private:
  pg_result* res_ = nullptr;
};

// The Status for a server error: `sqlstate` is the 5-character code, `message` the text
// after "postgres: <what>: ". Mapping (by code, then by class):
//   23505 unique_violation                      → AlreadyExists
//   40001 serialization_failure, 40P01 deadlock → Conflict (retryable: RunInTransaction
//                                                 retries them), 55P03 lock_not_available too
//   class 23 (other integrity), 22 (data), 54 (program limit, e.g. a too long index key)
//                                               → InvalidArgument
//   class 08 (connection), 57P01-57P03 (shutdown), 53300 too_many_connections,
//   "" (no SQLSTATE: the connection broke)      → Unavailable
//   57014 query_canceled (statement_timeout)    → DeadlineExceeded
//   53100 disk_full, 53200 out_of_memory        → ResourceExhausted
//   42501, class 28 (authorization)             → PermissionDenied
//   3F000 invalid_schema_name, 42P01 undefined_table, class 55 (object state)
//                                               → FailedPrecondition
//   XX001, XX002 (data/index corrupted)         → Corruption
//   class 58 (system error, e.g. 58030 io_error) → IOError
//   0A000 feature_not_supported                 → NotSupported
//   anything else (syntax errors, 25P02, P0001…) → Internal
Status StatusFromSqlState(std::string_view sqlstate, std::string_view message);

// True for the codes a whole transaction may be retried on: 40001 and 40P01.
bool IsRetryableSqlState(std::string_view sqlstate);

// Whether `name` is a schema name PgConnOptions and migrations accept: [a-z_][a-z0-9_]*, at
// most 63 bytes (so it never needs quoting).
bool IsValidPgSchemaName(std::string_view name);

class PgConn {
 public:
  // Connects and checks the server: Unavailable when it cannot be reached (or refuses the
  // login), InvalidArgument for a malformed dsn or schema name.
  static Result<std::unique_ptr<PgConn>> Connect(const PgConnOptions& options);
  ~PgConn();
  PgConn(const PgConn&) = delete;
  PgConn& operator=(const PgConn&) = delete;

  // Runs one statement with text parameters and returns its rows. Errors as above; also
  // InvalidArgument for a session SET or a refused advisory lock (see the file comment).
  // A statement text sent a second time on this connection is prepared (a named statement
  // of the connection, at most kMaxPrepared of them) and executed as such from then on: the
  // server parses it once, and plans it once when its generic plan is as good as a custom
  // one. Results and errors are those of the unprepared statement.
  Result<PgResult> Exec(std::string_view sql, std::span<const PgParam> params);
  Result<PgResult> Exec(std::string_view sql, std::initializer_list<PgParam> params = {}) {
    return Exec(sql, std::span<const PgParam>(params.begin(), params.size()));
  }
  // Queues a statement whose rows are not needed before the next statement (libpq's
  // pipeline mode, pg_conn_pipeline.cc): it travels with the next Exec or Flush, in the same
  // round trip, and the server runs the statements in the order they were queued (later ones
  // see its effects). The first statement of a round that fails makes the server skip the
  // rest of the round; its error is returned by the Exec or Flush that carried it, named
  // after the failing statement, and becomes first_error_sqlstate(). `rows`, when not null,
  // receives the statement's result when that call has read it; it must outlive the call.
  // Prepared as Exec prepares. Errors now: InvalidArgument as Exec, Unavailable when the
  // connection broke.
  Status Defer(std::string_view sql, std::span<const PgParam> params, PgResult* rows = nullptr);
  Status Defer(std::string_view sql, std::initializer_list<PgParam> params = {},
               PgResult* rows = nullptr) {
    return Defer(sql, std::span<const PgParam>(params.begin(), params.size()), rows);
  }
  // Sends the queued statements (Defer) and reads their results: OK, or the first error.
  Status Flush();
  // How many statements are queued (Defer) and not yet sent.
  size_t deferred() const { return pending_.size(); }

  // Runs several ';'-separated statements without parameters (DDL scripts, migrations). An
  // error names the script's line where the failing statement went wrong. Flushes first.
  Status ExecScript(std::string_view sql);

  // `value` quoted as an SQL string literal for this connection ('…', escapes doubled).
  Result<std::string> QuoteLiteral(std::string_view value);

  // Whether the connection is usable (false after the server went away).
  bool ok() const;
  // Whether a transaction is open on the connection (also when it failed and awaits
  // ROLLBACK), or statements are queued (Defer: a queued BEGIN opens one).
  bool in_transaction() const;
  // The SQLSTATE of the first statement that failed since ClearErrors() ("" when none).
  // PostgreSQL aborts a transaction at its first error, so this is the cause of the
  // transaction's failure; RunInTransaction retries by it.
  const std::string& first_error_sqlstate() const { return first_error_sqlstate_; }
  void ClearErrors() { first_error_sqlstate_.clear(); }

  // Lets this connection call pg_advisory_* functions. Only migrations may (pg_schema.cc):
  // advisory locks are local to one PostgreSQL node, so nothing that must hold on a
  // distributed database relies on them.
  void AllowAdvisoryLocksForMigrations(bool allow) { advisory_locks_allowed_ = allow; }

  // The server's version number (e.g. 160014).
  int server_version() const;

  // Prepared statements held by the connection (see Exec), for tests and benchmarks.
  size_t prepared_count() const { return prepared_.size(); }
  static constexpr size_t kMaxPrepared = 512;

 private:
  explicit PgConn(pg_conn* conn) : conn_(conn) {}
  // A statement queued by Defer (or the Prepare of its text, `prepare`), awaiting its
  // result.
  struct Pending {
    std::string sql;
    PgResult* rows;
    bool prepare;
  };
  Status Refuse(std::string_view sql) const;
  Status ErrorOf(pg_result* res, std::string_view sql, bool script = false);
  // A statement ready to send: its text, its parameters as libpq takes them (pointing into
  // the PgParams), and its prepared name ("" to run it unnamed; `prepare`: it must be
  // prepared first, being seen the second time; see Exec).
  struct Bound {
    std::string text;
    std::vector<const char*> values;
    std::string name;
    bool prepare = false;
  };
  Bound Bind(std::string_view sql, std::span<const PgParam> params);
  // Sends the queued statements with a Sync, reads their results and leaves pipeline mode
  // (pg_conn_pipeline.cc). REQUIRES: statements are queued.
  Status Drain();

  pg_conn* conn_;
  std::string first_error_sqlstate_;
  // Statement text → its prepared name; texts seen once (cleared when it grows past
  // 4 × kMaxPrepared, so statements built with literals cannot grow it without bound).
  std::unordered_map<std::string, std::string> prepared_;
  std::unordered_set<std::string> seen_once_;
  int64_t prepared_serial_ = 0;  // names engram_<n>, never reused
  std::vector<Pending> pending_;  // in pipeline mode while not empty
  bool advisory_locks_allowed_ = false;
};

}  // namespace engram::store::postgres

#endif  // ENGRAM_STORE_POSTGRES_PG_CONN_H_
