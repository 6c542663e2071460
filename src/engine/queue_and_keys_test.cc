// Engine calls behind `engram serve`: API keys and the durable ingestion queue.
#include <gtest/gtest.h>

#include <thread>

#include "engram/engine.h"
#include "src/engine/registry.h"
#include "src/testing/fake_clock.h"
#include "src/testing/temp_dir.h"

namespace engram {
namespace {

std::unique_ptr<Engine> Open(const std::string& dir, bool facts = false) {
  Options o;
  o.db_path = dir + "/engram.db";
  o.embedder = "hashing";
  o.extract_facts = facts;
  auto e = Engine::Open(o);
  EXPECT_TRUE(e.ok()) << e.status().ToString();
  return e.ok() ? std::move(e).value() : nullptr;
}

RememberRequest Say(const std::string& user, const std::string& text) {
  RememberRequest r;
  r.principal.user_id = user;
  r.text = text;
  r.session_id = "s";
  return r;
}

TEST(ApiKeyTest, CreateAuthenticateListRevokeAcrossReopen) {
  testing::TempDir dir;
  std::string secret, id;
  {
    auto e = Open(dir.path());
    auto k = e->CreateApiKey("ci", Principal{"alice", "bot", {"sales"}, {"team-admin"}});
    ASSERT_TRUE(k.ok()) << k.status().ToString();
    secret = k->secret;
    id = k->key.id;
    EXPECT_EQ(secret.rfind("ek_" + id + "_", 0), 0u);
    EXPECT_EQ(e->CreateApiKey("x", Principal{"bob", "", {}, {"root"}}).status().code(),
              StatusCode::kInvalidArgument);
  }
  auto e = Open(dir.path());
  auto p = e->Authenticate(secret);
  ASSERT_TRUE(p.ok()) << p.status().ToString();
  EXPECT_EQ(p->user_id, "alice");
  EXPECT_EQ(p->agent_id, "bot");
  EXPECT_EQ(p->teams, std::vector<std::string>{"sales"});
  std::string wrong = secret;
  wrong.back() = wrong.back() == '0' ? '1' : '0';
  for (const std::string& bad : {wrong, std::string("ek_"), std::string(""), secret + "0",
                                 "ek_" + id + "_" + std::string(32, 'Z')}) {
    EXPECT_EQ(e->Authenticate(bad).status().code(), StatusCode::kUnauthenticated) << bad;
  }
  ASSERT_TRUE(e->RevokeApiKey(id).ok());
  EXPECT_EQ(e->Authenticate(secret).status().code(), StatusCode::kUnauthenticated);
  EXPECT_EQ(e->RevokeApiKey("nope").code(), StatusCode::kNotFound);
  auto all = e->ListApiKeys();
  ASSERT_TRUE(all.ok());
  ASSERT_EQ(all->size(), 1u);
  EXPECT_TRUE((*all)[0].revoked_at.has_value());
}

TEST(IngestQueueTest, QueuedRequestsSurviveAReopenAndAreProcessedOnce) {
  testing::TempDir dir;
  std::vector<int64_t> ids;
  {
    auto e = Open(dir.path());
    auto q = e->Enqueue({Say("alice", "one"), Say("alice", "two"), Say("alice", "three")});
    ASSERT_TRUE(q.ok()) << q.status().ToString();
    ids = *q;
    auto state = e->GetQueued(Principal{"alice", "", {}, {}}, ids[0]);
    ASSERT_TRUE(state.ok());
    EXPECT_EQ(state->state, "queued");
  }  // "crash": nothing processed
  auto e = Open(dir.path());
  auto n = e->ProcessQueue(10);
  ASSERT_TRUE(n.ok()) << n.status().ToString();
  EXPECT_EQ(*n, 3);
  EXPECT_EQ(*e->ProcessQueue(10), 0);
  const Principal alice{"alice", "", {}, {}};
  auto done = e->GetQueued(alice, ids[1]);
  ASSERT_TRUE(done.ok());
  EXPECT_EQ(done->state, "done");
  ASSERT_TRUE(done->result.has_value());
  ASSERT_EQ(done->result->memories.size(), 1u);
  EXPECT_EQ(done->result->memories[0].content, "two");
  EXPECT_EQ(e->GetQueued(Principal{"bob", "", {}, {}}, ids[1]).status().code(),
            StatusCode::kNotFound);
  EXPECT_EQ(e->Stats(alice)->messages, 3);
  auto hits = e->Recall({.principal = alice, .query = "three"});
  ASSERT_TRUE(hits.ok());
  ASSERT_FALSE(hits->hits.empty());
  EXPECT_EQ(hits->hits[0].memory.content, "three");
}

// A queued request's result, read back after a reopen, says what a synchronous remember of
// the same message says: facts reinforced, guard, signals, event, entities, review items.
TEST(IngestQueueTest, AQueuedResultReportsWhatTheSynchronousOneDoes) {
  testing::TempDir dir;
  const std::vector<std::string> texts = {"张工的手机号是13912345678",
                                          "张工的手机号是13912345678",
                                          "客户投诉物流太慢，很严重，明天下午三点前必须回复"};
  std::vector<RememberResult> sync;
  std::vector<int64_t> ids;
  {
    auto e = Open(dir.path(), true);
    for (const std::string& t : texts) {
      auto r = e->Remember(Say("alice", t));
      ASSERT_TRUE(r.ok()) << r.status().ToString();
      sync.push_back(std::move(r).value());
    }
    std::vector<RememberRequest> queued;
    for (const std::string& t : texts) queued.push_back(Say("bob", t));
    auto q = e->Enqueue(queued);
    ASSERT_TRUE(q.ok());
    ids = *q;
    EXPECT_EQ(*e->ProcessQueue(10), 3);
  }
  auto e = Open(dir.path(), true);
  // The second statement reinforced the record (said again) and its fact.
  ASSERT_EQ(sync[1].reinforced.size(), 2u);
  for (size_t i = 0; i < texts.size(); ++i) {
    auto q = e->GetQueued(Principal{"bob", "", {}, {}}, ids[i]);
    ASSERT_TRUE(q.ok() && q->result.has_value()) << texts[i];
    const RememberResult& a = sync[i];
    const RememberResult& b = *q->result;
    EXPECT_EQ(b.memories.size(), a.memories.size()) << texts[i];
    EXPECT_EQ(b.reinforced.size(), a.reinforced.size()) << texts[i];
    EXPECT_EQ(b.superseded.size(), a.superseded.size()) << texts[i];
    EXPECT_EQ(b.outranked.size(), a.outranked.size()) << texts[i];
    EXPECT_EQ(b.review_items.size(), a.review_items.size()) << texts[i];
    EXPECT_EQ(b.guard, a.guard) << texts[i];
    EXPECT_EQ(b.signals, a.signals) << texts[i];
    EXPECT_EQ(b.event_type, a.event_type) << texts[i];
    EXPECT_EQ(b.event_slots, a.event_slots) << texts[i];
    ASSERT_EQ(b.entities.size(), a.entities.size()) << texts[i];
    for (size_t k = 0; k < a.entities.size(); ++k) {
      EXPECT_EQ(b.entities[k].name, a.entities[k].name);
      EXPECT_EQ(b.entities[k].surface, a.entities[k].surface);
    }
  }
  EXPECT_EQ(sync[2].event_type, "complaint");
  EXPECT_FALSE(sync[2].signals.empty());
  EXPECT_FALSE(sync[0].entities.empty());
}

TEST(IngestQueueTest, WhatRememberWouldRefuseIsRefusedBeforeTheAcknowledgement) {
  testing::TempDir dir;
  auto e = Open(dir.path());
  // A blank text is refused now (400 at the edge), not acknowledged and failed later: the
  // outbox never keeps a request that could not be processed.
  EXPECT_EQ(e->Enqueue({Say("alice", "   "), Say("alice", "fine")}).status().code(),
            StatusCode::kInvalidArgument);
  EXPECT_EQ(*e->ProcessQueue(10), 0);  // nothing of the refused batch was queued
  auto q = e->Enqueue({Say("alice", "fine")});
  ASSERT_TRUE(q.ok());
  EXPECT_EQ(*e->ProcessQueue(10), 1);
  EXPECT_EQ(*e->ProcessQueue(10), 0);
  auto done = e->GetQueued(Principal{"alice", "", {}, {}}, (*q)[0]);
  ASSERT_TRUE(done.ok());
  EXPECT_EQ(done->state, "done");
  EXPECT_EQ(e->Enqueue({Say("", "no user")}).status().code(), StatusCode::kInvalidArgument);
}

TEST(IngestQueueTest, CompetingWorkersInTwoEnginesProcessEachRequestOnce) {
  testing::TempDir dir;
  auto a = Open(dir.path());
  auto b = Open(dir.path());
  std::vector<RememberRequest> batch;
  for (int i = 0; i < 60; ++i) batch.push_back(Say("alice", "message " + std::to_string(i)));
  ASSERT_TRUE(a->Enqueue(batch).ok());
  std::atomic<int> finished{0};
  std::vector<std::thread> workers;
  for (Engine* e : {a.get(), a.get(), b.get(), b.get()}) {
    workers.emplace_back([e, &finished] {
      for (;;) {
        auto n = e->ProcessQueue(7);
        if (!n.ok()) continue;  // busy database: try again
        if (*n == 0) return;
        finished += *n;
      }
    });
  }
  for (auto& t : workers) t.join();
  EXPECT_EQ(finished.load(), 60);
  EXPECT_EQ(a->Stats(Principal{"alice", "", {}, {}})->messages, 60);
}

// A worker that died holding a claim (a process killed with kill -9) blocks its requests and
// the rest of their session only until its lease ends; then the live engine takes them over,
// in order.
TEST(IngestQueueTest, RequestsOfADeadWorkerAreTakenOverWhenItsLeaseEnds) {
  testing::TempDir dir;
  testing::FakeClock clock;
  Options o;
  o.db_path = dir.path() + "/engram.db";
  o.embedder = "hashing";
  o.clock = &clock;
  o.outbox_lease_ms = 60000;
  auto opened = Engine::Open(o);
  ASSERT_TRUE(opened.ok()) << opened.status().ToString();
  auto& e = *opened;
  ASSERT_TRUE(e->Enqueue({Say("alice", "first"), Say("alice", "second")}).ok());
  RememberRequest other = Say("alice", "in another session");
  other.session_id = "t";
  ASSERT_TRUE(e->Enqueue({other}).ok());
  // The dead worker's claim, through a second handle on the store (claims only: no key).
  auto store = engine::OpenStore(o, [] { return Result<std::string>(std::string()); });
  ASSERT_TRUE(store.ok()) << store.status().ToString();
  const Instant now{clock.NowMicros() / 1000, 0};
  auto dead = (*store)->ClaimOutbox("dead", 1, 5000, now);  // session "s"'s first request
  ASSERT_TRUE(dead.ok());
  ASSERT_EQ(dead->size(), 1u);
  EXPECT_EQ(*e->ProcessQueue(10), 1);  // only the other session's
  EXPECT_EQ(*e->ProcessQueue(10), 0);
  clock.Advance(5000 * 1000);  // the dead worker's lease ends
  EXPECT_EQ(*e->ProcessQueue(10), 2);
  auto first = e->GetQueued(Principal{"alice", "", {}, {}}, (*dead)[0].id);
  ASSERT_TRUE(first.ok());
  EXPECT_EQ(first->state, "done");
  EXPECT_EQ(first->result->memories.at(0).content, "first");
  EXPECT_EQ(e->Stats(Principal{"alice", "", {}, {}})->messages, 3);
}

}  // namespace
}  // namespace engram
