// Automatic sessions: a remember that names no session (a caller that passes only a user, the
// common Mem0 usage) is grouped with the other turns of its user and agent by time
// (Options::auto_session_gap_minutes). A message continues the pair's automatic session when
// the pair's latest message is in one and was said at most the gap before (or after) it;
// otherwise it opens a new one, named after the pair and the time of its first message:
//
//   AutoSessionId({"alice", ""}, 2024-06-14T07:00:00Z) == "auto-alice-2024-06-14T07:00:00Z"
//
// The id is deterministic for the same messages in the same order, and visible like any
// session id, so the previous turn joins the embedding and recall's session spreading
// (context_share_before/after) lends score between neighbouring turns. The self-contained
// rewrite (pronouns and relative times, Options::self_contained_memories) stays for sessions
// the caller named: separate notes a few minutes apart are not one conversation for certain,
// and a wrong antecedent would change what is stored. A message with an explicit session id
// is never changed, and a message after one ends the automatic session (the latest message
// decides). Ids starting with "auto-" are reserved for these sessions.
//
// Thread safety: AutoSessionId and ContinuesAutoSession are pure. An AutoSessions object is
// used by one thread for one call (a Remember, or one ProcessQueue batch); concurrent calls
// for the same user and agent may each open a session.
#ifndef ENGRAM_ENGINE_AUTO_SESSION_H_
#define ENGRAM_ENGINE_AUTO_SESSION_H_

#include <cstdint>
#include <map>
#include <string>
#include <string_view>

#include "engram/engine.h"
#include "engram/status.h"
#include "src/store/store.h"

namespace engram::engine {

inline constexpr std::string_view kAutoSessionPrefix = "auto-";

// Whether `session_id` names an automatic session.
inline bool IsAutoSession(std::string_view session_id) {
  return session_id.starts_with(kAutoSessionPrefix);
}

// "auto-<user>[-<agent>]-<first, ISO 8601 in UTC>", at most 128 bytes (the user and agent
// are cut on a character boundary when longer).
std::string AutoSessionId(const Principal& principal, const Instant& first);

// Whether a message said at `at_ms` continues `last_session`, the session of the pair's
// latest message said at `last_ms`: it is automatic and |at_ms - last_ms| <= gap.
bool ContinuesAutoSession(std::string_view last_session, int64_t last_ms, int64_t at_ms,
                          double gap_minutes);

class AutoSessions {
 public:
  // `store` is not owned and must outlive this object. gap_minutes <= 0 turns it off.
  AutoSessions(store::Store* store, double gap_minutes);

  // When `request` names no session and the feature is on, sets request->session_id to its
  // pair's current automatic session (this batch's latest noted request first, else the
  // store's latest message) or to a new one opened at the request's time (`at`, default
  // ctx.now). Errors: those of the store.
  Status Assign(const store::OpContext& ctx, RememberRequest* request);

  // Records that `request` (after Assign) goes to the store in this batch, so that a later
  // request of the same pair continues from it. Call only for requests that were prepared.
  void Note(const store::OpContext& ctx, const RememberRequest& request);

 private:
  struct Latest {
    std::string session_id;
    int64_t at_ms = 0;
  };
  static std::string PairKey(const Principal& principal);

  store::Store* store_;
  double gap_minutes_;
  std::map<std::string, Latest> batch_;  // pair -> its latest uncommitted message
};

}  // namespace engram::engine

#endif  // ENGRAM_ENGINE_AUTO_SESSION_H_
