// The access matrix of issue 7 / seed 003 §5, extended by issues 21 and 22: (owner, the
// owner's other agent, another user whose agent key carries the owner's agent id, teammate,
// other team, public reader, reviewer, a service key acting for the owner, admin, and the
// owner's and the admin's namesakes in another tenant of the store) x (get, recall,
// history, correct, forget) over a private, a team and a public memory, on both store
// backends. Every cell starts from a fresh database, so a correct or forget in one cell
// cannot hide a denial in another. The keys themselves (agent, reviewer and service keys
// resolved by the server) are tested over REST in apps/serve/e2e/security_test.py; the
// statistics side channel in StatisticsSideChannel below.
#include <gtest/gtest.h>

#include <string>
#include <tuple>
#include <vector>

#include "engram/engine.h"
#include "src/testing/fake_clock.h"
#include "src/testing/temp_dir.h"
#include "src/testing/test_backends.h"

namespace engram {
namespace {

enum class Who {
  kOwner,
  kOwnerOtherAgent,     // the owner's key for another agent
  kSameAgentOtherUser,  // another user's agent key that carries the owner's agent id
  kTeammate,
  kOtherTeam,
  kPublicReader,
  kReviewer,            // role reviewer: reviews, but reads no more than a user
  kServiceForOwner,     // a service key naming the owner: the owner's rights, no team
  kAdmin,
  kOtherTenantOwner,    // "alice" in another tenant (Engine::OpenTenant): sees nothing here
  kOtherTenantAdmin     // an admin of another tenant: no more
};
enum class Op { kGet, kRecall, kHistory, kCorrect, kForget };
enum class Kind { kPrivate, kTeam, kPublic };

Principal PrincipalOf(Who w) {
  switch (w) {
    case Who::kOwner: return {"alice", "agent-a", {"sales"}, {}};
    case Who::kOwnerOtherAgent: return {"alice", "agent-z", {"sales"}, {}};
    case Who::kSameAgentOtherUser: return {"erin", "agent-a", {}, {}};
    case Who::kReviewer: return {"rita", "", {}, {"reviewer"}};
    case Who::kServiceForOwner: return {"alice", "", {}, {}};  // as apps/serve/auth.cc
    case Who::kTeammate: return {"carol", "agent-c", {"sales"}, {}};
    case Who::kOtherTeam: return {"bob", "agent-b", {"rnd"}, {}};
    case Who::kPublicReader: return {"dave", "", {}, {}};
    case Who::kAdmin: return {"root", "", {}, {"admin"}};
    case Who::kOtherTenantOwner: return {"alice", "agent-a", {"sales"}, {}};
    case Who::kOtherTenantAdmin: return {"root", "", {}, {"admin"}};
  }
  return {};
}

// The expected outcome: "ok", "NotFound" (invisible: reported exactly like a missing id) or
// "PermissionDenied" (visible but read-only).
// A principal of another tenant is refused by a store of one tenant (it cannot open one)
// and sees nothing of this tenant on a store of many, the public scope included.
std::string Expected(const std::string& backend, Kind kind, Who who, Op op) {
  const bool write = op == Op::kCorrect || op == Op::kForget;
  if (who == Who::kOtherTenantOwner || who == Who::kOtherTenantAdmin) {
    return backend == "postgres" ? "NotFound" : "FailedPrecondition";
  }
  switch (kind) {
    case Kind::kPrivate:  // only the owner (any of its agents, or a service acting for it)
      return who == Who::kOwner || who == Who::kOwnerOtherAgent ||
                     who == Who::kServiceForOwner
                 ? "ok"
                 : "NotFound";
    case Kind::kTeam:  // members of the team read and change it (a service key has no team)
      return who == Who::kOwner || who == Who::kOwnerOtherAgent || who == Who::kTeammate
                 ? "ok"
                 : "NotFound";
    case Kind::kPublic:  // everyone reads; only admins change
      return !write || who == Who::kAdmin ? "ok" : "PermissionDenied";
  }
  return "?";
}

// Runs `op` on memory `id` as `p`; its outcome in `*s`.
void RunOp(Engine& e, const Principal& p, int64_t id, Op op, Status* out) {
  Status s;
  switch (op) {
    case Op::kGet:
      s = e.Get(p, id).status();
      break;
    case Op::kRecall: {  // an invisible memory is simply not among the hits
      auto hits = e.Recall({.principal = p, .query = "pipeline review"});
      ASSERT_TRUE(hits.ok()) << hits.status().ToString();
      bool found = false;
      for (const RecallHit& h : hits->hits) found = found || h.memory.id == id;
      s = found ? Status::OK() : Status::NotFound("not recalled");
      break;
    }
    case Op::kHistory:
      s = e.History(p, id).status();
      break;
    case Op::kCorrect:
      s = e.Correct({.principal = p, .id = id, .text = "the review moved to Friday"}).status();
      break;
    case Op::kForget:
      s = e.Forget({.principal = p, .id = id});
      break;
  }
  *out = s;
}

using Cell = std::tuple<std::string, Kind, Who, Op>;

class AccessMatrixTest : public ::testing::TestWithParam<Cell> {};

TEST_P(AccessMatrixTest, Cell) {
  const auto& [backend, kind, who, op] = GetParam();
  testing::TempDir dir;
  Options o = testing::BackendOptions(backend, dir);
  o.embedder = "none";
  auto opened = Engine::Open(o);
  ASSERT_TRUE(opened.ok()) << opened.status().ToString();
  Engine& e = **opened;

  RememberRequest r;
  r.text = "the quarterly pipeline review is on Thursday";
  switch (kind) {
    case Kind::kPrivate:
      r.principal = PrincipalOf(Who::kOwner);
      break;
    case Kind::kTeam:
      r.principal = PrincipalOf(Who::kOwner);
      r.visibility = Visibility::kTeam;
      r.team_id = "sales";
      break;
    case Kind::kPublic:
      r.principal = PrincipalOf(Who::kAdmin);
      r.visibility = Visibility::kPublic;
      break;
  }
  auto written = e.Remember(r);
  ASSERT_TRUE(written.ok()) << written.status().ToString();
  const int64_t id = written->memories.at(0).id;
  const Principal p = PrincipalOf(who);

  Status s;
  std::unique_ptr<Engine> other_tenant;
  Engine* target = &e;
  if (who == Who::kOtherTenantOwner || who == Who::kOtherTenantAdmin) {
    auto opened_other = e.OpenTenant("other");
    if (opened_other.ok()) {
      other_tenant = std::move(opened_other).value();
      target = other_tenant.get();
    } else {
      s = opened_other.status();
    }
  }
  if (s.ok()) RunOp(*target, p, id, op, &s);
  const std::string got = s.ok() ? "ok" : std::string(StatusCodeName(s.code()));
  EXPECT_EQ(got, Expected(backend, kind, who, op)) << s.ToString();

  // A denied write changed nothing: the owner (or admin) still sees the original, current.
  if (!s.ok() && (op == Op::kCorrect || op == Op::kForget)) {
    const Principal writer = PrincipalOf(kind == Kind::kPublic ? Who::kAdmin : Who::kOwner);
    auto m = e.Get(writer, id);
    ASSERT_TRUE(m.ok()) << m.status().ToString();
    EXPECT_TRUE(m->current);
    EXPECT_EQ(m->status, MemoryStatus::kActive);
    EXPECT_EQ(m->content, r.text);
  }
}

std::string Name(const ::testing::TestParamInfo<Cell>& info) {
  static const char* kKinds[] = {"Private", "Team", "Public"};
  static const char* kWho[] = {"Owner",     "OwnerOtherAgent", "SameAgentOtherUser",
                               "Teammate",  "OtherTeam",       "PublicReader",
                               "Reviewer",  "ServiceForOwner", "Admin",
                               "OtherTenantOwner", "OtherTenantAdmin"};
  static const char* kOps[] = {"Get", "Recall", "History", "Correct", "Forget"};
  const auto& [backend, kind, who, op] = info.param;
  return backend + "_" + kKinds[static_cast<int>(kind)] + "_" + kWho[static_cast<int>(who)] +
         "_" + kOps[static_cast<int>(op)];
}

INSTANTIATE_TEST_SUITE_P(
    Matrix, AccessMatrixTest,
    ::testing::Combine(::testing::Values("sqlite", "memory", "postgres"),
                       ::testing::Values(Kind::kPrivate, Kind::kTeam, Kind::kPublic),
                       ::testing::Values(Who::kOwner, Who::kOwnerOtherAgent,
                                         Who::kSameAgentOtherUser, Who::kTeammate,
                                         Who::kOtherTeam, Who::kPublicReader, Who::kReviewer,
                                         Who::kServiceForOwner, Who::kAdmin,
                                         Who::kOtherTenantOwner, Who::kOtherTenantAdmin),
                       ::testing::Values(Op::kGet, Op::kRecall, Op::kHistory, Op::kCorrect,
                                         Op::kForget)),
    Name);

// The statistics side channel: nothing another tenant writes or asks changes what a user
// reads about their own memories (keyword scores, ranks, relevance), their stats or their
// metrics, and no one reads another user's agent metrics by reusing its agent id.
class StatisticsSideChannel : public ::testing::TestWithParam<std::string> {};

struct Observed {
  std::vector<std::tuple<int64_t, double, double, double>> hits;  // id, score, bm25, relevance
  EngineStats stats;
  MemoryMetrics user, team;
};

Observed Observe(Engine& e, const Principal& p, const std::string& query) {
  Observed o;
  auto user = e.Metrics({.principal = p});
  auto team = e.Metrics({.principal = p, .by = "team", .id = "sales"});
  auto stats = e.Stats(p);  // after Metrics, which audits itself
  EXPECT_TRUE(user.ok() && team.ok() && stats.ok());
  if (user.ok()) o.user = *user;
  if (team.ok()) o.team = *team;
  if (stats.ok()) o.stats = *stats;
  auto hits = e.Recall({.principal = p, .query = query});
  EXPECT_TRUE(hits.ok()) << hits.status().ToString();
  if (!hits.ok()) return o;
  for (const RecallHit& h : hits->hits) {
    auto kw = h.channels.find("keyword");
    o.hits.emplace_back(h.memory.id, h.score, kw == h.channels.end() ? -1.0 : kw->second.score,
                        h.relevance);
  }
  return o;
}

TEST_P(StatisticsSideChannel, OtherTenantsChangeNothingAUserReads) {
  testing::TempDir dir;
  Options o;
  o.backend = GetParam();
  o.db_path = dir.File("s.db");
  o.embedder = "hashing";
  testing::FakeClock clock;  // decay depends on the time: it stands still here
  o.clock = &clock;
  auto opened = Engine::Open(o);
  ASSERT_TRUE(opened.ok()) << opened.status().ToString();
  Engine& e = **opened;
  const Principal alice{"alice", "assistant", {"sales"}, {}};
  const Principal carol{"carol", "", {"sales"}, {}};
  // The query's words are rare among alice's memories, so that their keyword weights
  // depend on how many documents hold them: counted over every scope, they would move.
  for (const char* t : {"the quarterly pipeline review is on Thursday",
                        "lunch with the Osaka team on Friday", "Ann prefers tea over coffee",
                        "the printer on floor 3 is broken", "book the flight to Berlin for May"}) {
    ASSERT_TRUE(e.Remember({alice, t}).ok());
  }
  RememberRequest team{carol, "the sales forecast review moved to room 4"};
  team.visibility = Visibility::kTeam;
  team.team_id = "sales";
  ASSERT_TRUE(e.Remember(team).ok());
  const std::string query = "pipeline review zeppelin";
  // A first recall, so that both observations below come after one.
  ASSERT_TRUE(e.Recall({.principal = alice, .query = query}).ok());
  const Observed before = Observe(e, alice, query);
  int keyword_hits = 0;  // with weights that are not clamped (BM25 floors common words)
  for (const auto& h : before.hits) keyword_hits += std::get<2>(h) > 0.01;
  ASSERT_GE(keyword_hits, 2);

  // Other tenants: another user whose agent key carries the same agent id, another team,
  // and a service key acting for a third user, each writing the query's words (and one word
  // only they use) many times and asking about them.
  const Principal bob{"bob", "assistant", {"rnd"}, {}};
  const Principal app_for_erin{"erin", "", {}, {}};
  for (int i = 0; i < 25; ++i) {
    const std::string n = std::to_string(i);
    ASSERT_TRUE(e.Remember({bob, "pipeline review zeppelin " + n}).ok());
    RememberRequest rnd{bob, "zeppelin pipeline review for rnd " + n};
    rnd.visibility = Visibility::kTeam;
    rnd.team_id = "rnd";
    ASSERT_TRUE(e.Remember(rnd).ok());
    ASSERT_TRUE(e.Remember({app_for_erin, "review the zeppelin pipeline " + n}).ok());
    ASSERT_TRUE(e.Recall({.principal = bob, .query = query}).ok());
  }
  const Observed after = Observe(e, alice, query);

  EXPECT_EQ(after.hits, before.hits);  // same memories, ranks, scores, BM25 and relevance
  EXPECT_EQ(after.stats.messages, before.stats.messages);
  EXPECT_EQ(after.stats.memories_current, before.stats.memories_current);
  EXPECT_EQ(after.stats.memories_versions, before.stats.memories_versions);
  auto audit = e.Audit(alice, 0, 1000);  // what alice counts among her audit records
  ASSERT_TRUE(audit.ok());
  EXPECT_GE(static_cast<int64_t>(audit->size()), after.stats.audit_records);
  for (const AuditEntryView& a : *audit) EXPECT_EQ(a.actor_user, "alice") << a.action;
  EXPECT_EQ(after.stats.vectors_hot, before.stats.vectors_hot);
  EXPECT_EQ(after.user.messages, before.user.messages);
  EXPECT_EQ(after.user.recalls, before.user.recalls + 1);  // Observe's own recall
  EXPECT_EQ(after.user.writes_by_signal, before.user.writes_by_signal);
  EXPECT_EQ(after.team.messages, before.team.messages);
  EXPECT_EQ(after.team.recalls, before.team.recalls + 1);
  // The other tenants' own view did change: the test can tell a change from none.
  auto bobs = e.Stats(bob);
  ASSERT_TRUE(bobs.ok());
  EXPECT_EQ(bobs->messages, 50);
  // Agent ids are not unique across users: neither user reads the agent's metrics.
  for (const Principal& p : {alice, bob}) {
    EXPECT_EQ(e.Metrics({.principal = p, .by = "agent"}).status().code(),
              StatusCode::kPermissionDenied);
    EXPECT_EQ(e.Metrics({.principal = p, .id = p.user_id == "bob" ? "alice" : "bob"})
                  .status()
                  .code(),
              StatusCode::kPermissionDenied);
  }
  EXPECT_EQ(e.Metrics({.principal = bob, .by = "team", .id = "sales"}).status().code(),
            StatusCode::kPermissionDenied);
}

INSTANTIATE_TEST_SUITE_P(Backends, StatisticsSideChannel, ::testing::Values("sqlite", "memory"));

}  // namespace
}  // namespace engram
