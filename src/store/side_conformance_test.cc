// Conformance of the store's side tables and upkeep on every backend: the ingestion outbox's
// life (queued, done once by Ingest, failed), dormancy and waking with the vector partitions
// following, ReplaceVector's access rules, and the recall log with feedback and metrics.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "src/store/access.h"
#include "src/store/conformance_backends.h"
#include "src/store/store.h"
#include "src/testing/temp_dir.h"

namespace engram::store {
namespace {

constexpr int64_t kNow = 1718348400000;

OpContext Ctx(const Principal& p, int64_t now_ms = kNow) {
  return OpContext{p, "req-side", Instant{now_ms, 480}};
}

class SideConformanceTest : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override {
    store_ = GetParam().open(dir_.path());
    ASSERT_NE(store_, nullptr);
  }
  // Ingests `text` for `p` with the embedding `vector` of model "m1".
  int64_t RememberWithVector(const Principal& p, const std::string& text,
                             const std::string& vector, Visibility vis = Visibility::kPrivate,
                             const std::string& team = "") {
    IngestBatch b = Batch(p, text, vis, team);
    b.embedding_model = "m1";
    b.embeddings = {vector};
    auto r = store_->Ingest(Ctx(p), b);
    EXPECT_TRUE(r.ok()) << r.status().ToString();
    return r.ok() ? r->memories.at(0).id : 0;
  }
  // The vector log's entries after `after_seq` as "+id@partition" / "-id".
  std::vector<std::string> LogSince(int64_t after_seq) {
    auto log = store_->VectorChangesSince(after_seq, "m1", 100);
    EXPECT_TRUE(log.ok()) << log.status().ToString();
    std::vector<std::string> out;
    if (!log.ok()) return out;
    for (const VectorChange& c : *log) {
      out.push_back(c.upsert ? "+" + std::to_string(c.memory_id) + "@" + c.partition
                             : "-" + std::to_string(c.memory_id));
    }
    return out;
  }
  int64_t LastSeq() {
    auto log = store_->VectorChangesSince(0, "m1", 1000);
    return log.ok() && !log->empty() ? log->back().seq : 0;
  }

  testing::TempDir dir_;
  std::unique_ptr<Store> store_;
  Principal alice_ = TestUser("alice", {"sales"});
  Principal bob_ = TestUser("bob", {"rnd"});
  Principal carol_ = TestUser("carol", {"sales"});
  Principal admin_ = TestUser("root", {}, {"admin"});
};

TEST_P(SideConformanceTest, OutboxEntriesAreDoneOnceOrFailedAndKeepNoRequest) {
  auto ids = store_->EnqueueOutbox({{"alice", "req-a"}, {"alice", "req-b"}, {"bob", "req-c"}},
                                   Instant{kNow, 0});
  ASSERT_TRUE(ids.ok()) << ids.status().ToString();
  ASSERT_EQ(ids->size(), 3u);
  EXPECT_LT((*ids)[0], (*ids)[1]);
  EXPECT_LT((*ids)[1], (*ids)[2]);
  auto queued = store_->ListQueued(0, 10);
  ASSERT_TRUE(queued.ok()) << queued.status().ToString();
  ASSERT_EQ(queued->size(), 3u);
  EXPECT_EQ((*queued)[0].request, "req-a");
  EXPECT_EQ((*queued)[2].user_id, "bob");
  auto page = store_->ListQueued((*ids)[0], 1);
  ASSERT_TRUE(page.ok());
  ASSERT_EQ(page->size(), 1u);
  EXPECT_EQ((*page)[0].id, (*ids)[1]);
  EXPECT_EQ(store_->GetOutbox(Ctx(bob_), (*ids)[0]).status().code(), StatusCode::kNotFound);
  EXPECT_EQ(store_->GetOutbox(Ctx(alice_), 999999).status().code(), StatusCode::kNotFound);

  // Ingest marks its entry done in the same transaction, once.
  IngestBatch b = Batch(alice_, "apricot jam");
  b.outbox_id = (*ids)[0];
  b.message.context_json = R"({"k":1})";
  auto done = store_->Ingest(Ctx(alice_), b);
  ASSERT_TRUE(done.ok()) << done.status().ToString();
  auto entry = store_->GetOutbox(Ctx(alice_), (*ids)[0]);
  ASSERT_TRUE(entry.ok()) << entry.status().ToString();
  EXPECT_EQ(entry->state, "done");
  EXPECT_EQ(entry->request, "");
  EXPECT_EQ(entry->message_id, done->message_id);
  EXPECT_EQ(entry->memory_ids, std::vector<int64_t>{done->memories[0].id});
  EXPECT_EQ(entry->message_context, R"({"k":1})");
  EXPECT_EQ(store_->Ingest(Ctx(alice_), b).status().code(), StatusCode::kAlreadyExists);
  EXPECT_EQ(store_->GetStats(Ctx(alice_))->messages, 1);  // the refused batch left nothing

  EXPECT_EQ(store_->FailOutbox((*ids)[0], "", "Internal: late", Instant{kNow, 0}).code(),
            StatusCode::kConflict);
  ASSERT_TRUE(store_->FailOutbox((*ids)[1], "", "Internal: broken", Instant{kNow, 0}).ok());
  entry = store_->GetOutbox(Ctx(alice_), (*ids)[1]);
  ASSERT_TRUE(entry.ok());
  EXPECT_EQ(entry->state, "failed");
  EXPECT_EQ(entry->error, "Internal: broken");
  EXPECT_EQ(entry->request, "");
  EXPECT_EQ(store_->FailOutbox((*ids)[1], "", "again", Instant{kNow, 0}).code(),
            StatusCode::kConflict);
  queued = store_->ListQueued(0, 10);
  ASSERT_TRUE(queued.ok());
  ASSERT_EQ(queued->size(), 1u);
  EXPECT_EQ((*queued)[0].id, (*ids)[2]);
}

TEST_P(SideConformanceTest, DormantMemoriesWakeWhenTouchedAndTheirVectorsMove) {
  const int64_t a = RememberWithVector(alice_, "apricot", "vec-a");
  const int64_t b = RememberWithVector(bob_, "banana", "vec-b");
  int64_t seq = LastSeq();
  // Idle since their recording: the oldest first, `limit` at a time.
  auto n = store_->MarkDormant(Instant{kNow + 1, 0}, 1);
  ASSERT_TRUE(n.ok()) << n.status().ToString();
  EXPECT_EQ(*n, 1);
  EXPECT_EQ(store_->GetMemory(Ctx(alice_), a)->status, MemoryStatus::kDormant);
  EXPECT_EQ(store_->GetMemory(Ctx(bob_), b)->status, MemoryStatus::kActive);
  EXPECT_EQ(LogSince(seq), std::vector<std::string>{"+" + std::to_string(a) + "@z:u:alice"});
  EXPECT_EQ(*store_->MarkDormant(Instant{kNow + 1, 0}, 10), 1);
  EXPECT_EQ(*store_->MarkDormant(Instant{kNow + 1, 0}, 10), 0);
  EXPECT_EQ(*store_->MarkDormant(Instant{kNow, 0}, 10), 0);  // not idle before their recording

  // Someone who may not see the memory changes nothing.
  seq = LastSeq();
  ASSERT_TRUE(store_->TouchMemories(Ctx(bob_, kNow + 5), {a}).ok());
  auto m = store_->GetMemory(Ctx(alice_), a);
  ASSERT_TRUE(m.ok());
  EXPECT_EQ(m->status, MemoryStatus::kDormant);
  EXPECT_EQ(m->access_count, 0);
  EXPECT_TRUE(LogSince(seq).empty());
  // Its owner wakes it: one access per mention, and the vector returns to the hot partition.
  ASSERT_TRUE(store_->TouchMemories(Ctx(alice_, kNow + 7), {a, a, 999999}).ok());
  m = store_->GetMemory(Ctx(alice_), a);
  ASSERT_TRUE(m.ok());
  EXPECT_EQ(m->status, MemoryStatus::kActive);
  EXPECT_EQ(m->access_count, 2);
  ASSERT_TRUE(m->last_access.has_value());
  EXPECT_EQ(m->last_access->unix_ms, kNow + 7);
  EXPECT_EQ(LogSince(seq), std::vector<std::string>{"+" + std::to_string(a) + "@u:alice"});
  // A recent access keeps a memory awake.
  EXPECT_EQ(*store_->MarkDormant(Instant{kNow + 7, 0}, 10), 0);
  EXPECT_EQ(*store_->MarkDormant(Instant{kNow + 8, 0}, 10), 1);
}

// What a recall leaves behind, in whichever transactions the backend uses: the hits touched,
// a recall log row the caller may mark used, and an audit record naming the hits.
TEST_P(SideConformanceTest, RecordRecallTouchesLogsAndAudits) {
  const int64_t a = RememberWithVector(alice_, "apricot", "vec-a");
  const int64_t b = RememberWithVector(bob_, "banana", "vec-b");
  RecallLogEntry log{Instant{kNow + 3, 0}, "alice", "cli", {}, "rr1", "aa bb", 2};
  ASSERT_TRUE(store_->RecordRecall(Ctx(alice_, kNow + 3), {a, b}, log, {"recall", {a}, "{}"})
                  .ok());
  auto m = store_->GetMemory(Ctx(alice_), a);
  ASSERT_TRUE(m.ok());
  EXPECT_EQ(m->access_count, 1);
  ASSERT_TRUE(m->last_access.has_value());
  EXPECT_EQ(m->last_access->unix_ms, kNow + 3);
  EXPECT_EQ(store_->GetMemory(Ctx(bob_), b)->access_count, 0);  // not alice's to touch
  EXPECT_TRUE(store_->MarkUsed(Ctx(alice_), "rr1", true).ok());
  auto audit = store_->ListAudit(Ctx(alice_), AuditQuery{0, 1000});
  ASSERT_TRUE(audit.ok());
  ASSERT_FALSE(audit->empty());
  EXPECT_EQ(audit->back().action, "recall");
  EXPECT_EQ(audit->back().targets, std::vector<int64_t>{a});
  EXPECT_EQ(audit->back().actor_user, "alice");
  auto verified = store_->VerifyAudit();
  ASSERT_TRUE(verified.ok());
  EXPECT_TRUE(verified->intact);
}

TEST_P(SideConformanceTest, ReplaceVectorNeedsAWritableCurrentMemory) {
  const int64_t mine = RememberWithVector(alice_, "apricot", "vec-a");
  const int64_t team = RememberWithVector(alice_, "team plan", "vec-t", Visibility::kTeam,
                                          "sales");
  const int64_t pub = RememberWithVector(admin_, "public note", "vec-p", Visibility::kPublic);
  const int64_t seq = LastSeq();
  EXPECT_EQ(store_->ReplaceVector(Ctx(bob_), mine, "m1", "x").code(), StatusCode::kNotFound);
  EXPECT_EQ(store_->ReplaceVector(Ctx(alice_), 999999, "m1", "x").code(),
            StatusCode::kNotFound);
  EXPECT_EQ(store_->ReplaceVector(Ctx(alice_), pub, "m1", "x").code(),
            StatusCode::kPermissionDenied);
  EXPECT_TRUE(LogSince(seq).empty());
  ASSERT_TRUE(store_->ReplaceVector(Ctx(carol_), team, "m1", "vec-t2").ok());
  auto log = store_->VectorChangesSince(seq, "m1", 10);
  ASSERT_TRUE(log.ok());
  ASSERT_EQ(log->size(), 1u);
  EXPECT_EQ((*log)[0].memory_id, team);
  EXPECT_EQ((*log)[0].vector, "vec-t2");
  EXPECT_EQ((*log)[0].partition, "t:sales");
  // A superseded version keeps its vector out of the index.
  auto next = store_->Supersede(Ctx(alice_), mine, Revision{"apricot, ripe"});
  ASSERT_TRUE(next.ok()) << next.status().ToString();
  EXPECT_EQ(store_->ReplaceVector(Ctx(alice_), mine, "m1", "x").code(), StatusCode::kNotFound);
}

TEST_P(SideConformanceTest, FeedbackAndMetricsCountTheSubjectsActivity) {
  auto recall = [&](const Principal& p, const std::string& agent, const std::string& request,
                    int64_t at) {
    RecallLogEntry e{Instant{at, 0}, p.user_id, agent, p.teams, request, "aa bb", 3};
    ASSERT_TRUE(store_->LogRecall(e).ok());
  };
  recall(alice_, "cli", "r0", kNow - 100);  // before the window: listed, not counted as used
  recall(alice_, "cli", "r1", kNow);
  recall(alice_, "web", "r2", kNow + 10);
  recall(bob_, "cli", "r3", kNow + 20);
  EXPECT_EQ(store_->MarkUsed(Ctx(bob_), "r1", true).code(), StatusCode::kNotFound);
  EXPECT_EQ(store_->MarkUsed(Ctx(alice_), "nope", true).code(), StatusCode::kNotFound);
  ASSERT_TRUE(store_->MarkUsed(Ctx(alice_), "r0", true).ok());
  ASSERT_TRUE(store_->MarkUsed(Ctx(alice_), "r1", true).ok());
  ASSERT_TRUE(store_->MarkUsed(Ctx(alice_), "r1", true).ok());
  ASSERT_TRUE(store_->MarkUsed(Ctx(alice_), "r2", false).ok());
  IngestBatch b = Batch(alice_, "apricot jam again");
  b.message.context_json = R"({"context_reload":true,"signals":["preference","correction"]})";
  ASSERT_TRUE(store_->Ingest(Ctx(alice_), b).ok());
  b = Batch(alice_, "plain");
  b.message.context_json = R"({"signals":["preference"]})";
  ASSERT_TRUE(store_->Ingest(Ctx(alice_), b).ok());
  ASSERT_TRUE(store_->Ingest(Ctx(bob_), Batch(bob_, "banana")).ok());

  MetricsFilter f{"user", "alice", Instant{kNow, 0}, Instant{kNow + 1000, 0},
                  Instant{kNow - 1000, 0}};
  auto c = store_->CollectMetrics(f);
  ASSERT_TRUE(c.ok()) << c.status().ToString();
  EXPECT_EQ(c->recalls, (std::vector<std::pair<int64_t, std::string>>{
                            {kNow - 100, "aa bb"}, {kNow, "aa bb"}, {kNow + 10, "aa bb"}}));
  EXPECT_EQ(c->used, 2);
  EXPECT_EQ(c->messages, 2);
  EXPECT_EQ(c->context_reloads, 1);
  EXPECT_EQ(c->writes_by_signal,
            (std::map<std::string, int64_t>{{"correction", 1}, {"preference", 2}}));
  EXPECT_EQ(c->review_open, 0);
  EXPECT_EQ(c->quarantined, 0);
  c = store_->CollectMetrics({"agent", "web", f.from, f.to, f.recalls_from});
  ASSERT_TRUE(c.ok()) << c.status().ToString();
  EXPECT_EQ(c->recalls.size(), 1u);
  EXPECT_EQ(c->used, 0);
  c = store_->CollectMetrics({"team", "rnd", f.from, f.to, f.recalls_from});
  ASSERT_TRUE(c.ok()) << c.status().ToString();
  EXPECT_EQ(c->recalls, (std::vector<std::pair<int64_t, std::string>>{{kNow + 20, "aa bb"}}));
  EXPECT_EQ(c->messages, 0);  // bob's message is private, not the team's
}

INSTANTIATE_TEST_SUITE_P(Backends, SideConformanceTest, ::testing::ValuesIn(Backends()),
                         [](const auto& param_info) { return param_info.param.name; });

}  // namespace
}  // namespace engram::store
