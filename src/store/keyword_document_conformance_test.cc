// Which memories are keyword documents, for every Store backend (versions.h
// IsKeywordDocument): a fact inside its record's words is not, a fact stated alone is.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "src/store/conformance_backends.h"
#include "src/store/store.h"
#include "src/testing/temp_dir.h"

namespace engram::store {
namespace {

OpContext Ctx(const Principal& p) { return OpContext{p, "req-test", Instant{1718348400000, 480}}; }

class KeywordDocumentConformanceTest : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override {
    alice_.user_id = "alice";
    store_ = GetParam().open(dir_.path());
    ASSERT_NE(store_, nullptr);
  }
  std::vector<int64_t> Search(std::vector<std::string> terms) {
    auto r = store_->SearchKeyword(Ctx(alice_), KeywordQuery{std::move(terms), 10, true});
    EXPECT_TRUE(r.ok()) << r.status().ToString();
    std::vector<int64_t> ids;
    if (r.ok()) {
      for (const auto& h : *r) ids.push_back(h.memory.id);
    }
    return ids;
  }

  // Ingests `first`, then each of `others` as a plain record, into `store`.
  void IngestAll(Store* store, const IngestBatch& first,
                 std::initializer_list<const char*> others) {
    auto r = store->Ingest(Ctx(alice_), first);
    ASSERT_TRUE(r.ok()) << r.status().ToString();
    for (const char* t : others) {
      ASSERT_TRUE(store->Ingest(Ctx(alice_), Batch(alice_, t)).ok());
    }
  }
  // A second, empty store of the same backend.
  std::unique_ptr<Store> OpenPlain() {
    std::unique_ptr<Store> s = GetParam().open(plain_dir_.path());
    EXPECT_NE(s, nullptr);
    return s;
  }
  // The hits of `q` in store_ and in `plain`, which must be of the same messages in the same
  // order with the same scores (the same BM25 statistics).
  std::vector<KeywordHit> ExpectSameHits(Store* plain, const KeywordQuery& q) {
    auto with = store_->SearchKeyword(Ctx(alice_), q);
    auto without = plain->SearchKeyword(Ctx(alice_), q);
    EXPECT_TRUE(with.ok() && without.ok());
    if (!with.ok() || !without.ok()) return {};
    EXPECT_EQ(with->size(), without->size());
    for (size_t i = 0; i < std::min(with->size(), without->size()); ++i) {
      EXPECT_EQ((*with)[i].memory.source.message_id, (*without)[i].memory.source.message_id);
      EXPECT_DOUBLE_EQ((*with)[i].score, (*without)[i].score);
    }
    return *with;
  }

  testing::TempDir dir_;
  testing::TempDir plain_dir_;
  std::unique_ptr<Store> store_;
  Principal alice_;
};

// A fact read out of a record is not a keyword document of its own: the record holds its
// words, and counting them twice would move the BM25 ranks of every other message. A fact
// stated on its own (no record) is one.
TEST_P(KeywordDocumentConformanceTest, FactsInsideTheirRecordAreNotKeywordDocuments) {
  const std::string said = "张工下个月起在AI Lab工作，负责接口文档";
  IngestBatch b = Batch(alice_, said);
  std::unique_ptr<Store> plain = OpenPlain();
  ASSERT_NE(plain, nullptr);
  IngestAll(plain.get(), b, {"AI Lab的周会改到周五", "接口文档下周二验收", "周五去健身房"});
  Memory f = b.memories[0];
  f.type = MemoryType::kSemantic;
  f.kind = MemoryKind::kFact;
  f.content = "张工下个月起在AI Lab工作";
  f.subject = "张工";
  f.attribute = "worksAt";
  f.value = "AI Lab";
  b.memories.push_back(f);
  IngestAll(store_.get(), b, {"AI Lab的周会改到周五", "接口文档下周二验收", "周五去健身房"});
  std::vector<KeywordHit> hits = ExpectSameHits(plain.get(), {{"AI Lab", "工作"}, 10, false});
  ASSERT_EQ(hits.size(), 2u);  // the record and the other AI Lab message, not the fact
  for (const KeywordHit& h : hits) EXPECT_EQ(h.memory.type, MemoryType::kEpisodic);
  // A fact stated on its own is found by its words; forgetting everything leaves no hit.
  auto own = store_->Ingest(Ctx(alice_), FactBatch(alice_, "李老师", "hasPhone", "⟦PHONE:x⟧"));
  ASSERT_TRUE(own.ok());
  EXPECT_EQ(Search({"李老师"}), std::vector<int64_t>{own->memories[0].id});
  for (int64_t id = 1; id <= own->memories[0].id; ++id) {
    Status s = store_->Forget(Ctx(alice_), id, true);
    EXPECT_TRUE(s.ok() || s.code() == StatusCode::kConflict || s.code() == StatusCode::kNotFound)
        << s.ToString();
  }
  EXPECT_TRUE(Search({"AI Lab", "工作", "李老师"}).empty());
}

// A record rewritten to read alone (IngestBatch::record_said) is a keyword document by that
// text, not by the rewrite: the rewrite's name and date are no terms of it, its statistics
// equal those of the same words stored as the record, and a hard forget removes it.
TEST_P(KeywordDocumentConformanceTest, RewrittenRecordsAreIndexedByTheirKeywordText) {
  const std::string said = "他昨天说要把接口改成异步";
  const std::initializer_list<const char*> others = {"接口文档下周二验收", "李工的电话换了",
                                                     "改成同步也行"};
  std::unique_ptr<Store> plain = OpenPlain();
  ASSERT_NE(plain, nullptr);
  IngestAll(plain.get(), Batch(alice_, said), others);
  IngestBatch b = Batch(alice_, said);
  b.memories[0].content = "李工(2024-06-13)说要把接口改成异步";
  b.record_said = said;
  IngestAll(store_.get(), b, others);
  std::vector<KeywordHit> hits =
      ExpectSameHits(plain.get(), {{"接口", "异步", "李工", "2024"}, 10, false});
  ASSERT_GE(hits.size(), 2u);
  // The first memory of the batches (ids are the backend's: not 1 in a shared schema).
  const auto record = std::find_if(hits.begin(), hits.end(), [](const KeywordHit& h) {
    return h.memory.content == "李工(2024-06-13)说要把接口改成异步";  // stored rewritten
  });
  ASSERT_NE(record, hits.end());
  EXPECT_TRUE(Search({"2024"}).empty());  // the rewrite's date is no term
  ASSERT_TRUE(store_->Forget(Ctx(alice_), record->memory.id, true).ok());
  EXPECT_TRUE(Search({"异步"}).empty());
  EXPECT_EQ(Search({"同步"}).size(), 1u);
}

INSTANTIATE_TEST_SUITE_P(Backends, KeywordDocumentConformanceTest,
                         ::testing::ValuesIn(Backends()),
                         [](const auto& p) { return p.param.name; });

}  // namespace
}  // namespace engram::store
