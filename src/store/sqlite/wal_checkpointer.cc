#include "src/store/sqlite/wal_checkpointer.h"

#include <utility>

namespace engram::store::sqlite {

WalCheckpointer::WalCheckpointer(std::string path, int busy_timeout_ms)
    : path_(std::move(path)), busy_timeout_ms_(busy_timeout_ms) {}

WalCheckpointer::~WalCheckpointer() {
  {
    std::lock_guard lock(mu_);
    stop_ = true;
  }
  wake_.notify_one();
  if (thread_.joinable()) thread_.join();
}

int WalCheckpointer::Hook(void* self, sqlite3* db, const char* schema, int pages) {
  auto* ckpt = static_cast<WalCheckpointer*>(self);
  if (pages < kBackgroundPages) {
    std::lock_guard lock(ckpt->mu_);
    ckpt->backfilled_ = 0;  // the log has restarted since the last pass
    return SQLITE_OK;
  }
  bool inline_checkpoint = pages >= kInlinePages;
  std::unique_lock run(ckpt->run_mu_, std::try_to_lock);
  if (!inline_checkpoint) {
    if (!run.owns_lock()) return SQLITE_OK;  // a pass is running; a later commit asks again
    std::lock_guard lock(ckpt->mu_);
    inline_checkpoint = ckpt->failed_ || (ckpt->backfilled_ > 0 &&
                                          pages - ckpt->backfilled_ <= kInlineRemainderPages);
  }
  if (!inline_checkpoint) {
    run.unlock();
    ckpt->Request();
    return SQLITE_OK;
  }
  // What SQLite's automatic checkpoint does; an error (say SQLITE_BUSY while a background
  // pass runs) leaves the log as it is, to be copied later, and does not fail the commit.
  int log = 0;
  int copied = 0;
  if (sqlite3_wal_checkpoint_v2(db, schema, SQLITE_CHECKPOINT_PASSIVE, &log, &copied) ==
      SQLITE_OK) {
    std::lock_guard lock(ckpt->mu_);
    ckpt->backfilled_ = copied;
  }
  return SQLITE_OK;
}

void WalCheckpointer::Request() {
  {
    std::lock_guard lock(mu_);
    if (stop_ || failed_) return;
    requested_ = true;
    if (!thread_.joinable()) thread_ = std::thread([this] { Run(); });
  }
  wake_.notify_one();
}

int WalCheckpointer::completed() const {
  std::lock_guard lock(mu_);
  return completed_;
}

void WalCheckpointer::Run() {
  sqlite3* db = nullptr;
  if (sqlite3_open_v2(path_.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX,
                      nullptr) != SQLITE_OK) {
    sqlite3_close_v2(db);
    std::lock_guard lock(mu_);
    failed_ = true;
    return;
  }
  sqlite3_busy_timeout(db, busy_timeout_ms_);
  // A connection sees the write-ahead log only once it has read the database; until then
  // a checkpoint does nothing.
  if (sqlite3_exec(db, "PRAGMA schema_version", nullptr, nullptr, nullptr) != SQLITE_OK) {
    sqlite3_close_v2(db);
    std::lock_guard lock(mu_);
    failed_ = true;
    return;
  }
  std::unique_lock lock(mu_);
  while (true) {
    wake_.wait(lock, [this] { return requested_ || stop_; });
    if (stop_) break;
    requested_ = false;
    lock.unlock();
    // PASSIVE: copies what no reader still needs, without waiting; what is left is copied
    // by the next request.
    int rc = SQLITE_OK;
    int log = 0;
    int copied = 0;
    {
      std::lock_guard run(run_mu_);
      rc = sqlite3_wal_checkpoint_v2(db, "main", SQLITE_CHECKPOINT_PASSIVE, &log, &copied);
    }
    lock.lock();
    if (rc == SQLITE_OK) {
      ++completed_;
      backfilled_ = copied;
    }
  }
  lock.unlock();
  sqlite3_close_v2(db);
}

}  // namespace engram::store::sqlite
