// Listing with conditions (ListQuery: status, agent, recorded time, metadata) on every Store
// backend: the same rows everywhere, rejected rows skipped before the limit, and paging by
// the last id across them.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "src/store/conformance_backends.h"
#include "src/store/list_filter.h"
#include "src/store/store.h"
#include "src/testing/temp_dir.h"

namespace engram::store {
namespace {

constexpr int64_t kT0 = 1718348400000;  // 2024-06-14 15:00 +08:00
constexpr int64_t kNow = kT0 + 100000;  // when the lists are read

OpContext Ctx(const Principal& p, int64_t now_ms) {
  return OpContext{p, "req-test", Instant{now_ms, 480}};
}

class ListFilterConformanceTest : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override {
    store_ = GetParam().open(dir_.path());
    ASSERT_NE(store_, nullptr);
    // At kT0, then made dormant: the only memory recorded before kT0 + 1.
    dormant_ = Add(alice_, "dormant note", 0, "{}");
    auto n = store_->MarkDormant(Instant{kT0 + 1, 0}, 10);
    ASSERT_TRUE(n.ok()) << n.status().ToString();
    ASSERT_EQ(*n, 1);
    // One memory a second from kT0 + 1 s: tea rows between runs of coffee rows.
    int step = 0;
    for (const char* topic : {"tea", "coffee", "coffee", "coffee", "tea", "coffee", "tea"}) {
      const int64_t id = Add(alice_, std::string("about ") + topic, ++step,
                             std::string("{\"topic\": \"") + topic + "\"}");
      (std::string(topic) == "tea" ? tea_ : coffee_).push_back(id);
    }
    bot_ = Add(alice_, "written by the bot", ++step, "{\"topic\": \"tea\"}", "bot");
    expired_ = Add(alice_, "expires soon", ++step, "{}", "", kT0 + 50000);
    quarantined_ = Add(alice_, "held by the guard", ++step, "{}", "", 0, true);
    Add(bob_, "bob's tea", ++step, "{\"topic\": \"tea\"}", "bot");
    outdated_ = Add(alice_, "first version", ++step, "{}");
    auto v2 = store_->Supersede(Ctx(alice_, kT0 + 1000 * ++step), outdated_,
                                Revision{"second version"});
    ASSERT_TRUE(v2.ok()) << v2.status().ToString();
    corrected_ = v2->id;
  }

  // A memory of `p` recorded `step` seconds after kT0.
  int64_t Add(const Principal& p, const std::string& text, int step, const std::string& meta,
              const std::string& agent = "", int64_t expires_ms = 0, bool quarantine = false) {
    IngestBatch b = Batch(p, text);
    b.scope.agent_id = agent;
    b.memories[0].metadata_json = meta;
    if (expires_ms != 0) b.memories[0].expires_at = Instant{expires_ms, 480};
    if (quarantine) {
      b.memories[0].status = MemoryStatus::kQuarantined;
      b.reviews.push_back(NewReview{"quarantine", "held", "{}", 0});
    }
    auto r = store_->Ingest(Ctx(p, kT0 + 1000 * step), b);
    EXPECT_TRUE(r.ok()) << r.status().ToString();
    return r.ok() ? r->memories.at(0).id : 0;
  }

  std::vector<int64_t> Ids(const ListQuery& q) {
    auto r = store_->ListMemories(Ctx(alice_, kNow), q);
    EXPECT_TRUE(r.ok()) << r.status().ToString();
    std::vector<int64_t> ids;
    if (r.ok()) {
      for (const Memory& m : *r) {
        ids.push_back(m.id);
        EXPECT_TRUE(ListMatches(q, m, kNow)) << m.id;  // the shared predicate agrees
      }
    }
    return ids;
  }
  static ListQuery WithStatus(const std::string& status) {
    ListQuery q;
    q.status = status;
    return q;
  }

  testing::TempDir dir_;
  std::unique_ptr<Store> store_;
  Principal alice_ = TestUser("alice");
  Principal bob_ = TestUser("bob");
  int64_t dormant_ = 0, bot_ = 0, expired_ = 0, quarantined_ = 0, outdated_ = 0, corrected_ = 0;
  std::vector<int64_t> tea_, coffee_;
};

TEST_P(ListFilterConformanceTest, StatusSelectsOneStateEach) {
  std::vector<int64_t> current = tea_;
  current.insert(current.end(), coffee_.begin(), coffee_.end());
  std::sort(current.begin(), current.end());
  current.push_back(bot_);
  current.push_back(corrected_);
  EXPECT_EQ(Ids(WithStatus("current")), current);
  EXPECT_EQ(Ids(WithStatus("outdated")), std::vector<int64_t>{outdated_});
  EXPECT_EQ(Ids(WithStatus("dormant")), std::vector<int64_t>{dormant_});
  EXPECT_EQ(Ids(WithStatus("expired")), std::vector<int64_t>{expired_});
  EXPECT_EQ(Ids(WithStatus("quarantined")), std::vector<int64_t>{quarantined_});
  EXPECT_TRUE(Ids(WithStatus("deleted")).empty());  // not a listing status: nothing
  // Without a status, include_history alone decides (every state but outdated, or all).
  ListQuery all;
  EXPECT_EQ(Ids(all).size(), current.size() + 3);
  all.include_history = true;
  EXPECT_EQ(Ids(all).size(), current.size() + 4);
}

TEST_P(ListFilterConformanceTest, AgentAndRecordedTimeRange) {
  ListQuery q;
  q.agent_id = "bot";
  EXPECT_EQ(Ids(q), std::vector<int64_t>{bot_});  // bob's bot row is bob's
  q = ListQuery{};
  q.recorded_from_ms = kT0 + 2000;  // steps 2..5: three coffee rows, the middle tea row
  q.recorded_to_ms = kT0 + 6000;
  EXPECT_EQ(Ids(q), (std::vector<int64_t>{coffee_[0], coffee_[1], coffee_[2], tea_[1]}));
  q.recorded_to_ms = kT0 + 2000;
  EXPECT_TRUE(Ids(q).empty());  // half-open: [from, to)
}

TEST_P(ListFilterConformanceTest, MetadataFilterPagesAcrossRejectedRows) {
  RecallFilter f;
  f.metadata_json = R"({"topic": "tea"})";
  auto filter = MemoryFilter::Compile(f);
  ASSERT_TRUE(filter.ok()) << filter.status().ToString();
  ListQuery q;
  q.filter = &*filter;
  std::vector<int64_t> tea = tea_;
  tea.push_back(bot_);
  EXPECT_EQ(Ids(q), tea);
  // One a page: each page holds the next match, whatever lies between.
  q.limit = 1;
  std::vector<int64_t> paged;
  for (int page = 0; page < 10; ++page) {
    const std::vector<int64_t> ids = Ids(q);
    if (ids.empty()) break;
    ASSERT_EQ(ids.size(), 1u);
    paged.push_back(ids[0]);
    q.after_id = ids[0];
  }
  EXPECT_EQ(paged, tea);
  // A page is full while matches remain, and the conditions combine.
  q.after_id = 0;
  q.limit = 2;
  EXPECT_EQ(Ids(q), (std::vector<int64_t>{tea_[0], tea_[1]}));
  q.limit = 10;
  q.agent_id = "bot";
  EXPECT_EQ(Ids(q), std::vector<int64_t>{bot_});
  q.agent_id.clear();
  q.status = "current";
  q.recorded_from_ms = kT0 + 6000;
  EXPECT_EQ(Ids(q), (std::vector<int64_t>{tea_[2], bot_}));
}

INSTANTIATE_TEST_SUITE_P(Backends, ListFilterConformanceTest, ::testing::ValuesIn(Backends()),
                         [](const auto& p) { return p.param.name; });

}  // namespace
}  // namespace engram::store
