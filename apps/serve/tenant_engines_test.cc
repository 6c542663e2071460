// TenantEngines and the ingest queue over tenants, on each backend: a store of many tenants
// (postgres) opens other tenants' engines on demand, bounded, and its workers resume a
// tenant's queue that no request has opened (a restart); a store of one tenant refuses.
#include "apps/serve/tenant_engines.h"

#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "apps/serve/ingest_queue.h"
#include "src/testing/temp_dir.h"
#include "src/testing/test_backends.h"

namespace engram::serve {
namespace {

class TenantEnginesTest : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    options_ = testing::BackendOptions(GetParam(), dir_);
    options_.embedder = "hashing";
    auto opened = Engine::Open(options_);
    ASSERT_TRUE(opened.ok()) << opened.status().ToString();
    home_ = std::move(opened).value();
  }
  testing::TempDir dir_;
  Options options_;
  std::unique_ptr<Engine> home_;
};

TEST_P(TenantEnginesTest, OpensTenantsOnDemandWithinItsBound) {
  TenantEngines engines(home_.get(), 1);
  auto home = engines.Get("");
  ASSERT_TRUE(home.ok());
  EXPECT_EQ(home->get(), home_.get());
  auto a = engines.Get("a");
  if (GetParam() != "postgres") {
    EXPECT_EQ(a.status().code(), StatusCode::kFailedPrecondition);
    EXPECT_EQ(engines.All().size(), 1u);
    EXPECT_TRUE(engines.OpenQueued().ok());
    return;
  }
  ASSERT_TRUE(a.ok()) << a.status().ToString();
  auto again = engines.Get("a");
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(again->get(), a->get());  // kept open
  EXPECT_EQ((*a)->Tenant(), "a");
  auto b = engines.Get("b");  // past the bound: "a" is closed once its users let go
  ASSERT_TRUE(b.ok());
  const auto all = engines.All();
  ASSERT_EQ(all.size(), 2u);
  EXPECT_EQ(all[0].get(), home_.get());
  EXPECT_EQ(all[1].get(), b->get());
  EXPECT_EQ((*a)->Tenant(), "a");  // still usable by its holder
  auto reopened = engines.Get("a");
  ASSERT_TRUE(reopened.ok());
  EXPECT_NE(reopened->get(), a->get());
}

// Only a store of many tenants has a tenant no request opened.
class TenantQueueTest : public TenantEnginesTest {};

TEST_P(TenantQueueTest, WorkersResumeTheQueueOfATenantNoRequestOpened) {
  // A request acknowledged in tenant "dormant" by a process that then died.
  {
    auto other = home_->OpenTenant("dormant");
    ASSERT_TRUE(other.ok()) << other.status().ToString();
    RememberRequest r;
    r.principal.user_id = "alice";
    r.text = "the dormant tenant's password is heliotrope";
    ASSERT_TRUE((*other)->Enqueue({r}).ok());
  }
  TenantEngines engines(home_.get(), 4);
  IngestQueue queue(&engines, 1);
  queue.Start();
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (queue.processed() < 1 && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  queue.Stop();
  EXPECT_EQ(queue.processed(), 1);
  auto dormant = engines.Get("dormant");
  ASSERT_TRUE(dormant.ok());
  auto hits = (*dormant)->Recall({.principal = {"alice", "", {}, {}}, .query = "heliotrope"});
  ASSERT_TRUE(hits.ok()) << hits.status().ToString();
  EXPECT_EQ(hits->hits.size(), 1u);
  auto queued = home_->QueuedTenants();
  ASSERT_TRUE(queued.ok());
  EXPECT_TRUE(queued->empty());
}

INSTANTIATE_TEST_SUITE_P(Backends, TenantEnginesTest,
                         ::testing::Values("sqlite", "memory", "postgres"),
                         [](const auto& p) { return p.param; });

INSTANTIATE_TEST_SUITE_P(Backends, TenantQueueTest, ::testing::Values("postgres"),
                         [](const auto& p) { return p.param; });

}  // namespace
}  // namespace engram::serve
