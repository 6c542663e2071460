#include "python/bindings/dicts.h"

#include <nanobind/stl/map.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <optional>

#include "engram/iso8601.h"

namespace nb = nanobind;

namespace engram::python {
namespace {

nb::object Time(const std::optional<Instant>& t) {
  return t ? nb::cast(FormatIso8601(*t)) : nb::none();
}

nb::str Name(std::string_view s) { return nb::str(s.data(), s.size()); }

}  // namespace

nb::object JsonObject(const std::string& text) {
  if (text.empty() || text == "{}") return nb::dict();
  try {
    nb::object parsed = nb::module_::import_("json").attr("loads")(text);
    if (nb::isinstance<nb::dict>(parsed)) return parsed;
  } catch (const nb::python_error&) {
  }
  return nb::dict();
}

nb::dict MemoryDict(const Memory& m) {
  nb::dict d;
  d["id"] = m.id;
  d["content"] = m.content;
  d["type"] = Name(ToString(m.type));
  d["kind"] = Name(ToString(m.kind));
  d["status"] = Name(ToString(m.status));
  d["version"] = m.version;
  d["current"] = m.current;
  d["lineage_id"] = m.lineage_id;
  d["supersedes"] = m.supersedes ? nb::cast(m.supersedes) : nb::none();
  nb::dict scope;
  scope["user"] = m.scope.user_id;
  scope["agent"] = m.scope.agent_id;
  scope["team"] = m.scope.team_id.empty() ? nb::none() : nb::cast(m.scope.team_id);
  scope["visibility"] = Name(ToString(m.scope.visibility));
  d["scope"] = scope;
  d["subject"] = m.subject;
  d["attribute"] = m.attribute;
  d["value"] = m.value;
  if (m.event_time) {
    nb::dict time;
    time["from"] = FormatIso8601(m.event_time->from);
    time["to"] = FormatIso8601(m.event_time->to);
    time["grain"] = Name(ToString(m.event_time->grain));
    d["time"] = time;
  } else {
    d["time"] = nb::none();
  }
  d["valid_from"] = FormatIso8601(m.valid_from);
  d["valid_to"] = Time(m.valid_to);
  d["recorded_at"] = FormatIso8601(m.recorded_at);
  d["superseded_at"] = Time(m.superseded_at);
  d["expires_at"] = Time(m.expires_at);
  nb::dict source;
  source["session_id"] = m.source.session_id;
  source["message_id"] = m.source.message_id;
  source["at"] = FormatIso8601(m.source.at);
  source["source_type"] = Name(ToString(m.source.type));
  source["actor"] = m.source.actor;
  d["source"] = source;
  d["reinforced"] = m.reinforced;
  d["last_seen"] = Time(m.last_seen);
  nb::dict confidence;
  confidence["temporal"] = m.confidence.temporal;
  confidence["entity"] = m.confidence.entity;
  confidence["event_type"] = m.confidence.event_type;
  confidence["source"] = m.confidence.source;
  confidence["consistency"] = m.confidence.consistency;
  confidence["overall"] = m.confidence.overall;
  d["confidence"] = confidence;
  d["metadata"] = JsonObject(m.metadata_json);
  return d;
}

nb::dict HitDict(const RecallHit& h) {
  nb::dict d = MemoryDict(h.memory);
  d["score"] = h.score;
  d["relevance"] = h.relevance;
  d["state"] = h.state;
  d["superseded_by"] = h.superseded_by ? nb::cast(h.superseded_by) : nb::none();
  nb::dict channels;
  for (const auto& [name, c] : h.channels) {
    nb::dict one;
    one["rank"] = c.rank;
    one["score"] = c.score;
    channels[nb::cast(name)] = one;
  }
  d["channels"] = channels;
  const HitExplanation& e = h.explanation;
  nb::dict explanation;
  explanation["rrf"] = e.rrf;
  explanation["decay"] = e.decay;
  explanation["confidence"] = e.confidence;
  explanation["time"] = e.time;
  explanation["rerank"] = e.rerank;
  explanation["context"] = e.context;
  explanation["age_hours"] = static_cast<double>(e.age_ms) / 3600000.0;
  d["explanation"] = explanation;
  return d;
}

nb::dict StatsDict(const EngineStats& s) {
  nb::dict d;
  d["backend"] = s.backend;
  d["schema_version"] = s.schema_version;
  d["messages"] = s.messages;
  nb::dict memories;
  memories["current"] = s.memories_current;
  memories["versions"] = s.memories_versions;
  memories["deleted"] = s.memories_deleted;
  d["memories"] = memories;
  d["audit_records"] = s.audit_records;
  return d;
}

nb::dict RememberDict(const RememberResult& r) {
  nb::list memories;
  for (const Memory& mem : r.memories) memories.append(MemoryDict(mem));
  nb::dict d;
  d["request_id"] = r.request_id;
  d["message_id"] = r.message_id;
  d["memories"] = memories;
  d["superseded"] = r.superseded;
  d["reinforced"] = r.reinforced;
  d["outranked"] = r.outranked;
  d["candidates"] = r.candidates;
  d["duplicate_of"] = r.duplicate_of ? nb::cast(r.duplicate_of) : nb::none();
  d["guard"] = r.guard;
  d["signals"] = r.signals;
  nb::list corefs;  // as POST /v1/memories answers
  for (const CoreferenceView& c : r.coreferences) {
    nb::dict cd;
    cd["pronoun"] = c.pronoun;
    cd["antecedents"] = c.antecedents;
    cd["entity_ids"] = c.entity_ids;
    cd["confidence"] = c.confidence;
    cd["resolved"] = c.resolved;
    if (!c.reason.empty()) cd["reason"] = c.reason;
    corefs.append(cd);
  }
  d["coreferences"] = corefs;
  nb::dict event;
  event["type"] = r.event_type;
  event["confidence"] = r.event_confidence;
  event["slots"] = r.event_slots;
  d["event"] = event;
  d["review_items"] = r.review_items;
  nb::list entities;
  for (const EntityLinkView& l : r.entities) {
    nb::dict ed;
    ed["memory_id"] = l.memory_id;
    ed["entity_id"] = l.entity_id;
    ed["name"] = l.name;
    ed["type"] = l.type;
    ed["surface"] = l.surface;
    ed["confidence"] = l.confidence;
    ed["new"] = l.created;  // as POST /v1/memories answers
    entities.append(ed);
  }
  d["entities"] = entities;
  return d;
}

}  // namespace engram::python
