// The entity part of the conformance suite, for every Store backend: directory upserts,
// scope isolation of entities and of the graph, ingest links (new and known entities),
// relations, supersede, hard forget and erasure.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <memory>

#include "src/store/conformance_backends.h"
#include "src/store/memory/memory_store.h"
#include "src/store/sqlite/sqlite_store.h"
#include "src/store/store.h"
#include "src/testing/temp_dir.h"

namespace engram::store {
namespace {

OpContext Ctx(const Principal& p) { return OpContext{p, "req", Instant{1718348400000, 480}}; }

EntityRecord Entity(const Principal& owner, std::string name, std::vector<std::string> aliases,
                    Visibility vis = Visibility::kPrivate, std::string team = "") {
  EntityRecord e;
  e.scope = Scope{owner.user_id, "", std::move(team), vis};
  e.name = std::move(name);
  e.aliases = std::move(aliases);
  return e;
}

class EntityConformanceTest : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override {
    store_ = GetParam().open(dir_.path());
    ASSERT_NE(store_, nullptr);
  }
  int64_t Import(const Principal& p, const EntityRecord& e) {
    auto r = store_->PutEntities(Ctx(p), {e});
    EXPECT_TRUE(r.ok()) << r.status().ToString();
    return r.ok() ? r->entities.at(0).id : 0;
  }
  // A memory of `p` mentioning the entities: known ids, or new names.
  Result<IngestOutcome> Remember(const Principal& p, const std::string& text,
                                 std::vector<int64_t> known, std::vector<std::string> fresh = {},
                                 Visibility vis = Visibility::kPrivate,
                                 const std::string& team = "") {
    IngestBatch b = Batch(p, text, vis, team);
    for (int64_t id : known) b.entity_links.push_back({0, id, "", "", "x", 0.9});
    for (const std::string& n : fresh) b.entity_links.push_back({0, 0, "person", n, n, 0.6});
    return store_->Ingest(Ctx(p), b);
  }
  std::vector<int64_t> Graph(const Principal& p, std::vector<int64_t> ids) {
    auto r = store_->SearchGraph(Ctx(p), GraphQuery{std::move(ids), 10, false});
    EXPECT_TRUE(r.ok()) << r.status().ToString();
    std::vector<int64_t> out;
    if (r.ok()) {
      for (const GraphHit& h : r->hits) out.push_back(h.memory.id);
    }
    return out;
  }

  testing::TempDir dir_;
  std::unique_ptr<Store> store_;
  Principal alice_{"alice", "", {"sales"}, {}};
  Principal bob_{"bob", "", {"rnd"}, {}};
  Principal carol_{"carol", "", {"sales"}, {}};
};

TEST_P(EntityConformanceTest, DirectoryUpsertsByExternalIdThenName) {
  EntityRecord e = Entity(alice_, "张伟", {"张工"});
  e.external_id = "E1";
  const int64_t id = Import(alice_, e);
  e.aliases = {"老张"};
  e.name = "张伟 (财务)";
  auto again = store_->PutEntities(Ctx(alice_), {e, Entity(alice_, "林芳", {})});
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(again->updated, 1);
  EXPECT_EQ(again->created, 1);
  EXPECT_EQ(again->entities[0].id, id);
  auto got = store_->GetEntity(Ctx(alice_), id);
  ASSERT_TRUE(got.ok());
  EXPECT_EQ(got->name, "张伟 (财务)");
  EXPECT_EQ(got->aliases, std::vector<std::string>{"老张"});
  auto found = store_->ListEntities(Ctx(alice_), EntityQuery{"老张", "", 0, 10});
  ASSERT_TRUE(found.ok());
  ASSERT_EQ(found->size(), 1u);
  EXPECT_TRUE(store_->ListEntities(Ctx(alice_), EntityQuery{"张工", "", 0, 10})->empty());
  // Invalid or unwritable entries write nothing.
  EXPECT_EQ(store_->PutEntities(Ctx(alice_), {Entity(alice_, "x", {}), Entity(alice_, "", {})})
                .status().code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(store_->PutEntities(Ctx(bob_), {Entity(bob_, "x", {}, Visibility::kTeam, "sales")})
                .status().code(), StatusCode::kPermissionDenied);
  EXPECT_EQ(store_->ListEntities(Ctx(alice_), EntityQuery{})->size(), 2u);
}

TEST_P(EntityConformanceTest, MemoryEntitiesAreTheVisibleOnesOfAVisibleMemory) {
  const int64_t mine = Import(alice_, Entity(alice_, "张伟", {"张工"}));
  const int64_t team = Import(alice_, Entity(alice_, "林芳", {}, Visibility::kTeam, "sales"));
  auto a = Remember(alice_, "张工和林芳和王五", {team, mine}, {"王五"}, Visibility::kTeam, "sales");
  ASSERT_TRUE(a.ok()) << a.status().ToString();
  const int64_t m = a->memories[0].id;
  auto seen = store_->ListMemoryEntities(Ctx(alice_), m);
  ASSERT_TRUE(seen.ok()) << seen.status().ToString();
  ASSERT_EQ(seen->size(), 3u);  // ids ascending: the two imported, then the new one
  EXPECT_EQ((*seen)[0].entity_id, mine);
  EXPECT_EQ((*seen)[0].name, "张伟");
  EXPECT_EQ((*seen)[0].surface, "x");
  EXPECT_DOUBLE_EQ((*seen)[0].confidence, 0.9);
  EXPECT_EQ((*seen)[1].entity_id, team);
  EXPECT_EQ((*seen)[2].name, "王五");
  EXPECT_EQ((*seen)[2].type, "person");
  for (const EntityLinkOutcome& l : *seen) {
    EXPECT_EQ(l.memory_id, m);
    EXPECT_FALSE(l.created);
  }
  // A teammate sees the team memory but not alice's private entity; others see nothing.
  auto carol = store_->ListMemoryEntities(Ctx(carol_), m);
  ASSERT_TRUE(carol.ok());
  std::vector<int64_t> ids;
  for (const EntityLinkOutcome& l : *carol) ids.push_back(l.entity_id);
  EXPECT_EQ(std::count(ids.begin(), ids.end(), mine), 0);
  EXPECT_EQ(std::count(ids.begin(), ids.end(), team), 1);
  EXPECT_TRUE(store_->ListMemoryEntities(Ctx(bob_), m)->empty());
  EXPECT_TRUE(store_->ListMemoryEntities(Ctx(alice_), m + 1000)->empty());
  ASSERT_TRUE(store_->Forget(Ctx(alice_), m, false).ok());
  EXPECT_TRUE(store_->ListMemoryEntities(Ctx(alice_), m)->empty());
}

TEST_P(EntityConformanceTest, EntitiesAndGraphHitsRespectScopes) {
  const int64_t mine = Import(alice_, Entity(alice_, "张伟", {"张工"}));
  const int64_t team = Import(alice_, Entity(alice_, "林芳", {}, Visibility::kTeam, "sales"));
  EXPECT_EQ(store_->GetEntity(Ctx(bob_), mine).status().code(), StatusCode::kNotFound);
  EXPECT_TRUE(store_->GetEntity(Ctx(carol_), team).ok());
  EXPECT_EQ(store_->GetEntity(Ctx(bob_), team).status().code(), StatusCode::kNotFound);
  auto names = store_->FindEntityNames(Ctx(bob_), {"张伟", "张工", "林芳"});
  ASSERT_TRUE(names.ok());
  EXPECT_TRUE(names->empty());
  names = store_->FindEntityNames(Ctx(carol_), {"张伟", "张工", "林芳"});
  ASSERT_EQ(names->size(), 1u);
  EXPECT_EQ((*names)[0].name, "林芳");
  // Bob may not link to alice's entity.
  EXPECT_EQ(Remember(bob_, "张工", {mine}).status().code(), StatusCode::kInvalidArgument);
  auto a = Remember(alice_, "张工和林芳", {mine, team});
  ASSERT_TRUE(a.ok());
  auto c = Remember(carol_, "林芳", {team}, {}, Visibility::kTeam, "sales");
  ASSERT_TRUE(c.ok());
  const int64_t am = a->memories[0].id, cm = c->memories[0].id;
  EXPECT_EQ(Graph(alice_, {mine, team}), (std::vector<int64_t>{am, cm}));  // 2 entities first
  EXPECT_EQ(Graph(carol_, {mine, team}), std::vector<int64_t>{cm});  // alice's memory private
  EXPECT_TRUE(Graph(bob_, {mine, team}).empty());
  auto rel = store_->ListEntityRelations(Ctx(alice_), mine, 10);
  ASSERT_TRUE(rel.ok());
  ASSERT_EQ(rel->size(), 1u);
  EXPECT_EQ((*rel)[0].object.id, team);
  EXPECT_EQ((*rel)[0].memory_ids, std::vector<int64_t>{am});
  EXPECT_TRUE(store_->ListEntityRelations(Ctx(carol_), team, 10)->empty());
}

TEST_P(EntityConformanceTest, NewEntitiesAreCreatedOncePerScopeAndFollowVersions) {
  auto a = Remember(alice_, "王博后来了", {}, {"王博后"});
  ASSERT_TRUE(a.ok());
  ASSERT_EQ(a->entity_links.size(), 1u);
  EXPECT_TRUE(a->entity_links[0].created);
  const int64_t id = a->entity_links[0].entity_id;
  auto again = Remember(alice_, "王博后又来了", {}, {"王博后"});
  ASSERT_TRUE(again.ok());
  EXPECT_FALSE(again->entity_links[0].created);
  EXPECT_EQ(again->entity_links[0].entity_id, id);
  auto other = Remember(bob_, "王博后", {}, {"王博后"});
  ASSERT_TRUE(other.ok());
  EXPECT_NE(other->entity_links[0].entity_id, id);
  auto e = store_->GetEntity(Ctx(alice_), id);
  ASSERT_TRUE(e.ok());
  EXPECT_EQ(e->origin, "extracted");
  // A corrected version keeps the links of the one it replaces.
  Revision rev;
  rev.content = "王博后下周来";
  auto v2 = store_->Supersede(Ctx(alice_), a->memories[0].id, rev);
  ASSERT_TRUE(v2.ok());
  EXPECT_EQ(Graph(alice_, {id}), (std::vector<int64_t>{v2->id, again->memories[0].id}));
}

TEST_P(EntityConformanceTest, HardForgetAndEraseDropLinksAndOrphanedEntities) {
  const int64_t known = Import(alice_, Entity(alice_, "张伟", {}));
  auto a = Remember(alice_, "张伟 王博后", {known}, {"王博后"});
  ASSERT_TRUE(a.ok());
  const int64_t fresh = a->entity_links[1].entity_id;
  ASSERT_TRUE(store_->Forget(Ctx(alice_), a->memories[0].id, false).ok());
  EXPECT_TRUE(store_->GetEntity(Ctx(alice_), fresh).ok());  // soft: the entity stays
  ASSERT_TRUE(store_->Forget(Ctx(alice_), a->memories[0].id, true).ok());
  EXPECT_EQ(store_->GetEntity(Ctx(alice_), fresh).status().code(), StatusCode::kNotFound);
  EXPECT_TRUE(store_->GetEntity(Ctx(alice_), known).ok());
  auto b = Remember(alice_, "张伟", {known});
  ASSERT_TRUE(b.ok());
  const int64_t team = Import(carol_, Entity(carol_, "林芳", {}, Visibility::kTeam, "sales"));
  auto c = Remember(carol_, "林芳 张伟", {team}, {}, Visibility::kTeam, "sales");
  ASSERT_TRUE(c.ok());
  ASSERT_TRUE(store_->EraseUser(Ctx(alice_), "alice").ok());
  EXPECT_EQ(store_->GetEntity(Ctx(alice_), known).status().code(), StatusCode::kNotFound);
  EXPECT_TRUE(store_->ListEntities(Ctx(alice_), EntityQuery{"张伟", "", 0, 10})->empty());
  EXPECT_EQ(Graph(carol_, {team}), std::vector<int64_t>{c->memories[0].id});  // carol's stay
}

// The graph channel's idf reads how many memory versions link each entity (GraphResult::links):
// every backend counts the same through ingest, correction (the new version copies the
// links), hard forget (the lineage's links go) and erasure.
TEST_P(EntityConformanceTest, LinkCountsFollowEveryWrite) {
  const int64_t zhang = Import(alice_, Entity(alice_, "张伟", {}));
  auto links = [&](const Principal& p) {
    auto r = store_->SearchGraph(Ctx(p), GraphQuery{{zhang}, 10, false});
    EXPECT_TRUE(r.ok()) << r.status().ToString();
    if (!r.ok() || !r->links.count(zhang)) return int64_t{0};
    return r->links.at(zhang);
  };
  EXPECT_EQ(links(alice_), 0);
  auto a = Remember(alice_, "张伟 周一", {zhang});
  auto b = Remember(alice_, "张伟 周二", {zhang});
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_EQ(links(alice_), 2);
  Revision rev;
  rev.content = "张伟 周三";
  ASSERT_TRUE(store_->Supersede(Ctx(alice_), a->memories[0].id, rev).ok());
  EXPECT_EQ(links(alice_), 3);  // the old version keeps its link, the new one copies it
  ASSERT_TRUE(store_->Forget(Ctx(alice_), b->memories[0].id, false).ok());
  EXPECT_EQ(links(alice_), 3);  // soft: the links stay
  ASSERT_TRUE(store_->Forget(Ctx(alice_), b->memories[0].id, true).ok());
  EXPECT_EQ(links(alice_), 2);
  ASSERT_TRUE(store_->Forget(Ctx(alice_), a->memories[0].id, true).ok());
  EXPECT_EQ(links(alice_), 0);  // both versions of the lineage
  ASSERT_TRUE(Remember(alice_, "张伟 周四", {zhang}).ok());
  EXPECT_EQ(links(alice_), 1);
  ASSERT_TRUE(store_->EraseUser(Ctx(alice_), "alice").ok());
  EXPECT_EQ(links(alice_), 0);
}

TEST_P(EntityConformanceTest, StatedRelationsFollowTheirFactsVersions) {
  const int64_t zhang = Import(alice_, Entity(alice_, "张工", {}));
  const int64_t li = Import(alice_, Entity(alice_, "李总", {}));
  auto fact = [&](const std::string& attribute, const std::string& value, int object_link,
                  int64_t at_ms) {
    IngestBatch b;
    b.scope = Scope{"alice", "", "", Visibility::kPrivate};
    b.message.content = "张工 " + attribute + " " + value;
    b.message.at = Instant{at_ms, 480};
    Memory m;
    m.type = MemoryType::kSemantic;
    m.kind = MemoryKind::kFact;
    m.content = b.message.content;
    m.subject = "张工";
    m.attribute = attribute;
    m.value = value;
    m.valid_from = m.source.at = b.message.at;
    b.memories.push_back(m);
    b.entity_links.push_back({0, zhang, "", "", "张工", 1.0});
    if (object_link >= 0) b.entity_links.push_back({0, li, "", "", "李总", 1.0});
    b.relations.push_back({0, 0, object_link, attribute, object_link >= 0 ? "" : value});
    return store_->Ingest(Ctx(alice_), b);
  };
  const int64_t t = 1718348400000;
  auto boss = fact("reportsTo", "李总", 1, t);
  auto mail = fact("hasEmail", "zhang@example.com", -1, t);
  ASSERT_TRUE(boss.ok() && mail.ok());
  auto rels = store_->ListEntityRelations(Ctx(alice_), zhang, 10);
  ASSERT_TRUE(rels.ok()) << rels.status().ToString();
  ASSERT_GE(rels->size(), 2u);
  EXPECT_EQ((*rels)[0].predicate, "reportsTo");
  EXPECT_EQ((*rels)[0].object.id, li);
  EXPECT_EQ((*rels)[0].memory_ids, std::vector<int64_t>{boss->memories[0].id});
  EXPECT_FALSE((*rels)[0].incoming);
  EXPECT_EQ((*rels)[1].predicate, "hasEmail");
  EXPECT_EQ((*rels)[1].object.id, 0);
  EXPECT_EQ((*rels)[1].object_literal, "zhang@example.com");
  // The same edge, listed for its object: incoming, the other end being the subject.
  auto boss_rels = store_->ListEntityRelations(Ctx(alice_), li, 10);
  ASSERT_TRUE(boss_rels.ok()) << boss_rels.status().ToString();
  ASSERT_FALSE(boss_rels->empty());
  EXPECT_EQ((*boss_rels)[0].predicate, "reportsTo");
  EXPECT_TRUE((*boss_rels)[0].incoming);
  EXPECT_EQ((*boss_rels)[0].object.id, zhang);
  EXPECT_EQ((*boss_rels)[0].memory_ids, std::vector<int64_t>{boss->memories[0].id});
  for (size_t i = 1; i < boss_rels->size(); ++i) {
    EXPECT_EQ((*boss_rels)[i].predicate, "co_mentioned");  // no other stated edge
  }
  // The same value again reinforces: no second edge. A new value closes the old edge.
  auto again = fact("hasEmail", "zhang@example.com", -1, t + 1000);
  auto moved = fact("hasEmail", "zhang@ai-lab.com", -1, t + 2000);
  ASSERT_TRUE(again.ok() && moved.ok());
  rels = store_->ListEntityRelations(Ctx(alice_), zhang, 10);
  ASSERT_TRUE(rels.ok());
  int emails = 0;
  for (const EntityRelation& r : *rels) {
    if (r.predicate != "hasEmail") continue;
    ++emails;
    EXPECT_EQ(r.object_literal, "zhang@ai-lab.com");
  }
  EXPECT_EQ(emails, 1);
  // Nobody else sees them; a hard forget drops the edge with the fact.
  EXPECT_EQ(store_->ListEntityRelations(Ctx(bob_), zhang, 10).status().code(),
            StatusCode::kNotFound);
  ASSERT_TRUE(store_->Forget(Ctx(alice_), boss->memories[0].id, true).ok());
  rels = store_->ListEntityRelations(Ctx(alice_), zhang, 10);
  ASSERT_TRUE(rels.ok());
  for (const EntityRelation& r : *rels) EXPECT_NE(r.predicate, "reportsTo");
  boss_rels = store_->ListEntityRelations(Ctx(alice_), li, 10);
  ASSERT_TRUE(boss_rels.ok());
  for (const EntityRelation& r : *boss_rels) EXPECT_NE(r.predicate, "reportsTo");
}

INSTANTIATE_TEST_SUITE_P(Backends, EntityConformanceTest, ::testing::ValuesIn(Backends()),
                         [](const auto& p) { return p.param.name; });

}  // namespace
}  // namespace engram::store
