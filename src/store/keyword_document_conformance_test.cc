// Which memories are keyword documents, for every Store backend (versions.h
// IsKeywordDocument): a fact inside its record's words is not, a fact stated alone is.
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

  testing::TempDir dir_;
  std::unique_ptr<Store> store_;
  Principal alice_;
};

// A fact read out of a record is not a keyword document of its own: the record holds its
// words, and counting them twice would move the BM25 ranks of every other message. A fact
// stated on its own (no record) is one.
TEST_P(KeywordDocumentConformanceTest, FactsInsideTheirRecordAreNotKeywordDocuments) {
  const std::string said = "张工下个月起在AI Lab工作，负责接口文档";
  auto remember_all = [&](Store* store, bool with_fact) {
    IngestBatch b = Batch(alice_, said);
    if (with_fact) {
      Memory f = b.memories[0];
      f.type = MemoryType::kSemantic;
      f.kind = MemoryKind::kFact;
      f.content = "张工下个月起在AI Lab工作";
      f.subject = "张工";
      f.attribute = "worksAt";
      f.value = "AI Lab";
      b.memories.push_back(f);
    }
    auto r = store->Ingest(Ctx(alice_), b);
    ASSERT_TRUE(r.ok()) << r.status().ToString();
    for (const char* t : {"AI Lab的周会改到周五", "接口文档下周二验收", "周五去健身房"}) {
      ASSERT_TRUE(store->Ingest(Ctx(alice_), Batch(alice_, t)).ok());
    }
  };
  remember_all(store_.get(), true);
  testing::TempDir other_dir;
  std::unique_ptr<Store> plain = GetParam().open(other_dir.path());
  ASSERT_NE(plain, nullptr);
  remember_all(plain.get(), false);
  auto with = store_->SearchKeyword(Ctx(alice_), KeywordQuery{{"AI Lab", "工作"}, 10, false});
  auto without = plain->SearchKeyword(Ctx(alice_), KeywordQuery{{"AI Lab", "工作"}, 10, false});
  ASSERT_TRUE(with.ok() && without.ok());
  ASSERT_EQ(with->size(), 2u);  // the record and the other AI Lab message, not the fact
  ASSERT_EQ(without->size(), 2u);
  for (size_t i = 0; i < 2; ++i) {
    EXPECT_EQ((*with)[i].memory.type, MemoryType::kEpisodic);
    EXPECT_EQ((*with)[i].memory.content, (*without)[i].memory.content);
    EXPECT_DOUBLE_EQ((*with)[i].score, (*without)[i].score);  // same statistics
  }
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

INSTANTIATE_TEST_SUITE_P(Backends, KeywordDocumentConformanceTest,
                         ::testing::ValuesIn(Backends()),
                         [](const auto& p) { return p.param.name; });

}  // namespace
}  // namespace engram::store
