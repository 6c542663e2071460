// Self-contained memories through the public API: a pronoun resolved against the session's
// last turns and a relative time anchored in the stored memory, the message row kept as said
// (read straight from the SQLite file), the antecedent linked as an entity, recall by name,
// the queued path and the option that turns it off.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include "engram/engine.h"
#include "engram/iso8601.h"
#include "src/testing/fake_clock.h"
#include "src/testing/temp_dir.h"

namespace engram {
namespace {

class SelfContainedMemoryTest : public ::testing::Test {
 protected:
  void Open(bool self_contained = true) {
    engine_.reset();
    Options o;
    o.db_path = dir_.File("engram.db");
    o.clock = &clock_;
    o.embedder = "none";
    o.self_contained_memories = self_contained;
    auto e = Engine::Open(o);
    ASSERT_TRUE(e.ok()) << e.status().ToString();  // NOLINT
    engine_ = std::move(e).value();
  }
  void SetUp() override { Open(); }

  RememberRequest Turn(const std::string& text, const char* at, const std::string& session) {
    RememberRequest r;
    r.principal = alice_;
    r.text = text;
    r.session_id = session;
    r.at = ParseIso8601(at).value();
    return r;
  }
  RememberResult Remember(const std::string& text, const char* at,
                          const std::string& session = "s1") {
    auto out = engine_->Remember(Turn(text, at, session));
    EXPECT_TRUE(out.ok()) << out.status().ToString();
    return out.ok() ? *out : RememberResult{};
  }
  // The message row as stored (the episodic layer), straight from the database file.
  std::string MessageText(int64_t id) {
    return Text("SELECT content FROM message WHERE id = ?", id);
  }
  // The first column of `sql`'s first row with `id` bound, as text ("" for NULL or no row).
  std::string Text(const char* sql, int64_t id) {
    sqlite3* db = nullptr;
    EXPECT_EQ(sqlite3_open_v2(dir_.File("engram.db").c_str(), &db, SQLITE_OPEN_READONLY,
                              nullptr),
              SQLITE_OK);
    sqlite3_stmt* st = nullptr;
    sqlite3_prepare_v2(db, sql, -1, &st, nullptr);
    sqlite3_bind_int64(st, 1, id);
    std::string out;
    if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_text(st, 0) != nullptr) {
      out = reinterpret_cast<const char*>(sqlite3_column_text(st, 0));
    }
    sqlite3_finalize(st);
    sqlite3_close(db);
    return out;
  }

  Principal alice_{"alice", "", {}, {}};
  testing::TempDir dir_;
  testing::FakeClock clock_;
  std::unique_ptr<Engine> engine_;
};

TEST_F(SelfContainedMemoryTest, StoresTheResolvedTextAndKeepsTheMessageAsSaid) {
  RememberResult first = Remember("李工说接口文档周五前给", "2024-07-14T16:00:00+08:00");
  ASSERT_EQ(first.entities.size(), 1u);
  const int64_t li = first.entities[0].entity_id;
  RememberResult r = Remember("他昨天说要把接口改成异步", "2024-07-15T10:00:00+08:00");
  ASSERT_EQ(r.memories.size(), 1u);
  EXPECT_EQ(r.memories[0].content, "李工(2024-07-14)说要把接口改成异步");
  EXPECT_EQ(MessageText(r.message_id), "他昨天说要把接口改成异步");
  // The keyword index holds the words as said and the name the pronoun stood for, not the
  // date (store::IngestBatch::record_said).
  EXPECT_EQ(Text("SELECT said FROM memory WHERE id = ?", r.memories[0].id),
            "他昨天说要把接口改成异步 李工");
  EXPECT_EQ(Text("SELECT said FROM memory WHERE id = ?", first.memories[0].id), "");
  ASSERT_EQ(r.coreferences.size(), 1u);
  EXPECT_EQ(r.coreferences[0].pronoun, "他");
  EXPECT_EQ(r.coreferences[0].antecedents, std::vector<std::string>{"李工"});
  EXPECT_TRUE(r.coreferences[0].resolved);
  EXPECT_EQ(r.coreferences[0].entity_ids, std::vector<int64_t>{li});
  ASSERT_EQ(r.entities.size(), 1u);  // the pronoun links the memory to 李工's entity
  EXPECT_EQ(r.entities[0].entity_id, li);
  EXPECT_EQ(r.entities[0].surface, "他");

  auto hits = engine_->Recall({.principal = alice_, .query = "李工说了什么"});
  ASSERT_TRUE(hits.ok()) << hits.status().ToString();
  bool found = false;
  for (const RecallHit& h : hits->hits) found = found || h.memory.id == r.memories[0].id;
  EXPECT_TRUE(found);
}

TEST_F(SelfContainedMemoryTest, OtherSessionsAndUnresolvedPronounsStayAsSaid) {
  Remember("李工说接口文档周五前给", "2024-07-14T16:00:00+08:00", "s1");
  RememberResult r = Remember("他说要把接口改成异步", "2024-07-15T10:00:00+08:00", "s2");
  EXPECT_EQ(r.memories[0].content, "他说要把接口改成异步");
  ASSERT_EQ(r.coreferences.size(), 1u);
  EXPECT_FALSE(r.coreferences[0].resolved);
  EXPECT_EQ(r.coreferences[0].reason, "no_antecedent");
  EXPECT_TRUE(r.entities.empty());
}

TEST_F(SelfContainedMemoryTest, QueuedTurnsResolveAgainstEachOther) {
  auto ids = engine_->Enqueue({Turn("I met Li this morning about the API.",
                                    "2024-07-15T09:00:00+08:00", "s1"),
                               Turn("He said yesterday he'd rework the plan",
                                    "2024-07-15T10:00:00+08:00", "s1")});
  ASSERT_TRUE(ids.ok()) << ids.status().ToString();
  auto n = engine_->ProcessQueue(10);
  ASSERT_TRUE(n.ok()) << n.status().ToString();
  EXPECT_EQ(*n, 2);
  auto q = engine_->GetQueued(alice_, (*ids)[1]);
  ASSERT_TRUE(q.ok() && q->result) << q.status().ToString();
  EXPECT_EQ(q->result->memories.at(0).content,
            "Li said yesterday (2024-07-14) he'd rework the plan");
  EXPECT_EQ(MessageText(q->result->message_id), "He said yesterday he'd rework the plan");
  // The result of a queued request reports whom its pronouns named, as Remember does.
  ASSERT_EQ(q->result->coreferences.size(), 2u);  // He, he'd
  const CoreferenceView& c = q->result->coreferences[0];
  EXPECT_EQ(c.pronoun, "He");
  EXPECT_EQ(c.antecedents, std::vector<std::string>{"Li"});
  EXPECT_TRUE(c.resolved);
  ASSERT_EQ(c.entity_ids.size(), 1u);
  auto li = engine_->ListEntities(ListEntitiesRequest{alice_, "li"});
  ASSERT_TRUE(li.ok() && !li->entities.empty());
  EXPECT_EQ(c.entity_ids[0], li->entities[0].id);
  auto first = engine_->GetQueued(alice_, (*ids)[0]);
  ASSERT_TRUE(first.ok() && first->result);
  EXPECT_TRUE(first->result->coreferences.empty());
}

TEST_F(SelfContainedMemoryTest, TheDirectoryGivesGender) {
  EntityEntry li;
  li.name = "李娜";
  li.aliases = {"李工", "李女士"};  // the 女士 alias makes every name of 李娜 female
  EntityEntry zhang;
  zhang.name = "张伟";
  zhang.aliases = {"张工"};
  auto imported = engine_->ImportEntities({alice_, {li, zhang}});
  ASSERT_TRUE(imported.ok()) << imported.status().ToString();
  Remember("张工和李工讨论了接口", "2024-07-15T09:00:00+08:00");
  RememberResult r = Remember("她说周五前给结论", "2024-07-15T10:00:00+08:00");
  ASSERT_EQ(r.coreferences.size(), 1u);
  EXPECT_TRUE(r.coreferences[0].resolved);
  EXPECT_EQ(r.coreferences[0].antecedents, std::vector<std::string>{"李工"});
  EXPECT_EQ(r.coreferences[0].entity_ids,
            std::vector<int64_t>{imported->entities[0].id});  // 李娜, by her alias
  EXPECT_EQ(r.memories[0].content, "李工说周五前给结论");
  // Two engineers the directory knows nothing about are equally likely: kept as said.
  Remember("王工和赵工讨论了接口", "2024-07-15T09:00:00+08:00", "s2");
  RememberResult other = Remember("她说周五前给结论", "2024-07-15T10:00:00+08:00", "s2");
  EXPECT_EQ(other.memories[0].content, "她说周五前给结论");
  EXPECT_EQ(other.coreferences.at(0).reason, "ambiguous");
}

TEST_F(SelfContainedMemoryTest, OptionOffStoresTheTurnAsSaid) {
  Open(/*self_contained=*/false);
  Remember("李工说接口文档周五前给", "2024-07-14T16:00:00+08:00");
  RememberResult r = Remember("他昨天说要把接口改成异步", "2024-07-15T10:00:00+08:00");
  EXPECT_EQ(r.memories[0].content, "他昨天说要把接口改成异步");
  EXPECT_TRUE(r.coreferences.empty());
}

}  // namespace
}  // namespace engram
