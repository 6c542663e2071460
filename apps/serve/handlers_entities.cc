// Handlers of the entity routes: list/search the caller's visible entities, and an entity's
// relations.
#include <cstdint>

#include "apps/serve/entity_json.h"
#include "apps/serve/json_codec.h"
#include "apps/serve/routes.h"
#include "engram/status_macros.h"

namespace engram::serve {
namespace {

Result<int64_t> QueryInt(const httplib::Request& req, const char* name, int64_t fallback,
                         int64_t lo, int64_t hi) {
  if (!req.has_param(name)) return fallback;
  return ParseIntParam(name, req.get_param_value(name), lo, hi);
}

}  // namespace

// GET /v1/entities?q=&type=&after=&limit=
Result<HttpReply> HandleListEntities(HttpCall& call) {
  const httplib::Request& req = *call.request;
  ListEntitiesRequest r;
  r.principal = call.principal;
  r.query = req.get_param_value("q");
  r.type = req.get_param_value("type");
  ENGRAM_ASSIGN_OR_RETURN(auto after, QueryInt(req, "after", 0, 0, INT64_MAX));
  ENGRAM_ASSIGN_OR_RETURN(auto limit, QueryInt(req, "limit", 50, 1, 1000));
  r.after_id = after;
  r.limit = static_cast<int>(limit);
  ENGRAM_ASSIGN_OR_RETURN(auto page, call.engine->ListEntities(r));
  nlohmann::json out = nlohmann::json::array();
  for (const Entity& e : page.entities) out.push_back(EntityJson(e));
  return HttpReply{200, {{"entities", out},
                         {"next_after", page.next_after_id ? nlohmann::json(page.next_after_id)
                                                           : nlohmann::json(nullptr)}}};
}

// GET /v1/entities/{id}/relations?limit=
Result<HttpReply> HandleEntityRelations(HttpCall& call) {
  ENGRAM_ASSIGN_OR_RETURN(auto id, ParseId(call.params.at("id")));
  ENGRAM_ASSIGN_OR_RETURN(auto limit, QueryInt(*call.request, "limit", 50, 1, 1000));
  ENGRAM_ASSIGN_OR_RETURN(auto result, call.engine->EntityRelations(
                                           call.principal, id, static_cast<int>(limit)));
  return HttpReply{200, EntityRelationsJson(result)};
}

}  // namespace engram::serve
