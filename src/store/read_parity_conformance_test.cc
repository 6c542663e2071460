// The SQLite and PostgreSQL backends answer every read alike: the same writes (records,
// facts, a superseded and a forgotten version, team and public memories, review items, vault
// rows, embeddings, an expiring memory) go to both, then each read method is asked the same
// questions by several principals and must return the same rows, field for field, in the
// same order.
#include <gtest/gtest.h>

#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "src/store/conformance_backends.h"
#include "src/store/memory_filter.h"
#include "src/store/store.h"
#include "src/testing/temp_dir.h"

namespace engram::store {
namespace {

constexpr int64_t kT0 = 1718348400000;

OpContext Ctx(const Principal& p, int step = 0) {
  return OpContext{p, "req-read", Instant{kT0 + step * 60000, 480}};
}

Principal User(const std::string& id, std::vector<std::string> teams = {},
               std::vector<std::string> roles = {}, const std::string& agent = "") {
  Principal p;
  p.user_id = id;
  p.agent_id = agent;
  p.teams = std::move(teams);
  p.roles = std::move(roles);
  return p;
}

std::string Str(const Instant& t) {
  return std::to_string(t.unix_ms) + "@" + std::to_string(t.offset_minutes);
}
std::string Str(const std::optional<Instant>& t) { return t ? Str(*t) : "-"; }

// Every field of a memory, as text.
std::string Str(const Memory& m) {
  std::ostringstream o;
  o << m.id << '|' << m.lineage_id << '|' << m.version << '|' << m.supersedes << '|'
    << m.current << '|' << m.scope.user_id << '|' << m.scope.agent_id << '|' << m.scope.team_id
    << '|' << ToString(m.scope.visibility) << '|' << ToString(m.type) << '|' << ToString(m.kind)
    << '|' << ToString(m.status) << '|' << m.content << '|' << m.subject << '|' << m.attribute
    << '|' << m.value << '|'
    << (m.event_time ? Str(m.event_time->from) + ".." + Str(m.event_time->to) + " " +
                           std::string(ToString(m.event_time->grain))
                     : "-")
    << '|' << Str(m.valid_from) << '|' << Str(m.valid_to) << '|' << Str(m.recorded_at) << '|'
    << Str(m.superseded_at) << '|' << Str(m.expires_at) << '|' << m.confidence.temporal << ','
    << m.confidence.entity << ',' << m.confidence.event_type << ',' << m.confidence.source << ','
    << m.confidence.consistency << ',' << m.confidence.overall << '|' << m.source.session_id
    << '|' << m.source.message_id << '|' << ToString(m.source.type) << '|' << m.source.actor
    << '|' << Str(m.source.at) << '|' << m.access_count << '|' << Str(m.last_access) << '|'
    << m.reinforced << '|' << Str(m.last_seen) << '|' << m.metadata_json;
  return o.str();
}

template <typename T, typename F>
std::vector<std::string> Strs(const Result<std::vector<T>>& r, F f) {
  if (!r.ok()) return {"error " + std::string(StatusCodeName(r.status().code()))};
  std::vector<std::string> out;
  for (const T& x : *r) out.push_back(f(x));
  return out;
}
std::vector<std::string> Strs(const Result<std::vector<Memory>>& r) {
  return Strs(r, [](const Memory& m) { return Str(m); });
}
std::string One(const Result<Memory>& r) {
  return r.ok() ? Str(*r) : "error " + std::string(StatusCodeName(r.status().code()));
}

std::string Str(const ReviewItem& r) {
  return std::to_string(r.id) + "|" + r.kind + "|" + r.user_id + "|" +
         std::to_string(r.memory_id) + "|" + std::to_string(r.message_id) + "|" + r.reason +
         "|" + r.payload_json + "|" + Str(r.created_at) + "|" + Str(r.resolved_at) + "|" +
         r.resolution;
}

class ReadParityTest : public ::testing::Test {
 protected:
  ReadParityTest()
      : alice_(User("alice", {"eng"})),
        bob_(User("bob", {"eng", "ops"})),
        carol_(User("carol")),
        root_(User("root", {}, {"admin"})) {}

  static const Backend& Named(const std::string& name) {
    static const std::vector<Backend>* all = new std::vector<Backend>(Backends());
    for (const Backend& b : *all) {
      if (b.name == name) return b;
    }
    ADD_FAILURE() << "no backend " << name;
    return all->front();
  }

  void SetUp() override {
    stores_.push_back(Named("sqlite").open(dirs_[0].path()));
    stores_.push_back(Named("postgres").open(dirs_[1].path()));
    for (auto& s : stores_) {
      ASSERT_NE(s, nullptr);
      ASSERT_NO_FATAL_FAILURE(Write(s.get()));
    }
  }

  void Ingest(Store* s, const Principal& p, IngestBatch b, int step) {
    b.message.session_id = "s1";
    for (Memory& m : b.memories) m.source.session_id = "s1";
    auto r = s->Ingest(Ctx(p, step), b);
    ASSERT_TRUE(r.ok()) << r.status().ToString();
    outcomes_.push_back(*r);
  }

  void Write(Store* s) {
    outcomes_.clear();
    int step = 0;
    for (const char* t : {"first record about the budget", "second record 预算 会议",
                          "third record release plan", "fourth record 发布 计划"}) {
      ASSERT_NO_FATAL_FAILURE(Ingest(s, alice_, Batch(alice_, t), ++step));
    }
    // A fact with a review item, a vault row and an embedding; then its correction.
    IngestBatch fact = FactBatch(alice_, "张工", "phone", "⟦PHONE:1⟧");
    fact.reviews.push_back(NewReview{"suspicious", "looks odd", "{\"x\":1}", 0});
    fact.vault.push_back(VaultEntry{"u:alice", "alice", "⟦PHONE:1⟧", "PHONE", "n1", "c1"});
    fact.embedding_model = "m1";
    fact.embeddings = {std::string("\x01\x02\x03\x04", 4)};
    ASSERT_NO_FATAL_FAILURE(Ingest(s, alice_, fact, ++step));
    const int64_t fact_id = outcomes_.back().memories.at(0).id;
    auto v2 = s->Supersede(Ctx(alice_, ++step), fact_id, Revision{"张工 phone ⟦PHONE:2⟧"});
    ASSERT_TRUE(v2.ok()) << v2.status().ToString();
    IngestBatch embedded = Batch(alice_, "fifth record with a vector");
    embedded.embedding_model = "m1";
    embedded.embeddings = {std::string("\x00\x00\x80\x3f", 4)};
    ASSERT_NO_FATAL_FAILURE(Ingest(s, alice_, embedded, ++step));
    // Team, public, other users; an expiring memory; a forgotten one.
    ASSERT_NO_FATAL_FAILURE(
        Ingest(s, bob_, Batch(bob_, "team budget sync", Visibility::kTeam, "eng"), ++step));
    ASSERT_NO_FATAL_FAILURE(
        Ingest(s, bob_, Batch(bob_, "ops pager rota", Visibility::kTeam, "ops"), ++step));
    ASSERT_NO_FATAL_FAILURE(
        Ingest(s, root_, Batch(root_, "public holiday calendar", Visibility::kPublic), ++step));
    IngestBatch expiring = Batch(carol_, "carol temporary note");
    expiring.memories[0].expires_at = Instant{kT0 + 5 * 60000, 480};
    ASSERT_NO_FATAL_FAILURE(Ingest(s, carol_, expiring, ++step));
    ASSERT_NO_FATAL_FAILURE(Ingest(s, alice_, Batch(alice_, "to be forgotten"), ++step));
    ASSERT_TRUE(s->Forget(Ctx(alice_, ++step), outcomes_.back().memories.at(0).id, false).ok());
    IngestBatch quarantined = Batch(alice_, "quarantined text");
    quarantined.memories[0].status = MemoryStatus::kQuarantined;
    quarantined.reviews.push_back(NewReview{"quarantine", "held", "{}", 0});
    ASSERT_NO_FATAL_FAILURE(Ingest(s, alice_, quarantined, ++step));
    // The suspicious fact's item is rejected by an admin (resolved items list with history).
    auto resolved = s->ResolveReview(Ctx(root_, ++step), 1, "reject", "", "");
    ASSERT_TRUE(resolved.ok()) << resolved.status().ToString();
  }

  // Every read, as text, for principal `p` at `step`.
  std::vector<std::string> Reads(Store* s, const Principal& p, int step) {
    const OpContext ctx = Ctx(p, step);
    std::vector<std::string> out;
    auto add = [&](const std::string& what, const std::vector<std::string>& rows) {
      out.push_back("## " + what);
      out.insert(out.end(), rows.begin(), rows.end());
    };
    std::vector<int64_t> ids;
    for (int64_t id = 1; id <= 20; ++id) ids.push_back(id);
    for (int64_t id : ids) {
      add("get " + std::to_string(id), {One(s->GetMemory(ctx, id))});
      add("history " + std::to_string(id), Strs(s->GetHistory(ctx, id)));
      add("links " + std::to_string(id), Strs(s->ListLinks(ctx, id), [](const MemoryLink& l) {
            return std::to_string(l.from_id) + ">" + std::to_string(l.to_id) + " " + l.kind;
          }));
      auto review = s->GetReview(ctx, id);
      add("review " + std::to_string(id),
          {review.ok() ? Str(*review) : std::string(StatusCodeName(review.status().code()))});
    }
    for (bool history : {false, true}) {
      add("searchable", Strs(s->GetSearchable(ctx, {9, 3, 1, 5, 3, 6, 7, 8, 10, 11}, history,
                                              nullptr)));
      ListQuery q;
      q.include_history = history;
      add("list", Strs(s->ListMemories(ctx, q)));
      q.type = "semantic";
      add("list semantic", Strs(s->ListMemories(ctx, q)));
      add("review list", Strs(s->ListReview(ctx, history, 10),
                              [](const ReviewItem& r) { return Str(r); }));
    }
    RecallFilter f;
    f.types = {MemoryType::kEpisodic};
    auto filter = MemoryFilter::Compile(f);
    EXPECT_TRUE(filter.ok());
    add("searchable filtered", Strs(s->GetSearchable(ctx, ids, true, &*filter)));
    add("message memories", Strs(s->ListMessageMemories(ctx, {1, 2, 5, 6, 9}, false)));
    add("retired message memories", Strs(s->ListMessageMemories(ctx, {1, 2, 5, 6, 9}, true)));
    add("recent", Strs(s->ListRecent(ctx, "s1", 3)));
    auto third = s->GetMemory(ctx, 3);
    if (third.ok()) add("neighbours", Strs(s->ListSessionNeighbors(ctx, *third, 2)));
    add("consolidatable", Strs(s->ListConsolidatable(ctx, {})));
    add("vault", Strs(s->GetVault(ctx, {"⟦PHONE:1⟧", "⟦PHONE:2⟧"}), [](const VaultEntry& v) {
          return v.scope_key + "|" + v.user_id + "|" + v.placeholder + "|" + v.kind + "|" +
                 v.nonce + "|" + v.ciphertext;
        }));
    auto last = s->GetLastMessage(ctx);
    add("last message", {last.ok() ? std::to_string(last->id) + " " + last->session_id + " " +
                                         Str(last->at)
                                   : std::string(StatusCodeName(last.status().code()))});
    auto found = s->FindRecord(ctx, Scope{"alice", "", "", Visibility::kPrivate},
                               "third record release plan");
    add("find record", {found.ok() ? std::to_string(*found) : "error"});
    auto stats = s->GetStats(ctx);
    EXPECT_TRUE(stats.ok());
    if (stats.ok()) {
      add("stats", {std::to_string(stats->messages), std::to_string(stats->memories_current),
                    std::to_string(stats->memories_versions),
                    std::to_string(stats->memories_deleted),
                    std::to_string(stats->memories_dormant),
                    std::to_string(stats->memories_expired),
                    std::to_string(stats->audit_records)});
    }
    add("vectors", Strs(s->VectorChangesSince(0, "m1", 100), [](const VectorChange& c) {
          return std::to_string(c.memory_id) + " " + (c.upsert ? "+" : "-") + " " +
                 c.partition + " " + std::to_string(c.vector.size()) + " " + c.vector;
        }));
    return out;
  }

  testing::TempDir dirs_[2];
  std::vector<std::unique_ptr<Store>> stores_;
  std::vector<IngestOutcome> outcomes_;
  Principal alice_, bob_, carol_, root_;
};

TEST_F(ReadParityTest, EveryReadAnswersAlike) {
  for (const Principal* p : {&alice_, &bob_, &carol_, &root_}) {
    for (int step : {0, 30}) {  // before and after carol's memory expires
      SCOPED_TRACE(p->user_id + " at step " + std::to_string(step));
      const std::vector<std::string> a = Reads(stores_[0].get(), *p, step);
      const std::vector<std::string> b = Reads(stores_[1].get(), *p, step);
      EXPECT_EQ(a, b);
      EXPECT_GT(a.size(), 100u);
    }
  }
}

}  // namespace
}  // namespace engram::store
