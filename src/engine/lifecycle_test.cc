// Consolidation and erasure through the engine, on the real SQLite backend with a
// vector-producing embedder.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "engram/engine.h"
#include "src/index/vector_index.h"
#include "src/testing/fake_clock.h"
#include "src/testing/fake_llm_server.h"
#include "src/testing/temp_dir.h"

namespace engram {
namespace {

class LifecycleEngineTest : public ::testing::Test {
 protected:
  void SetUp() override { Reopen(); }
  void Reopen(int64_t compact_interval = 0) {
    engine_.reset();
    Options o;
    o.db_path = dir_.File("life.db");
    o.clock = &clock_;
    o.embedder = "hashing";
    o.compact_interval_seconds = compact_interval;
    o.extract_facts = false;  // one memory per message: counts below are of messages
    auto e = Engine::Open(o);
    ASSERT_TRUE(e.ok()) << e.status().ToString();
    engine_ = std::move(e).value();
  }
  Memory Say(const Principal& p, const std::string& text, const std::string& session = "",
             Visibility vis = Visibility::kPrivate, const std::string& team = "") {
    RememberRequest r{p, text};
    r.session_id = session;
    r.visibility = vis;
    r.team_id = team;
    clock_.Advance(60 * 1000000LL);
    auto out = engine_->Remember(r);
    EXPECT_TRUE(out.ok()) << out.status().ToString();
    return out.ok() ? out->memories.at(0) : Memory{};
  }
  Memory Fact(const Principal& p, const std::string& subject, const std::string& attribute,
              const std::string& value) {
    RememberRequest r{p, subject + "的" + attribute + "是" + value};
    r.subject = subject;
    r.attribute = attribute;
    r.value = value;
    clock_.Advance(60 * 1000000LL);
    auto out = engine_->Remember(r);
    EXPECT_TRUE(out.ok()) << out.status().ToString();
    return out.ok() ? out->memories.at(0) : Memory{};
  }
  std::vector<std::string> Contents(const Principal& p, const std::string& query) {
    auto r = engine_->Recall({p, query});
    EXPECT_TRUE(r.ok()) << r.status().ToString();
    std::vector<std::string> out;
    if (r.ok()) {
      for (const RecallHit& h : r->hits) out.push_back(h.memory.content);
    }
    return out;
  }

  testing::TempDir dir_;
  testing::FakeClock clock_;
  std::unique_ptr<Engine> engine_;
  Principal alice_{"alice", "", {"sales"}, {}};
  Principal bob_{"bob", "", {"sales"}, {}};
  Principal admin_{"root", "", {}, {"admin"}};
};

TEST_F(LifecycleEngineTest, CompactMergesLinksAndSummarizesWithoutDeleting) {
  Memory first = Say(alice_, "I really prefer green tea in the morning");
  // One word more: not a restatement at write time (dedup.h), a near-duplicate for compact.
  Memory again = Say(alice_, "I really prefer GREEN tea in the morning, always!");
  Memory email = Fact(alice_, "张工", "邮箱", "zhang@example.com");
  Memory phone = Fact(alice_, "张工", "电话", "13912345678");
  std::vector<int64_t> turns;
  for (const char* t : {"我们下周二验收接口文档。", "张工负责接口文档的测试报告。",
                        "验收前要准备演示环境。", "好的,我周一把接口文档发给大家。"}) {
    turns.push_back(Say(alice_, t, "s1").id);
  }
  auto dry = engine_->Compact({alice_, /*dry_run=*/true});
  ASSERT_TRUE(dry.ok()) << dry.status().ToString();
  EXPECT_TRUE(dry->dry_run);
  ASSERT_EQ(dry->merges.size(), 1u);
  ASSERT_EQ(dry->summaries.size(), 1u);
  EXPECT_EQ(dry->summaries[0].id, 0);
  ASSERT_TRUE(engine_->Get(alice_, again.id)->current);  // a dry run writes nothing

  auto report = engine_->Compact({alice_});
  ASSERT_TRUE(report.ok()) << report.status().ToString();
  EXPECT_FALSE(report->dry_run);
  ASSERT_EQ(report->merges.size(), 1u);
  EXPECT_EQ(report->merges[0].survivor_id, first.id);
  EXPECT_EQ(report->merges[0].merged_ids, std::vector<int64_t>{again.id});
  EXPECT_EQ(report->merges[0].reinforced_by, std::vector<int64_t>{again.id});
  // The duplicate is retired, never deleted; the survivor records it.
  auto dup = engine_->Get(alice_, again.id);
  ASSERT_TRUE(dup.ok());
  EXPECT_FALSE(dup->current);
  EXPECT_EQ(dup->status, MemoryStatus::kActive);
  EXPECT_EQ(dup->content, "I really prefer GREEN tea in the morning, always!");
  auto survivor = engine_->Get(alice_, first.id);
  ASSERT_TRUE(survivor.ok());
  EXPECT_TRUE(survivor->current);
  EXPECT_EQ(nlohmann::json::parse(survivor->metadata_json)["reinforced_by"],
            nlohmann::json::array({again.id}));
  EXPECT_EQ(Contents(alice_, "green tea").front(), "I really prefer green tea in the morning");
  // Links: reinforces, complements (same subject, other attribute), summarizes.
  auto links = engine_->Links(alice_, first.id);
  ASSERT_TRUE(links.ok());
  ASSERT_EQ(links->size(), 1u);
  EXPECT_EQ((*links)[0].kind, "reinforces");
  EXPECT_EQ((*links)[0].from_id, again.id);
  auto fact_links = engine_->Links(alice_, phone.id);
  ASSERT_TRUE(fact_links.ok());
  ASSERT_EQ(fact_links->size(), 1u);
  EXPECT_EQ((*fact_links)[0].kind, "complements");
  EXPECT_EQ((*fact_links)[0].from_id, email.id);
  // The summary: kind summary, cites its sources, spans the session's time, is recallable.
  ASSERT_EQ(report->summaries.size(), 1u);
  const Memory& summary = report->summaries[0];
  EXPECT_EQ(summary.kind, MemoryKind::kSummary);
  EXPECT_EQ(summary.source.session_id, "s1");
  ASSERT_TRUE(summary.event_time.has_value());
  EXPECT_EQ(nlohmann::json::parse(summary.metadata_json)["sources"], nlohmann::json(turns));
  EXPECT_NE(summary.content.find("接口文档"), std::string::npos) << summary.content;
  auto summary_links = engine_->Links(alice_, summary.id);
  ASSERT_TRUE(summary_links.ok());
  EXPECT_EQ(summary_links->size(), turns.size());
  bool recalled = false;
  for (const std::string& c : Contents(alice_, "接口文档 验收")) recalled |= c == summary.content;
  EXPECT_TRUE(recalled);
  for (int64_t id : turns) EXPECT_TRUE(engine_->Get(alice_, id)->current);  // sources stay

  // Idempotent: nothing new, nothing written.
  auto second = engine_->Compact({alice_});
  ASSERT_TRUE(second.ok());
  EXPECT_TRUE(second->merges.empty());
  EXPECT_TRUE(second->links.empty());
  EXPECT_TRUE(second->summaries.empty());
  auto kinds = engine_->List({alice_, "", std::nullopt, MemoryKind::kSummary});
  ASSERT_TRUE(kinds.ok());
  EXPECT_EQ(kinds->memories.size(), 1u);
  // Audited with the ids touched.
  auto audit = engine_->Audit(alice_, 0, 1000);
  ASSERT_TRUE(audit.ok());
  int compacts = 0;
  for (const AuditEntryView& a : *audit) {
    if (a.action != "compact") continue;
    ++compacts;
    if (compacts == 2) {
      EXPECT_NE(std::find(a.targets.begin(), a.targets.end(), again.id), a.targets.end());
      EXPECT_NE(std::find(a.targets.begin(), a.targets.end(), summary.id), a.targets.end());
    }
  }
  EXPECT_EQ(compacts, 3);  // dry run, run, empty run
  EXPECT_TRUE(engine_->VerifyAudit()->intact);
}

// With Options::llm_base_url the summaries come from the LLM (a loopback server plays it);
// its reply passes the guard before it is stored.
TEST_F(LifecycleEngineTest, CompactWritesSummariesThroughTheConfiguredLlm) {
  testing::FakeLlmServer llm;
  llm.reply = "张工负责接口文档测试报告，下周二验收，周一发出。";
  engine_.reset();
  Options o;
  o.db_path = dir_.File("llm.db");
  o.clock = &clock_;
  o.embedder = "hashing";
  o.llm_base_url = llm.url();
  o.llm_model = "fake-llm";
  auto e = Engine::Open(o);
  ASSERT_TRUE(e.ok()) << e.status().ToString();
  engine_ = std::move(e).value();
  for (const char* t : {"我们下周二验收接口文档。", "张工负责接口文档的测试报告。",
                        "验收前要准备演示环境。", "好的,我周一把接口文档发给大家。"}) {
    Say(alice_, t, "s1");
  }
  auto report = engine_->Compact({alice_});
  ASSERT_TRUE(report.ok()) << report.status().ToString();
  ASSERT_EQ(report->summaries.size(), 1u);
  const Memory& summary = report->summaries[0];
  EXPECT_EQ(summary.content, "张工负责接口文档测试报告,下周二验收,周一发出。");
  EXPECT_EQ(nlohmann::json::parse(summary.metadata_json)["summary_method"], "llm:fake-llm");
  {
    std::lock_guard lock(llm.mu);
    EXPECT_EQ(llm.requests, 1);
    EXPECT_NE(llm.last_user.find("验收前要准备演示环境。"), std::string::npos);
    llm.fail_status = 503;  // an unreachable LLM fails the run; nothing is written
  }
  Say(alice_, "演示环境由李老师准备。", "s1");
  auto failed = engine_->Compact({alice_});
  EXPECT_EQ(failed.status().code(), StatusCode::kUnavailable) << failed.status().ToString();
  EXPECT_EQ(Engine::Open([&] {
              Options bad = o;
              bad.db_path = dir_.File("bad.db");
              bad.llm_base_url = "not a url";
              return bad;
            }())
                .status()
                .code(),
            StatusCode::kInvalidArgument);
}

TEST_F(LifecycleEngineTest, CompactTouchesOnlyWhatThePrincipalMayWrite) {
  Memory a1 = Say(alice_, "the sales forecast for June is optimistic overall");
  Memory a2 = Say(alice_, "The sales forecast for June is optimistic overall, indeed.");
  auto bob = engine_->Compact({bob_});
  ASSERT_TRUE(bob.ok());
  EXPECT_TRUE(bob->merges.empty());
  EXPECT_TRUE(engine_->Get(alice_, a2.id)->current);
  auto admin = engine_->Compact({admin_});
  ASSERT_TRUE(admin.ok());
  ASSERT_EQ(admin->merges.size(), 1u);
  EXPECT_EQ(admin->merges[0].survivor_id, a1.id);
  EXPECT_FALSE(engine_->Get(alice_, a2.id)->current);
  EXPECT_EQ(engine_->Compact({Principal{}}).status().code(), StatusCode::kInvalidArgument);
}

TEST_F(LifecycleEngineTest, BackgroundJobRunsWhenDue) {
  EXPECT_FALSE(engine_->CompactIfDue()->has_value());  // off by default
  Reopen(/*compact_interval=*/600);
  Say(alice_, "quarterly planning meeting moved to the big room");
  Memory dup = Say(alice_, "Quarterly planning meeting moved to the big room, confirmed.");
  EXPECT_FALSE(engine_->CompactIfDue()->has_value());  // arms the timer
  clock_.Advance(300 * 1000000LL);
  EXPECT_FALSE(engine_->CompactIfDue()->has_value());
  clock_.Advance(301 * 1000000LL);
  auto run = engine_->CompactIfDue();
  ASSERT_TRUE(run.ok()) << run.status().ToString();
  ASSERT_TRUE(run->has_value());
  EXPECT_EQ((*run)->merges.size(), 1u);
  EXPECT_FALSE(engine_->Get(alice_, dup.id)->current);
  EXPECT_FALSE(engine_->CompactIfDue()->has_value());  // not due again yet
}

std::string FileBytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

TEST_F(LifecycleEngineTest, EraseUserLeavesNothingOfTheUserAnywhere) {
  // Distinctive strings of alice (ASCII, Chinese, identifiers that go to the vault).
  const std::vector<std::string> alice_strings = {"zebracrossing", "蓝鲸计划", "13987654321",
                                                  "walrus@mail.example"};
  std::vector<int64_t> alice_ids;
  alice_ids.push_back(Say(alice_, "my project codename is zebracrossing", "a1").id);
  alice_ids.push_back(Say(alice_, "蓝鲸计划下周启动,联系我 13987654321", "a1").id);
  alice_ids.push_back(Say(alice_, "write to walrus@mail.example about zebracrossing", "a1").id);
  alice_ids.push_back(Say(alice_, "蓝鲸计划的预算已经批了", "a1").id);
  alice_ids.push_back(Say(alice_, "team note: zebracrossing demo on Friday", "", 
                          Visibility::kTeam, "sales").id);
  alice_ids.push_back(Fact(alice_, "蓝鲸计划", "负责人", "alice").id);
  Memory b1 = Say(bob_, "bob likes the octopus dashboard", "b1");
  Memory b2 = Say(bob_, "章鱼看板周三上线", "b1");
  Memory b3 = Say(bob_, "team note: octopus dashboard review", "", Visibility::kTeam, "sales");
  ASSERT_TRUE(engine_->Recall({alice_, "zebracrossing"}).ok());  // caches a query embedding
  ASSERT_TRUE(engine_->CreateApiKey("alice laptop", alice_).ok());
  auto compacted = engine_->Compact({admin_});  // a summary of alice's session
  ASSERT_TRUE(compacted.ok()) << compacted.status().ToString();
  ASSERT_EQ(compacted->summaries.size(), 1u);
  const int64_t summary_id = compacted->summaries[0].id;
  {  // The check below can fail: alice's strings are in the files now.
    std::string bytes = FileBytes(dir_.File("life.db")) + FileBytes(dir_.File("life.db-wal"));
    ASSERT_NE(bytes.find("zebracrossing"), std::string::npos);
    ASSERT_NE(bytes.find("蓝鲸计划"), std::string::npos);
  }

  EXPECT_EQ(engine_->EraseUser(bob_, "alice").status().code(), StatusCode::kPermissionDenied);
  EXPECT_EQ(engine_->EraseUser(admin_, "").status().code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(engine_->EraseUser(admin_, "nobody").status().code(), StatusCode::kNotFound);
  auto erased = engine_->EraseUser(admin_, "alice");
  ASSERT_TRUE(erased.ok()) << erased.status().ToString();
  EXPECT_EQ(erased->user_id, "alice");
  EXPECT_EQ(erased->memories, static_cast<int64_t>(alice_ids.size()) + 1);  // + the summary
  EXPECT_EQ(erased->messages, static_cast<int64_t>(alice_ids.size()));
  EXPECT_GE(erased->vault_entries, 2);
  EXPECT_EQ(erased->api_keys, 1);
  EXPECT_GE(erased->links, 4);
  EXPECT_TRUE(erased->storage_compacted);

  // Nothing of alice can be recalled, read, listed or found by alice or an admin.
  for (const Principal& p : {alice_, admin_, bob_}) {
    for (const std::string& q : alice_strings) {
      for (const std::string& c : Contents(p, q)) {
        for (const std::string& s : alice_strings) EXPECT_EQ(c.find(s), std::string::npos) << c;
      }
    }
  }
  for (int64_t id : alice_ids) {
    EXPECT_EQ(engine_->Get(alice_, id).status().code(), StatusCode::kNotFound) << id;
    EXPECT_EQ(engine_->History(admin_, id).status().code(), StatusCode::kNotFound) << id;
  }
  EXPECT_EQ(engine_->Get(alice_, summary_id).status().code(), StatusCode::kNotFound);
  EXPECT_TRUE(engine_->List({alice_})->memories.size() == 1u);  // bob's team note only
  EXPECT_EQ(engine_->Stats(alice_)->messages, 0);
  EXPECT_TRUE(engine_->ListApiKeys()->empty());
  // Bob is intact and still recallable, by keyword and by vector.
  std::vector<std::string> octopus = Contents(bob_, "octopus dashboard");
  ASSERT_GE(octopus.size(), 2u);
  std::sort(octopus.begin(), octopus.begin() + 2);
  EXPECT_EQ(octopus[0], b1.content);
  EXPECT_EQ(octopus[1], b3.content);
  EXPECT_EQ(engine_->Get(bob_, b2.id)->content, "章鱼看板周三上线");
  EXPECT_TRUE(engine_->Get(bob_, b1.id).ok());
  EXPECT_TRUE(engine_->Get(alice_, b3.id).ok());  // the team still sees bob's note

  // No byte of alice's strings is left in any file of the database directory.
  engine_.reset();
  for (const auto& entry : std::filesystem::directory_iterator(dir_.path())) {
    const std::string path = entry.path().string();
    if (path.size() >= 4 && path.substr(path.size() - 4) == ".key") continue;
    const std::string bytes = FileBytes(path);
    std::vector<std::string> needles = alice_strings;
    for (const char* token : {"zebracross", "蓝鲸", "鲸计", "walrus", "87654321"}) {
      needles.push_back(token);  // keyword index terms (stems, Han bigrams) too
    }
    for (const std::string& s : needles) {
      EXPECT_EQ(bytes.find(s), std::string::npos) << s << " found in " << path;
    }
  }
  // The vector file holds none of alice's vectors.
  index::VectorIndexOptions io;
  io.dimension = 0;
  Reopen();
  auto dim = engine_->Embed(EmbedRole::kPassage, {"x"});
  ASSERT_TRUE(dim.ok());
  io.dimension = dim->dimension;
  io.model_id = engine_->EmbedderModel();
  auto loaded = index::LoadVectorIndex(dir_.File("life.db.vectors"), io);
  ASSERT_TRUE(loaded.ok()) << loaded.status().ToString();
  for (int64_t id : alice_ids) EXPECT_FALSE((*loaded)->Contains(id)) << id;
  EXPECT_FALSE((*loaded)->Contains(summary_id));
  EXPECT_TRUE((*loaded)->Contains(b1.id));
  // Reopened: works, bob still recalls, the audit chain verifies and ends with the tombstone.
  EXPECT_EQ(Contents(bob_, "章鱼看板").front(), "章鱼看板周三上线");
  auto chain = engine_->VerifyAudit();
  ASSERT_TRUE(chain.ok());
  EXPECT_TRUE(chain->intact);
  auto audit = engine_->Audit(admin_, 0, 10000);
  ASSERT_TRUE(audit.ok());
  bool tombstone = false;
  for (const AuditEntryView& a : *audit) {
    tombstone |= a.action == "erase" && a.detail_json.find("\"alice\"") != std::string::npos;
  }
  EXPECT_TRUE(tombstone);
}

TEST_F(LifecycleEngineTest, UsersMayEraseThemselves) {
  Say(bob_, "bob's private diary entry about sailing");
  auto out = engine_->EraseUser(bob_, "bob");
  ASSERT_TRUE(out.ok()) << out.status().ToString();
  EXPECT_EQ(out->memories, 1);
  EXPECT_EQ(engine_->EraseUser(bob_, "bob").status().code(), StatusCode::kNotFound);
  EXPECT_TRUE(Contents(bob_, "sailing").empty());
}

TEST_F(LifecycleEngineTest, HardForgetDropsTheVaultRowsOfItsIdentifiers) {
  Memory shared = Say(alice_, "张工电话 13911112222");
  // Not a restatement (that would reinforce `shared`): it says more about the number.
  Memory other = Say(alice_, "明天上午打张工电话 13911112222 确认合同");
  Memory solo = Say(alice_, "李工邮箱 li.gong@corp.example");
  ASSERT_TRUE(engine_->Forget({alice_, solo.id, true}).ok());
  ASSERT_TRUE(engine_->Forget({alice_, shared.id, true}).ok());
  // The other memory still mentions the phone number: its vault row stays readable.
  ASSERT_NE(other.id, shared.id);
  EXPECT_EQ(engine_->Get(alice_, other.id)->content, "明天上午打张工电话 13911112222 确认合同");
  auto stats = engine_->Stats(alice_);
  ASSERT_TRUE(stats.ok());
  engine_.reset();
  // The e-mail's sealed row is gone; no way to tell from the file which is which, so check
  // through erasure counts: alice's remaining vault rows are the phone number's only.
  Reopen();
  auto erased = engine_->EraseUser(alice_, "alice");
  ASSERT_TRUE(erased.ok());
  EXPECT_EQ(erased->vault_entries, 1);
}

}  // namespace
}  // namespace engram
