// Tenants (issue 22): keys belong to a tenant and are found from the secret alone; an engine
// of another tenant (Engine::OpenTenant) sees none of this tenant's memories; queued requests
// stay in their tenant; a store of one tenant (sqlite, memory) refuses other tenants.
// The access matrix (access_matrix_test.cc) covers the cross-tenant principals cell by cell.
#include <gtest/gtest.h>

#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "engram/engine.h"
#include "src/testing/temp_dir.h"
#include "src/testing/test_backends.h"

namespace engram {
namespace {

class TenantTest : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    Options o = testing::BackendOptions(GetParam(), dir_);
    o.embedder = "hashing";
    auto opened = Engine::Open(o);
    ASSERT_TRUE(opened.ok()) << opened.status().ToString();
    home_ = std::move(opened).value();
  }
  bool Many() const { return GetParam() == "postgres"; }

  testing::TempDir dir_;
  std::unique_ptr<Engine> home_;
};

TEST_P(TenantTest, KeysAreFoundInTheirTenantFromTheSecretAlone) {
  EXPECT_EQ(home_->Tenant(), "");
  EXPECT_EQ(home_->MultiTenant(), Many());
  EXPECT_EQ(home_->OpenTenant("no/slash").status().code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(home_->OpenTenant(std::string(65, 'a')).status().code(), StatusCode::kInvalidArgument);
  auto home_key = home_->CreateApiKey("home", Principal{"alice", "", {}, {}});
  ASSERT_TRUE(home_key.ok()) << home_key.status().ToString();
  auto home_grant = home_->AuthenticateAnyTenant(home_key->secret);
  ASSERT_TRUE(home_grant.ok()) << home_grant.status().ToString();
  EXPECT_EQ(home_grant->tenant, "");
  EXPECT_EQ(home_grant->principal.user_id, "alice");

  auto acme = home_->OpenTenant("acme");
  if (!Many()) {
    ASSERT_EQ(acme.status().code(), StatusCode::kFailedPrecondition);
    EXPECT_NE(acme.status().message().find("holds one tenant"), std::string::npos)
        << acme.status().ToString();
    return;
  }
  ASSERT_TRUE(acme.ok()) << acme.status().ToString();
  auto globex = home_->OpenTenant("globex");
  ASSERT_TRUE(globex.ok()) << globex.status().ToString();
  EXPECT_EQ((*acme)->Tenant(), "acme");
  // The same user in two tenants, an admin in one.
  auto a = (*acme)->CreateApiKey("a", Principal{"alice", "", {}, {"admin"}});
  auto g = (*globex)->CreateApiKey("g", Principal{"alice", "", {}, {}});
  ASSERT_TRUE(a.ok() && g.ok());
  for (Engine* from : {home_.get(), acme->get(), globex->get()}) {
    auto ga = from->AuthenticateAnyTenant(a->secret);
    auto gg = from->AuthenticateAnyTenant(g->secret);
    ASSERT_TRUE(ga.ok() && gg.ok());
    EXPECT_EQ(ga->tenant, "acme");
    EXPECT_EQ(ga->principal.roles, std::vector<std::string>{"admin"});
    EXPECT_EQ(gg->tenant, "globex");
    EXPECT_TRUE(gg->principal.roles.empty());
  }
  // Authenticate (one tenant) and the listings see the engine's own tenant only.
  EXPECT_EQ(home_->Authenticate(a->secret).status().code(), StatusCode::kUnauthenticated);
  EXPECT_EQ((*globex)->Authenticate(a->secret).status().code(), StatusCode::kUnauthenticated);
  EXPECT_TRUE((*acme)->Authenticate(a->secret).ok());
  auto listed = (*acme)->ListApiKeys();
  ASSERT_TRUE(listed.ok());
  ASSERT_EQ(listed->size(), 1u);
  EXPECT_EQ((*listed)[0].id, a->key.id);
  // A revocation in one tenant, and a revocation attempted from another.
  EXPECT_EQ((*globex)->RevokeApiKey(a->key.id).code(), StatusCode::kNotFound);
  EXPECT_TRUE(home_->AuthenticateAnyTenant(a->secret).ok());
  ASSERT_TRUE((*acme)->RevokeApiKey(a->key.id).ok());
  EXPECT_EQ(home_->AuthenticateAnyTenant(a->secret).status().code(), StatusCode::kUnauthenticated);
  EXPECT_TRUE(home_->AuthenticateAnyTenant(g->secret).ok());
}

TEST_P(TenantTest, QueuedRequestsStayInTheirTenant) {
  if (!Many()) {
    ASSERT_TRUE(home_
                    ->Enqueue({RememberRequest{.principal = {"alice", "", {}, {}},
                                               .text = "the wifi is swordfish"}})
                    .ok());
    auto queued = home_->QueuedTenants();
    ASSERT_TRUE(queued.ok());
    EXPECT_EQ(*queued, std::vector<std::string>{""});
    return;
  }
  auto queued = home_->QueuedTenants();
  ASSERT_TRUE(queued.ok());
  EXPECT_TRUE(queued->empty());
  auto acme = home_->OpenTenant("acme");
  auto globex = home_->OpenTenant("globex");
  ASSERT_TRUE(acme.ok() && globex.ok());
  auto ids = (*acme)->Enqueue({RememberRequest{.principal = {"alice", "", {}, {}},
                                               .text = "the acme wifi password is swordfish"}});
  ASSERT_TRUE(ids.ok()) << ids.status().ToString();
  queued = home_->QueuedTenants();
  ASSERT_TRUE(queued.ok());
  EXPECT_EQ(*queued, std::vector<std::string>{"acme"});
  // Other tenants' workers neither see nor take it.
  auto none = (*globex)->ProcessQueue(10);
  ASSERT_TRUE(none.ok());
  EXPECT_EQ(*none, 0);
  EXPECT_EQ((*globex)->GetQueued(Principal{"alice", "", {}, {}}, ids->at(0)).status().code(),
            StatusCode::kNotFound);
  auto done = (*acme)->ProcessQueue(10);
  ASSERT_TRUE(done.ok()) << done.status().ToString();
  EXPECT_EQ(*done, 1);
  queued = home_->QueuedTenants();
  ASSERT_TRUE(queued.ok());
  EXPECT_TRUE(queued->empty());
  const Principal alice{"alice", "", {}, {}};
  auto in_acme = (*acme)->Recall({.principal = alice, .query = "wifi password"});
  auto in_globex = (*globex)->Recall({.principal = alice, .query = "wifi password"});
  auto at_home = home_->Recall({.principal = alice, .query = "wifi password"});
  ASSERT_TRUE(in_acme.ok() && in_globex.ok() && at_home.ok());
  EXPECT_EQ(in_acme->hits.size(), 1u);
  EXPECT_TRUE(in_globex->hits.empty());
  EXPECT_TRUE(at_home->hits.empty());
}

INSTANTIATE_TEST_SUITE_P(Backends, TenantTest, ::testing::Values("sqlite", "memory", "postgres"),
                         [](const auto& p) { return p.param; });

// Every server of a PostgreSQL store seals with one vault key: an engine with another key,
// or with none, refuses to open (the store keeps a check of the key it was made with).
TEST(SharedVaultKeyTest, AServerWithAnotherKeyOrNoneRefusesToOpen) {
  ::unsetenv("ENGRAM_VAULT_KEY");
  testing::TempDir dir;
  Options o = testing::BackendOptions("postgres", dir);
  o.embedder = "hashing";
  {
    auto first = Engine::Open(o);  // creates the store and its key check
    ASSERT_TRUE(first.ok()) << first.status().ToString();
    ASSERT_TRUE((*first)->Remember({.principal = {"alice", "", {}, {}}, .text = "tea"}).ok());
  }
  Options other = o;
  other.vault_key_file = dir.File("other.key");
  auto wrong = Engine::Open(other);
  EXPECT_EQ(wrong.status().code(), StatusCode::kFailedPrecondition) << wrong.status().ToString();
  Options none = o;
  none.vault_key_file.clear();
  auto keyless = Engine::Open(none);
  EXPECT_EQ(keyless.status().code(), StatusCode::kFailedPrecondition)
      << keyless.status().ToString();
  EXPECT_NE(keyless.status().message().find("every server shares"), std::string::npos);
  EXPECT_TRUE(Engine::Open(o).ok());  // the right key still opens it
}

}  // namespace
}  // namespace engram
