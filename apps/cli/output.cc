#include "apps/cli/output.h"

#include <cstdio>

#include "engram/iso8601.h"

namespace engram::cli {

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
  std::string state;
  if (h.state != "current") {
    state = " (" + h.state +
            (h.superseded_by ? ", replaced by #" + std::to_string(h.superseded_by) : "") + ")";
  }
  return std::string("[") + score + "] " + MemoryLine(h.memory) + state + "   <" + why + ">";
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
  std::snprintf(buf, sizeof buf, "      relevance %.2f, %s\n", h.relevance, h.state.c_str());
  out += buf;
  const Confidence& c = h.memory.confidence;
  std::snprintf(buf, sizeof buf,
                "      confidence: temporal %.2f, entity %.2f, event %.2f, source %.2f, "
                "consistency %.2f, overall %.2f\n",
                c.temporal, c.entity, c.event_type, c.source, c.consistency, c.overall);
  out += buf;
  if (h.memory.reinforced > 0 && h.memory.last_seen) {
    out += "      reinforced " + std::to_string(h.memory.reinforced) + "x, last seen " +
           FormatIso8601(*h.memory.last_seen) + "\n";
  }
  const Source& s = h.memory.source;
  out += "      source: session '" + s.session_id + "', message " +
         std::to_string(s.message_id) + ", " + std::string(ToString(s.type)) + " at " +
         FormatIso8601(s.at) + "\n";
  return out;
}

std::string ReviewLine(const ReviewItemView& r) {
  std::string line = "review #" + std::to_string(r.id) + " " + r.kind + " " + r.user_id;
  if (r.memory_id) line += " memory " + std::to_string(r.memory_id);
  line += ": " + r.reason;
  if (r.resolved_at) {
    // approve -> approved, reject -> rejected; "confirmed" (by a later mention) as it is.
    const bool verb = r.resolution == "approve" || r.resolution == "reject";
    line += " [" + r.resolution + (verb ? "d]" : "]");
  }
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
