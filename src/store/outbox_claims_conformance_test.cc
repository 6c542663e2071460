// Conformance of the outbox's claims on every backend (store.h ClaimOutbox): leases, their
// expiry and renewal, one session's entries claimed and finished in order, and the done
// mark refused to a worker that does not hold the lease.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "src/store/conformance_backends.h"
#include "src/store/store.h"
#include "src/testing/temp_dir.h"

namespace engram::store {
namespace {

constexpr int64_t kT0 = 1718348400000;
constexpr int64_t kLease = 1000;

Instant At(int64_t ms) { return Instant{ms, 0}; }

std::vector<int64_t> Ids(const Result<std::vector<OutboxEntry>>& r) {
  std::vector<int64_t> out;
  EXPECT_TRUE(r.ok()) << r.status().ToString();
  if (r.ok()) {
    for (const OutboxEntry& e : *r) out.push_back(e.id);
  }
  return out;
}

class OutboxClaimsTest : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override {
    store_ = GetParam().open(dir_.path());
    ASSERT_NE(store_, nullptr);
  }
  // Enqueues one entry of alice per session key, in order; returns their ids.
  std::vector<int64_t> Enqueue(const std::vector<std::string>& sessions) {
    std::vector<OutboxDraft> drafts;
    for (const std::string& s : sessions) drafts.push_back({"alice", "request in " + s, s});
    auto ids = store_->EnqueueOutbox(drafts, At(kT0));
    EXPECT_TRUE(ids.ok()) << ids.status().ToString();
    return ids.ok() ? *ids : std::vector<int64_t>();
  }
  // Ingests a message for entry `id` as `owner` at `now_ms`.
  Status Finish(int64_t id, const std::string& owner, int64_t now_ms,
                const std::string& text = "done") {
    IngestBatch b = Batch(alice_, text + " " + std::to_string(id));
    b.outbox_id = id;
    b.outbox_owner = owner;
    return store_->Ingest(OpContext{alice_, "req-claim", Instant{now_ms, 480}}, b).status();
  }
  std::string State(int64_t id) {
    auto e = store_->GetOutbox(OpContext{alice_, "req-claim", At(kT0)}, id);
    return e.ok() ? e->state : e.status().ToString();
  }

  testing::TempDir dir_;
  std::unique_ptr<Store> store_;
  Principal alice_ = TestUser("alice");
};

TEST_P(OutboxClaimsTest, ClaimsLeaseEntriesOldestFirstAndSkipHeldOnes) {
  const auto ids = Enqueue({"s1", "s2", ""});
  ASSERT_EQ(ids.size(), 3u);
  auto a = store_->ClaimOutbox("A", 2, kLease, At(kT0));
  ASSERT_EQ(Ids(a), (std::vector<int64_t>{ids[0], ids[1]}));
  EXPECT_EQ((*a)[0].lease_owner, "A");
  EXPECT_EQ((*a)[0].lease_until_ms, kT0 + kLease);
  EXPECT_EQ((*a)[0].session_key, "s1");
  EXPECT_EQ((*a)[0].request, "request in s1");
  EXPECT_EQ(Ids(store_->ClaimOutbox("B", 10, kLease, At(kT0 + 1))),
            std::vector<int64_t>{ids[2]});
  EXPECT_TRUE(Ids(store_->ClaimOutbox("C", 10, kLease, At(kT0 + 2))).empty());
  // The lease shows in the queue; a claim by the holder takes its entries again.
  auto queued = store_->ListQueued(0, 10);
  ASSERT_TRUE(queued.ok());
  ASSERT_EQ(queued->size(), 3u);
  EXPECT_EQ((*queued)[2].lease_owner, "B");
  EXPECT_EQ(Ids(store_->ClaimOutbox("A", 10, kLease, At(kT0 + 3))),
            (std::vector<int64_t>{ids[0], ids[1]}));
  // Released entries are free at once; done ones are not claimed.
  ASSERT_TRUE(store_->ReleaseOutbox("B", {ids[2]}).ok());
  ASSERT_TRUE(Finish(ids[0], "A", kT0 + 4).ok());
  EXPECT_EQ(State(ids[0]), "done");
  EXPECT_EQ(Ids(store_->ClaimOutbox("C", 10, kLease, At(kT0 + 5))),
            std::vector<int64_t>{ids[2]});
  ASSERT_TRUE(store_->ReleaseOutbox("A", {ids[0], ids[1]}).ok());
  EXPECT_EQ(Ids(store_->ClaimOutbox("D", 10, kLease, At(kT0 + 6))),
            std::vector<int64_t>{ids[1]});
}

TEST_P(OutboxClaimsTest, AnExpiredLeaseIsTakenOverAndTheStaleDoneMarkIsRefused) {
  const auto ids = Enqueue({"s1"});
  ASSERT_EQ(Ids(store_->ClaimOutbox("A", 10, kLease, At(kT0))), ids);
  EXPECT_TRUE(Ids(store_->ClaimOutbox("B", 10, kLease, At(kT0 + kLease - 1))).empty());
  // Neither a worker without a claim nor another owner may finish a held entry.
  EXPECT_EQ(Finish(ids[0], "", kT0 + 10).code(), StatusCode::kAlreadyExists);
  EXPECT_EQ(Finish(ids[0], "B", kT0 + 10).code(), StatusCode::kAlreadyExists);
  EXPECT_EQ(store_->FailOutbox(ids[0], "B", "Internal: x", At(kT0 + 10)).code(),
            StatusCode::kConflict);
  // A was killed: at the end of its lease the entry is B's.
  ASSERT_EQ(Ids(store_->ClaimOutbox("B", 10, kLease, At(kT0 + kLease))), ids);
  EXPECT_EQ(Finish(ids[0], "A", kT0 + kLease + 1).code(), StatusCode::kAlreadyExists);
  EXPECT_EQ(store_->FailOutbox(ids[0], "A", "Internal: x", At(kT0 + kLease + 1)).code(),
            StatusCode::kConflict);
  auto stats = store_->GetStats(OpContext{alice_, "req-claim", At(kT0)});
  ASSERT_TRUE(stats.ok());
  EXPECT_EQ(stats->messages, 0);  // the refused batches wrote nothing
  ASSERT_TRUE(Finish(ids[0], "B", kT0 + kLease + 2).ok());
  EXPECT_EQ(State(ids[0]), "done");
  EXPECT_EQ(Finish(ids[0], "B", kT0 + kLease + 3).code(), StatusCode::kAlreadyExists);
  EXPECT_TRUE(store_->ListQueued(0, 10)->empty());
}

TEST_P(OutboxClaimsTest, AnUnclaimedEntryIsFinishedWithoutOwnerOnlyWhenNobodyHoldsIt) {
  const auto ids = Enqueue({"", ""});
  ASSERT_TRUE(Finish(ids[0], "", kT0).ok());  // never claimed
  ASSERT_EQ(Ids(store_->ClaimOutbox("A", 10, kLease, At(kT0))), std::vector<int64_t>{ids[1]});
  EXPECT_EQ(Finish(ids[1], "", kT0 + 1).code(), StatusCode::kAlreadyExists);
  ASSERT_TRUE(store_->FailOutbox(ids[1], "", "Internal: late", At(kT0 + kLease)).ok());
  EXPECT_EQ(State(ids[1]), "failed");
}

TEST_P(OutboxClaimsTest, RenewalKeepsALeaseAndReportsTheLostOnes) {
  const auto ids = Enqueue({"s1", "s2"});
  ASSERT_EQ(Ids(store_->ClaimOutbox("A", 10, kLease, At(kT0))), ids);
  auto lost = store_->RenewOutbox("A", ids, kLease, At(kT0 + 900));
  ASSERT_TRUE(lost.ok()) << lost.status().ToString();
  EXPECT_TRUE(lost->empty());
  EXPECT_TRUE(Ids(store_->ClaimOutbox("B", 10, kLease, At(kT0 + 1500))).empty());
  ASSERT_TRUE(Finish(ids[0], "A", kT0 + 1600).ok());
  ASSERT_EQ(Ids(store_->ClaimOutbox("B", 10, kLease, At(kT0 + 1900))),
            std::vector<int64_t>{ids[1]});
  lost = store_->RenewOutbox("A", ids, kLease, At(kT0 + 1901));
  ASSERT_TRUE(lost.ok());
  EXPECT_EQ(*lost, ids);  // one done, one taken over
}

TEST_P(OutboxClaimsTest, OneSessionIsClaimedAndFinishedInOrder) {
  const auto ids = Enqueue({"a", "a", "b", "a", ""});
  // X holds a's first entry: nobody else may take a's later ones, b's and the free one are.
  ASSERT_EQ(Ids(store_->ClaimOutbox("X", 1, kLease, At(kT0))), std::vector<int64_t>{ids[0]});
  EXPECT_EQ(Ids(store_->ClaimOutbox("Y", 10, kLease, At(kT0))),
            (std::vector<int64_t>{ids[2], ids[4]}));
  EXPECT_TRUE(Ids(store_->ClaimOutbox("Z", 10, kLease, At(kT0))).empty());
  // X's claim again: its held entry and the rest of the session after it.
  EXPECT_EQ(Ids(store_->ClaimOutbox("X", 10, kLease, At(kT0 + 1))),
            (std::vector<int64_t>{ids[0], ids[1], ids[3]}));
  // Finished in order only: a later entry of a session waits for the older ones.
  EXPECT_EQ(Finish(ids[1], "X", kT0 + 2).code(), StatusCode::kAlreadyExists);
  ASSERT_TRUE(Finish(ids[0], "X", kT0 + 3).ok());
  ASSERT_TRUE(Finish(ids[1], "X", kT0 + 4).ok());
  // A failed entry does not hold its session back.
  ASSERT_TRUE(store_->FailOutbox(ids[3], "X", "Internal: bad", At(kT0 + 5)).ok());
  EXPECT_EQ(State(ids[3]), "failed");
  // Y's lease on b lapses with X's still running on nothing: Z takes b.
  EXPECT_EQ(Ids(store_->ClaimOutbox("Z", 10, kLease, At(kT0 + kLease))),
            (std::vector<int64_t>{ids[2], ids[4]}));
}

// Workers on threads of one store: every entry finished exactly once, and each session's
// messages written in the order they were queued.
TEST_P(OutboxClaimsTest, ConcurrentWorkersFinishEachEntryOnceInSessionOrder) {
  std::vector<std::string> sessions;
  for (int i = 0; i < 40; ++i) sessions.push_back("s" + std::to_string(i % 5));
  const auto ids = Enqueue(sessions);
  ASSERT_EQ(ids.size(), 40u);
  std::mutex mu;
  std::map<int64_t, int64_t> message_of;  // outbox id -> message id
  std::atomic<int> errors{0};
  std::vector<std::thread> threads;
  for (int w = 0; w < 4; ++w) {
    threads.emplace_back([&, w] {
      const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
      for (int round = 0; std::chrono::steady_clock::now() < deadline; ++round) {
        const std::string owner = "w" + std::to_string(w) + "#" + std::to_string(round);
        auto claimed = store_->ClaimOutbox(owner, 3, 60000, At(kT0));
        if (!claimed.ok()) {
          ++errors;
          return;
        }
        if (claimed->empty()) {
          if (store_->ListQueued(0, 1)->empty()) return;
          std::this_thread::sleep_for(std::chrono::milliseconds(1));  // others hold the rest
          continue;
        }
        for (const OutboxEntry& e : *claimed) {
          IngestBatch b = Batch(alice_, "turn " + std::to_string(e.id));
          b.outbox_id = e.id;
          b.outbox_owner = owner;
          auto r = store_->Ingest(OpContext{alice_, "req-w", Instant{kT0, 480}}, b);
          if (!r.ok()) {
            ++errors;
            continue;
          }
          std::lock_guard lock(mu);
          EXPECT_TRUE(message_of.emplace(e.id, r->message_id).second) << e.id;
        }
        std::vector<int64_t> mine;
        for (const OutboxEntry& e : *claimed) mine.push_back(e.id);
        EXPECT_TRUE(store_->ReleaseOutbox(owner, mine).ok());
      }
    });
  }
  for (auto& t : threads) t.join();
  EXPECT_EQ(errors.load(), 0);
  ASSERT_EQ(message_of.size(), ids.size());
  // Messages get ascending ids in commit order: per session, in queue order.
  std::map<std::string, int64_t> last;
  for (size_t i = 0; i < ids.size(); ++i) {
    int64_t& prev = last[sessions[i]];
    EXPECT_GT(message_of[ids[i]], prev) << "session " << sessions[i] << " entry " << ids[i];
    prev = message_of[ids[i]];
  }
}

// The upgrade that seals requests an older build queued raw (store.h RewriteQueued): only a
// queued entry still holding the request read is rewritten.
TEST_P(OutboxClaimsTest, RewriteQueuedReplacesOnlyAnUnchangedQueuedRequest) {
  const std::vector<int64_t> ids = Enqueue({"s1", "s2"});
  ASSERT_EQ(ids.size(), 2u);
  ASSERT_TRUE(store_->RewriteQueued(ids[0], "request in s1", "sealed s1").ok());
  auto queued = store_->ListQueued(0, 10);
  ASSERT_TRUE(queued.ok()) << queued.status().ToString();
  ASSERT_EQ(queued->size(), 2u);
  EXPECT_EQ(queued->at(0).request, "sealed s1");
  EXPECT_EQ(queued->at(1).request, "request in s2");
  // Read before another rewrite, or finished meanwhile: Conflict, nothing changed.
  EXPECT_EQ(store_->RewriteQueued(ids[0], "request in s1", "again").code(),
            StatusCode::kConflict);
  ASSERT_TRUE(Finish(ids[1], "", kT0).ok());
  EXPECT_EQ(store_->RewriteQueued(ids[1], "request in s2", "late").code(),
            StatusCode::kConflict);
  EXPECT_EQ(State(ids[1]), "done");
  EXPECT_EQ(store_->RewriteQueued(987654, "x", "y").code(), StatusCode::kConflict);
}

INSTANTIATE_TEST_SUITE_P(Backends, OutboxClaimsTest, ::testing::ValuesIn(Backends()),
                         [](const auto& test) { return test.param.name; });

}  // namespace
}  // namespace engram::store
