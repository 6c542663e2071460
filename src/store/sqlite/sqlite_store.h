// SqliteStore: the embedded backend. One SQLite file in WAL mode with foreign keys on, the
// schema of docs/formats/sqlite_schema.md, and an FTS5 index over memory content that uses
// Engram's own tokenizer.
//
// Thread safety: all methods may be called concurrently. Writes share one connection,
// guarded by a mutex. A read-only call (get, list, history, recall's channels, the vector
// log) uses that connection when it is free and otherwise leases a reader connection of its
// own (reader_pool.h), so concurrent reads run in parallel with each other and with writes.
// Several stores (or processes) may open the same file: writes serialize on SQLite's write
// lock (BEGIN IMMEDIATE) and the store's invariants hold across them, enforced by unique
// partial indexes, not by this process's mutex.
#ifndef ENGRAM_STORE_SQLITE_SQLITE_STORE_H_
#define ENGRAM_STORE_SQLITE_SQLITE_STORE_H_

#include <memory>
#include <string>

#include "engram/result.h"
#include "src/store/store.h"

namespace engram::store {

struct SqliteOptions {
  std::string path;                // the database file
  bool create_if_missing = true;   // NotFound when false and the file does not exist
  int busy_timeout_ms = 5000;      // how long a write waits for another writer
  // The audit chain's MAC key (32 bytes, audit_chain.h DeriveAuditKey). Default: empty, an
  // unkeyed chain without anchor (tools and tests); the engine passes one derived from the
  // vault key.
  std::string audit_key;
  // Where the chain's head is anchored when keyed. Default: empty, "<path>.audit-head".
  std::string audit_anchor_path;
};

// Opens (and creates or migrates) the database. NotFound: missing file and
// !create_if_missing. Corruption: not an SQLite database. FailedPrecondition: written by a
// newer schema version. IOError: cannot be opened. The database file is created 0600 (and
// an existing one tightened to 0600); so are the anchor and SQLite's -wal and -shm files.
Result<std::unique_ptr<Store>> OpenSqliteStore(const SqliteOptions& options);

}  // namespace engram::store

#endif  // ENGRAM_STORE_SQLITE_SQLITE_STORE_H_
