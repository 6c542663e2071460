// The upgrade of a SQLite file an older build wrote, whose outbox kept raw requests (text,
// metadata and fact values with identifiers in plaintext), processed or not: the file is
// built in the old layout by SQL (schema version 14, requests as the old build encoded them,
// without sealed vault entries), then opened by this build.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "engram/engine.h"
#include "src/engine/outbox_codec.h"
#include "src/testing/fake_clock.h"
#include "src/testing/temp_dir.h"

namespace engram {
namespace {

void Exec(const std::string& path, const std::string& sql) {
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  char* err = nullptr;
  const int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &err);
  EXPECT_EQ(rc, SQLITE_OK) << (err ? err : "") << "\n" << sql;
  sqlite3_free(err);
  sqlite3_close(db);
}

std::string Query(const std::string& path, const std::string& sql) {
  sqlite3* db = nullptr;
  EXPECT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  sqlite3_stmt* st = nullptr;
  std::string out;
  if (sqlite3_prepare_v2(db, sql.c_str(), -1, &st, nullptr) == SQLITE_OK) {
    while (sqlite3_step(st) == SQLITE_ROW) {
      const unsigned char* t = sqlite3_column_text(st, 0);
      out += (t ? reinterpret_cast<const char*>(t) : "") + std::string("\n");
    }
  }
  sqlite3_finalize(st);
  sqlite3_close(db);
  return out;
}

std::string Quoted(const std::string& s) {
  std::string out = "'";
  for (char c : s) {
    if (c == '\'') out += '\'';
    out += c;
  }
  return out + "'";
}

class LegacyOutboxTest : public ::testing::Test {
 protected:
  std::unique_ptr<Engine> Open() {
    Options o;
    o.db_path = path_;
    o.clock = &clock_;
    o.embedder = "hashing";
    auto e = Engine::Open(o);
    EXPECT_TRUE(e.ok()) << e.status().ToString();
    return e.ok() ? std::move(e).value() : nullptr;
  }
  // A row as the old build wrote it: the request encoded without sealed vault entries.
  std::string Row(int64_t id, const std::string& request, const std::string& state) {
    return "INSERT INTO outbox (id, user_id, request, state, created_ms) VALUES (" +
           std::to_string(id) + ", 'alice', " + Quoted(request) + ", '" + state + "', 1);";
  }

  testing::TempDir dir_;
  testing::FakeClock clock_;
  const std::string path_ = dir_.File("old.db");
  const Principal alice_{"alice", "", {}, {}};
};

TEST_F(LegacyOutboxTest, OpeningSealsQueuedAndDropsProcessedPlaintextRequests) {
  ASSERT_NE(Open(), nullptr);  // the tables, then the old build's rows
  RememberRequest done{alice_, "老张的电话13912340071"};
  done.metadata_json = R"({"mail":"done.row@example.com"})";
  RememberRequest failed{alice_, "refused: 13912340072"};
  RememberRequest queued{alice_, "王五的电话13912340073"};
  queued.metadata_json = R"({"mail":"queued.row@example.com","13912340074":"home"})";
  queued.subject = "wang wu";
  queued.attribute = "phone";
  queued.value = "13912340075";
  ASSERT_NO_FATAL_FAILURE(Exec(
      path_, Row(1, engine::EncodeRememberRequest(done), "done") +
                 Row(2, engine::EncodeRememberRequest(failed), "failed") +
                 Row(3, engine::EncodeRememberRequest(queued), "queued") +
                 Row(4, "{\"v\":1,\"text\":\"unreadable 13912340076\"", "queued") +
                 "PRAGMA user_version = 14;"));
  const char* secrets[] = {"13912340071", "done.row@example.com", "13912340072",
                           "13912340073", "queued.row@example.com", "13912340074",
                           "13912340075", "13912340076"};
  {
    std::ifstream in(path_, std::ios::binary);
    const std::string before((std::istreambuf_iterator<char>(in)), {});
    ASSERT_NE(before.find("13912340073"), std::string::npos);  // the old layout as written
  }

  auto engine = Open();
  ASSERT_NE(engine, nullptr);
  // Migrated to the latest schema (15 sealed the outbox; 16 indexes retired versions).
  EXPECT_EQ(Query(path_, "PRAGMA user_version"), "17\n");
  EXPECT_EQ(Query(path_, "SELECT id || ':' || state || ':' || request FROM outbox "
                         "WHERE id <> 3 ORDER BY id"),
            "1:done:\n2:failed:\n4:failed:\n");
  const std::string sealed = Query(path_, "SELECT request FROM outbox WHERE id = 3");
  EXPECT_NE(sealed.find("\"vault\""), std::string::npos) << sealed;
  EXPECT_NE(sealed.find("⟦PHONE:"), std::string::npos) << sealed;
  auto unreadable = engine->GetQueued(alice_, 4);
  ASSERT_TRUE(unreadable.ok()) << unreadable.status().ToString();
  EXPECT_EQ(unreadable->state, "failed");

  // The sealed request is processed as a new one: its writer reads the originals back.
  ASSERT_EQ(engine->ProcessQueue(10).value_or(-1), 1);
  auto result = engine->GetQueued(alice_, 3);
  ASSERT_TRUE(result.ok() && result->result) << result.status().ToString();
  auto own = engine->Get(alice_, result->result->memories.at(0).id);
  ASSERT_TRUE(own.ok()) << own.status().ToString();
  EXPECT_NE(own->content.find("13912340073"), std::string::npos) << own->content;
  EXPECT_NE(own->metadata_json.find("queued.row@example.com"), std::string::npos);

  engine.reset();  // checkpoint, then scan every file beside the database
  int files = 0;
  for (const auto& f : std::filesystem::directory_iterator(dir_.path())) {
    if (!f.is_regular_file() || f.path().extension() == ".key") continue;
    ++files;
    std::ifstream in(f.path(), std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), {});
    for (const char* s : secrets) {
      EXPECT_EQ(bytes.find(s), std::string::npos) << s << " in " << f.path().filename();
    }
  }
  EXPECT_GE(files, 1);
}

}  // namespace
}  // namespace engram
