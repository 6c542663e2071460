#include "src/store/memory/side_tables.h"

#include "src/store/outbox_claims.h"

namespace engram::store {
namespace {

Status UnknownKey(const std::string& id) {
  return Status::NotFound("store: api key '" + id + "' not found");
}

}  // namespace

Status MemorySideTables::PutApiKey(const ApiKeyRecord& key) {
  if (!keys_.emplace(key.id, key).second) {
    return Status::AlreadyExists("store: api key '" + key.id + "' exists");
  }
  key_order_.push_back(key.id);
  return Status::OK();
}

Result<ApiKeyRecord> MemorySideTables::GetApiKey(const std::string& id) const {
  auto it = keys_.find(id);
  if (it == keys_.end()) return UnknownKey(id);
  return it->second;
}

std::vector<ApiKeyRecord> MemorySideTables::ListApiKeys() const {
  std::vector<ApiKeyRecord> out;
  for (const std::string& id : key_order_) out.push_back(keys_.at(id));
  return out;
}

Status MemorySideTables::RevokeApiKey(const std::string& id, const Instant& now) {
  auto it = keys_.find(id);
  if (it == keys_.end()) return UnknownKey(id);
  if (!it->second.revoked_at) it->second.revoked_at = now;
  return Status::OK();
}

std::vector<int64_t> MemorySideTables::Enqueue(const std::vector<OutboxDraft>& rows,
                                               const Instant& now) {
  std::vector<int64_t> ids;
  for (const OutboxDraft& d : rows) {
    OutboxEntry e;
    e.id = outbox_.empty() ? 1 : outbox_.rbegin()->first + 1;
    e.user_id = d.user_id;
    e.request = d.request;
    e.session_key = d.session_key;
    e.created_at = now;
    ids.push_back(e.id);
    outbox_[e.id] = std::move(e);
  }
  return ids;
}

std::vector<OutboxEntry> MemorySideTables::ListQueued(int64_t after_id, int limit) const {
  std::vector<OutboxEntry> out;
  for (auto it = outbox_.upper_bound(after_id);
       it != outbox_.end() && static_cast<int>(out.size()) < limit; ++it) {
    if (it->second.state == "queued") out.push_back(it->second);
  }
  return out;
}

Result<OutboxEntry> MemorySideTables::GetOutbox(const std::string& user_id, int64_t id) const {
  auto it = outbox_.find(id);
  if (it == outbox_.end() || it->second.user_id != user_id) {
    return Status::NotFound("store: ingest request " + std::to_string(id) + " not found");
  }
  return it->second;
}

Status MemorySideTables::FailOutbox(int64_t id, const std::string& owner,
                                    const std::string& error, const Instant& now) {
  auto it = outbox_.find(id);
  if (it == outbox_.end() || it->second.state != "queued" ||
      !LeaseHeld(it->second.lease_owner, it->second.lease_until_ms, owner, now.unix_ms)) {
    return Status::Conflict("store: ingest request " + std::to_string(id) +
                            " is not queued or is held by another worker");
  }
  it->second.state = "failed";
  it->second.error = error;
  it->second.request.clear();  // a processed request is not kept
  it->second.lease_owner.clear();
  it->second.lease_until_ms = 0;
  return Status::OK();
}

Status MemorySideTables::RewriteQueued(int64_t id, const std::string& old_request,
                                       const std::string& request) {
  auto it = outbox_.find(id);
  if (it == outbox_.end() || it->second.state != "queued" || it->second.request != old_request) {
    return Status::Conflict("store: ingest request " + std::to_string(id) +
                            " is no longer queued as read");
  }
  it->second.request = request;
  return Status::OK();
}

std::vector<OutboxEntry> MemorySideTables::Claim(const std::string& owner, int limit,
                                                 int64_t lease_ms, const Instant& now) {
  std::vector<ClaimCandidate> candidates;
  for (const auto& [id, e] : outbox_) {
    if (e.state != "queued") continue;
    candidates.push_back(
        {id, e.session_key, LeaseFree(e.lease_owner, e.lease_until_ms, owner, now.unix_ms)});
  }
  std::vector<OutboxEntry> out;
  for (int64_t id : ChooseClaims(candidates, limit)) {
    OutboxEntry& e = outbox_.at(id);
    e.lease_owner = owner;
    e.lease_until_ms = now.unix_ms + lease_ms;
    out.push_back(e);
  }
  return out;
}

std::vector<int64_t> MemorySideTables::Renew(const std::string& owner,
                                             const std::vector<int64_t>& ids, int64_t lease_ms,
                                             const Instant& now) {
  std::vector<int64_t> lost;
  for (int64_t id : ids) {
    auto it = outbox_.find(id);
    if (it == outbox_.end() || it->second.state != "queued" || it->second.lease_owner != owner) {
      lost.push_back(id);
      continue;
    }
    it->second.lease_until_ms = now.unix_ms + lease_ms;
  }
  return lost;
}

void MemorySideTables::Release(const std::string& owner, const std::vector<int64_t>& ids) {
  for (int64_t id : ids) {
    auto it = outbox_.find(id);
    if (it == outbox_.end() || it->second.state != "queued" || it->second.lease_owner != owner) {
      continue;
    }
    it->second.lease_owner.clear();
    it->second.lease_until_ms = 0;
  }
}

Status MemorySideTables::CheckQueued(int64_t id, const std::string& owner,
                                     const Instant& now) const {
  auto it = outbox_.find(id);
  bool ok = it != outbox_.end() && it->second.state == "queued" &&
            LeaseHeld(it->second.lease_owner, it->second.lease_until_ms, owner, now.unix_ms);
  if (ok && !it->second.session_key.empty()) {
    for (auto older = outbox_.begin(); older != it; ++older) {
      if (older->second.state == "queued" &&
          older->second.session_key == it->second.session_key) {
        ok = false;
        break;
      }
    }
  }
  if (!ok) {
    return Status::AlreadyExists("store: ingest request " + std::to_string(id) +
                                 " is not queued, is held by another worker, or follows a queued "
                                 "request of its session");
  }
  return Status::OK();
}

void MemorySideTables::MarkDone(int64_t id, const IngestOutcome& outcome,
                                const std::string& context_json) {
  OutboxEntry& e = outbox_.at(id);
  e.state = "done";
  e.request.clear();  // a processed request is not kept
  e.lease_owner.clear();
  e.lease_until_ms = 0;
  e.message_context = context_json;
  e.message_id = outcome.message_id;
  e.memory_ids.clear();
  for (const Memory& m : outcome.memories) e.memory_ids.push_back(m.id);
  e.superseded = outcome.superseded;
  e.reinforced = outcome.reinforced;
  e.outranked = outcome.outranked;
  e.candidates = outcome.candidates;
  e.reviews = outcome.reviews;
  e.entity_links = outcome.entity_links;
}

bool MemorySideTables::HasUser(const std::string& user_id) const {
  for (const auto& [id, e] : outbox_) {
    if (e.user_id == user_id) return true;
  }
  for (const auto& [id, k] : keys_) {
    if (k.principal.user_id == user_id) return true;
  }
  return false;
}

void MemorySideTables::EraseUser(const std::string& user_id, EraseOutcome* out) {
  for (auto it = outbox_.begin(); it != outbox_.end();) {
    bool mine = it->second.user_id == user_id;
    out->outbox_entries += mine;
    it = mine ? outbox_.erase(it) : std::next(it);
  }
  std::vector<std::string> kept;
  for (const std::string& id : key_order_) {
    if (keys_.at(id).principal.user_id == user_id) {
      keys_.erase(id);
      ++out->api_keys;
    } else {
      kept.push_back(id);
    }
  }
  key_order_.swap(kept);
}

void MemorySideTables::BlankRequestsOf(int64_t message_id) {
  for (auto& [id, e] : outbox_) {
    if (e.message_id != message_id || message_id == 0) continue;
    e.request.clear();
    e.message_context = "{}";
  }
}

}  // namespace engram::store
