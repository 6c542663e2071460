// EngineImpl::RememberMany and the prediction of the passages an in-order run of writes
// embeds (Prefetch, shared with ProcessQueue).
//
// A run is remembered one request after another, exactly as Remember calls would: every
// request is prepared against the store as the previous ones left it, then committed. What a
// run saves is the embedding: before it, every request's batch is prepared once more in order
// without writing (each seeing its session's uncommitted previous turn, as ProcessQueue once
// did), and the passages those batches will embed are embedded in one call. The real pass
// then finds its texts there; one the prediction missed (a turn whose rewrite depends on an
// entity an earlier request of the run creates, say) is embedded on its own.
#include <algorithm>
#include <numeric>

#include "src/engine/auto_session.h"
#include "src/engine/engine_impl_internal.h"

namespace engram::engine {
namespace {

// Failures that are not the request's own: later requests would fail alike.
bool StopsTheRun(StatusCode code) {
  switch (code) {
    case StatusCode::kUnavailable:
    case StatusCode::kDeadlineExceeded:
    case StatusCode::kIOError:
    case StatusCode::kCorruption:
    case StatusCode::kInternal:
    case StatusCode::kResourceExhausted:
      return true;
    default:
      return false;
  }
}

// Whether Store::ListRecent will list the turn's record as its session's latest turn once it
// is committed (the embedding context and pronoun history of the next turn).
bool Listed(const Memory& m, const Instant& now) {
  return m.type == MemoryType::kEpisodic &&
         (m.status == MemoryStatus::kActive || m.status == MemoryStatus::kDormant) &&
         (!m.expires_at || m.expires_at->unix_ms > now.unix_ms);
}

}  // namespace

Result<EngineImpl::Prefetched> EngineImpl::Prefetch(const std::vector<InOrder>& items) {
  Prefetched out;
  if (!vectors_ || items.empty()) return out;
  std::vector<Pending> pending;
  pending.reserve(items.size());  // last_in_session points into its elements
  std::map<std::string, SessionTail> last_in_session;  // session's latest, uncommitted
  engine::AutoSessions auto_sessions(store_.get(), options_.auto_session_gap_minutes);
  for (const InOrder& item : items) {
    RememberRequest request = item.request;
    if (!auto_sessions.Assign(Context(request.principal), &request).ok()) continue;
    Result<Pending> p = Prepare(request, item.outbox_id, &last_in_session, item.sealed);
    if (!p.ok()) continue;  // the real pass reports it
    auto_sessions.Note(p->ctx, request);
    pending.push_back(std::move(p).value());
    const auto& memories = pending.back().batch.memories;
    if (!request.session_id.empty() && !memories.empty() &&
        Listed(memories.front(), pending.back().ctx.now)) {
      SessionTail& tail = last_in_session[request.session_id];
      tail.last = &memories.front();  // the turn's record (its facts follow it)
      tail.turns.insert(tail.turns.begin(), {memories.front().content, ""});
    }
  }
  std::vector<std::string> texts;
  for (const Pending& p : pending) {
    for (const std::string& t : p.texts) {
      if (out.emplace(t, std::string()).second) texts.push_back(t);
    }
  }
  if (texts.empty()) return out;
  // Shortest first: the embedder cuts a long call into turns, each then of similar lengths.
  std::stable_sort(texts.begin(), texts.end(),
                   [](const std::string& a, const std::string& b) { return a.size() < b.size(); });
  auto vecs = vectors_->EmbedPassages(texts);
  if (!vecs.ok()) return vecs.status();
  for (size_t i = 0; i < texts.size(); ++i) out[texts[i]] = std::move((*vecs)[i]);
  return out;
}

std::vector<Result<RememberResult>> EngineImpl::RememberMany(
    const std::vector<RememberRequest>& requests, bool stop_at_first_error) {
  std::vector<Result<RememberResult>> out;
  out.reserve(requests.size());
  for (size_t start = 0; start < requests.size(); start += kPrefetchRequests) {
    const size_t end = std::min(requests.size(), start + kPrefetchRequests);
    std::vector<InOrder> items;
    for (size_t i = start; i < end; ++i) items.push_back({requests[i], 0, "", std::nullopt});
    auto prefetched = Prefetch(items);
    if (!prefetched.ok()) {
      out.push_back(prefetched.status());
      return out;
    }
    for (const InOrder& item : items) {
      out.push_back(RememberFrom(item.request, 0, std::nullopt, &*prefetched));
      const Status& s = out.back().status();
      if (!s.ok() && (stop_at_first_error || StopsTheRun(s.code()))) return out;
    }
  }
  return out;
}

}  // namespace engram::engine
