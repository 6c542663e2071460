#include "apps/serve/json_codec.h"

#include <charconv>

#include "engram/iso8601.h"
#include "engram/json_limits.h"
#include "engram/status_macros.h"

namespace engram::serve {
namespace {

using nlohmann::json;

json Time(const std::optional<Instant>& t) { return t ? json(FormatIso8601(*t)) : json(nullptr); }

json ParseObject(const std::string& text) {
  if (!CheckJsonDepth(text, "json").ok()) return json::object();
  json j = json::parse(text, nullptr, /*allow_exceptions=*/false);
  return j.is_discarded() ? json::object() : j;
}

const json* Field(const json& obj, const char* field) {
  if (!obj.is_object()) return nullptr;
  auto it = obj.find(field);
  return it == obj.end() || it->is_null() ? nullptr : &*it;
}

Status TypeError(const char* field, const char* type) {
  return Status::InvalidArgument(std::string(field) + ": must be " + type);
}

}  // namespace

json MemoryJson(const Memory& m) {
  json time = nullptr;
  if (m.event_time) {
    time = {{"from", FormatIso8601(m.event_time->from)},
            {"to", FormatIso8601(m.event_time->to)},
            {"grain", ToString(m.event_time->grain)}};
  }
  return {
      {"id", m.id},
      {"content", m.content},
      {"type", ToString(m.type)},
      {"kind", ToString(m.kind)},
      {"status", ToString(m.status)},
      {"version", m.version},
      {"current", m.current},
      {"lineage_id", m.lineage_id},
      {"supersedes", m.supersedes ? json(m.supersedes) : json(nullptr)},
      {"scope",
       {{"user", m.scope.user_id},
        {"agent", m.scope.agent_id},
        {"team", m.scope.team_id.empty() ? json(nullptr) : json(m.scope.team_id)},
        {"visibility", ToString(m.scope.visibility)}}},
      {"subject", m.subject},
      {"attribute", m.attribute},
      {"value", m.value},
      {"time", time},
      {"valid_from", FormatIso8601(m.valid_from)},
      {"valid_to", Time(m.valid_to)},
      {"recorded_at", FormatIso8601(m.recorded_at)},
      {"superseded_at", Time(m.superseded_at)},
      {"expires_at", Time(m.expires_at)},
      {"source",
       {{"session_id", m.source.session_id},
        {"message_id", m.source.message_id},
        {"at", FormatIso8601(m.source.at)},
        {"source_type", ToString(m.source.type)},
        {"actor", m.source.actor}}},
      {"confidence",
       {{"temporal", m.confidence.temporal},
        {"entity", m.confidence.entity},
        {"event_type", m.confidence.event_type},
        {"source", m.confidence.source},
        {"consistency", m.confidence.consistency},
        {"overall", m.confidence.overall}}},
      {"reinforced", m.reinforced},
      {"last_seen", Time(m.last_seen)},
      {"metadata", ParseObject(m.metadata_json)},
  };
}

json HitJson(const RecallHit& h) {
  json j = MemoryJson(h.memory);
  j["score"] = h.score;
  j["relevance"] = h.relevance;
  j["state"] = h.state;
  j["superseded_by"] = h.superseded_by ? json(h.superseded_by) : json(nullptr);
  json channels = json::object();
  for (const auto& [name, c] : h.channels) channels[name] = {{"rank", c.rank}, {"score", c.score}};
  j["channels"] = channels;
  const HitExplanation& e = h.explanation;
  j["explanation"] = {{"rrf", e.rrf},
                      {"decay", e.decay},
                      {"confidence", e.confidence},
                      {"time", e.time},
                      {"rerank", e.rerank},
                      {"context", e.context},
                      {"age_hours", static_cast<double>(e.age_ms) / 3600000.0}};
  return j;
}

json ReviewJson(const ReviewItemView& r) {
  json j = {{"id", r.id},
            {"kind", r.kind},
            {"user", r.user_id},
            {"memory_id", r.memory_id ? json(r.memory_id) : json(nullptr)},
            {"message_id", r.message_id ? json(r.message_id) : json(nullptr)},
            {"reason", r.reason},
            {"payload", ParseObject(r.payload_json)},
            {"created_at", FormatIso8601(r.created_at)}};
  j["resolved_at"] = r.resolved_at ? json(FormatIso8601(*r.resolved_at)) : json(nullptr);
  j["resolution"] = r.resolution.empty() ? json(nullptr) : json(r.resolution);
  return j;
}

json AuditJson(const AuditEntryView& a) {
  return {{"seq", a.seq},
          {"at", FormatIso8601(a.at)},
          {"actor", {{"user", a.actor_user}, {"agent", a.actor_agent}}},
          {"action", a.action},
          {"targets", a.targets},
          {"request_id", a.request_id},
          {"detail", ParseObject(a.detail_json)},
          {"hash", a.hash}};
}

json StatsJson(const EngineStats& s) {
  return {{"backend", s.backend},
          {"schema_version", s.schema_version},
          {"messages", s.messages},
          {"memories",
           {{"current", s.memories_current},
            {"versions", s.memories_versions},
            {"deleted", s.memories_deleted},
            {"dormant", s.memories_dormant},
            {"expired", s.memories_expired}}},
          {"vectors", {{"hot", s.vectors_hot}, {"cold", s.vectors_cold}}},
          {"audit_records", s.audit_records}};
}

namespace {

// The windowed counts of MemoryMetrics and of each bucket of its series.
template <typename Counts>
json WindowedJson(const Counts& c) {
  return {{"from", FormatIso8601(c.from)},
          {"to", FormatIso8601(c.to)},
          {"recalls", c.recalls},
          {"used", c.used},
          {"hit_rate", c.hit_rate},
          {"repeated_questions", c.repeated_questions},
          {"repeated_question_rate", c.repeated_question_rate},
          {"messages", c.messages},
          {"context_reloads", c.context_reloads},
          {"context_reload_rate", c.context_reload_rate},
          {"writes_by_signal", c.writes_by_signal},
          {"review_open", c.review_open},
          {"quarantined", c.quarantined}};
}

}  // namespace

json MetricsJson(const MemoryMetrics& m) {
  json out = WindowedJson(m);
  out["by"] = m.by;
  out["id"] = m.id;
  if (m.series.empty()) return out;
  json series = json::array();
  for (const MetricsBucket& b : m.series) series.push_back(WindowedJson(b));
  out["series"] = series;
  return out;
}

json ApiKeyJson(const ApiKey& k) {
  return {{"id", k.id},
          {"name", k.name},
          {"user", k.principal.user_id},
          {"agent", k.principal.agent_id},
          {"teams", k.principal.teams},
          {"roles", k.principal.roles},
          {"created_at", FormatIso8601(k.created_at)},
          {"revoked_at", Time(k.revoked_at)}};
}

Result<std::optional<std::string>> OptString(const json& obj, const char* field) {
  const json* f = Field(obj, field);
  if (!f) return std::optional<std::string>();
  if (!f->is_string()) return TypeError(field, "a string");
  return std::optional<std::string>(f->get<std::string>());
}

Result<std::optional<int64_t>> OptInt(const json& obj, const char* field) {
  const json* f = Field(obj, field);
  if (!f) return std::optional<int64_t>();
  if (!f->is_number_integer()) return TypeError(field, "an integer");
  if (f->is_number_unsigned() && f->get<uint64_t>() > static_cast<uint64_t>(INT64_MAX)) {
    return TypeError(field, "an integer below 2^63");
  }
  return std::optional<int64_t>(f->get<int64_t>());
}

Result<std::optional<bool>> OptBool(const json& obj, const char* field) {
  const json* f = Field(obj, field);
  if (!f) return std::optional<bool>();
  if (!f->is_boolean()) return TypeError(field, "a boolean");
  return std::optional<bool>(f->get<bool>());
}

Result<std::optional<double>> OptNumber(const json& obj, const char* field) {
  const json* f = Field(obj, field);
  if (!f) return std::optional<double>();
  if (!f->is_number()) return TypeError(field, "a number");
  return std::optional<double>(f->get<double>());
}

Result<std::vector<std::string>> StringList(const json& obj, const char* field) {
  std::vector<std::string> out;
  const json* f = Field(obj, field);
  if (!f) return out;
  if (f->is_string()) return std::vector<std::string>{f->get<std::string>()};
  if (!f->is_array()) return TypeError(field, "a string or an array of strings");
  for (const json& item : *f) {
    if (!item.is_string()) return TypeError(field, "a string or an array of strings");
    out.push_back(item.get<std::string>());
  }
  return out;
}

Result<std::optional<Instant>> OptTime(const json& obj, const char* field) {
  ENGRAM_ASSIGN_OR_RETURN(auto text, OptString(obj, field));
  if (!text) return std::optional<Instant>();
  auto t = ParseIso8601(*text);
  if (!t.ok()) return t.status().WithPrefix(field);
  return std::optional<Instant>(*t);
}

Result<int64_t> ParseIntParam(const std::string& name, const std::string& text, int64_t lo,
                              int64_t hi) {
  int64_t v = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size() || v < lo || v > hi) {
    return Status::InvalidArgument(name + ": must be an integer in [" + std::to_string(lo) +
                                   ", " + std::to_string(hi) + "]");
  }
  return v;
}

Result<int64_t> ParseId(const std::string& text) {
  int64_t id = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), id);
  if (ec != std::errc() || end != text.data() + text.size() || id <= 0) {
    return Status::InvalidArgument("id: '" + text.substr(0, 32) + "' is not a positive integer");
  }
  return id;
}

}  // namespace engram::serve
