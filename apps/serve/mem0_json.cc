#include "apps/serve/mem0_json.h"

#include <algorithm>

#include "apps/serve/json_codec.h"
#include "engram/iso8601.h"

namespace engram::serve {
namespace {

using nlohmann::json;

// Users synthesized for a scope named by agent_id or run_id alone (see auth.cc).
bool SyntheticUser(const std::string& user) {
  return user.rfind("agent:", 0) == 0 || user.rfind("run:", 0) == 0;
}

bool Contains(const std::vector<int64_t>& ids, int64_t id) {
  return std::find(ids.begin(), ids.end(), id) != ids.end();
}

}  // namespace

json Mem0Item(const Memory& m, const std::string& created_at) {
  const std::string recorded = FormatIso8601(m.recorded_at);
  json metadata = MemoryJson(m)["metadata"];
  json out = {
      {"id", std::to_string(m.lineage_id ? m.lineage_id : m.id)},
      {"memory", m.content},
      {"metadata", metadata.empty() ? json(nullptr) : metadata},
      {"categories", json::array({ToString(m.kind)})},
      {"created_at", created_at.empty() ? recorded : created_at},
      {"updated_at", recorded},
      {"expiration_date", m.valid_to ? json(FormatIso8601(*m.valid_to).substr(0, 10))
                                     : json(nullptr)},
      {"version", m.version},
      {"version_id", std::to_string(m.id)},
      {"current", m.current},
      {"status", ToString(m.status)},
      {"type", ToString(m.type)},
      {"kind", ToString(m.kind)},
  };
  if (!m.scope.user_id.empty() && !SyntheticUser(m.scope.user_id)) {
    out["user_id"] = m.scope.user_id;
  }
  if (!m.scope.agent_id.empty()) out["agent_id"] = m.scope.agent_id;
  if (!m.source.session_id.empty()) out["run_id"] = m.source.session_id;
  return out;
}

json Mem0Hit(const RecallHit& h) {
  json out = Mem0Item(h.memory);
  out["score"] = h.relevance;
  out["state"] = h.state;
  out["superseded_by"] = h.superseded_by ? json(std::to_string(h.superseded_by)) : json(nullptr);
  return out;
}

std::string Mem0AddEvent(const Memory& m, const RememberResult& r) {
  if (Contains(r.reinforced, m.id) || m.id == r.duplicate_of) return "NONE";
  if (m.supersedes != 0 && !Contains(r.outranked, m.id)) return "UPDATE";
  return "ADD";
}

json Mem0History(const std::vector<Memory>& versions) {
  json out = json::array();
  if (versions.empty()) return out;
  const Memory& first = versions.front();
  const std::string lineage = std::to_string(first.lineage_id ? first.lineage_id : first.id);
  const std::string created = FormatIso8601(first.recorded_at);
  json previous = nullptr;
  for (size_t i = 0; i < versions.size(); ++i) {
    const Memory& v = versions[i];
    out.push_back({{"id", std::to_string(v.id)},
                   {"memory_id", lineage},
                   {"old_memory", previous},
                   {"new_memory", v.content},
                   {"event", i == 0 ? "ADD" : "UPDATE"},
                   {"created_at", created},
                   {"updated_at", FormatIso8601(v.recorded_at)},
                   {"is_deleted", false},
                   {"user_id", v.scope.user_id},
                   {"version", v.version}});
    previous = v.content;
  }
  const Memory& last = versions.back();
  if (last.status == MemoryStatus::kDeleted) {
    const Instant when = last.superseded_at.value_or(last.valid_to.value_or(last.recorded_at));
    out.push_back({{"id", std::to_string(last.id)},
                   {"memory_id", lineage},
                   {"old_memory", last.content},
                   {"new_memory", nullptr},
                   {"event", "DELETE"},
                   {"created_at", created},
                   {"updated_at", FormatIso8601(when)},
                   {"is_deleted", true},
                   {"user_id", last.scope.user_id},
                   {"version", last.version}});
  }
  return out;
}

}  // namespace engram::serve
