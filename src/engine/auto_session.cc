#include "src/engine/auto_session.h"

#include <cmath>
#include <cstdlib>
#include <utility>

#include "src/base/time.h"

namespace engram::engine {
namespace {

constexpr size_t kMaxSessionIdBytes = 128;  // ingest::ValidateId

// The first `max` bytes of `s`, cut back to a character boundary.
std::string_view Cut(std::string_view s, size_t max) {
  if (s.size() <= max) return s;
  size_t n = max;
  while (n > 0 && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80) --n;
  return s.substr(0, n);
}

}  // namespace

std::string AutoSessionId(const Principal& principal, const Instant& first) {
  const std::string when = "-" + base::FormatIso8601(Instant{first.unix_ms, 0});
  size_t room = kMaxSessionIdBytes - kAutoSessionPrefix.size() - when.size();
  std::string id(kAutoSessionPrefix);
  if (principal.agent_id.empty()) {
    id += Cut(principal.user_id, room);
  } else {
    const size_t half = (room - 1) / 2;
    const std::string_view agent = Cut(principal.agent_id, half);
    id += Cut(principal.user_id, room - 1 - agent.size());
    id += "-";
    id += agent;
  }
  return id + when;
}

bool ContinuesAutoSession(std::string_view last_session, int64_t last_ms, int64_t at_ms,
                          double gap_minutes) {
  if (gap_minutes <= 0 || !IsAutoSession(last_session)) return false;
  const double apart_minutes = std::fabs(static_cast<double>(at_ms - last_ms)) / 60000.0;
  return apart_minutes <= gap_minutes;
}

AutoSessions::AutoSessions(store::Store* store, double gap_minutes)
    : store_(store), gap_minutes_(gap_minutes) {}

std::string AutoSessions::PairKey(const Principal& principal) {
  return principal.user_id + '\x1f' + principal.agent_id;
}

Status AutoSessions::Assign(const store::OpContext& ctx, RememberRequest* request) {
  if (gap_minutes_ <= 0 || !request->session_id.empty()) return Status::OK();
  const Instant at = request->at.value_or(ctx.now);
  Latest latest;
  if (auto it = batch_.find(PairKey(request->principal)); it != batch_.end()) {
    latest = it->second;
  } else {
    store::OpContext as_sender = ctx;
    as_sender.principal = request->principal;
    auto last = store_->GetLastMessage(as_sender);
    if (!last.ok() && last.status().code() != StatusCode::kNotFound) return last.status();
    if (last.ok()) latest = Latest{std::move(last->session_id), last->at.unix_ms};
  }
  request->session_id =
      ContinuesAutoSession(latest.session_id, latest.at_ms, at.unix_ms, gap_minutes_)
          ? latest.session_id
          : AutoSessionId(request->principal, at);
  return Status::OK();
}

void AutoSessions::Note(const store::OpContext& ctx, const RememberRequest& request) {
  if (gap_minutes_ <= 0) return;
  batch_[PairKey(request.principal)] =
      Latest{request.session_id, request.at.value_or(ctx.now).unix_ms};
}

}  // namespace engram::engine
