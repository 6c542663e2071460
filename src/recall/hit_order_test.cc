#include "src/recall/hit_order.h"

#include <gtest/gtest.h>

namespace engram::recall {
namespace {

RecallHit Hit(int64_t id, double score) {
  RecallHit h;
  h.memory.id = id;
  h.memory.content = "memory " + std::to_string(id);
  h.score = score;
  return h;
}

TEST(SortByScore, HighestFirstAndTiesKeepTheirOrder) {
  std::vector<RecallHit> hits = {Hit(1, 0.2), Hit(2, 0.5), Hit(3, 0.2), Hit(4, 0.9),
                                 Hit(5, 0.5), Hit(6, 0.2)};
  SortByScore(&hits);
  std::vector<int64_t> ids;
  for (const RecallHit& h : hits) ids.push_back(h.memory.id);
  EXPECT_EQ(ids, (std::vector<int64_t>{4, 2, 5, 1, 3, 6}));
  EXPECT_EQ(hits[0].memory.content, "memory 4");  // each hit moved whole
}

TEST(SortByScore, EmptyAndSingle) {
  std::vector<RecallHit> none;
  SortByScore(&none);
  EXPECT_TRUE(none.empty());
  std::vector<RecallHit> one = {Hit(7, 0.1)};
  SortByScore(&one);
  ASSERT_EQ(one.size(), 1u);
  EXPECT_EQ(one[0].memory.id, 7);
}

}  // namespace
}  // namespace engram::recall
