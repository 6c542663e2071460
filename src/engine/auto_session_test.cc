// Automatic sessions (auto_session.h): the id, the gap rule, and the engine's three write
// paths (Remember, Enqueue + ProcessQueue in one batch, and one request per batch) giving the
// same sessions for the same messages on both backends.
#include "src/engine/auto_session.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engram/engine.h"
#include "src/base/utf8.h"
#include "src/base/time.h"
#include "src/testing/temp_dir.h"

namespace engram::engine {
namespace {

Instant At(const char* iso) {
  auto t = base::ParseIso8601(iso);
  EXPECT_TRUE(t.ok()) << iso;
  return t.ok() ? *t : Instant{};
}

TEST(AutoSessionTest, IdNamesThePairAndTheFirstTurnInUtc) {
  EXPECT_EQ(AutoSessionId({"alice", ""}, At("2024-06-14T15:00:00+08:00")),
            "auto-alice-2024-06-14T07:00:00Z");
  EXPECT_EQ(AutoSessionId({"alice", "bot"}, At("2024-06-14T07:00:00.250Z")),
            "auto-alice-bot-2024-06-14T07:00:00.250Z");
  // Long names are cut on a character boundary so that the id stays a valid session id.
  std::string user;
  for (int i = 0; i < 60; ++i) user += "张";
  const std::string agent(100, 'a');
  for (const Principal& p : {Principal{user, ""}, Principal{user, agent}}) {
    const std::string id = AutoSessionId(p, At("2024-06-14T07:00:00Z"));
    EXPECT_LE(id.size(), 128u) << id;
    EXPECT_TRUE(base::IsValidUtf8(id)) << id;
    EXPECT_TRUE(id.ends_with("-2024-06-14T07:00:00Z")) << id;
  }
}

TEST(AutoSessionTest, ContinuesOnlyAnAutomaticSessionWithinTheGap) {
  const int64_t t = 1718348400000;
  const std::string s = "auto-alice-2024-06-14T07:00:00Z";
  EXPECT_TRUE(ContinuesAutoSession(s, t, t, 30));
  EXPECT_TRUE(ContinuesAutoSession(s, t, t + 30 * 60000, 30));
  EXPECT_FALSE(ContinuesAutoSession(s, t, t + 30 * 60000 + 1, 30));
  EXPECT_TRUE(ContinuesAutoSession(s, t, t - 60000, 30));  // said a minute before: same talk
  EXPECT_FALSE(ContinuesAutoSession("weekly", t, t, 30));  // a named session is not continued
  EXPECT_FALSE(ContinuesAutoSession("", t, t, 30));
  EXPECT_FALSE(ContinuesAutoSession(s, t, t, 0));  // off
}

struct Turn {
  const char* user;
  const char* at;
  const char* session;  // given by the caller; "" = none
  const char* text;
};

// Two users interleaved, a long pause, a named session in between.
constexpr Turn kTurns[] = {
    {"alice", "2024-07-15T09:00:00+08:00", "", "李工说接口文档周五前给"},
    {"bob", "2024-07-15T09:05:00+08:00", "", "我明天请假"},
    {"alice", "2024-07-15T09:20:00+08:00", "", "顺便把测试报告也发一下"},
    {"alice", "2024-07-15T09:45:00+08:00", "", "他说要把接口改成异步"},
    {"bob", "2024-07-15T09:50:00+08:00", "", "我后天回来"},
    {"alice", "2024-07-15T11:00:00+08:00", "", "下午三点开周会"},
    {"alice", "2024-07-15T11:01:00+08:00", "weekly", "周会改到四点"},
    {"alice", "2024-07-15T11:02:00+08:00", "", "会议室订好了"},
};

const std::vector<std::string> kWant = {
    "auto-alice-2024-07-15T01:00:00Z", "auto-bob-2024-07-15T01:05:00Z",
    "auto-alice-2024-07-15T01:00:00Z", "auto-alice-2024-07-15T01:00:00Z",
    "auto-bob-2024-07-15T01:50:00Z",  // 45 minutes after Bob's last turn
    "auto-alice-2024-07-15T03:00:00Z", "weekly",
    "auto-alice-2024-07-15T03:02:00Z",  // the named session ended the automatic one
};

RememberRequest Request(const Turn& t) {
  RememberRequest r;
  r.principal.user_id = t.user;
  r.session_id = t.session;
  r.at = At(t.at);
  r.text = t.text;
  return r;
}

enum class Path { kRemember, kOneBatch, kOnePerBatch };

// The session of each turn's record, written through `path`.
std::vector<std::string> Sessions(const std::string& backend, Path path, double gap = 30) {
  testing::TempDir dir;
  Options o;
  o.backend = backend;
  o.db_path = dir.path() + "/engram.db";
  o.embedder = "hashing";
  o.auto_session_gap_minutes = gap;
  auto opened = Engine::Open(o);
  EXPECT_TRUE(opened.ok()) << opened.status().ToString();
  if (!opened.ok()) return {};
  Engine& e = **opened;
  std::vector<std::string> out;
  auto record_of = [&](const RememberResult& r) {
    out.push_back(r.memories.empty() ? "<none>" : r.memories[0].source.session_id);
  };
  if (path == Path::kRemember) {
    for (const Turn& t : kTurns) {
      auto r = e.Remember(Request(t));
      EXPECT_TRUE(r.ok()) << r.status().ToString();
      if (r.ok()) record_of(*r);
    }
    return out;
  }
  std::vector<RememberRequest> all;
  for (const Turn& t : kTurns) all.push_back(Request(t));
  auto ids = e.Enqueue(all);
  EXPECT_TRUE(ids.ok()) << ids.status().ToString();
  if (!ids.ok()) return {};
  const int per_call = path == Path::kOneBatch ? 100 : 1;
  for (int done = 0; done < static_cast<int>(all.size());) {
    auto n = e.ProcessQueue(per_call);
    EXPECT_TRUE(n.ok() && *n > 0) << n.status().ToString();
    if (!n.ok() || *n == 0) return {};
    done += *n;
  }
  for (int64_t id : *ids) {
    auto q = e.GetQueued(Principal{kTurns[out.size()].user, ""}, id);
    EXPECT_TRUE(q.ok() && q->result) << q.status().ToString();
    if (q.ok() && q->result) record_of(*q->result);
  }
  return out;
}

TEST(AutoSessionTest, EveryWritePathGroupsTheSameTurnsOnBothBackends) {
  for (const char* backend : {"sqlite", "memory"}) {
    EXPECT_EQ(Sessions(backend, Path::kRemember), kWant) << backend;
    EXPECT_EQ(Sessions(backend, Path::kOneBatch), kWant) << backend;
    EXPECT_EQ(Sessions(backend, Path::kOnePerBatch), kWant) << backend;
  }
}

TEST(AutoSessionTest, ZeroGapLeavesTurnsWithoutASession) {
  const std::vector<std::string> got = Sessions("memory", Path::kOneBatch, 0);
  ASSERT_EQ(got.size(), std::size(kTurns));
  for (size_t i = 0; i < got.size(); ++i) EXPECT_EQ(got[i], kTurns[i].session) << i;
}

}  // namespace
}  // namespace engram::engine
