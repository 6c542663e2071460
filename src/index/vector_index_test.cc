#include "src/index/vector_index.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <map>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "src/index/index_test_util.h"

namespace engram::index {
namespace {

constexpr int kDim = 32;

VectorIndexOptions SmallOptions() {
  VectorIndexOptions options;
  options.dimension = kDim;
  options.exact_search_max = 500;
  options.hnsw_m = 16;
  options.hnsw_ef_construction = 100;
  options.hnsw_ef_search = 64;
  return options;
}

std::vector<int64_t> Ids(const std::vector<VectorHit>& hits) {
  std::vector<int64_t> ids;
  for (const VectorHit& h : hits) ids.push_back(h.id);
  return ids;
}

class VectorIndexTest : public ::testing::TestWithParam<bool> {
 protected:
  std::unique_ptr<VectorIndex> NewIndex() {
    return GetParam() ? NewHnswVectorIndex(SmallOptions()) : NewFlatVectorIndex(SmallOptions());
  }
};

TEST_P(VectorIndexTest, OutOfScopeVectorsAreNeverScored) {
  auto index = NewIndex();
  testing::ClusteredVectors gen(kDim, 4, 0.3f, 1);
  std::vector<float> v = gen.Many(2000);
  std::vector<int64_t> alice, bob, pub;
  for (int64_t i = 0; i < 2000; ++i) (i % 3 == 0 ? alice : i % 3 == 1 ? bob : pub).push_back(i);
  auto rows = [&](const std::vector<int64_t>& ids) {
    std::vector<float> out;
    for (int64_t id : ids) {
      out.insert(out.end(), v.begin() + id * kDim, v.begin() + (id + 1) * kDim);
    }
    return out;
  };
  ASSERT_TRUE(index->AddBatch("u:alice", alice, rows(alice)).ok());
  ASSERT_TRUE(index->AddBatch("u:bob", bob, rows(bob)).ok());
  ASSERT_TRUE(index->AddBatch("p", pub, rows(pub)).ok());

  std::atomic<int> out_of_scope{0};
  SearchFilter filter;
  filter.partitions = {"u:bob", "p", "t:nobody"};
  filter.accept = [&](int64_t id) {
    if (id % 3 == 0) ++out_of_scope;
    return true;
  };
  // Query with alice's own vectors: the best match (itself) must not come back.
  for (int64_t id : {0, 3, 300}) {
    auto hits = index->Search(std::span<const float>(v.data() + id * kDim, kDim), 20, filter);
    ASSERT_TRUE(hits.ok()) << hits.status().ToString();
    ASSERT_EQ(hits->size(), 20u);
    for (const VectorHit& h : *hits) EXPECT_NE(h.id % 3, 0) << h.id;
  }
  EXPECT_EQ(out_of_scope, 0);
  SearchFilter none;
  auto empty = index->Search(std::span<const float>(v.data(), kDim), 5, none);
  ASSERT_TRUE(empty.ok());
  EXPECT_TRUE(empty->empty());
}

TEST_P(VectorIndexTest, RemovedAndMovedIdsNeverComeBack) {
  auto index = NewIndex();
  testing::ClusteredVectors gen(kDim, 3, 0.2f, 2);
  std::vector<float> v = gen.Many(1200);
  std::vector<int64_t> ids(1200);
  for (int i = 0; i < 1200; ++i) ids[i] = i + 1;
  ASSERT_TRUE(index->AddBatch("u:a", ids, v).ok());
  std::set<int64_t> removed;
  for (int64_t id = 1; id <= 1200; id += 2) {
    ASSERT_TRUE(index->Remove(id).ok());
    removed.insert(id);
  }
  EXPECT_TRUE(index->Remove(1).ok());  // idempotent
  // Id 2 is superseded into another partition.
  ASSERT_TRUE(index->Add("t:x", 2, std::span<const float>(v.data() + kDim, kDim)).ok());
  EXPECT_EQ(index->size(), 600u);
  EXPECT_EQ(index->PartitionSize("u:a"), 599u);
  SearchFilter filter{{"u:a"}, nullptr};
  for (int q = 0; q < 30; ++q) {
    auto hits = index->Search(std::span<const float>(v.data() + q * kDim, kDim), 50, filter);
    ASSERT_TRUE(hits.ok());
    for (const VectorHit& h : *hits) {
      EXPECT_EQ(removed.count(h.id), 0u) << h.id;
      EXPECT_NE(h.id, 2);
    }
  }
  ASSERT_TRUE(index->Compact().ok());
  EXPECT_EQ(index->size(), 600u);
  auto after = index->Search(std::span<const float>(v.data() + kDim, kDim), 1, {{"t:x"}, nullptr});
  ASSERT_TRUE(after.ok());
  ASSERT_EQ(after->size(), 1u);
  EXPECT_EQ((*after)[0].id, 2);
}

TEST_P(VectorIndexTest, SelectivePredicateStillFillsK) {
  auto index = NewIndex();
  testing::ClusteredVectors gen(kDim, 4, 0.3f, 6);
  std::vector<float> v = gen.Many(3000);
  std::vector<int64_t> ids(3000);
  for (int64_t i = 0; i < 3000; ++i) ids[i] = i;
  ASSERT_TRUE(index->AddBatch("p", ids, v).ok());
  // Only one id in 50 is acceptable (e.g. the rest expired).
  SearchFilter filter{{"p"}, [](int64_t id) { return id % 50 == 0; }};
  auto hits = index->Search(std::span<const float>(v.data(), kDim), 10, filter);
  ASSERT_TRUE(hits.ok());
  ASSERT_EQ(hits->size(), 10u);
  for (const VectorHit& h : *hits) EXPECT_EQ(h.id % 50, 0) << h.id;
}

TEST_P(VectorIndexTest, RejectsBadVectors) {
  auto index = NewIndex();
  std::vector<float> wrong(kDim - 1, 1.0f);
  std::vector<float> zero(kDim, 0.0f);
  std::vector<float> nan(kDim, 1.0f);
  nan[3] = std::nanf("");
  EXPECT_EQ(index->Add("p", 1, wrong).code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(index->Add("p", 1, zero).code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(index->Add("p", 1, nan).code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(index->Add("", 1, std::vector<float>(kDim, 1.0f)).code(),
            StatusCode::kInvalidArgument);
  EXPECT_EQ(index->Search(wrong, 3, {{"p"}, nullptr}).status().code(),
            StatusCode::kInvalidArgument);
  EXPECT_EQ(index->size(), 0u);
}

TEST_P(VectorIndexTest, ApplyChangesIsIdempotent) {
  auto index = NewIndex();
  std::vector<VectorChange> changes;
  for (uint64_t s = 1; s <= 5; ++s) {
    VectorChange c;
    c.sequence = s;
    c.id = static_cast<int64_t>(s);
    c.partition = "u:a";
    c.vector.assign(kDim, 0.0f);
    c.vector[s] = 1.0f;
    changes.push_back(c);
  }
  changes.push_back({6, VectorChange::Op::kRemove, 3, "", {}});
  ASSERT_TRUE(ApplyChanges(index.get(), changes).ok());
  ASSERT_TRUE(ApplyChanges(index.get(), changes).ok());
  EXPECT_EQ(index->applied_sequence(), 6u);
  EXPECT_EQ(index->size(), 4u);
  EXPECT_FALSE(index->Contains(3));
  std::vector<VectorChange> backwards = {changes[1], changes[0]};
  EXPECT_EQ(ApplyChanges(index.get(), backwards).code(), StatusCode::kInvalidArgument);
}

TEST_P(VectorIndexTest, ConcurrentSearchesAndWrites) {
  auto index = NewIndex();
  testing::ClusteredVectors gen(kDim, 4, 0.3f, 3);
  std::vector<float> v = gen.Many(1500);
  std::atomic<bool> stop{false};
  std::atomic<int> errors{0};
  std::thread reader([&] {
    while (!stop) {
      if (!index->Search(std::span<const float>(v.data(), kDim), 5, {{"p"}, nullptr}).ok()) {
        ++errors;
      }
    }
  });
  for (int64_t i = 0; i < 1500; ++i) {
    ASSERT_TRUE(index->Add("p", i, std::span<const float>(v.data() + i * kDim, kDim)).ok());
    if (i % 7 == 0) {
      ASSERT_TRUE(index->Remove(i / 2).ok());
    }
  }
  stop = true;
  reader.join();
  EXPECT_EQ(errors, 0);
}

INSTANTIATE_TEST_SUITE_P(Kinds, VectorIndexTest, ::testing::Bool(),
                         [](const ::testing::TestParamInfo<bool>& p) {
                           return p.param ? "Hnsw" : "Flat";
                         });

// The ANN index against the exact oracle on the same data and filters.
TEST(HnswRecallTest, RecallAt10AgainstFlatOracleWithScopeFilter) {
  VectorIndexOptions options = SmallOptions();
  auto flat = NewFlatVectorIndex(options);
  auto hnsw = NewHnswVectorIndex(options);
  testing::ClusteredVectors gen(kDim, 50, 0.6f, 4);
  const size_t n = 20000;
  std::vector<float> v = gen.Many(n);
  // Partitions: a large public one, a team, and many small private ones.
  auto partition_of = [](int64_t id) -> std::string {
    if (id % 10 < 6) return "p";
    if (id % 10 < 9) return "t:eng";
    return "u:" + std::to_string(id % 97);
  };
  std::map<std::string, std::pair<std::vector<int64_t>, std::vector<float>>> groups;
  for (int64_t id = 0; id < static_cast<int64_t>(n); ++id) {
    auto& [ids, rows] = groups[partition_of(id)];
    ids.push_back(id);
    rows.insert(rows.end(), v.begin() + id * kDim, v.begin() + (id + 1) * kDim);
  }
  for (auto& [key, group] : groups) {
    ASSERT_TRUE(flat->AddBatch(key, group.first, group.second).ok());
    ASSERT_TRUE(hnsw->AddBatch(key, group.first, group.second).ok());
  }
  std::vector<float> queries = gen.Many(200);
  size_t found = 0, total = 0;
  for (int q = 0; q < 200; ++q) {
    SearchFilter filter{{"p", "t:eng", "u:" + std::to_string(q % 97)}, nullptr};
    if (q % 2 == 1) filter.partitions = {"t:eng", "u:" + std::to_string(q % 97)};
    std::span<const float> query(queries.data() + q * kDim, kDim);
    auto want = flat->Search(query, 10, filter);
    auto got = hnsw->Search(query, 10, filter);
    ASSERT_TRUE(want.ok() && got.ok());
    std::vector<int64_t> want_ids = Ids(*want);
    std::set<int64_t> want_set(want_ids.begin(), want_ids.end());
    for (const VectorHit& h : *got) found += want_set.count(h.id);
    total += want_ids.size();
  }
  const double recall = static_cast<double>(found) / static_cast<double>(total);
  EXPECT_GE(recall, 0.95) << "recall@10 = " << recall;
}

}  // namespace
}  // namespace engram::index
