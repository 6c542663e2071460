#include "src/store/outbox_result.h"

#include <nlohmann/json.hpp>

#include "src/store/audit_chain.h"

namespace engram::store {

using nlohmann::json;

std::string EncodeOutboxResult(const IngestOutcome& o) {
  json ids = json::array();
  for (const Memory& m : o.memories) ids.push_back(m.id);
  json links = json::array();
  for (const EntityLinkOutcome& l : o.entity_links) {
    links.push_back({{"memory_id", l.memory_id}, {"entity_id", l.entity_id}, {"name", l.name},
                     {"type", l.type}, {"surface", l.surface}, {"confidence", l.confidence},
                     {"created", l.created}});
  }
  return json{{"memories", ids},          {"reinforced", o.reinforced},
              {"outranked", o.outranked}, {"candidates", o.candidates},
              {"reviews", o.reviews},     {"entity_links", links}}
      .dump();
}

void DecodeOutboxResult(const std::string& text, OutboxEntry* e) {
  const json j = json::parse(text, nullptr, false);
  if (j.is_array()) {
    e->memory_ids = ParseIdList(text);
    return;
  }
  if (!j.is_object()) return;
  auto ids = [&](const char* key) {
    std::vector<int64_t> out;
    if (j.contains(key) && j[key].is_array()) {
      for (const json& v : j[key]) {
        if (v.is_number_integer()) out.push_back(v.get<int64_t>());
      }
    }
    return out;
  };
  e->memory_ids = ids("memories");
  e->reinforced = ids("reinforced");
  e->outranked = ids("outranked");
  e->candidates = ids("candidates");
  e->reviews = ids("reviews");
  if (!j.contains("entity_links") || !j["entity_links"].is_array()) return;
  for (const json& l : j["entity_links"]) {
    if (!l.is_object()) continue;
    EntityLinkOutcome o;
    o.memory_id = l.value("memory_id", int64_t{0});
    o.entity_id = l.value("entity_id", int64_t{0});
    o.name = l.value("name", "");
    o.type = l.value("type", "");
    o.surface = l.value("surface", "");
    o.confidence = l.value("confidence", 1.0);
    o.created = l.value("created", false);
    e->entity_links.push_back(std::move(o));
  }
}

}  // namespace engram::store
