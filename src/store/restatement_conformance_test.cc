// What recall's truth pass and the write path's restatement check read from every Store
// backend: a message's memories (ListMessageMemories), a current record by its text
// (FindRecord), and a batch that restates a record (IngestBatch::duplicate_of).
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "src/store/conformance_backends.h"
#include "src/store/store.h"
#include "src/testing/temp_dir.h"

namespace engram::store {
namespace {

OpContext Ctx(const Principal& p) { return OpContext{p, "req-test", Instant{1718348400000, 480}}; }

class RestatementConformanceTest : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override {
    alice_.user_id = "alice";
    bob_.user_id = "bob";
    store_ = GetParam().open(dir_.path());
    ASSERT_NE(store_, nullptr);
  }
  IngestOutcome Ingest(const Principal& p, const IngestBatch& b) {
    auto r = store_->Ingest(Ctx(p), b);
    EXPECT_TRUE(r.ok()) << r.status().ToString();
    return r.ok() ? *r : IngestOutcome{};
  }

  testing::TempDir dir_;
  std::unique_ptr<Store> store_;
  Principal alice_, bob_;
};

TEST_P(RestatementConformanceTest, FindRecordMatchesTheExactTextInTheCallersScope) {
  const IngestOutcome first = Ingest(alice_, Batch(alice_, "我对花生过敏"));
  const Scope mine{"alice", "", "", Visibility::kPrivate};
  auto found = store_->FindRecord(Ctx(alice_), mine, "我对花生过敏");
  ASSERT_TRUE(found.ok());
  EXPECT_EQ(*found, first.memories[0].id);
  EXPECT_EQ(*store_->FindRecord(Ctx(alice_), mine, "我对芒果过敏"), 0);
  // Another user's scope holds nothing of alice's, and bob cannot look into alice's.
  EXPECT_EQ(*store_->FindRecord(Ctx(bob_), Scope{"bob", "", "", Visibility::kPrivate},
                                "我对花生过敏"),
            0);
  EXPECT_EQ(*store_->FindRecord(Ctx(bob_), mine, "我对花生过敏"), 0);
}

TEST_P(RestatementConformanceTest, DuplicateOfReinforcesInsteadOfAddingARecord) {
  const IngestOutcome first = Ingest(alice_, Batch(alice_, "I am allergic to peanuts"));
  const int64_t record = first.memories[0].id;
  IngestBatch again = Batch(alice_, "I am allergic to peanuts");
  again.message.at = Instant{1718352000000, 480};
  again.memories[0].source.at = again.message.at;
  again.duplicate_of = record;
  const IngestOutcome second = Ingest(alice_, again);
  EXPECT_NE(second.message_id, first.message_id);  // the message is logged
  ASSERT_EQ(second.memories.size(), 1u);
  EXPECT_EQ(second.memories[0].id, record);
  EXPECT_EQ(second.reinforced, std::vector<int64_t>{record});
  auto m = store_->GetMemory(Ctx(alice_), record);
  ASSERT_TRUE(m.ok());
  EXPECT_EQ(m->reinforced, 1);
  ASSERT_TRUE(m->last_seen.has_value());
  EXPECT_EQ(m->last_seen->unix_ms, 1718352000000);
  // A duplicate_of outside the batch's scope is ignored: the record is added as usual.
  IngestBatch other = Batch(bob_, "I am allergic to peanuts");
  other.duplicate_of = record;
  const IngestOutcome bobs = Ingest(bob_, other);
  ASSERT_EQ(bobs.memories.size(), 1u);
  EXPECT_NE(bobs.memories[0].id, record);
  EXPECT_TRUE(bobs.reinforced.empty());
}

TEST_P(RestatementConformanceTest, ListMessageMemoriesGivesEveryVisibleVersion) {
  IngestBatch b = Batch(alice_, "张工的手机号是1");
  Memory fact = b.memories[0];
  fact.type = MemoryType::kSemantic;
  fact.kind = MemoryKind::kFact;
  fact.subject = "张工";
  fact.attribute = "hasPhone";
  fact.value = "1";
  b.memories.push_back(fact);
  const IngestOutcome first = Ingest(alice_, b);
  IngestBatch update = FactBatch(alice_, "张工", "hasPhone", "2");
  update.message.at = Instant{1718352000000, 480};
  update.memories[0].valid_from = update.message.at;
  const IngestOutcome second = Ingest(alice_, update);
  ASSERT_EQ(second.superseded.size(), 1u);
  auto listed = store_->ListMessageMemories(Ctx(alice_), {first.message_id}, false);
  ASSERT_TRUE(listed.ok());
  ASSERT_EQ(listed->size(), 2u);  // the record and the retired fact, by id
  EXPECT_TRUE((*listed)[0].current);
  EXPECT_FALSE((*listed)[1].current);
  EXPECT_EQ((*listed)[1].id, second.superseded[0]);
  auto retired = store_->ListMessageMemories(Ctx(alice_), {first.message_id}, true);
  ASSERT_TRUE(retired.ok());
  ASSERT_EQ(retired->size(), 1u);  // the retired fact alone
  EXPECT_EQ((*retired)[0].id, second.superseded[0]);
  auto bobs = store_->ListMessageMemories(Ctx(bob_), {first.message_id}, false);
  ASSERT_TRUE(bobs.ok());
  EXPECT_TRUE(bobs->empty());
}

INSTANTIATE_TEST_SUITE_P(Backends, RestatementConformanceTest, ::testing::ValuesIn(Backends()),
                         [](const auto& p) { return p.param.name; });

}  // namespace
}  // namespace engram::store
