#include "apps/serve/entity_json.h"

#include "engram/iso8601.h"

namespace engram::serve {

using nlohmann::json;

json EntityJson(const Entity& e) {
  return {{"id", e.id},
          {"type", e.type},
          {"name", e.name},
          {"aliases", e.aliases},
          {"roles", e.roles},
          {"external_id", e.external_id.empty() ? json(nullptr) : json(e.external_id)},
          {"origin", e.origin},
          {"scope",
           {{"user", e.scope.user_id},
            {"team", e.scope.team_id.empty() ? json(nullptr) : json(e.scope.team_id)},
            {"visibility", ToString(e.scope.visibility)}}},
          {"created_at", FormatIso8601(e.created_at)}};
}

json EntityLinkJson(const EntityLinkView& l) {
  return {{"memory_id", l.memory_id}, {"entity_id", l.entity_id}, {"name", l.name},
          {"type", l.type},           {"surface", l.surface},     {"confidence", l.confidence},
          {"new", l.created}};
}

json CoreferenceJson(const CoreferenceView& c) {
  json out = {{"pronoun", c.pronoun},       {"antecedents", c.antecedents},
              {"entity_ids", c.entity_ids}, {"confidence", c.confidence},
              {"resolved", c.resolved}};
  if (!c.reason.empty()) out["reason"] = c.reason;
  return out;
}

json EntityRelationsJson(const EntityRelationsResult& r) {
  json rels = json::array();
  for (const EntityRelationView& v : r.relations) {
    rels.push_back({{"predicate", v.predicate},
                    {"direction", v.direction},
                    {"object", v.object.id ? EntityJson(v.object) : json(nullptr)},
                    {"value", v.value.empty() ? json(nullptr) : json(v.value)},
                    {"memory_ids", v.memory_ids}});
  }
  return {{"entity", EntityJson(r.entity)}, {"relations", rels}};
}

}  // namespace engram::serve
