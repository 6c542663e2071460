// The keyed, anchored audit chain of the SQLite backend against an attacker who can edit the
// database and anchor files but does not hold the key: every tamper case is detected.
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <sys/stat.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "src/store/audit_chain.h"
#include "src/store/sqlite/sqlite_store.h"
#include "src/testing/temp_dir.h"

namespace engram::store {
namespace {

const std::string kKey = DeriveAuditKey(std::string(32, '\x2a'));

OpContext Ctx(const std::string& user = "alice") {
  Principal p;
  p.user_id = user;
  return OpContext{p, "req", Instant{1718348400000, 480}};
}

// Runs `sql` as an attacker with the file: the append-only triggers dropped first.
void Sql(const std::string& path, const std::string& sql) {
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  char* err = nullptr;
  const std::string all = "DROP TRIGGER IF EXISTS audit_no_update; "
                          "DROP TRIGGER IF EXISTS audit_no_delete; " + sql;
  EXPECT_EQ(sqlite3_exec(db, all.c_str(), nullptr, nullptr, &err), SQLITE_OK) << (err ? err : "");
  sqlite3_free(err);
  sqlite3_close(db);
}

// Rows as an attacker reads them.
std::vector<AuditRecord> Rows(const std::string& path) {
  std::vector<AuditRecord> out;
  sqlite3* db = nullptr;
  EXPECT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  sqlite3_stmt* st = nullptr;
  sqlite3_prepare_v2(db,
                     "SELECT seq, at_ms, actor_user, actor_agent, action, targets, request_id, "
                     "detail, prev_hash, hash FROM audit ORDER BY seq",
                     -1, &st, nullptr);
  auto text = [&](int i) { return std::string(reinterpret_cast<const char*>(sqlite3_column_text(st, i))); };
  while (sqlite3_step(st) == SQLITE_ROW) {
    AuditRecord r;
    r.seq = sqlite3_column_int64(st, 0);
    r.at = Instant{sqlite3_column_int64(st, 1), 0};
    r.actor_user = text(2);
    r.actor_agent = text(3);
    r.action = text(4);
    r.targets = ParseIdList(text(5));
    r.request_id = text(6);
    r.detail_json = text(7);
    r.prev_hash = text(8);
    r.hash = text(9);
    out.push_back(r);
  }
  sqlite3_finalize(st);
  sqlite3_close(db);
  return out;
}

// Rewrites every row's prev_hash and hash as an attacker without the key can: the unkeyed
// BLAKE2b chain (or a guessed key).
void Rechain(const std::string& path, const std::string& key) {
  std::string prev = AuditGenesisHash();
  std::string sql = "BEGIN;";
  for (AuditRecord r : Rows(path)) {
    r.prev_hash = prev;
    r.hash = AuditMac(key, prev, r);
    sql += "UPDATE audit SET prev_hash = '" + r.prev_hash + "', hash = '" + r.hash +
           "' WHERE seq = " + std::to_string(r.seq) + ";";
    prev = r.hash;
  }
  Sql(path, sql + "COMMIT;");
}

class AuditTamperTest : public ::testing::Test {
 protected:
  void SetUp() override { path_ = dir_.File("a.db"); }

  std::unique_ptr<Store> Open(const std::string& key = kKey) {
    SqliteOptions o;
    o.path = path_;
    o.audit_key = key;
    auto s = OpenSqliteStore(o);
    EXPECT_TRUE(s.ok()) << s.status().ToString();
    return s.ok() ? std::move(s).value() : nullptr;
  }
  void Append(Store& store, int n) {
    for (int i = 0; i < n; ++i) {
      ASSERT_TRUE(store.AppendAudit(Ctx(), AuditEntry{"get", {i + 1}, "{}"}).ok());
    }
  }
  AuditVerification Verify() {
    auto store = Open();
    auto v = store->VerifyAudit();
    EXPECT_TRUE(v.ok());
    return v.ok() ? *v : AuditVerification{};
  }

  testing::TempDir dir_;
  std::string path_;
};

TEST_F(AuditTamperTest, IntactKeyedChainVerifiesAndIsAnchored) {
  Append(*Open(), 10);
  const AuditVerification v = Verify();
  EXPECT_TRUE(v.intact) << v.problem;
  EXPECT_EQ(v.records, 10);
  EXPECT_EQ(v.keyed_records, 10);
  EXPECT_EQ(v.anchored_seq, 10);
  EXPECT_TRUE(std::filesystem::exists(path_ + ".audit-head"));
}

TEST_F(AuditTamperTest, EditedRowIsDetected) {
  Append(*Open(), 10);
  Sql(path_, "UPDATE audit SET actor_user = 'mallory' WHERE seq = 4");
  const AuditVerification v = Verify();
  EXPECT_FALSE(v.intact);
  EXPECT_EQ(v.first_bad_seq, 4);
}

TEST_F(AuditTamperTest, EditRecomputedWithoutTheKeyIsDetected) {
  Append(*Open(), 10);
  Sql(path_, "UPDATE audit SET action = 'noop' WHERE seq = 4");
  Rechain(path_, "");  // the unkeyed hash chain
  EXPECT_FALSE(Verify().intact);
  Rechain(path_, DeriveAuditKey(std::string(32, '\x01')));  // a key of the attacker's own
  const AuditVerification v = Verify();
  EXPECT_FALSE(v.intact);
  EXPECT_EQ(v.first_bad_seq, 1);
}

TEST_F(AuditTamperTest, DeletedRowIsDetectedEvenWhenRenumbered) {
  Append(*Open(), 10);
  Sql(path_, "DELETE FROM audit WHERE seq = 5");
  AuditVerification v = Verify();
  EXPECT_FALSE(v.intact);
  EXPECT_EQ(v.first_bad_seq, 5);
  Sql(path_, "UPDATE audit SET seq = seq - 1 WHERE seq > 5");
  Rechain(path_, "");
  EXPECT_FALSE(Verify().intact);
}

TEST_F(AuditTamperTest, AppendedRowIsDetected) {
  Append(*Open(), 10);
  AuditRecord r = Rows(path_).back();
  r.seq = 11;
  r.prev_hash = r.hash;
  r.action = "forget";
  r.hash = AuditHash(r.prev_hash, r);
  Sql(path_, "INSERT INTO audit (seq, at_ms, actor_user, actor_agent, action, targets, "
             "request_id, detail, prev_hash, hash) VALUES (11, 0, 'alice', '', 'forget', '[1]', "
             "'req', '{}', '" + r.prev_hash + "', '" + r.hash + "')");
  const AuditVerification v = Verify();
  EXPECT_FALSE(v.intact);
  EXPECT_EQ(v.first_bad_seq, 11);
}

TEST_F(AuditTamperTest, CutTailIsDetected) {
  Append(*Open(), 10);
  Sql(path_, "DELETE FROM audit WHERE seq > 7");
  const AuditVerification v = Verify();
  EXPECT_FALSE(v.intact);
  EXPECT_EQ(v.first_bad_seq, 8);
  EXPECT_NE(v.problem.find("tail cut"), std::string::npos) << v.problem;
  // A later write does not heal it: the anchor never moves backwards.
  Append(*Open(), 1);
  EXPECT_FALSE(Verify().intact);
}

TEST_F(AuditTamperTest, DeletedOrEditedAnchorIsDetected) {
  Append(*Open(), 5);
  const std::string anchor = path_ + ".audit-head";
  std::ifstream in(anchor);
  std::stringstream text;
  text << in.rdbuf();
  in.close();
  std::string edited = text.str();
  edited.replace(edited.find("seq=5"), 5, "seq=3");
  std::ofstream(anchor, std::ios::trunc) << edited;
  EXPECT_FALSE(Verify().intact);
  std::filesystem::remove(anchor);
  AuditVerification v = Verify();  // reopening does not re-create it beside keyed records
  EXPECT_FALSE(v.intact);
  EXPECT_FALSE(std::filesystem::exists(anchor));
  EXPECT_NE(v.problem.find("anchor"), std::string::npos) << v.problem;
}

TEST_F(AuditTamperTest, UnkeyedChainIsMigratedAndKeyedFromThen) {
  Append(*Open(""), 4);  // a database from before keying
  EXPECT_FALSE(std::filesystem::exists(path_ + ".audit-head"));
  Append(*Open(), 3);
  AuditVerification v = Verify();
  EXPECT_TRUE(v.intact) << v.problem;
  EXPECT_EQ(v.records, 7);
  EXPECT_EQ(v.keyed_records, 3);
  EXPECT_EQ(v.anchored_seq, 7);
  // The old rows are still checked (unkeyed), the new ones need the key.
  Sql(path_, "UPDATE audit SET action = 'x' WHERE seq = 2");
  EXPECT_EQ(Verify().first_bad_seq, 2);
}

TEST_F(AuditTamperTest, ConcurrentWritersLeaveAnIntactAnchoredChain) {
  auto first = Open();
  auto second = Open();  // another process's connection, in effect
  std::vector<std::thread> threads;
  for (Store* s : {first.get(), second.get()}) {
    threads.emplace_back([s] {
      for (int i = 0; i < 40; ++i) EXPECT_TRUE(s->AppendAudit(Ctx(), AuditEntry{"get", {i}, "{}"}).ok());
    });
  }
  for (std::thread& t : threads) t.join();
  // The two writers' last anchor writes may land in either order; one more write settles it.
  Append(*first, 1);
  const AuditVerification v = Verify();
  EXPECT_TRUE(v.intact) << v.problem;
  EXPECT_EQ(v.records, 81);
  EXPECT_EQ(v.keyed_records, 81);
  EXPECT_EQ(v.anchored_seq, 81);
}

TEST_F(AuditTamperTest, FilesArePrivateToTheOwner) {
  Append(*Open(), 3);
  auto store = Open();
  Append(*store, 1);  // the -wal and -shm files exist while a connection is open
  for (const std::string suffix : {"", "-wal", "-shm", ".audit-head"}) {
    struct stat st;
    ASSERT_EQ(::stat((path_ + suffix).c_str(), &st), 0) << suffix;
    EXPECT_EQ(st.st_mode & 0777, 0600u) << suffix;
  }
}

}  // namespace
}  // namespace engram::store
