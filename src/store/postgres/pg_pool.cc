#include "src/store/postgres/pg_pool.h"

#include <chrono>

namespace engram::store::postgres {

Result<std::unique_ptr<PgPool>> PgPool::Open(const PgPoolOptions& options) {
  if (options.size < 1) return Status::InvalidArgument("postgres: pool size must be >= 1");
  std::unique_ptr<PgPool> pool(new PgPool(options));
  Result<std::unique_ptr<PgConn>> first = PgConn::Connect(options.conn);
  if (!first.ok()) return first.status();
  pool->idle_.push_back(std::move(first).value());
  pool->open_ = 1;
  return pool;
}

int PgPool::open_connections() const {
  std::lock_guard lock(mu_);
  return open_;
}

Result<PgPool::Handle> PgPool::Acquire() {
  std::unique_lock lock(mu_);
  auto deadline =
      std::chrono::steady_clock::now() + std::chrono::milliseconds(options_.acquire_timeout_ms);
  while (idle_.empty() && open_ >= options_.size) {
    if (returned_.wait_until(lock, deadline) == std::cv_status::timeout && idle_.empty() &&
        open_ >= options_.size) {
      return Status::ResourceExhausted("postgres: pool: all " + std::to_string(options_.size) +
                                       " connections busy for " +
                                       std::to_string(options_.acquire_timeout_ms) + " ms");
    }
  }
  if (!idle_.empty()) {
    std::unique_ptr<PgConn> conn = std::move(idle_.back());
    idle_.pop_back();
    return Handle(this, std::move(conn));
  }
  ++open_;  // reserve the slot, connect without holding the lock
  lock.unlock();
  Result<std::unique_ptr<PgConn>> conn = PgConn::Connect(options_.conn);
  if (!conn.ok()) {
    lock.lock();
    --open_;
    returned_.notify_one();
    return conn.status();
  }
  return Handle(this, std::move(conn).value());
}

void PgPool::Return(std::unique_ptr<PgConn> conn) {
  if (conn->ok() && conn->in_transaction()) (void)conn->Exec("ROLLBACK");
  bool keep = conn->ok() && !conn->in_transaction();
  if (!keep) conn.reset();  // closed outside the lock
  std::lock_guard lock(mu_);
  if (keep) {
    conn->ClearErrors();
    conn->AllowAdvisoryLocksForMigrations(false);
    idle_.push_back(std::move(conn));
  } else {
    --open_;
  }
  returned_.notify_one();
}

PgPool::Handle::~Handle() {
  if (pool_ && conn_) pool_->Return(std::move(conn_));
}

}  // namespace engram::store::postgres
