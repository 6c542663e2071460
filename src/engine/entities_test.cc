// Entities through the public API: directory import, linking at remember, the graph channel
// of recall, relations, scopes, forgetting and erasure.
#include <gtest/gtest.h>

#include <set>

#include "engram/engine.h"
#include "src/testing/fake_clock.h"
#include "src/testing/temp_dir.h"
#include "src/testing/test_backends.h"

namespace engram {
namespace {

Principal User(const std::string& id, std::vector<std::string> teams = {},
               std::vector<std::string> roles = {}) {
  return Principal{id, "", std::move(teams), std::move(roles)};
}

EntityEntry Entry(std::string name, std::string type, std::vector<std::string> aliases,
                  std::vector<std::string> roles = {}, std::string id = "") {
  EntityEntry e;
  e.name = std::move(name);
  e.type = std::move(type);
  e.aliases = std::move(aliases);
  e.roles = std::move(roles);
  e.external_id = std::move(id);
  return e;
}

class EntitiesTest : public ::testing::TestWithParam<std::string> {
 protected:
  void Open(double weight_graph = 0.5) {
    engine_.reset();
    Options o = testing::BackendOptions(GetParam(), dir_);
    o.clock = &clock_;
    o.embedder = "none";  // keyword and graph channels only: what matched is plain to see
    o.auto_session_gap_minutes = 0;  // separate notes: no session spreading between them
    o.weight_graph = weight_graph;
    auto e = Engine::Open(o);
    ASSERT_TRUE(e.ok()) << e.status().ToString();  // NOLINT
    engine_ = std::move(e).value();
  }
  void SetUp() override { Open(); }

  RememberResult Remember(const std::string& text, const Principal& p) {
    auto out = engine_->Remember({.principal = p, .text = text});
    EXPECT_TRUE(out.ok()) << out.status().ToString();
    return out.ok() ? *out : RememberResult{};
  }
  std::vector<Entity> List(const Principal& p, const std::string& query = "") {
    auto out = engine_->ListEntities({.principal = p, .query = query});
    EXPECT_TRUE(out.ok()) << out.status().ToString();
    return out.ok() ? out->entities : std::vector<Entity>{};
  }
  void ImportDirectory(const Principal& p) {
    auto out = engine_->ImportEntities(
        {p, {Entry("张伟", "person", {"张工", "Zhang Wei"}, {"财务总监"}, "E001"),
             Entry("T-102", "ticket", {}, {}, "T-102")}});
    ASSERT_TRUE(out.ok()) << out.status().ToString();
    EXPECT_EQ(out->created, 2);
  }

  testing::TempDir dir_;
  testing::FakeClock clock_;
  std::unique_ptr<Engine> engine_;
};

TEST_P(EntitiesTest, RecallFindsAMemoryOnlyThroughTheGraphChannel) {
  const Principal alice = User("alice");
  ImportDirectory(alice);
  RememberResult r = Remember("张伟确认接口文档验收标准", alice);
  ASSERT_EQ(r.entities.size(), 1u);
  EXPECT_EQ(r.entities[0].name, "张伟");
  EXPECT_DOUBLE_EQ(r.entities[0].confidence, 1.0);
  EXPECT_FALSE(r.entities[0].created);
  Remember("明天下午开周会", alice);
  // No word in common with the memory: only the role of its entity links them.
  auto out = engine_->Recall({.principal = alice, .query = "财务总监提过什么要求"});
  ASSERT_TRUE(out.ok()) << out.status().ToString();
  ASSERT_EQ(out->hits.size(), 1u);
  EXPECT_EQ(out->hits[0].memory.id, r.memories[0].id);
  EXPECT_EQ(out->hits[0].channels.size(), 1u);
  EXPECT_EQ(out->hits[0].channels.count("graph"), 1u);
  // ... and by an alias.
  out = engine_->Recall({.principal = alice, .query = "张工提了什么"});
  ASSERT_TRUE(out.ok());
  ASSERT_FALSE(out->hits.empty());
  EXPECT_EQ(out->hits[0].memory.id, r.memories[0].id);
  EXPECT_EQ(out->hits[0].channels.count("graph"), 1u);

  Open(/*weight_graph=*/0);  // the channel off: nothing else finds it
  out = engine_->Recall({.principal = alice, .query = "财务总监提过什么要求"});
  ASSERT_TRUE(out.ok());
  EXPECT_TRUE(out->hits.empty());
}

TEST_P(EntitiesTest, UnknownMentionsBecomeEntitiesWithLowerConfidence) {
  const Principal alice = User("alice");
  RememberResult a = Remember("王博后下周来验收，预算20万", alice);
  ASSERT_EQ(a.entities.size(), 1u);
  EXPECT_TRUE(a.entities[0].created);
  EXPECT_EQ(a.entities[0].type, "person");
  EXPECT_LE(a.entities[0].confidence, 0.6);
  EXPECT_LE(a.memories[0].confidence.entity, 0.6);
  RememberResult b = Remember("王博后又改了需求", alice);
  ASSERT_EQ(b.entities.size(), 1u);
  EXPECT_FALSE(b.entities[0].created);
  EXPECT_EQ(b.entities[0].entity_id, a.entities[0].entity_id);
  std::vector<Entity> all = List(alice);
  ASSERT_EQ(all.size(), 1u);
  EXPECT_EQ(all[0].origin, "extracted");
  auto out = engine_->Recall({.principal = alice, .query = "王博后"});
  ASSERT_TRUE(out.ok());
  ASSERT_EQ(out->hits.size(), 2u);
  EXPECT_EQ(out->hits[0].channels.count("graph"), 1u);
}

TEST_P(EntitiesTest, RelationsAreCoMentions) {
  const Principal alice = User("alice");
  ImportDirectory(alice);
  RememberResult r = Remember("张工说工单T-102明天关闭", alice);
  ASSERT_EQ(r.entities.size(), 2u);
  const int64_t zhang = r.entities[0].entity_id;
  auto rel = engine_->EntityRelations(alice, zhang, 10);
  ASSERT_TRUE(rel.ok()) << rel.status().ToString();
  EXPECT_EQ(rel->entity.name, "张伟");
  ASSERT_EQ(rel->relations.size(), 1u);
  EXPECT_EQ(rel->relations[0].predicate, "co_mentioned");
  EXPECT_EQ(rel->relations[0].object.name, "T-102");
  EXPECT_EQ(rel->relations[0].memory_ids, std::vector<int64_t>{r.memories[0].id});
  EXPECT_EQ(engine_->EntityRelations(alice, 999, 10).status().code(), StatusCode::kNotFound);
  EXPECT_EQ(engine_->EntityRelations(alice, zhang, 0).status().code(),
            StatusCode::kInvalidArgument);
}

TEST_P(EntitiesTest, PrivateEntitiesStayInTheirScope) {
  const Principal alice = User("alice"), bob = User("bob");
  ImportDirectory(alice);
  EXPECT_TRUE(List(bob).empty());
  const int64_t zhang = List(alice, "张工").at(0).id;
  EXPECT_EQ(engine_->EntityRelations(bob, zhang, 10).status().code(), StatusCode::kNotFound);
  // Bob's 张工 is his own (new) entity, never alice's.
  RememberResult r = Remember("张工提了新要求", bob);
  ASSERT_EQ(r.entities.size(), 1u);
  EXPECT_NE(r.entities[0].entity_id, zhang);
  EXPECT_TRUE(r.entities[0].created);
  ASSERT_EQ(List(bob).size(), 1u);
  EXPECT_EQ(List(alice).size(), 2u);
  // Alice's question finds nothing of bob's through her entity.
  auto out = engine_->Recall({.principal = alice, .query = "财务总监"});
  ASSERT_TRUE(out.ok());
  EXPECT_TRUE(out->hits.empty());
  // Team entities are shared with the team.
  const Principal carol = User("carol", {"fin"}), dave = User("dave", {"fin"});
  EntityEntry e = Entry("林芳", "person", {"林总"});
  e.visibility = Visibility::kTeam;
  e.team_id = "fin";
  ASSERT_TRUE(engine_->ImportEntities({carol, {e}}).ok());
  EXPECT_EQ(List(dave, "林总").size(), 1u);
  EXPECT_TRUE(List(bob, "林总").empty());
  EXPECT_EQ(engine_->ImportEntities({bob, {e}}).status().code(),
            StatusCode::kPermissionDenied);
}

TEST_P(EntitiesTest, AMemorysEntitiesShowTheWritersWordsToTheWriterOnly) {
  const Principal carol = User("carol", {"fin"}), dave = User("dave", {"fin"}), bob = User("bob");
  EntityEntry e = Entry("林芳", "person", {"林总"});
  e.visibility = Visibility::kTeam;
  e.team_id = "fin";
  ASSERT_TRUE(engine_->ImportEntities({carol, {e}}).ok());
  auto said = engine_->Remember({.principal = carol, .text = "林总说预算周五定",
                                 .visibility = Visibility::kTeam, .team_id = "fin"});
  ASSERT_TRUE(said.ok()) << said.status().ToString();
  const int64_t id = said->memories.at(0).id;
  auto mine = engine_->MemoryEntities(carol, id);
  ASSERT_TRUE(mine.ok()) << mine.status().ToString();
  ASSERT_EQ(mine->size(), 1u);
  EXPECT_EQ((*mine)[0].name, "林芳");
  EXPECT_EQ((*mine)[0].surface, "林总");
  EXPECT_EQ((*mine)[0].memory_id, id);
  auto teammate = engine_->MemoryEntities(dave, id);
  ASSERT_TRUE(teammate.ok()) << teammate.status().ToString();
  ASSERT_EQ(teammate->size(), 1u);
  EXPECT_EQ((*teammate)[0].entity_id, (*mine)[0].entity_id);
  EXPECT_EQ((*teammate)[0].surface, "");  // the entity, not carol's words
  EXPECT_EQ(engine_->MemoryEntities(bob, id).status().code(), StatusCode::kNotFound);
  EXPECT_EQ(engine_->MemoryEntities(carol, id + 1000).status().code(), StatusCode::kNotFound);
}

TEST_P(EntitiesTest, BadEntriesWriteNothing) {
  const Principal alice = User("alice");
  EntityEntry good = Entry("张伟", "person", {"张工"});
  EntityEntry bad = Entry("Acme", "planet", {});
  bad.line = 3;
  auto out = engine_->ImportEntities({alice, {good, bad}});
  ASSERT_EQ(out.status().code(), StatusCode::kInvalidArgument);
  EXPECT_NE(out.status().message().find("line 3: type: unknown 'planet'"), std::string::npos)
      << out.status().message();
  EXPECT_TRUE(List(alice).empty());
  EXPECT_EQ(engine_->ImportEntities({alice, {Entry("", "person", {})}}).status().code(),
            StatusCode::kInvalidArgument);
  EXPECT_EQ(engine_->ImportEntities({alice, {}}).status().code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(engine_->ListEntities({.principal = alice, .limit = 0}).status().code(),
            StatusCode::kInvalidArgument);
  // Re-importing an external id updates the entry in place.
  ASSERT_TRUE(engine_->ImportEntities({alice, {Entry("张伟", "person", {"张工"}, {}, "E1")}}).ok());
  auto again = engine_->ImportEntities({alice, {Entry("张伟", "person", {"老张"}, {}, "E1")}});
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(again->updated, 1);
  ASSERT_EQ(List(alice).size(), 1u);
  EXPECT_EQ(List(alice, "老张").size(), 1u);
  EXPECT_TRUE(List(alice, "张工").empty());
}

TEST_P(EntitiesTest, HardForgetAndErasureRemoveLinksAndEntities) {
  const Principal alice = User("alice");
  ImportDirectory(alice);
  RememberResult r = Remember("陈博士明天到", alice);
  ASSERT_EQ(r.entities.size(), 1u);
  EXPECT_EQ(List(alice, "陈博士").size(), 1u);
  ASSERT_TRUE(engine_->Forget({alice, r.memories[0].id, /*hard=*/true}).ok());
  EXPECT_TRUE(List(alice, "陈博士").empty());  // its name came from the erased text
  RememberResult z = Remember("张工明天到", alice);
  ASSERT_TRUE(engine_->Forget({alice, z.memories[0].id, /*hard=*/true}).ok());
  EXPECT_EQ(List(alice, "张工").size(), 1u);  // imported entries stay
  Remember("张工后天到", alice);
  auto erased = engine_->EraseUser(alice, "alice");
  ASSERT_TRUE(erased.ok()) << erased.status().ToString();
  EXPECT_TRUE(List(alice).empty());
}

INSTANTIATE_TEST_SUITE_P(Backends, EntitiesTest,
                         ::testing::Values("sqlite", "memory", "postgres"),
                         [](const auto& p) { return std::string(p.param); });

}  // namespace
}  // namespace engram
