// JSON shapes of the entity calls, shared by the server and the CLI. Pure functions.
#ifndef ENGRAM_APPS_SERVE_ENTITY_JSON_H_
#define ENGRAM_APPS_SERVE_ENTITY_JSON_H_

#include <nlohmann/json.hpp>

#include "engram/engine.h"

namespace engram::serve {

// {"id", "type", "name", "aliases", "roles", "external_id", "origin",
//  "scope": {"user", "team", "visibility"}, "created_at"}
nlohmann::json EntityJson(const Entity& e);
// {"memory_id", "entity_id", "name", "type", "surface", "confidence", "new"}
nlohmann::json EntityLinkJson(const EntityLinkView& l);
// {"pronoun", "antecedents", "entity_ids", "confidence", "resolved"[, "reason"]}
nlohmann::json CoreferenceJson(const CoreferenceView& c);
// {"entity": entity, "relations": [{"predicate", "object": entity, "memory_ids"}]}
nlohmann::json EntityRelationsJson(const EntityRelationsResult& r);

}  // namespace engram::serve

#endif  // ENGRAM_APPS_SERVE_ENTITY_JSON_H_
