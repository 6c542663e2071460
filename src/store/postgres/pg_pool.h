// PgPool: a fixed number of connections to one database, lent to many threads.
//
// Acquire() lends an idle connection, opens a new one while fewer than `size` exist, or
// waits until one is returned. A Handle returns its connection when destroyed: a connection
// left inside a transaction is rolled back first, and a broken one (server restarted,
// network cut) is closed, so the next Acquire opens a fresh one.
//
// Thread safety: all PgPool methods may be called from any number of threads at once. A
// Handle (and its PgConn) belongs to one thread at a time. REQUIRES: every Handle is destroyed
// before its pool.
#ifndef ENGRAM_STORE_POSTGRES_PG_POOL_H_
#define ENGRAM_STORE_POSTGRES_PG_POOL_H_

#include <condition_variable>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

#include "engram/result.h"
#include "src/store/postgres/pg_conn.h"

namespace engram::store::postgres {

struct PgPoolOptions {
  PgConnOptions conn;
  // Connections at most. Default: 8. REQUIRES: >= 1.
  int size = 8;
  // How long Acquire waits for a busy pool. Default: 10000 ms.
  int acquire_timeout_ms = 10000;
};

class PgPool {
 public:
  // A lent connection; returns it to the pool when destroyed. Move-only.
  class Handle {
   public:
    Handle(Handle&& other) noexcept
        : pool_(std::exchange(other.pool_, nullptr)), conn_(std::move(other.conn_)) {}
    Handle& operator=(Handle&&) = delete;
    Handle(const Handle&) = delete;
    ~Handle();
    PgConn& operator*() { return *conn_; }
    PgConn* operator->() { return conn_.get(); }

   private:
    friend class PgPool;
    Handle(PgPool* pool, std::unique_ptr<PgConn> conn) : pool_(pool), conn_(std::move(conn)) {}
    PgPool* pool_;
    std::unique_ptr<PgConn> conn_;
  };

  // Opens the pool and one connection, so that a wrong DSN or a server that cannot be reached
  // fails here (Unavailable / InvalidArgument as PgConn::Connect), not at the first call.
  static Result<std::unique_ptr<PgPool>> Open(const PgPoolOptions& options);
  ~PgPool() = default;
  PgPool(const PgPool&) = delete;
  PgPool& operator=(const PgPool&) = delete;

  // A connection for the caller's exclusive use. ResourceExhausted when none came free within
  // acquire_timeout_ms; Unavailable when a new connection could not be opened.
  Result<Handle> Acquire();

  int size() const { return options_.size; }
  // Connections open now (lent or idle).
  int open_connections() const;

 private:
  explicit PgPool(PgPoolOptions options) : options_(std::move(options)) {}
  void Return(std::unique_ptr<PgConn> conn);

  const PgPoolOptions options_;
  mutable std::mutex mu_;
  std::condition_variable returned_;
  std::vector<std::unique_ptr<PgConn>> idle_;  // guarded by mu_
  int open_ = 0;                               // guarded by mu_: lent + idle + being opened
};

}  // namespace engram::store::postgres

#endif  // ENGRAM_STORE_POSTGRES_PG_POOL_H_
