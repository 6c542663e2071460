#include "src/store/sqlite/sqlite_util.h"

#include <mutex>
#include <shared_mutex>

namespace engram::store::sqlite {
namespace {

// Which cache belongs to which connection (few entries: one per open store).
struct CacheRegistry {
  std::shared_mutex mu;
  std::unordered_map<sqlite3*, StmtCache*> by_db;
};

CacheRegistry& Registry() {
  static CacheRegistry* const registry = new CacheRegistry();  // outlives every store
  return *registry;
}

}  // namespace

Status SqliteError(sqlite3* db, int rc, std::string_view what) {
  std::string msg = "sqlite: " + std::string(what) + ": ";
  msg += db ? sqlite3_errmsg(db) : sqlite3_errstr(rc);
  switch (rc & 0xFF) {
    case SQLITE_CORRUPT:
    case SQLITE_NOTADB: return Status::Corruption(msg);
    case SQLITE_BUSY:
    case SQLITE_LOCKED: return Status::Unavailable(msg);
    case SQLITE_CONSTRAINT: return Status::Conflict(msg);
    case SQLITE_FULL: return Status::ResourceExhausted(msg);
    case SQLITE_CANTOPEN: return Status::NotFound(msg);
    case SQLITE_READONLY:
    case SQLITE_PERM:
    case SQLITE_AUTH: return Status::PermissionDenied(msg);
    case SQLITE_IOERR: return Status::IOError(msg);
    default: return Status::Internal(msg);
  }
}

Status Exec(sqlite3* db, std::string_view sql, std::string_view what) {
  std::string copy(sql);
  char* err = nullptr;
  int rc = sqlite3_exec(db, copy.c_str(), nullptr, nullptr, &err);
  sqlite3_free(err);
  if (rc != SQLITE_OK) return SqliteError(db, rc, what);
  return Status::OK();
}

Stmt::Stmt(sqlite3* db, std::string_view sql) : Stmt(db, StmtCache::Of(db), sql) {}

StmtCache::StmtCache(sqlite3* db) : db_(db) {
  CacheRegistry& r = Registry();
  std::unique_lock lock(r.mu);
  r.by_db[db] = this;
}

StmtCache::~StmtCache() {
  {
    CacheRegistry& r = Registry();
    std::unique_lock lock(r.mu);
    if (auto it = r.by_db.find(db_); it != r.by_db.end() && it->second == this) {
      r.by_db.erase(it);
    }
  }
  for (auto& [sql, stmt] : idle_) sqlite3_finalize(stmt);
}

StmtCache* StmtCache::Of(sqlite3* db) {
  CacheRegistry& r = Registry();
  std::shared_lock lock(r.mu);
  auto it = r.by_db.find(db);
  return it == r.by_db.end() ? nullptr : it->second;
}

Stmt::Stmt(StmtCache* cache, std::string_view sql) : Stmt(cache->db_, cache, sql) {}

Stmt::Stmt(sqlite3* db, StmtCache* cache, std::string_view sql) : db_(db) {
  if (cache == nullptr) {
    int rc = sqlite3_prepare_v2(db, sql.data(), static_cast<int>(sql.size()), &stmt_, nullptr);
    if (rc != SQLITE_OK) status_ = SqliteError(db, rc, "prepare");
    return;
  }
  sql_ = sql;
  auto it = cache->idle_.find(sql_);
  if (it != cache->idle_.end()) {
    stmt_ = it->second;
    cache->idle_.erase(it);
    cache_ = cache;
    return;
  }
  int rc = sqlite3_prepare_v3(db_, sql_.data(), static_cast<int>(sql_.size()),
                              SQLITE_PREPARE_PERSISTENT, &stmt_, nullptr);
  if (rc != SQLITE_OK) {
    status_ = SqliteError(db_, rc, "prepare");
    return;
  }
  cache_ = cache;
}

Stmt::~Stmt() {
  if (cache_ != nullptr && stmt_ != nullptr) {
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
    if (cache_->idle_.size() < StmtCache::kMaxIdle &&
        cache_->idle_.emplace(std::move(sql_), stmt_).second) {
      return;
    }
  }
  sqlite3_finalize(stmt_);
}

Stmt& Stmt::Bind(int i, int64_t v) {
  if (stmt_) sqlite3_bind_int64(stmt_, i, v);
  return *this;
}
Stmt& Stmt::Bind(int i, double v) {
  if (stmt_) sqlite3_bind_double(stmt_, i, v);
  return *this;
}
Stmt& Stmt::Bind(int i, std::string_view v) {
  if (stmt_) sqlite3_bind_text(stmt_, i, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT);
  return *this;
}
Stmt& Stmt::BindBlob(int i, std::string_view v) {
  if (stmt_) sqlite3_bind_blob(stmt_, i, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT);
  return *this;
}

Stmt& Stmt::BindNull(int i) {
  if (stmt_) sqlite3_bind_null(stmt_, i);
  return *this;
}

Stmt& Stmt::BindPointer(int i, const void* p, const char* type) {
  if (stmt_) sqlite3_bind_pointer(stmt_, i, const_cast<void*>(p), type, nullptr);
  return *this;
}

bool Stmt::Step() {
  if (!stmt_ || !status_.ok()) return false;
  int rc = sqlite3_step(stmt_);
  if (rc == SQLITE_ROW) return true;
  if (rc != SQLITE_DONE) status_ = SqliteError(db_, rc, "step");
  return false;
}

Status Stmt::Run() {
  while (Step()) {
  }
  return status_;
}

void Stmt::Reset() {
  if (!stmt_) return;
  sqlite3_reset(stmt_);
  sqlite3_clear_bindings(stmt_);
}

std::string Stmt::Blob(int col) const {
  const void* p = sqlite3_column_blob(stmt_, col);
  int n = sqlite3_column_bytes(stmt_, col);
  return p ? std::string(static_cast<const char*>(p), n) : std::string();
}

std::string Stmt::Text(int col) const {
  const unsigned char* p = sqlite3_column_text(stmt_, col);
  int n = sqlite3_column_bytes(stmt_, col);
  return p ? std::string(reinterpret_cast<const char*>(p), n) : std::string();
}

Txn::Txn(sqlite3* db) : db_(db) {
  status_ = Exec(db, "BEGIN IMMEDIATE", "begin");
  open_ = status_.ok();
}

Txn::~Txn() {
  if (open_) sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
}

Status Txn::Commit() {
  if (!open_) return status_.ok() ? Status::Internal("sqlite: commit without begin") : status_;
  Status s = Exec(db_, "COMMIT", "commit");
  if (s.ok()) open_ = false;
  return s;
}

}  // namespace engram::store::sqlite
