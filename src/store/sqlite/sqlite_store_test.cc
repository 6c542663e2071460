#include "src/store/sqlite/sqlite_store.h"

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <atomic>
#include <chrono>
#include <fstream>
#include <thread>

#include "src/store/sqlite/sqlite_schema.h"
#include "src/store/sqlite/sqlite_store_internal.h"
#include "src/store/sqlite/wal_checkpointer.h"
#include "src/testing/temp_dir.h"

namespace engram::store {
namespace {

OpContext Ctx() {
  Principal p;
  p.user_id = "alice";
  return OpContext{p, "req", Instant{1718348400000, 480}};
}

IngestBatch OneMemory(const std::string& text) {
  IngestBatch b;
  b.scope.user_id = "alice";
  b.message.content = text;
  Memory m;
  m.content = text;
  b.memories.push_back(m);
  return b;
}

void ExecRaw(const std::string& path, const std::string& sql) {
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  char* err = nullptr;
  int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &err);
  EXPECT_EQ(rc, SQLITE_OK) << (err ? err : "");
  sqlite3_free(err);
  sqlite3_close(db);
}

TEST(SqliteStoreTest, MissingFileIsNotFoundWithoutCreate) {
  testing::TempDir dir;
  auto r = OpenSqliteStore(SqliteOptions{dir.File("nope.db"), false});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), StatusCode::kNotFound);
  EXPECT_NE(r.status().message().find("does not exist"), std::string::npos);
  EXPECT_FALSE(std::ifstream(dir.File("nope.db")).good());  // nothing created
}

TEST(SqliteStoreTest, GarbageFileIsCorruption) {
  testing::TempDir dir;
  std::ofstream(dir.File("bad.db")) << std::string(8192, 'x');
  auto r = OpenSqliteStore(SqliteOptions{dir.File("bad.db"), true});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), StatusCode::kCorruption) << r.status().ToString();
}

TEST(SqliteStoreTest, NewerSchemaIsRefusedUntouched) {
  testing::TempDir dir;
  std::string path = dir.File("new.db");
  ASSERT_TRUE(OpenSqliteStore(SqliteOptions{path, true}).ok());
  int future = sqlite::LatestSchemaVersion() + 1;
  ExecRaw(path, "PRAGMA user_version = " + std::to_string(future));
  auto r = OpenSqliteStore(SqliteOptions{path, true});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), StatusCode::kFailedPrecondition);
  EXPECT_NE(r.status().message().find("newer"), std::string::npos);
}

TEST(SqliteStoreTest, OlderSchemaIsMigratedForward) {
  testing::TempDir dir;
  std::string path = dir.File("old.db");
  ASSERT_TRUE(OpenSqliteStore(SqliteOptions{path, true}).ok());
  // Roll the file back to version 1 (as an older build left it), with a memory in it.
  ExecRaw(path,
          "DROP INDEX memory_session; DROP TABLE memory_vector; DROP TABLE vector_log; "
          "DROP TABLE embedding_cache; DROP TABLE api_keys; DROP TABLE outbox; "
          "DROP TABLE recall_log; DROP TABLE memory_link; DROP TABLE memory_entity; "
          "DROP TABLE entity_key; DROP INDEX entity_external; DROP INDEX entity_user; "
          "ALTER TABLE entity DROP COLUMN roles; ALTER TABLE entity DROP COLUMN external_id; "
          "ALTER TABLE entity DROP COLUMN origin; "
          "ALTER TABLE memory DROP COLUMN last_seen_ms; "
          "ALTER TABLE memory DROP COLUMN reinforced; DROP INDEX relation_object; "
          "ALTER TABLE memory DROP COLUMN keyword; ALTER TABLE memory DROP COLUMN said; "
          "DROP INDEX memory_fact; DROP INDEX review_open; DROP INDEX memory_record_text; "
          "DROP INDEX memory_message_retired; DROP TABLE entity_link_count; "
          "INSERT INTO entity (scope_key, user_id, visibility, type, name, created_ms) "
          "VALUES ('u:alice', 'alice', 'private', 'person', 'Old Entity', 1); "
          "PRAGMA user_version = 1;");
  auto s = OpenSqliteStore(SqliteOptions{path, false});
  ASSERT_TRUE(s.ok()) << s.status().ToString();
  auto stats = (*s)->GetStats(Ctx());
  ASSERT_TRUE(stats.ok());
  EXPECT_EQ(stats->schema_version, 17);
  EXPECT_EQ(sqlite::LatestSchemaVersion(), 17);
  auto recent = (*s)->ListRecent(Ctx(), "", 5);
  EXPECT_TRUE(recent.ok());
  // A version 1 entity row gains the version 7 columns.
  auto entities = (*s)->ListEntities(Ctx(), EntityQuery{});
  ASSERT_TRUE(entities.ok()) << entities.status().ToString();
  ASSERT_EQ(entities->size(), 1u);
  EXPECT_EQ((*entities)[0].name, "Old Entity");
  EXPECT_EQ((*entities)[0].origin, "directory");
  EXPECT_TRUE((*entities)[0].roles.empty());
}

TEST(SqliteStoreTest, DataSurvivesReopenAndUsesWal) {
  testing::TempDir dir;
  std::string path = dir.File("e.db");
  int64_t id = 0;
  {
    auto s = OpenSqliteStore(SqliteOptions{path, true});
    ASSERT_TRUE(s.ok());
    auto r = (*s)->Ingest(Ctx(), OneMemory("接口文档 v1"));
    ASSERT_TRUE(r.ok());
    id = r->memories[0].id;
  }
  auto s = OpenSqliteStore(SqliteOptions{path, false});
  ASSERT_TRUE(s.ok()) << s.status().ToString();
  auto m = (*s)->GetMemory(Ctx(), id);
  ASSERT_TRUE(m.ok());
  EXPECT_EQ(m->content, "接口文档 v1");
  auto stats = (*s)->GetStats(Ctx());
  ASSERT_TRUE(stats.ok());
  EXPECT_EQ(stats->schema_version, sqlite::LatestSchemaVersion());
  std::ifstream wal(path + "-wal");
  EXPECT_TRUE(wal.good());
}

TEST(WalCheckpointerTest, CopiesTheLogInTheBackgroundAndRestartsIt) {
  testing::TempDir dir;
  const std::string path = dir.File("w.db");
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(db, "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; "
                             "CREATE TABLE t (b BLOB)", nullptr, nullptr, nullptr),
            SQLITE_OK);
  struct Watch {
    sqlite::WalCheckpointer* ckpt;
    int last_pages = 0;
    bool restarted = false;  // the log went back to its beginning after passing the threshold
    static int Hook(void* self, sqlite3* db, const char* schema, int pages) {
      auto* w = static_cast<Watch*>(self);
      if (pages < w->last_pages && w->last_pages >= sqlite::WalCheckpointer::kBackgroundPages) {
        w->restarted = true;
      }
      w->last_pages = pages;
      return sqlite::WalCheckpointer::Hook(w->ckpt, db, schema, pages);
    }
  };
  int rows = 0;
  {
    sqlite::WalCheckpointer ckpt(path, 5000);
    Watch watch{&ckpt};
    sqlite3_wal_hook(db, &Watch::Hook, &watch);
    // A page or more per commit, with pauses as between an agent's calls: the log passes
    // kBackgroundPages, a pass copies it, a commit copies the rest and a later one restarts it.
    for (; rows < 20 * sqlite::WalCheckpointer::kBackgroundPages && !watch.restarted; ++rows) {
      ASSERT_EQ(sqlite3_exec(db, "INSERT INTO t VALUES (zeroblob(4000))", nullptr, nullptr,
                             nullptr),
                SQLITE_OK);
      if (rows >= sqlite::WalCheckpointer::kBackgroundPages) {
        std::this_thread::sleep_for(std::chrono::microseconds(200));
      }
    }
    EXPECT_TRUE(watch.restarted);
    EXPECT_GT(ckpt.completed(), 0);
    EXPECT_GT(rows, sqlite::WalCheckpointer::kBackgroundPages / 4);
    sqlite3_wal_hook(db, nullptr, nullptr);
  }
  sqlite3_stmt* st = nullptr;
  ASSERT_EQ(sqlite3_prepare_v2(db, "SELECT COUNT(*) FROM t", -1, &st, nullptr), SQLITE_OK);
  ASSERT_EQ(sqlite3_step(st), SQLITE_ROW);
  EXPECT_EQ(sqlite3_column_int(st, 0), rows);
  sqlite3_finalize(st);
  sqlite3_close(db);
}

TEST(SqliteStoreTest, AuditIsAppendOnlyAndTamperingIsDetected) {
  testing::TempDir dir;
  std::string path = dir.File("a.db");
  {
    auto s = OpenSqliteStore(SqliteOptions{path, true});
    ASSERT_TRUE(s.ok());
    for (int i = 0; i < 3; ++i) ASSERT_TRUE((*s)->Ingest(Ctx(), OneMemory("m")).ok());
  }
  // The triggers refuse edits through SQL.
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  EXPECT_NE(sqlite3_exec(db, "UPDATE audit SET action = 'x' WHERE seq = 2", nullptr, nullptr,
                         nullptr),
            SQLITE_OK);
  EXPECT_NE(sqlite3_exec(db, "DELETE FROM audit WHERE seq = 2", nullptr, nullptr, nullptr),
            SQLITE_OK);
  sqlite3_close(db);
  // Someone who drops the trigger and edits a record is caught by the chain.
  ExecRaw(path, "DROP TRIGGER audit_no_update; UPDATE audit SET actor_user = 'mallory' "
                "WHERE seq = 2");
  auto s = OpenSqliteStore(SqliteOptions{path, false});
  ASSERT_TRUE(s.ok());
  auto v = (*s)->VerifyAudit();
  ASSERT_TRUE(v.ok());
  EXPECT_FALSE(v->intact);
  EXPECT_EQ(v->first_bad_seq, 2);
}

// Every remember looks up a record of the same text: through memory_record_text, not a scan
// of the scope (what the planner chose without statistics).
TEST(SqliteStoreTest, FindRecordSearchesTheTextIndex) {
  testing::TempDir dir;
  const std::string path = dir.File("plan.db");
  {
    auto s = OpenSqliteStore(SqliteOptions{path, true});
    ASSERT_TRUE(s.ok()) << s.status().ToString();
    for (int i = 0; i < 50; ++i) {
      ASSERT_TRUE((*s)->Ingest(Ctx(), OneMemory("note " + std::to_string(i))).ok());
    }
    auto found = (*s)->FindRecord(Ctx(), OneMemory("x").scope, "note 7");
    ASSERT_TRUE(found.ok()) << found.status().ToString();
    EXPECT_GT(*found, 0);
  }
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  sqlite3_stmt* st = nullptr;
  ASSERT_EQ(sqlite3_prepare_v2(db, (std::string("EXPLAIN QUERY PLAN ") +
                                    sqlite_internal::kFindRecordSql).c_str(),
                               -1, &st, nullptr),
            SQLITE_OK)
      << sqlite3_errmsg(db);
  std::string plan;
  while (sqlite3_step(st) == SQLITE_ROW) {
    plan += reinterpret_cast<const char*>(sqlite3_column_text(st, 3));
    plan += "\n";
  }
  sqlite3_finalize(st);
  sqlite3_close(db);
  EXPECT_NE(plan.find("USING INDEX memory_record_text (scope_key=? AND content=?)"),
            std::string::npos)
      << plan;
}

TEST(SqliteStoreTest, FailedIngestLeavesNothingBehind) {
  testing::TempDir dir;
  auto s = OpenSqliteStore(SqliteOptions{dir.File("f.db"), true});
  ASSERT_TRUE(s.ok());
  IngestBatch b = OneMemory("ok");
  Memory bad;  // empty content: rejected before any write
  b.memories.push_back(bad);
  EXPECT_EQ((*s)->Ingest(Ctx(), b).status().code(), StatusCode::kInvalidArgument);
  auto stats = (*s)->GetStats(Ctx());
  ASSERT_TRUE(stats.ok());
  EXPECT_EQ(stats->messages, 0);
  EXPECT_EQ(stats->memories_versions, 0);
  EXPECT_EQ(stats->audit_records, 0);
}

TEST(SqliteStoreTest, ReadsDoNotWaitForAWriteOfTheSameStore) {
  testing::TempDir dir;
  const std::string path = dir.File("readers.db");
  auto store = OpenSqliteStore(SqliteOptions{path, true, 20000});
  ASSERT_TRUE(store.ok()) << store.status().ToString();
  auto first = (*store)->Ingest(Ctx(), OneMemory("the reader finds this memory"));
  ASSERT_TRUE(first.ok()) << first.status().ToString();
  const int64_t id = first->memories[0].id;
  sqlite3* blocker = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &blocker), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(blocker, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr), SQLITE_OK);
  std::atomic<bool> written{false};
  std::thread writer([&] {  // holds the store's writer connection while SQLite makes it wait
    auto w = (*store)->Ingest(Ctx(), OneMemory("written once the blocker commits"));
    EXPECT_TRUE(w.ok()) << w.status().ToString();
    written = true;
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  // On the writer connection these reads would wait until the writer gave up (20 s) and
  // `written` would be set by then.
  auto m = (*store)->GetMemory(Ctx(), id);
  ASSERT_TRUE(m.ok()) << m.status().ToString();
  EXPECT_EQ(m->content, "the reader finds this memory");
  // recall's re-check of vector hits
  auto hits = (*store)->GetSearchable(Ctx(), {id}, false, nullptr);
  ASSERT_TRUE(hits.ok()) << hits.status().ToString();
  ASSERT_EQ(hits->size(), 1u);
  EXPECT_FALSE(written);
  // Keyword search is not among them: it stays on the writer, beside the in-memory index.
  ASSERT_EQ(sqlite3_exec(blocker, "COMMIT", nullptr, nullptr, nullptr), SQLITE_OK);
  writer.join();
  sqlite3_close(blocker);
  EXPECT_TRUE(written);
  // Keyword search sees what the writer committed.
  auto after = (*store)->SearchKeyword(Ctx(), KeywordQuery{{"blocker"}, 5, false});
  ASSERT_TRUE(after.ok()) << after.status().ToString();
  EXPECT_EQ(after->size(), 1u);
}

}  // namespace
}  // namespace engram::store
