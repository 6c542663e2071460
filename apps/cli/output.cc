#include "apps/cli/output.h"

#include <cstdio>

#include "engram/iso8601.h"

namespace engram::cli {
namespace {

using nlohmann::json;

json Time(const std::optional<Instant>& t) {
  return t ? json(FormatIso8601(*t)) : json(nullptr);
}

json ParseObject(const std::string& text) {
  json j = json::parse(text, nullptr, /*allow_exceptions=*/false);
  return j.is_discarded() ? json::object() : j;
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
      {"metadata", ParseObject(m.metadata_json)},
  };
}

json HitJson(const RecallHit& h) {
  json j = MemoryJson(h.memory);
  j["score"] = h.score;
  json channels = json::object();
  for (const auto& [name, c] : h.channels) channels[name] = {{"rank", c.rank}, {"score", c.score}};
  j["channels"] = channels;
  const HitExplanation& e = h.explanation;
  j["explanation"] = {{"rrf", e.rrf},
                      {"decay", e.decay},
                      {"confidence", e.confidence},
                      {"time", e.time},
                      {"rerank", e.rerank},
                      {"age_hours", static_cast<double>(e.age_ms) / 3600000.0}};
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
          {"memories", {{"current", s.memories_current},
                        {"versions", s.memories_versions},
                        {"deleted", s.memories_deleted}}},
          {"audit_records", s.audit_records}};
}

std::string MemoryLine(const Memory& m) {
  std::string line = "#" + std::to_string(m.id) + " v" + std::to_string(m.version) + " " +
                     std::string(ToString(m.type)) + "/" + std::string(ToString(m.kind));
  if (!m.current) {
    line += m.status == MemoryStatus::kDeleted ? " (deleted)" : " (superseded)";
  }
  line += " " + FormatIso8601(m.source.at) + "  " + m.content;
  return line;
}

std::string HitLine(const RecallHit& h) {
  char score[32];
  std::snprintf(score, sizeof score, "%.4f", h.score);
  std::string why;
  for (const auto& [name, c] : h.channels) {
    why += (why.empty() ? "" : ", ") + name + " #" + std::to_string(c.rank);
  }
  return std::string("[") + score + "] " + MemoryLine(h.memory) + "   <" + why + ">";
}

std::string ExplainLines(const RecallHit& h) {
  char buf[256];
  std::string out;
  for (const auto& [name, c] : h.channels) {
    std::snprintf(buf, sizeof buf, "      %-8s rank %d, score %.4f\n", name.c_str(), c.rank,
                  c.score);
    out += buf;
  }
  const HitExplanation& e = h.explanation;
  std::snprintf(buf, sizeof buf,
                "      score %.5f = rrf %.5f x decay %.3f (age %.1f days) x confidence %.2f x "
                "time %.2f x rerank %.2f\n",
                h.score, e.rrf, e.decay, static_cast<double>(e.age_ms) / 86400000.0, e.confidence,
                e.time, e.rerank);
  out += buf;
  const Source& s = h.memory.source;
  out += "      source: session '" + s.session_id + "', message " +
         std::to_string(s.message_id) + ", " + std::string(ToString(s.type)) + " at " +
         FormatIso8601(s.at) + "\n";
  return out;
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

std::string ReviewLine(const ReviewItemView& r) {
  std::string line = "review #" + std::to_string(r.id) + " " + r.kind + " " + r.user_id;
  if (r.memory_id) line += " memory " + std::to_string(r.memory_id);
  line += ": " + r.reason;
  if (r.resolved_at) line += " [" + r.resolution + "d]";
  return line;
}

std::string AuditLine(const AuditEntryView& a) {
  std::string targets;
  for (int64_t t : a.targets) targets += (targets.empty() ? "" : ",") + std::to_string(t);
  return std::to_string(a.seq) + " " + FormatIso8601(a.at) + " " + a.actor_user +
         (a.actor_agent.empty() ? "" : "/" + a.actor_agent) + " " + a.action + " [" + targets +
         "] " + a.hash.substr(0, 12);
}

}  // namespace engram::cli
