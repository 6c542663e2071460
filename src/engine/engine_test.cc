// Engine behaviour through the public API only.
#include "engram/engine.h"

#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <thread>

#include "src/base/time.h"
#include "src/testing/fake_clock.h"
#include "src/testing/temp_dir.h"

namespace engram {
namespace {

Principal User(const std::string& id, std::vector<std::string> teams = {}) {
  Principal p;
  p.user_id = id;
  p.teams = std::move(teams);
  return p;
}

class EngineTest : public ::testing::Test {
 protected:
  void SetUp() override {
    options_.db_path = dir_.File("engram.db");
    options_.clock = &clock_;
    options_.default_offset_minutes = 480;
    options_.embedder = "hashing";  // deterministic and fast; e5 has its own tests below
    auto e = Engine::Open(options_);
    ASSERT_TRUE(e.ok()) << e.status().ToString();
    engine_ = std::move(e).value();
  }
  RememberResult Remember(const std::string& text, const Principal& p) {
    RememberRequest r;
    r.principal = p;
    r.text = text;
    auto out = engine_->Remember(r);
    EXPECT_TRUE(out.ok()) << out.status().ToString();
    return out.ok() ? *out : RememberResult{};
  }
  std::vector<std::string> Recall(const std::string& q, const Principal& p) {
    RecallRequest r;
    r.principal = p;
    r.query = q;
    auto out = engine_->Recall(r);
    EXPECT_TRUE(out.ok()) << out.status().ToString();
    std::vector<std::string> contents;
    if (out.ok()) {
      for (const auto& h : out->hits) contents.push_back(h.memory.content);
    }
    return contents;
  }

  testing::TempDir dir_;
  testing::FakeClock clock_;
  Options options_;
  std::unique_ptr<Engine> engine_;
  Principal alice_ = User("alice");
};

TEST_F(EngineTest, RemembersAndRecallsChineseAndEnglish) {
  Remember("昨天下午三点，客户张工说下周二要验收接口文档", alice_);
  Remember("工单T-102的截止日期改到周五", alice_);
  Remember("Alice prefers oat milk in her coffee", alice_);
  auto doc = Recall("接口文档", alice_);
  ASSERT_FALSE(doc.empty());
  EXPECT_EQ(doc[0], "昨天下午三点,客户张工说下周二要验收接口文档");  // NFKC: full-width comma
  auto ticket = Recall("工单T-102", alice_);
  ASSERT_FALSE(ticket.empty());
  EXPECT_EQ(ticket[0], "工单T-102的截止日期改到周五");
  auto milk = Recall("What milk does Alice prefer?", alice_);
  ASSERT_FALSE(milk.empty());
  EXPECT_EQ(milk[0], "Alice prefers oat milk in her coffee");
  EXPECT_TRUE(Recall("接口文档", User("bob")).empty());
}

TEST_F(EngineTest, AtSetsTheReferenceTimeAndClockSetsRecordedAt) {
  RememberRequest r;
  r.principal = alice_;
  r.text = "kick-off meeting";
  r.at = base::ParseIso8601("2024-01-02T09:30:00+08:00").value();
  auto out = engine_->Remember(r);
  ASSERT_TRUE(out.ok());
  const Memory& m = out->memories[0];
  EXPECT_EQ(base::FormatIso8601(m.source.at), "2024-01-02T09:30:00+08:00");
  EXPECT_EQ(m.valid_from.unix_ms, r.at->unix_ms);
  EXPECT_EQ(m.recorded_at.unix_ms, clock_.NowMicros() / 1000);
}

TEST_F(EngineTest, CorrectKeepsHistoryAndRecallShowsCurrentOnly) {
  auto first = Remember("张工的邮箱是 zhang@old.example", alice_);
  clock_.Advance(60'000'000);
  CorrectRequest c;
  c.principal = alice_;
  c.id = first.memories[0].id;
  c.text = "张工的邮箱是 zhang@new.example";
  auto v2 = engine_->Correct(c);
  ASSERT_TRUE(v2.ok()) << v2.status().ToString();
  EXPECT_EQ(v2->version, 2);
  auto hist = engine_->History(alice_, v2->id);
  ASSERT_TRUE(hist.ok());
  ASSERT_EQ(hist->size(), 2u);
  EXPECT_FALSE((*hist)[0].current);
  auto now = Recall("张工 邮箱", alice_);
  ASSERT_EQ(now.size(), 1u);
  EXPECT_EQ(now[0], "张工的邮箱是 zhang@new.example");
  // Correcting the stale version again conflicts instead of forking history.
  EXPECT_EQ(engine_->Correct(c).status().code(), StatusCode::kConflict);
}

TEST_F(EngineTest, CorrectKeepsOrReplacesMetadata) {
  RememberRequest r;
  r.principal = alice_;
  r.text = "the launch review is on Monday";
  r.metadata_json = R"({"channel":"app"})";
  auto first = engine_->Remember(r);
  ASSERT_TRUE(first.ok()) << first.status().ToString();
  CorrectRequest c;
  c.principal = alice_;
  c.id = first->memories[0].id;
  c.text = "the launch review moved to Tuesday";
  auto v2 = engine_->Correct(c);
  ASSERT_TRUE(v2.ok()) << v2.status().ToString();
  EXPECT_EQ(v2->metadata_json, R"({"channel":"app"})");  // kept by default
  c.id = v2->id;
  c.text = "the launch review moved to Wednesday";
  c.metadata_json = R"({"channel":"email","priority":2})";
  auto v3 = engine_->Correct(c);
  ASSERT_TRUE(v3.ok()) << v3.status().ToString();
  EXPECT_EQ(v3->metadata_json, R"({"channel":"email","priority":2})");
  auto hist = engine_->History(alice_, v3->id);
  ASSERT_TRUE(hist.ok());
  ASSERT_EQ(hist->size(), 3u);
  EXPECT_EQ((*hist)[0].metadata_json, R"({"channel":"app"})");  // older versions keep theirs
  EXPECT_EQ((*hist)[2].metadata_json, R"({"channel":"email","priority":2})");
  c.id = v3->id;
  c.metadata_json = "[1, 2]";
  EXPECT_EQ(engine_->Correct(c).status().code(), StatusCode::kInvalidArgument);
}

TEST_F(EngineTest, ExplicitFactsSupersedeByAttribute) {
  RememberRequest r;
  r.principal = alice_;
  r.subject = "张工";
  r.attribute = "phone";
  r.value = "139-0000-0000";
  r.text = "张工的手机号是 139-0000-0000";
  auto a = engine_->Remember(r);
  r.value = "138-0000-0000";
  r.text = "张工换了手机号 138-0000-0000";
  auto b = engine_->Remember(r);
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_EQ(b->superseded, std::vector<int64_t>{a->memories[0].id});
  EXPECT_EQ(b->memories[0].kind, MemoryKind::kFact);
  EXPECT_EQ(b->memories[0].type, MemoryType::kSemantic);
}

TEST_F(EngineTest, BadInputIsRejectedAndNothingIsWritten) {
  RememberRequest r;
  r.principal = alice_;
  for (std::string bad : {std::string(""), std::string("   "), std::string("ok\xC3("),
                          std::string(65537, 'a')}) {
    r.text = bad;
    EXPECT_EQ(engine_->Remember(r).status().code(), StatusCode::kInvalidArgument);
  }
  r.text = "fine";
  r.metadata_json = "[not an object]";
  EXPECT_EQ(engine_->Remember(r).status().code(), StatusCode::kInvalidArgument);
  r.metadata_json = "{}";
  r.visibility = Visibility::kTeam;
  r.team_id = "sales";  // alice is not in sales
  EXPECT_EQ(engine_->Remember(r).status().code(), StatusCode::kPermissionDenied);
  r.principal.user_id = "";
  EXPECT_EQ(engine_->Remember(r).status().code(), StatusCode::kInvalidArgument);
  auto stats = engine_->Stats(alice_);
  ASSERT_TRUE(stats.ok());
  EXPECT_EQ(stats->messages, 0);
  EXPECT_EQ(stats->memories_versions, 0);
}

TEST_F(EngineTest, ReadsAreAuditedWithTheirRequestIds) {
  auto w = Remember("I parked on level 3", alice_);
  RecallRequest q;
  q.principal = alice_;
  q.query = "parked";
  auto rec = engine_->Recall(q);
  ASSERT_TRUE(rec.ok());
  ASSERT_TRUE(engine_->Get(alice_, w.memories[0].id).ok());
  EXPECT_EQ(engine_->Get(alice_, 999).status().code(), StatusCode::kNotFound);
  auto log = engine_->Audit(alice_, 0, 100);
  ASSERT_TRUE(log.ok());
  ASSERT_EQ(log->size(), 3u);
  EXPECT_EQ((*log)[0].action, "remember");
  EXPECT_EQ((*log)[0].request_id, w.request_id);
  EXPECT_EQ((*log)[1].action, "recall");
  EXPECT_EQ((*log)[1].request_id, rec->request_id);
  EXPECT_EQ((*log)[1].targets, std::vector<int64_t>{w.memories[0].id});
  EXPECT_EQ((*log)[2].action, "get");
  auto check = engine_->VerifyAudit();
  ASSERT_TRUE(check.ok());
  EXPECT_TRUE(check->intact);
}

TEST_F(EngineTest, ManyEnginesOnOneFileKeepOneCurrentFact) {
  constexpr int kEngines = 4, kThreadsPerEngine = 2, kRounds = 20;
  std::vector<std::unique_ptr<Engine>> engines;
  for (int i = 0; i < kEngines; ++i) {
    auto e = Engine::Open(options_);
    ASSERT_TRUE(e.ok());
    engines.push_back(std::move(e).value());
  }
  std::atomic<int> failures{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kEngines * kThreadsPerEngine; ++t) {
    threads.emplace_back([&, t] {
      Engine* e = engines[t % kEngines].get();
      for (int r = 0; r < kRounds; ++r) {
        RememberRequest req;
        req.principal = alice_;
        req.subject = "我";
        req.attribute = "city";
        req.value = "city-" + std::to_string(t) + "-" + std::to_string(r);
        req.text = "I live in " + req.value;
        if (!e->Remember(req).ok()) ++failures;
      }
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(failures.load(), 0);
  RecallRequest q;
  q.principal = alice_;
  q.query = "live";
  q.limit = 1000;
  q.include_history = true;
  auto all = engine_->Recall(q);
  ASSERT_TRUE(all.ok());
  ASSERT_EQ(all->hits.size(), static_cast<size_t>(kEngines * kThreadsPerEngine * kRounds));
  int current = 0;
  for (const auto& h : all->hits) current += h.memory.current;
  EXPECT_EQ(current, 1);
}

TEST(EngineOpenTest, RejectsUnknownBackendAndMissingDatabase) {
  testing::TempDir dir;
  Options o;
  o.embedder = "none";
  o.backend = "cassandra";
  EXPECT_EQ(Engine::Open(o).status().code(), StatusCode::kInvalidArgument);
  o.backend = "sqlite";
  o.db_path = dir.File("absent.db");
  o.create_if_missing = false;
  EXPECT_EQ(Engine::Open(o).status().code(), StatusCode::kNotFound);
  o.backend = "memory";
  EXPECT_TRUE(Engine::Open(o).ok());
  o.embedder = "word2vec";
  EXPECT_EQ(Engine::Open(o).status().code(), StatusCode::kInvalidArgument);
}

std::vector<int64_t> VectorHits(Engine& e, const Principal& p, const std::string& q) {
  RecallRequest r;
  r.principal = p;
  r.query = q;
  auto out = e.Recall(r);
  EXPECT_TRUE(out.ok()) << out.status().ToString();
  std::vector<int64_t> ids;
  if (out.ok()) {
    for (const auto& h : out->hits) {
      if (h.channels.count("vector")) ids.push_back(h.memory.id);
    }
  }
  return ids;
}

class VectorEngineTest : public ::testing::Test {
 protected:
  std::unique_ptr<Engine> Open(const std::string& embedder) {
    Options o;
    o.db_path = dir_.File("v.db");
    o.embedder = embedder;
    o.weight_keyword = 0;  // vector channel only, so the assertions are about it
    o.min_relevance = 0;   // its ranking, not the relevance floor (truth scenarios test that)
    o.auto_session_gap_minutes = 0;  // separate notes, each embedded alone
    auto e = Engine::Open(o);
    EXPECT_TRUE(e.ok()) << e.status().ToString();
    return e.ok() ? std::move(e).value() : nullptr;
  }
  int64_t Remember(Engine& e, const std::string& text, const std::string& user = "alice") {
    RememberRequest r;
    r.principal = User(user);
    r.text = text;
    auto out = e.Remember(r);
    EXPECT_TRUE(out.ok()) << out.status().ToString();
    return out.ok() ? out->memories[0].id : 0;
  }
  testing::TempDir dir_;
};

TEST_F(VectorEngineTest, E5FindsMeaningWithoutSharedWords) {
  auto e = Open("e5");
  ASSERT_NE(e, nullptr);
  int64_t latte = Remember(*e, "我爱喝拿铁");
  Remember(*e, "明天下午三点开会");
  Remember(*e, "My bicycle has a flat tyre");
  int64_t boss = Remember(*e, "My boss approved the budget");
  auto coffee = VectorHits(*e, User("alice"), "喜欢咖啡");
  ASSERT_FALSE(coffee.empty());
  EXPECT_EQ(coffee[0], latte);
  auto manager = VectorHits(*e, User("alice"), "what did my manager say?");
  ASSERT_FALSE(manager.empty());
  EXPECT_EQ(manager[0], boss);
}

TEST_F(VectorEngineTest, VectorChannelNeverCrossesScopes) {
  auto e = Open("hashing");
  int64_t mine = Remember(*e, "the launch code is in the blue folder", "alice");
  Remember(*e, "the launch code is in the blue folder", "bob");
  EXPECT_EQ(VectorHits(*e, User("alice"), "launch code blue folder"),
            std::vector<int64_t>{mine});
}

TEST_F(VectorEngineTest, CorrectedAndForgottenMemoriesLeaveTheIndex) {
  auto e = Open("hashing");
  int64_t a = Remember(*e, "parking spot B12 level 3");
  int64_t b = Remember(*e, "gym locker 44 code 1234");
  CorrectRequest c;
  c.principal = User("alice");
  c.id = a;
  c.text = "parking spot C7 level 1";
  auto v2 = e->Correct(c);
  ASSERT_TRUE(v2.ok());
  ASSERT_TRUE(e->Forget(ForgetRequest{User("alice"), b, true}).ok());
  // Only the corrected version is left in the index: the old one and the forgotten memory
  // are gone, whatever the query.
  for (const char* q : {"parking spot level", "gym locker code", "B12 level 3"}) {
    EXPECT_EQ(VectorHits(*e, User("alice"), q), std::vector<int64_t>{v2->id}) << q;
  }
}

TEST_F(VectorEngineTest, AnIndexThatLagsTheStoreIsRepairedAtOpen) {
  std::string index = dir_.File("v.db.vectors");
  int64_t first = 0, second = 0;
  {
    auto e = Open("hashing");
    first = Remember(*e, "quarterly revenue review with finance");
  }
  // Keep the index as it was, as if the process died after the next commit and before the
  // index was written.
  std::filesystem::copy_file(index, index + ".old");
  {
    auto e = Open("hashing");
    second = Remember(*e, "dentist appointment on thursday morning");
  }
  std::filesystem::copy_file(index + ".old", index,
                             std::filesystem::copy_options::overwrite_existing);
  auto e = Open("hashing");
  auto dentist = VectorHits(*e, User("alice"), "dentist appointment thursday");
  ASSERT_FALSE(dentist.empty());
  EXPECT_EQ(dentist.front(), second);
  auto revenue = VectorHits(*e, User("alice"), "quarterly revenue finance");
  ASSERT_FALSE(revenue.empty());
  EXPECT_EQ(revenue.front(), first);
}

TEST_F(VectorEngineTest, ACorruptIndexFileIsRebuilt) {
  int64_t id = 0;
  {
    auto e = Open("hashing");
    id = Remember(*e, "the spare key is under the flower pot");
  }
  std::ofstream(dir_.File("v.db.vectors"), std::ios::binary | std::ios::trunc) << "garbage";
  auto e = Open("hashing");
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(VectorHits(*e, User("alice"), "spare key flower pot"), std::vector<int64_t>{id});
}

}  // namespace
}  // namespace engram
