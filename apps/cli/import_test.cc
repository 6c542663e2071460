// `engram import`: a chat history in, bad lines reported with their numbers, and an
// interrupted import resumed without storing a message twice.
#include <signal.h>
#include <sqlite3.h>

#include <chrono>
#include <thread>

#include "src/testing/temp_dir.h"  // before the fixture
#include "apps/cli/cli_test_fixture.h"

namespace engram {
namespace {

class ImportTest : public CliTest {
 protected:
  // `n` distinct turns of two users over a few sessions.
  std::string History(int n) {
    std::string out;
    for (int i = 0; i < n; ++i) {
      json line = {{"user", i % 3 == 0 ? "bob" : "alice"},
                   {"session", "day-" + std::to_string(i / 40)},
                   {"role", i % 2 ? "assistant" : "user"},
                   {"time", "2024-06-14T09:" + std::string(i % 60 < 10 ? "0" : "") +
                                std::to_string(i % 60) + ":00+08:00"},
                   {"text", "turn " + std::to_string(i) + ": we talked about project " +
                                std::to_string(i * 7919 % 1000) + " and its deadline"}};
      out += line.dump() + "\n";
    }
    return out;
  }

  // (episodic records, distinct import ids among them) in the database.
  std::pair<int64_t, int64_t> Records(const std::string& path = "") {
    sqlite3* db = nullptr;
    std::pair<int64_t, int64_t> out{-1, -1};
    if (sqlite3_open_v2((path.empty() ? db_ : path).c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK) {
      sqlite3_stmt* st = nullptr;
      sqlite3_prepare_v2(db,
                         "SELECT count(*), count(DISTINCT json_extract(metadata, '$.import_id')) "
                         "FROM memory WHERE type = 'episodic'",
                         -1, &st, nullptr);
      if (st && sqlite3_step(st) == SQLITE_ROW) {
        out = {sqlite3_column_int64(st, 0), sqlite3_column_int64(st, 1)};
      }
      sqlite3_finalize(st);
    }
    sqlite3_close(db);
    return out;
  }

  std::vector<std::string> Import(std::vector<std::string> rest, const std::string& db = "") {
    std::vector<std::string> args{"--db", db.empty() ? db_ : db, "import", "--embedder", "hashing", "--json"};
    args.insert(args.end(), rest.begin(), rest.end());
    return args;
  }
};

TEST_F(ImportTest, StoresGoodLinesAndReportsBadOnesWithTheirNumbers) {
  const std::string file = dir_.File("chat.jsonl");
  std::ofstream(file) << History(2) << "{not json\n"
                      << R"({"user": "alice", "session": "s"})" << "\n"
                      << R"({"user": "alice", "text": "the budget is 40k", "time": 5})" << "\n"
                      << R"({"user": "alice", "content": "x", "time": "yesterday-ish"})" << "\n"
                      << R"({"content": "content works as text", "session": "s"})" << "\n";
  RunResult r = Run(Import({file, "--user", "carol"}));
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find(file + ":3: InvalidArgument: not valid JSON"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(file + ":4: InvalidArgument: text: required"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(file + ":6: InvalidArgument: time"), std::string::npos) << r.err;
  json s = json::parse(r.out, nullptr, false);
  ASSERT_TRUE(s.is_object()) << r.out;
  EXPECT_EQ(s["lines"], 7);
  EXPECT_EQ(s["stored"], 4);
  EXPECT_EQ(s["rejected"], 3);
  EXPECT_EQ(Records(), std::make_pair(int64_t{4}, int64_t{4}));
  // Run again: the checkpoint says every line is done.
  r = Run(Import({file, "--user", "carol"}));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(json::parse(r.out)["lines"], 0);
  EXPECT_EQ(Records(), std::make_pair(int64_t{4}, int64_t{4}));
}

TEST_F(ImportTest, StandardInputAndPlainSummary) {
  RunResult r = Run({"--db", db_, "import", "--embedder", "hashing", "-"}, History(5));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("imported -: 5 lines read, 5 stored, 0 duplicates skipped"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find(" msg/s"), std::string::npos) << r.out;
}

TEST_F(ImportTest, RememberJsonlReadsManyMessages) {
  RunResult r = Run({"--db", db_, "remember", "--user", "carol", "--jsonl", "-"},
                    History(4) + R"({"text": "no user: --user's"})" + "\n");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("5 lines read, 5 stored"), std::string::npos) << r.out;
  EXPECT_EQ(Run({"--db", db_, "remember", "--user", "carol"}).exit_code, 2);
  EXPECT_NE(Run({"--db", db_, "remember", "--user", "c", "--jsonl", "-", "text"}).exit_code, 0);
}

// A run killed inside a batch has committed lines after its checkpoint: simulated by moving
// the checkpoint back within one batch. The resumed run skips them by their keys.
TEST_F(ImportTest, ResumesAfterAnInterruptionWithoutDuplicates) {
  const std::string file = dir_.File("chat.jsonl");
  std::ofstream(file) << History(300);
  RunResult r = Run(Import({file, "--batch", "16", "--max-lines", "100"}));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(json::parse(r.out)["lines"], 100);
  EXPECT_EQ(Records(), std::make_pair(int64_t{100}, int64_t{100}));
  // Back to line 90 (its offset: the lines are counted from the file).
  std::ifstream in(file);
  std::string line;
  int64_t offset = 0;
  for (int i = 0; i < 90 && std::getline(in, line); ++i) offset += line.size() + 1;
  std::string cp;
  for (const auto& e : std::filesystem::directory_iterator(dir_.path())) {
    if (e.path().filename().string().rfind("engram.db.import-", 0) == 0) cp = e.path().string();
  }
  ASSERT_FALSE(cp.empty());
  json c = json::parse(Slurp(cp));
  EXPECT_EQ(c["line"], 100);
  c["line"] = 90;
  c["offset"] = offset;
  std::ofstream(cp, std::ios::trunc) << c.dump();
  r = Run(Import({file, "--batch", "16"}));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  json s = json::parse(r.out);
  EXPECT_EQ(s["lines"], 210);
  EXPECT_EQ(s["already_imported"], 10);
  EXPECT_EQ(s["stored"], 200);
  EXPECT_TRUE(s["resumed"].get<bool>());
  EXPECT_EQ(Records(), std::make_pair(int64_t{300}, int64_t{300}));
}

// A real kill at a random point: whatever it interrupted, the resumed import stores what an
// uninterrupted one stores (some turns restate earlier ones: no memory of their own).
TEST_F(ImportTest, KilledAndResumedStoresWhatAStraightImportStores) {
  const std::string file = dir_.File("chat.jsonl");
  std::ofstream(file) << History(600);
  std::vector<std::string> args = Import({file, "--batch", "32"});
  pid_t pid = Start(args);
  std::this_thread::sleep_for(std::chrono::milliseconds(700));
  kill(pid, SIGKILL);
  int status = 0;
  waitpid(pid, &status, 0);
  RunResult r = Run(args);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string straight = dir_.File("straight.db");
  r = Run(Import({file, "--batch", "32"}, straight));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto want = Records(straight);
  EXPECT_GT(want.first, 550);
  EXPECT_EQ(want.first, want.second);  // one record per key
  EXPECT_EQ(Records(), want);
}

}  // namespace
}  // namespace engram
