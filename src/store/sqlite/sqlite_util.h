// Thin RAII helpers over the SQLite C API, used only inside src/store/sqlite.
//
// Thread safety: a Stmt or Txn belongs to the thread that uses its connection.
#ifndef ENGRAM_STORE_SQLITE_SQLITE_UTIL_H_
#define ENGRAM_STORE_SQLITE_SQLITE_UTIL_H_

#include <sqlite3.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

#include "engram/status.h"

namespace engram::store::sqlite {

// Maps an SQLite result code to a Status: "sqlite: <what>: <sqlite message>".
Status SqliteError(sqlite3* db, int rc, std::string_view what);

// Runs one or more statements with no results.
Status Exec(sqlite3* db, std::string_view sql, std::string_view what);

// Prepared statements kept for a connection's lifetime, keyed by their SQL text. Belongs to
// the connection's owner. A cache registers itself as its connection's: from then on every
// Stmt on that connection, Stmt(db, sql) included, borrows its statement from the cache
// instead of preparing it anew (preparing was 31% of a SQLite `remember`). At most kMaxIdle
// statements are kept; past that a returned one is finalized.
//
// REQUIRES: a connection with a cache is used by one thread at a time (the store's writer
// connection: under its mutex), since the cache itself is not locked.
class StmtCache {
 public:
  static constexpr size_t kMaxIdle = 256;

  explicit StmtCache(sqlite3* db);  // registers as db's cache
  ~StmtCache();  // unregisters and finalizes; destroy before closing the connection

  // The cache registered for `db`, or null.
  static StmtCache* Of(sqlite3* db);
  StmtCache(const StmtCache&) = delete;
  StmtCache& operator=(const StmtCache&) = delete;

 private:
  friend class Stmt;
  sqlite3* db_;
  std::unordered_map<std::string, sqlite3_stmt*> idle_;  // prepared, not borrowed
};

class Stmt {
 public:
  // Borrows from StmtCache::Of(db) when `db` has a cache, else prepares a statement it owns.
  Stmt(sqlite3* db, std::string_view sql);
  // Borrows the cache's statement for `sql` (preparing it once); the destructor resets it
  // and hands it back. A statement already borrowed (nested use) gets a fresh one.
  Stmt(StmtCache* cache, std::string_view sql);
  // The cached form when `cache` is not null (REQUIRES: it belongs to `db`), else a plain one.
  Stmt(sqlite3* db, StmtCache* cache, std::string_view sql);
  ~Stmt();
  Stmt(const Stmt&) = delete;
  Stmt& operator=(const Stmt&) = delete;

  // Error from preparing, if any. Binding and stepping a failed Stmt is a no-op.
  const Status& status() const { return status_; }

  // Binds by 1-based index. Returns *this for chaining.
  Stmt& Bind(int i, int64_t v);
  Stmt& Bind(int i, int v) { return Bind(i, int64_t{v}); }
  Stmt& Bind(int i, bool v) { return Bind(i, int64_t{v ? 1 : 0}); }
  Stmt& Bind(int i, const char* v) { return Bind(i, std::string_view(v)); }
  Stmt& Bind(int i, const std::string& v) { return Bind(i, std::string_view(v)); }
  Stmt& Bind(int i, double v);
  Stmt& Bind(int i, std::string_view v);
  Stmt& BindNull(int i);
  // sqlite3_bind_pointer: `p` (not owned, may be null) for a function that asks for `type`.
  Stmt& BindPointer(int i, const void* p, const char* type);
  Stmt& BindBlob(int i, std::string_view bytes);
  Stmt& Bind(int i, const std::optional<int64_t>& v) { return v ? Bind(i, *v) : BindNull(i); }

  // Advances: true with a row, false when done; errors are kept in status().
  bool Step();
  // Runs to completion (for writes). Returns the first error.
  Status Run();
  void Reset();

  int64_t Int(int col) const { return sqlite3_column_int64(stmt_, col); }
  double Double(int col) const { return sqlite3_column_double(stmt_, col); }
  std::string Text(int col) const;
  std::string Blob(int col) const;
  bool IsNull(int col) const { return sqlite3_column_type(stmt_, col) == SQLITE_NULL; }
  std::optional<int64_t> OptInt(int col) const {
    return IsNull(col) ? std::nullopt : std::optional<int64_t>(Int(col));
  }

 private:
  sqlite3* db_;
  sqlite3_stmt* stmt_ = nullptr;
  Status status_;
  StmtCache* cache_ = nullptr;  // where stmt_ returns; null = owned
  std::string sql_;             // the cache key
};

// BEGIN IMMEDIATE ... COMMIT; rolls back unless Commit() succeeded.
class Txn {
 public:
  explicit Txn(sqlite3* db);
  ~Txn();
  Txn(const Txn&) = delete;
  Txn& operator=(const Txn&) = delete;
  const Status& status() const { return status_; }
  Status Commit();

 private:
  sqlite3* db_;
  Status status_;
  bool open_ = false;
};

}  // namespace engram::store::sqlite

#endif  // ENGRAM_STORE_SQLITE_SQLITE_UTIL_H_
