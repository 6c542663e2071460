#include "src/index/flat_partition.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "src/index/index_test_util.h"

namespace engram::index {
namespace {

constexpr int kDim = 16;

std::vector<VectorHit> BruteForce(const std::vector<int64_t>& ids, const std::vector<float>& rows,
                                  const float* q, size_t k) {
  std::vector<VectorHit> all;
  for (size_t i = 0; i < ids.size(); ++i) {
    float s = 0;
    for (int d = 0; d < kDim; ++d) s += rows[i * kDim + d] * q[d];
    all.push_back({ids[i], s});
  }
  KeepBest(k, &all);
  return all;
}

TEST(FlatPartitionTest, SearchMatchesBruteForceAfterRemovals) {
  testing::ClusteredVectors gen(kDim, 5, 0.5f, 7);
  std::vector<float> rows = gen.Many(300);
  std::vector<int64_t> ids(300);
  for (int i = 0; i < 300; ++i) ids[i] = 1000 + i;
  FlatPartition p(kDim);
  ASSERT_TRUE(p.Add(ids, rows).ok());
  // Remove every third id; the oracle drops them too.
  std::vector<int64_t> kept_ids;
  std::vector<float> kept_rows;
  for (int i = 0; i < 300; ++i) {
    if (i % 3 == 0) {
      ASSERT_TRUE(p.Remove(ids[i]).ok());
    } else {
      kept_ids.push_back(ids[i]);
      kept_rows.insert(kept_rows.end(), rows.begin() + i * kDim, rows.begin() + (i + 1) * kDim);
    }
  }
  EXPECT_EQ(p.size(), 200u);
  EXPECT_EQ(p.Remove(ids[0]).code(), StatusCode::kNotFound);
  std::vector<float> queries = gen.Many(20);
  for (int q = 0; q < 20; ++q) {
    std::vector<VectorHit> got;
    ASSERT_TRUE(p.Search(queries.data() + q * kDim, 10, nullptr, &got).ok());
    std::vector<VectorHit> want = BruteForce(kept_ids, kept_rows, queries.data() + q * kDim, 10);
    ASSERT_EQ(got.size(), want.size());
    for (size_t i = 0; i < got.size(); ++i) {
      EXPECT_EQ(got[i].id, want[i].id);
      EXPECT_NEAR(got[i].score, want[i].score, 1e-4);
    }
  }
}

TEST(FlatPartitionTest, AddOfKnownIdReplacesItsVector) {
  FlatPartition p(kDim);
  std::vector<float> a(kDim, 0.0f), b(kDim, 0.0f);
  a[0] = 1.0f;
  b[1] = 1.0f;
  std::vector<int64_t> id = {5};
  ASSERT_TRUE(p.Add(id, a).ok());
  ASSERT_TRUE(p.Add(id, b).ok());
  EXPECT_EQ(p.size(), 1u);
  std::vector<VectorHit> hits;
  ASSERT_TRUE(p.Search(b.data(), 3, nullptr, &hits).ok());
  ASSERT_EQ(hits.size(), 1u);
  EXPECT_NEAR(hits[0].score, 1.0f, 1e-6);
}

TEST(FlatPartitionTest, AcceptPredicateFiltersAndTiesBreakById) {
  FlatPartition p(kDim);
  std::vector<float> v(kDim, 0.0f);
  v[0] = 1.0f;
  for (int64_t id = 1; id <= 6; ++id) ASSERT_TRUE(p.Add(std::span<const int64_t>(&id, 1), v).ok());
  std::vector<VectorHit> hits;
  ASSERT_TRUE(p.Search(v.data(), 3, [](int64_t id) { return id % 2 == 0; }, &hits).ok());
  ASSERT_EQ(hits.size(), 3u);
  EXPECT_EQ(hits[0].id, 2);
  EXPECT_EQ(hits[1].id, 4);
  EXPECT_EQ(hits[2].id, 6);
}

}  // namespace
}  // namespace engram::index
