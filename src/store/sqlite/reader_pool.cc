#include "src/store/sqlite/reader_pool.h"

#include <utility>

namespace engram::store::sqlite {

ReaderPool::ReaderPool(Opener open, size_t max_connections)
    : open_(std::move(open)), max_(max_connections) {}

ReaderPool::~ReaderPool() {
  for (Reader& r : readers_) {
    r.cache.reset();
    sqlite3_close_v2(r.db);
  }
}

ReaderPool::Lease::~Lease() {
  if (db_ != nullptr) pool_->Release(db_);
}

std::optional<ReaderPool::Lease> ReaderPool::Acquire() {
  std::unique_lock lock(mu_);
  for (;;) {
    if (broken_) return std::nullopt;
    if (!idle_.empty()) {
      sqlite3* db = idle_.back();
      idle_.pop_back();
      return Lease(this, db, StmtCache::Of(db));
    }
    if (open_count_ < max_) break;
    released_.wait(lock);
  }
  ++open_count_;  // reserved while opening, outside the lock
  lock.unlock();
  Result<sqlite3*> db = open_();
  lock.lock();
  if (db.ok() && *db != nullptr) {
    readers_.push_back({*db, std::make_unique<StmtCache>(*db)});
    return Lease(this, *db, readers_.back().cache.get());
  }
  --open_count_;
  broken_ = true;
  released_.notify_all();
  return std::nullopt;
}

void ReaderPool::Release(sqlite3* db) {
  {
    std::lock_guard lock(mu_);
    idle_.push_back(db);
  }
  released_.notify_one();
}

}  // namespace engram::store::sqlite
