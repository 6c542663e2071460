// WalCheckpointer: copies a WAL-mode database's write-ahead log back into the database file
// on a background thread, so that no caller's commit pays for it.
//
// SQLite's default is an automatic checkpoint inside the commit that takes the log past 1,000
// pages: that commit copies about 4 MB into the database file and syncs it. Every recall
// writes (access stats, recall log, audit), so on a 100k-memory store one recall in about 40
// paid 2-6 ms of CPU and more of I/O wait for it, enough to set recall's p95.
//
//   WalCheckpointer ckpt(path, busy_timeout_ms);
//   sqlite3_wal_hook(writer, &WalCheckpointer::Hook, &ckpt);  // replaces the automatic one
//
// The hook asks for a PASSIVE checkpoint (it neither waits for nor blocks readers and writers)
// once the log holds kBackgroundPages, on a connection of the checkpointer's own, opened on
// the first request (stores that never write that much start no thread). The log only
// restarts from its beginning when a write begins with every frame copied, which a busy
// writer rarely lets a background pass achieve; so once a pass has copied all but at most
// kInlineRemainderPages, the next commit copies that remainder itself (a few hundred KB and
// the checkpoint's syncs). Should the log still reach kInlinePages (the thread cannot keep up
// or could not open its connection), the committing connection checkpoints it all, as SQLite
// would, so the log stays bounded.
//
// Thread safety: Hook and Request may be called from any thread. Destroy the checkpointer
// before closing the connection whose hook points at it.
#ifndef ENGRAM_STORE_SQLITE_WAL_CHECKPOINTER_H_
#define ENGRAM_STORE_SQLITE_WAL_CHECKPOINTER_H_

#include <sqlite3.h>

#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

namespace engram::store::sqlite {

class WalCheckpointer {
 public:
  // Log size (pages) that wakes the background checkpoint: SQLite's own threshold.
  static constexpr int kBackgroundPages = 1000;
  // Frames left behind by a background pass that the next commit copies itself.
  static constexpr int kInlineRemainderPages = 256;
  // Log size (pages) at which the committing connection checkpoints itself.
  static constexpr int kInlinePages = 16 * kBackgroundPages;

  WalCheckpointer(std::string path, int busy_timeout_ms);
  ~WalCheckpointer();  // stops and joins the thread, closes its connection
  WalCheckpointer(const WalCheckpointer&) = delete;
  WalCheckpointer& operator=(const WalCheckpointer&) = delete;

  // A sqlite3_wal_hook callback for the one connection that writes; `self` is the
  // WalCheckpointer. Always returns SQLITE_OK.
  static int Hook(void* self, sqlite3* db, const char* schema, int pages);

  // Asks the thread for one checkpoint (starting it on first use); returns at once.
  void Request();

  // Waits for a running background checkpoint and keeps new ones from starting while the
  // returned lock is held: for a caller's own checkpoint, which SQLite would refuse (BUSY)
  // during another.
  std::unique_lock<std::mutex> Hold() { return std::unique_lock(run_mu_); }

  // Checkpoints completed by the thread so far (for tests).
  int completed() const;

 private:
  void Run();

  const std::string path_;
  const int busy_timeout_ms_;
  std::mutex run_mu_;  // held while the thread checkpoints
  mutable std::mutex mu_;
  std::condition_variable wake_;
  bool requested_ = false;  // guarded by mu_
  bool stop_ = false;       // guarded by mu_
  bool failed_ = false;     // guarded by mu_: the thread's connection could not be opened
  int completed_ = 0;       // guarded by mu_
  int backfilled_ = 0;      // guarded by mu_: frames copied by the last pass; 0 after a restart
  std::thread thread_;      // started by the first Request; guarded by mu_
};

}  // namespace engram::store::sqlite

#endif  // ENGRAM_STORE_SQLITE_WAL_CHECKPOINTER_H_
