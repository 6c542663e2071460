// The access matrix of issue 7 / seed 003 §5: (owner, teammate, other team, public reader,
// admin) x (get, recall, history, correct, forget) over a private, a team and a public
// memory, on both store backends. Every cell starts from a fresh database, so a correct or
// forget in one cell cannot hide a denial in another.
#include <gtest/gtest.h>

#include <string>
#include <tuple>

#include "engram/engine.h"
#include "src/testing/temp_dir.h"
#include "src/testing/test_backends.h"

namespace engram {
namespace {

enum class Who { kOwner, kTeammate, kOtherTeam, kPublicReader, kAdmin };
enum class Op { kGet, kRecall, kHistory, kCorrect, kForget };
enum class Kind { kPrivate, kTeam, kPublic };

Principal PrincipalOf(Who w) {
  switch (w) {
    case Who::kOwner: return {"alice", "agent-a", {"sales"}, {}};
    case Who::kTeammate: return {"carol", "agent-c", {"sales"}, {}};
    case Who::kOtherTeam: return {"bob", "agent-b", {"rnd"}, {}};
    case Who::kPublicReader: return {"dave", "", {}, {}};
    case Who::kAdmin: return {"root", "", {}, {"admin"}};
  }
  return {};
}

// The expected outcome: "ok", "NotFound" (invisible: reported exactly like a missing id) or
// "PermissionDenied" (visible but read-only).
std::string Expected(Kind kind, Who who, Op op) {
  const bool write = op == Op::kCorrect || op == Op::kForget;
  switch (kind) {
    case Kind::kPrivate:  // only the owner; not even the admin reads private memories
      return who == Who::kOwner ? "ok" : "NotFound";
    case Kind::kTeam:  // members of the team read and change it
      return who == Who::kOwner || who == Who::kTeammate ? "ok" : "NotFound";
    case Kind::kPublic:  // everyone reads; only admins change
      return !write || who == Who::kAdmin ? "ok" : "PermissionDenied";
  }
  return "?";
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
  const std::string got = s.ok() ? "ok" : std::string(StatusCodeName(s.code()));
  EXPECT_EQ(got, Expected(kind, who, op)) << s.ToString();

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
  static const char* kWho[] = {"Owner", "Teammate", "OtherTeam", "PublicReader", "Admin"};
  static const char* kOps[] = {"Get", "Recall", "History", "Correct", "Forget"};
  const auto& [backend, kind, who, op] = info.param;
  return backend + "_" + kKinds[static_cast<int>(kind)] + "_" + kWho[static_cast<int>(who)] +
         "_" + kOps[static_cast<int>(op)];
}

INSTANTIATE_TEST_SUITE_P(
    Matrix, AccessMatrixTest,
    ::testing::Combine(::testing::Values("sqlite", "memory", "postgres"),
                       ::testing::Values(Kind::kPrivate, Kind::kTeam, Kind::kPublic),
                       ::testing::Values(Who::kOwner, Who::kTeammate, Who::kOtherTeam,
                                         Who::kPublicReader, Who::kAdmin),
                       ::testing::Values(Op::kGet, Op::kRecall, Op::kHistory, Op::kCorrect,
                                         Op::kForget)),
    Name);

}  // namespace
}  // namespace engram
