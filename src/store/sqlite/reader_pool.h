// ReaderPool: extra connections to one SQLite database for read-only calls. In WAL mode a
// reader neither waits for the writer nor for other readers, so calls that only read (recall's
// vector re-check, recency and graph channels, get, list, history) run in parallel on
// connections of their own while writes stay on the store's one writer connection. Keyword
// search is not among them: it stays on the writer, beside its in-memory index.
//
//   ReaderPool pool(open_connection, 8);
//   if (auto lease = pool.Acquire()) Stmt st(lease->db(), "SELECT ...");
//
// A leased connection starts no transaction of its own: each statement reads the latest
// committed state, so a read that follows a committed write (on any connection) sees it.
// Each connection keeps its prepared statements (a StmtCache registered for it), so a read
// prepares a statement once per connection, not once per call.
//
// Thread safety: Acquire may be called from many threads; a Lease belongs to one thread.
#ifndef ENGRAM_STORE_SQLITE_READER_POOL_H_
#define ENGRAM_STORE_SQLITE_READER_POOL_H_

#include <sqlite3.h>

#include <condition_variable>
#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "engram/result.h"
#include "src/store/sqlite/sqlite_util.h"

namespace engram::store::sqlite {

class ReaderPool {
 public:
  // Opens a reader connection (nullptr or an error when it cannot); the pool owns what it
  // returns and closes it with sqlite3_close_v2.
  using Opener = std::function<Result<sqlite3*>()>;

  // At most `max_connections` readers are open at once; a thread that finds all of them
  // leased waits for one. REQUIRES: max_connections > 0.
  ReaderPool(Opener open, size_t max_connections);
  ~ReaderPool();  // REQUIRES: no lease outstanding
  ReaderPool(const ReaderPool&) = delete;
  ReaderPool& operator=(const ReaderPool&) = delete;

  class Lease {
   public:
    Lease(Lease&& other) noexcept : pool_(other.pool_), db_(other.db_), cache_(other.cache_) {
      other.db_ = nullptr;
    }
    Lease& operator=(Lease&&) = delete;
    ~Lease();
    sqlite3* db() const { return db_; }
    // The connection's prepared statements; used by the lease's thread alone.
    StmtCache* cache() const { return cache_; }

   private:
    friend class ReaderPool;
    Lease(ReaderPool* pool, sqlite3* db, StmtCache* cache) : pool_(pool), db_(db), cache_(cache) {}
    ReaderPool* pool_;
    sqlite3* db_;
    StmtCache* cache_;
  };

  // A reader, opened on first need; nullopt when a new one cannot be opened (the caller then
  // reads on its writer connection). Once opening failed, the pool stops trying.
  std::optional<Lease> Acquire();

 private:
  void Release(sqlite3* db);

  const Opener open_;
  const size_t max_;
  std::mutex mu_;
  std::condition_variable released_;
  struct Reader {
    sqlite3* db;
    std::unique_ptr<StmtCache> cache;  // destroyed before db is closed
  };
  std::vector<Reader> readers_;  // guarded by mu_; every connection opened
  std::vector<sqlite3*> idle_;  // guarded by mu_
  size_t open_count_ = 0;       // guarded by mu_; idle and leased
  bool broken_ = false;         // guarded by mu_; opening failed once
};

}  // namespace engram::store::sqlite

#endif  // ENGRAM_STORE_SQLITE_READER_POOL_H_
