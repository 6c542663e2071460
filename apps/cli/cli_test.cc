// The CLI as a user drives it: a real binary, a real database file, exit codes and stderr.
#include "src/testing/temp_dir.h"  // before the fixture
#include "apps/cli/cli_test_fixture.h"

namespace engram {
namespace {

TEST_F(CliTest, RememberShowsTheSelfContainedMemoryAndItsCoreferences) {
  RunJson({"--self-contained", "remember", "--user", "alice", "--session", "s1", "--at",
           "2024-07-15T09:00:00+08:00", "--json", "李工说接口文档周五前给"});
  json w = RunJson({"--self-contained", "remember", "--user", "alice", "--session", "s1",
                    "--at", "2024-07-15T10:00:00+08:00", "--json", "他昨天说要把接口改成异步"});
  ASSERT_EQ(w["memories"].size(), 1u);
  EXPECT_EQ(w["memories"][0]["content"], "李工(2024-07-14)说要把接口改成异步");
  ASSERT_EQ(w["coreferences"].size(), 1u);
  const json& c = w["coreferences"][0];
  EXPECT_EQ(c["pronoun"], "他");
  EXPECT_EQ(c["antecedents"], json::array({"李工"}));
  EXPECT_EQ(c["resolved"], true);
  EXPECT_DOUBLE_EQ(c["confidence"].get<double>(), 0.9);
  ASSERT_EQ(c["entity_ids"].size(), 1u);
  EXPECT_EQ(c["entity_ids"][0], w["entities"][0]["entity_id"]);
}

TEST_F(CliTest, RememberThenRecallRoundTrip) {
  json w = RunJson({"remember", "--user", "alice", "--session", "s1", "--at",
                    "2024-06-14T15:00:00+08:00", "--json", "张工说下周二要验收接口文档"});
  ASSERT_TRUE(w.is_object());
  EXPECT_GT(w["message_id"].get<int64_t>(), 0);
  ASSERT_EQ(w["memories"].size(), 1u);
  EXPECT_EQ(w["memories"][0]["type"], "episodic");
  EXPECT_EQ(w["memories"][0]["kind"], "raw");
  EXPECT_EQ(w["memories"][0]["status"], "active");
  RunJson({"remember", "--user", "alice", "--json", "Order T-102 ships on Friday"});
  json r = RunJson({"recall", "--user", "alice", "--json", "接口文档"});
  ASSERT_GE(r["results"].size(), 1u);
  const json& hit = r["results"][0];
  EXPECT_EQ(hit["content"], "张工说(2024-06-18)要验收接口文档");  // a self-contained turn
  EXPECT_EQ(hit["version"], 1);
  EXPECT_EQ(hit["current"], true);
  EXPECT_EQ(hit["source"]["session_id"], "s1");
  EXPECT_EQ(hit["source"]["at"], "2024-06-14T15:00:00+08:00");
  EXPECT_EQ(hit["channels"]["keyword"]["rank"], 1);
  EXPECT_TRUE(hit.contains("confidence"));
  EXPECT_TRUE(hit.contains("time"));
  EXPECT_FALSE(r["request_id"].get<std::string>().empty());
  json t = RunJson({"recall", "--user", "alice", "--json", "工单T-102"});
  ASSERT_GE(t["results"].size(), 1u);
  EXPECT_EQ(t["results"][0]["content"], "Order T-102 ships on Friday");
  // Another user sees nothing.
  json other = RunJson({"recall", "--user", "bob", "--json", "接口文档"});
  EXPECT_EQ(other["results"].size(), 0u);
  // Feedback on what the recall showed: an outdated memory gets its correction.
  std::string id = std::to_string(hit["id"].get<int64_t>());
  json f = RunJson({"feedback", "--user", "alice", "--json", r["request_id"], "--memory", id,
                    "--verdict", "outdated", "--correction", "张工说下周三要验收接口文档"});
  ASSERT_TRUE(f.is_object());
  EXPECT_EQ(f["corrected"]["version"], 2);
  RunResult bad = Run(Db({"feedback", "--user", "alice", r["request_id"], "--memory", id,
                          "--verdict", "perhaps"}));
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("verdict"), std::string::npos) << bad.err;
}

TEST_F(CliTest, CorrectHistoryForgetAndAudit) {
  json w = RunJson({"remember", "--user", "alice", "--json", "my locker code is 1234"});
  int64_t id = w["memories"][0]["id"];
  json c = RunJson({"correct", "--user", "alice", "--json", std::to_string(id),
                    "my locker code is purple walrus"});
  int64_t v2 = c["id"];
  EXPECT_EQ(c["version"], 2);
  json h = RunJson({"history", "--user", "alice", "--json", std::to_string(v2)});
  ASSERT_EQ(h["versions"].size(), 2u);
  EXPECT_EQ(h["versions"][0]["current"], false);
  EXPECT_EQ(h["versions"][0]["content"], "my locker code is 1234");
  RunResult denied = Run(Db({"get", "--user", "bob", std::to_string(id)}));
  EXPECT_EQ(denied.exit_code, 1);
  EXPECT_NE(denied.err.find("NotFound"), std::string::npos);
  {
    std::string before = Slurp(db_) + Slurp(db_ + "-wal");
    ASSERT_NE(before.find("walrus"), std::string::npos);  // so the check below can fail
  }
  RunJson({"forget", "--user", "alice", "--hard", "--json", std::to_string(v2)});
  json g = RunJson({"get", "--user", "alice", "--json", std::to_string(v2)});
  EXPECT_EQ(g["status"], "deleted");
  EXPECT_EQ(g["content"], "");
  json a = RunJson({"audit", "--user", "alice", "--verify", "--json"});
  std::vector<std::string> actions;
  for (const auto& rec : a["records"]) actions.push_back(rec["action"]);
  EXPECT_EQ(actions, (std::vector<std::string>{"remember", "correct", "history", "forget", "get"}));
  EXPECT_EQ(a["chain"]["intact"], true);
  // The erased text is gone from the file itself (content, FTS index, message).
  std::string bytes = Slurp(db_) + Slurp(db_ + "-wal");
  // (Letters outside [0-9a-f], so no hash or request id in the file can contain them.)
  EXPECT_EQ(bytes.find("walrus"), std::string::npos);
}

TEST_F(CliTest, CompactThenEraseUser) {
  RunJson({"remember", "--user", "alice", "--json", "my locker is behind the quokka poster"});
  // One word more: not a restatement at write time, a near-duplicate for compact.
  RunJson({"remember", "--user", "alice", "--json",
           "My locker is behind the QUOKKA poster, sadly!"});
  RunJson({"remember", "--user", "alice", "--json", "蓝鲸计划下周启动"});
  RunJson({"remember", "--user", "bob", "--json", "bob parks near the pelican statue"});
  json dry = RunJson({"compact", "--user", "alice", "--dry-run", "--json"});
  EXPECT_EQ(dry["dry_run"], true);
  ASSERT_EQ(dry["merges"].size(), 1u);
  json c = RunJson({"compact", "--json"});  // the operator: every scope
  ASSERT_EQ(c["merges"].size(), 1u);
  EXPECT_EQ(c["merges"][0]["merged_ids"].size(), 1u);
  RunResult again = Run(Db({"compact"}));
  EXPECT_EQ(again.exit_code, 0) << again.err;
  EXPECT_NE(again.out.find("merged 0 memories"), std::string::npos) << again.out;
  {
    std::string before = Slurp(db_) + Slurp(db_ + "-wal");
    ASSERT_NE(before.find("quokka"), std::string::npos);  // so the check below can fail
  }
  json e = RunJson({"erase", "--user", "alice", "--json"});
  EXPECT_EQ(e["user_id"], "alice");
  EXPECT_EQ(e["erased"]["memories"], 3);
  EXPECT_EQ(e["erased"]["messages"], 3);
  EXPECT_EQ(e["storage_compacted"], true);
  RunResult gone = Run(Db({"erase", "--user", "alice"}));
  EXPECT_EQ(gone.exit_code, 1);
  EXPECT_NE(gone.err.find("NotFound"), std::string::npos) << gone.err;
  EXPECT_EQ(Run(Db({"erase"})).exit_code, 2);
  json r = RunJson({"recall", "--user", "alice", "--json", "quokka poster"});
  EXPECT_TRUE(r["results"].empty());
  json b = RunJson({"recall", "--user", "bob", "--json", "pelican"});
  ASSERT_FALSE(b["results"].empty());
  EXPECT_EQ(b["results"][0]["content"], "bob parks near the pelican statue");
  // Neither the database, its log nor the vector file keeps alice's words.
  for (const std::string& path : {db_, db_ + "-wal", db_ + "-shm", db_ + ".vectors"}) {
    std::string bytes = Slurp(path);
    EXPECT_EQ(bytes.find("quokka"), std::string::npos) << path;
    EXPECT_EQ(bytes.find("蓝鲸"), std::string::npos) << path;
  }
  json a = RunJson({"audit", "--user", "operator", "--role", "admin", "--verify", "--json"});
  EXPECT_EQ(a["chain"]["intact"], true);
  int erase_records = 0;
  for (const auto& rec : a["records"]) erase_records += rec["action"] == "erase";
  EXPECT_EQ(erase_records, 1);
}

TEST_F(CliTest, BadInputFailsCleanlyAndWritesNothing) {
  RunJson({"remember", "--user", "alice", "seed"});
  struct Case {
    std::vector<std::string> args;
    std::string stdin_text;
    std::string expect_in_err;
  };
  std::vector<Case> cases = {
      {{"remember", "--user", "alice", "bad \xC3\x28 utf8"}, "", "invalid UTF-8"},
      {{"remember", "--user", "alice", ""}, "", "empty"},
      {{"remember", "--user", "alice", "   "}, "", "empty"},
      {{"remember", "--user", "alice", "-"}, std::string(70000, 'x'), "over the limit"},
      {{"remember", "--user", "alice", "--at", "yesterday", "x"}, "", "--at"},
      {{"remember", "--user", "alice", "--visibility", "secret", "x"}, "", "--visibility"},
      {{"remember", "--user", "alice", "--metadata", "[1]", "x"}, "", "metadata"},
      {{"remember", "--user", "alice", "--bogus-flag", "x"}, "", "bogus"},
      {{"remember", "x"}, "", "--user"},
      {{"recall", "--user", "alice", "--limit", "0", "x"}, "", "--limit"},
  };
  for (const Case& c : cases) {
    RunResult r = Run(Db(c.args), c.stdin_text);
    EXPECT_EQ(r.exit_code, 2) << c.expect_in_err << " / " << r.err;
    EXPECT_NE(r.err.find(c.expect_in_err), std::string::npos) << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
  }
  EXPECT_EQ(CountRows("messages"), 1);
  EXPECT_EQ(CountRows("memories"), 1);
}

TEST_F(CliTest, MissingCorruptAndNewerDatabasesAreClearErrors) {
  RunResult missing = Run({"--db", dir_.File("absent.db"), "recall", "--user", "a", "x"});
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_NE(missing.err.find("does not exist"), std::string::npos) << missing.err;
  EXPECT_FALSE(std::ifstream(dir_.File("absent.db")).good());

  std::string corrupt = dir_.File("corrupt.db");
  std::ofstream(corrupt, std::ios::binary) << std::string(4096, '\x7f');
  RunResult bad = Run({"--db", corrupt, "remember", "--user", "a", "x"});
  EXPECT_EQ(bad.exit_code, 1);
  EXPECT_NE(bad.err.find("Corruption"), std::string::npos) << bad.err;
  EXPECT_EQ(Slurp(corrupt), std::string(4096, '\x7f'));  // untouched

  RunJson({"remember", "--user", "alice", "x"});
  // A database from the future: bump the schema version in the header (offset 60, big endian).
  {
    std::fstream f(db_, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(60);
    const char v[4] = {0, 0, 0x7f, 0};
    f.write(v, 4);
  }
  std::remove((db_ + "-wal").c_str());
  std::remove((db_ + "-shm").c_str());
  RunResult newer = Run(Db({"recall", "--user", "alice", "x"}));
  EXPECT_EQ(newer.exit_code, 1);
  EXPECT_NE(newer.err.find("newer"), std::string::npos) << newer.err;
}

TEST_F(CliTest, ScopesTeamsAndPublic) {
  RunJson({"remember", "--user", "alice", "--team", "sales", "--visibility", "team",
           "Q3 pipeline review"});
  EXPECT_EQ(RunJson({"recall", "--user", "carol", "--team", "sales", "--json", "pipeline"})
                ["results"].size(),
            1u);
  EXPECT_EQ(RunJson({"recall", "--user", "bob", "--team", "rnd", "--json", "pipeline"})
                ["results"].size(),
            0u);
  RunResult pub = Run(Db({"remember", "--user", "bob", "--visibility", "public", "x"}));
  EXPECT_EQ(pub.exit_code, 1);
  EXPECT_NE(pub.err.find("PermissionDenied"), std::string::npos);
  RunJson({"remember", "--user", "root", "--role", "admin", "--visibility", "public",
           "The office closes at 7pm"});
  EXPECT_EQ(RunJson({"recall", "--user", "bob", "--json", "office"})["results"].size(), 1u);
}

}  // namespace
}  // namespace engram

namespace engram {
namespace {

TEST_F(CliTest, LocomoEvalRunsOnOneConversation) {
  std::string data = std::string(getenv("ENGRAM_SOURCE_DIR") ? getenv("ENGRAM_SOURCE_DIR") : ".") +
                     "/../shared/data/locomo/locomo10.json";
  ASSERT_TRUE(std::ifstream(data).good()) << "LoCoMo data missing at " << data;
  std::string chart = dir_.File("locomo.svg");
  RunResult r = Run({"eval", "locomo", data, "--conversations", "1", "--json", "--ablation",
                     "--chart", chart});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  json j = json::parse(r.out);
  EXPECT_EQ(j["conversations"], 1);
  EXPECT_GT(j["turns"].get<int>(), 100);
  ASSERT_EQ(j["runs"].size(), 3u);
  for (const json& run : j["runs"]) {
    EXPECT_GT(run["overall"]["questions"].get<int>(), 100);
    double r10 = run["overall"]["recall"]["@10"], r50 = run["overall"]["recall"]["@50"];
    EXPECT_GT(r10, 0.3) << run["variant"];  // every channel alone finds a good share
    EXPECT_GE(r50, r10);
  }
  std::ifstream svg(chart);
  std::string head((std::istreambuf_iterator<char>(svg)), {});
  EXPECT_NE(head.find("<svg"), std::string::npos);
  EXPECT_NE(head.find("keyword"), std::string::npos);
  RunResult bad = Run({"eval", "locomo", dir_.File("missing.json")});
  EXPECT_EQ(bad.exit_code, 2);
}

}  // namespace
}  // namespace engram

namespace engram {
namespace {

TEST_F(CliTest, MadialEvalScoresUsAndThePublishedBaselinesAlike) {
  std::string root = std::string(getenv("ENGRAM_SOURCE_DIR") ? getenv("ENGRAM_SOURCE_DIR") : ".") +
                     "/../shared/data/madial-bench";
  RunResult r = Run({"eval", "madial", root, "--lang", "zh", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  json j = json::parse(r.out);
  ASSERT_EQ(j.size(), 1u);
  EXPECT_EQ(j[0]["dialogues"], 160);
  EXPECT_EQ(j[0]["memories"], 171);
  // Our metric reproduces the paper's figure for OpenAI text-embedding-3-large (69.4 @5).
  EXPECT_NEAR(j[0]["baselines"]["openai_zh_top_20_ids"]["@5"].get<double>(), 0.694, 0.001);
  EXPECT_GT(j[0]["recall"]["@5"].get<double>(), 0.45);  // keyword-only floor, a few points below
}

}  // namespace
}  // namespace engram

namespace engram {
namespace {

TEST_F(CliTest, TimeAnchorsChineseAndEnglishExpressions) {
  RunResult r = Run({"time", "--ref", "2024-06-14T15:00:00+08:00", "--json",
                     "昨天下午三点，客户张工说下周二要验收接口文档; next Friday at 3pm"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  json j = json::parse(r.out);
  ASSERT_EQ(j["matches"].size(), 3u);
  EXPECT_EQ(j["matches"][0]["text"], "昨天下午三点");
  EXPECT_EQ(j["matches"][0]["from"], "2024-06-13T15:00:00+08:00");
  EXPECT_EQ(j["matches"][1]["text"], "下周二");
  EXPECT_EQ(j["matches"][1]["from"], "2024-06-18T00:00:00+08:00");
  EXPECT_EQ(j["matches"][1]["to"], "2024-06-19T00:00:00+08:00");
  EXPECT_EQ(j["matches"][1]["grain"], "day");
  EXPECT_EQ(j["matches"][2]["from"], "2024-06-21T15:00:00+08:00");
  EXPECT_EQ(Run({"time", "--ref", "noon", "x"}).exit_code, 2);
  EXPECT_EQ(Run({"time", "--lang", "fr", "x"}).exit_code, 2);
}

TEST_F(CliTest, RecallExplainsAndContextCites) {
  RunJson({"remember", "--user", "alice", "--session", "s1", "张工说下周二要验收接口文档"});
  RunJson({"remember", "--user", "alice", "--session", "s1", "李老师负责跟进工单T-102"});
  RunResult r = Run(Db({"recall", "--user", "alice", "--explain", "接口文档"}));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("keyword  rank 1"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("x decay"), std::string::npos);
  EXPECT_NE(r.out.find("source: session 's1'"), std::string::npos);
  json c = RunJson({"context", "--user", "alice", "--session", "s1", "--json", "接口文档"});
  std::string text = c["context"];
  EXPECT_NE(text.find("[MEM#1]"), std::string::npos) << text;
  EXPECT_NE(text.find("[MEM#2]"), std::string::npos) << text;
  EXPECT_EQ(c["cited"].size(), 2u);
  EXPECT_EQ(Run(Db({"context", "--user", "alice", "--budget", "0", "x"})).exit_code, 2);
}

TEST_F(CliTest, RecallFilters) {
  RunJson({"remember", "--user", "alice", "--session", "s1", "--metadata",
           R"({"project": "apollo", "n": 3})", "launch review notes"});
  RunJson({"remember", "--user", "alice", "--session", "s2", "--metadata",
           R"({"project": "gemini", "n": 5})", "launch review agenda"});
  auto contents = [&](std::vector<std::string> args) {
    std::vector<std::string> all = {"recall", "--user", "alice", "--json"};
    all.insert(all.end(), args.begin(), args.end());
    all.push_back("launch review");
    std::vector<std::string> out;
    json r = RunJson(all);
    EXPECT_TRUE(r.is_object()) << r.dump();
    for (const json& h : r["results"]) out.push_back(h["content"]);
    return out;
  };
  EXPECT_EQ(contents({}).size(), 2u);
  EXPECT_EQ(contents({"--where", R"({"n": {"gt": 4}})"}),
            std::vector<std::string>{"launch review agenda"});
  EXPECT_EQ(contents({"--from-session", "s1"}), std::vector<std::string>{"launch review notes"});
  EXPECT_EQ(contents({"--type", "semantic"}).size(), 0u);
  EXPECT_EQ(contents({"--type", "episodic", "--kind", "event"}).size(), 2u);
  EXPECT_EQ(contents({"--kind", "raw"}).size(), 0u);
  RunResult bad = Run(Db({"recall", "--user", "alice", "--where", "{oops", "x"}));
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("filter.metadata: not valid JSON"), std::string::npos) << bad.err;
  // A repeatable option takes one value per use: the query is not swallowed by it.
  EXPECT_EQ(contents({"--type", "episodic", "--type", "semantic"}).size(), 2u);
  bad = Run(Db({"recall", "--user", "alice", "--kind", "opinion", "x"}));
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("--kind: unknown 'opinion'"), std::string::npos) << bad.err;
}

TEST_F(CliTest, ExtractFactsReadsAndSupersedesAFact) {
  auto facts = [](const json& w) {
    std::vector<std::string> out;
    for (const json& m : w["memories"]) {
      if (m["type"] == "semantic") out.push_back(m["subject"].get<std::string>() + "/" +
                                                 m["attribute"].get<std::string>());
    }
    return out;
  };
  // Switched off: only the episodic record.
  EXPECT_TRUE(facts(RunJson({"--no-extract-facts", "remember", "--user", "alice", "--json",
                             "张工的电话是13912345678"}))
                  .empty());
  json w = RunJson({"remember", "--user", "alice", "--json", "张工的电话是13912345678"});
  EXPECT_EQ(facts(w), std::vector<std::string>{"张工/hasPhone"});
  json v = RunJson({"--extract-facts", "remember", "--user", "alice", "--json",
                    "更正一下，张工的电话是13800001111"});
  EXPECT_EQ(facts(v), std::vector<std::string>{"张工/hasPhone"});
  ASSERT_EQ(v["superseded"].size(), 1u);
  EXPECT_EQ(v["superseded"][0], w["memories"][1]["id"]);
}

TEST_F(CliTest, EntitiesImportListAndLinkAtRemember) {
  const std::string csv = dir_.File("people.csv");
  std::ofstream(csv) << "name,type,aliases,roles,id\n"
                        "张伟,person,张工;Zhang Wei,财务总监,E001\n"
                        "\"Acme, Inc\",org,Acme,,O-1\n";
  RunResult r = Run(Db({"entities", "import", "--user", "alice", csv}));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "imported 2 entities (2 created, 0 updated)\n");
  const std::string jsonl = dir_.File("more.jsonl");
  std::ofstream(jsonl) << "{\"name\": \"林芳\", \"aliases\": [\"林总\"], \"id\": \"E002\"}\n\n"
                          "{\"name\": \"张伟\", \"aliases\": [\"张工\", \"老张\"], \"id\": \"E001\"}\n";
  json j = RunJson({"entities", "import", "--user", "alice", "--json", jsonl});
  EXPECT_EQ(j["created"], 1);
  EXPECT_EQ(j["updated"], 1);
  json list = RunJson({"entities", "list", "--user", "alice", "--json", "--query", "老张"});
  ASSERT_EQ(list["entities"].size(), 1u);
  EXPECT_EQ(list["entities"][0]["name"], "张伟");
  EXPECT_TRUE(list["entities"][0]["roles"].empty());  // an updated entry is replaced whole
  EXPECT_EQ(RunJson({"entities", "list", "--user", "bob", "--json"})["entities"].size(), 0u);
  json w = RunJson({"remember", "--user", "alice", "--json", "张工和王博后确认了预算"});
  ASSERT_EQ(w["entities"].size(), 2u) << w.dump();
  EXPECT_EQ(w["entities"][0]["name"], "张伟");
  EXPECT_EQ(w["entities"][0]["new"], false);
  EXPECT_EQ(w["entities"][0]["confidence"], 0.9);
  EXPECT_EQ(w["entities"][1]["name"], "王博后");
  EXPECT_EQ(w["entities"][1]["new"], true);
  // engram entities relations: co-mentioned entities are "mutual" (neither end is the subject).
  const std::string zhang = std::to_string(list["entities"][0]["id"].get<int64_t>());
  json rel = RunJson({"entities", "relations", "--user", "alice", "--json", zhang});
  ASSERT_EQ(rel["relations"].size(), 1u) << rel.dump();
  EXPECT_EQ(rel["entity"]["name"], "张伟");
  EXPECT_EQ(rel["relations"][0]["predicate"], "co_mentioned");
  EXPECT_EQ(rel["relations"][0]["direction"], "mutual");
  EXPECT_EQ(rel["relations"][0]["object"]["name"], "王博后");
  r = Run(Db({"entities", "relations", "--user", "alice", zhang}));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("  ~ co_mentioned #"), std::string::npos) << r.out;
  EXPECT_EQ(Run(Db({"entities", "relations", "--user", "bob", zhang})).exit_code, 1);
}

TEST_F(CliTest, BadEntityFilesNameTheLineAndWriteNothing) {
  const std::string csv = dir_.File("bad.csv");
  std::ofstream(csv) << "name,type\n张伟,person\nAcme,planet\n";
  RunResult r = Run(Db({"entities", "import", "--user", "alice", csv}));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("bad.csv: line 3: type: unknown 'planet'"), std::string::npos) << r.err;
  std::ofstream(csv) << "name,colour\nx,red\n";
  r = Run(Db({"entities", "import", "--user", "alice", csv}));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("line 1: unknown column 'colour'"), std::string::npos) << r.err;
  std::ofstream(csv) << "name,type\n\"unterminated,person\n";
  r = Run(Db({"entities", "import", "--user", "alice", csv}));
  EXPECT_NE(r.err.find("line 2: unterminated quote"), std::string::npos) << r.err;
  const std::string jsonl = dir_.File("bad.jsonl");
  std::ofstream(jsonl) << "{\"name\": \"ok\"}\n{\"name\": 3}\n";
  r = Run(Db({"entities", "import", "--user", "alice", jsonl}));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("line 2: name: must be a string"), std::string::npos) << r.err;
  std::ofstream(jsonl) << "{\"name\": \"ok\"}\nnot json\n";
  r = Run(Db({"entities", "import", "--user", "alice", jsonl}));
  EXPECT_NE(r.err.find("line 2: not a JSON object"), std::string::npos) << r.err;
  r = Run(Db({"entities", "import", "--user", "alice", dir_.File("missing.csv")}));
  EXPECT_EQ(r.exit_code, 2);
  // Nothing was written by any of them.
  r = Run(Db({"entities", "list", "--user", "alice"}));
  EXPECT_EQ(r.out, "no entities\n") << r.err;
}

}  // namespace
}  // namespace engram
