// The CLI test fixture: runs the real `engram` binary (ENGRAM_CLI_PATH) on a database in a
// temporary folder and captures its exit code, stdout and stderr. For apps/cli tests.
//
// Include src/testing/temp_dir.h first (apps may include src/testing only from *_test.cc).
//
// Thread safety: one fixture per test, as gtest makes them.
#ifndef ENGRAM_APPS_CLI_CLI_TEST_FIXTURE_H_
#define ENGRAM_APPS_CLI_CLI_TEST_FIXTURE_H_

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

namespace engram {

using nlohmann::json;

struct RunResult {
  int exit_code = -1;
  std::string out;
  std::string err;
};

inline std::string Slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

class CliTest : public ::testing::Test {
 protected:
  // Starts the binary with `args`, standard input from `stdin_text`, output to the files
  // "stdout" and "stderr" of the test's folder. Returns the child's pid.
  pid_t Start(std::vector<std::string> args, const std::string& stdin_text = "") {
    std::string in_path = dir_.File("stdin"), out_path = dir_.File("stdout"),
                err_path = dir_.File("stderr");
    std::ofstream(in_path, std::ios::binary) << stdin_text;
    pid_t pid = fork();
    if (pid == 0) {
      int in = open(in_path.c_str(), O_RDONLY);
      int out = open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
      int err = open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
      dup2(in, 0);
      dup2(out, 1);
      dup2(err, 2);
      std::vector<char*> argv;
      std::string bin = ENGRAM_CLI_PATH;
      argv.push_back(bin.data());
      for (auto& a : args) argv.push_back(a.data());
      argv.push_back(nullptr);
      execv(bin.c_str(), argv.data());
      _exit(127);
    }
    return pid;
  }
  RunResult Run(std::vector<std::string> args, const std::string& stdin_text = "") {
    pid_t pid = Start(std::move(args), stdin_text);
    int status = 0;
    waitpid(pid, &status, 0);
    RunResult r;
    r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    r.out = Slurp(dir_.File("stdout"));
    r.err = Slurp(dir_.File("stderr"));
    return r;
  }
  std::vector<std::string> Db(std::vector<std::string> rest) {
    std::vector<std::string> args{"--db", db_};
    args.insert(args.end(), rest.begin(), rest.end());
    return args;
  }
  json RunJson(std::vector<std::string> args) {
    RunResult r = Run(Db(std::move(args)));
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return json::parse(r.out, nullptr, false);
  }
  int64_t CountRows(const std::string& table) {
    RunResult r = Run(Db({"stats", "--user", "alice", "--json"}));
    if (r.exit_code != 0) return -1;
    json j = json::parse(r.out);
    return table == "messages" ? j["messages"].get<int64_t>()
                               : j["memories"]["versions"].get<int64_t>();
  }

  testing::TempDir dir_;
  std::string db_ = dir_.File("engram.db");
};

}  // namespace engram

#endif  // ENGRAM_APPS_CLI_CLI_TEST_FIXTURE_H_
