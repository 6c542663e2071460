// The route table: every HTTP route of `engram serve`, in one place. Keep
// apps/serve/openapi.json in step (routes_test checks both directions).
#include "apps/serve/routes.h"

#include "apps/serve/handlers_console.h"

namespace engram::serve {

const std::vector<Route>& RouteTable() {
  static const std::vector<Route>* kRoutes = new std::vector<Route>{
      {"POST", "/v1/memories", Access::kPrincipal, HandleRemember},
      {"GET", "/v1/memories", Access::kPrincipal, HandleListMemories},
      {"GET", "/v1/memories/{id}", Access::kPrincipal, HandleGetMemory},
      {"PATCH", "/v1/memories/{id}", Access::kPrincipal, HandleCorrect},
      {"DELETE", "/v1/memories/{id}", Access::kPrincipal, HandleForget},
      {"GET", "/v1/memories/{id}/history", Access::kPrincipal, HandleHistory},
      {"GET", "/v1/ingest/{id}", Access::kPrincipal, HandleIngestStatus},
      {"POST", "/v1/search", Access::kPrincipal, HandleSearch},
      {"POST", "/v1/feedback", Access::kPrincipal, HandleFeedback},
      {"GET", "/v1/entities", Access::kPrincipal, HandleListEntities},
      {"GET", "/v1/entities/{id}/relations", Access::kPrincipal, HandleEntityRelations},
      {"GET", "/v1/review", Access::kPrincipal, HandleReview},
      {"POST", "/v1/review/{id}/resolve", Access::kPrincipal, HandleResolveReview},
      {"GET", "/v1/audit", Access::kPrincipal, HandleAudit},
      {"GET", "/v1/stats", Access::kPrincipal, HandleStats},
      {"GET", "/v1/metrics/memory", Access::kPrincipal, HandleMemoryMetrics},
      {"POST", "/v1/sweep", Access::kPrincipal, HandleSweep},
      {"POST", "/v1/time/parse", Access::kKey, HandleTimeParse},
      {"POST", "/v1/embeddings", Access::kKey, HandleEmbeddings},
      {"POST", "/mcp", Access::kPrincipal, HandleMcpPost},
      {"GET", "/mcp", Access::kKey, HandleMcpGet},
      {"GET", "/healthz", Access::kPublic, HandleHealth},
      {"GET", "/readyz", Access::kPublic, HandleReady},
      {"GET", "/metrics", Access::kPublic, HandleMetrics},
      {"GET", "/openapi.json", Access::kPublic, HandleOpenApi},
      {"POST", "/v1/compact", Access::kPrincipal, HandleCompact},
      {"DELETE", "/v1/users/{user_id}", Access::kPrincipal, HandleEraseUser},
      // The console (apps/serve/console/) and the routes only it needed so far.
      {"GET", "/", Access::kPublic, HandleConsolePage},
      {"GET", "/console/{asset}", Access::kPublic, HandleConsoleAsset},
      {"POST", "/v1/context", Access::kPrincipal, HandleContext},
      {"GET", "/v1/memories/{id}/links", Access::kPrincipal, HandleMemoryLinks},
      {"GET", "/v1/memories/{id}/entities", Access::kPrincipal, HandleMemoryEntities},
      {"GET", "/v1/audit/verify", Access::kPrincipal, HandleVerifyAudit},
      {"GET", "/v1/messages/{id}", Access::kPrincipal, HandleGetMessage},
      // Mem0's platform API, as mem0ai's MemoryClient calls it (trailing slashes included).
      {"GET", "/v1/ping/", Access::kKey, HandleMem0Ping},
      {"POST", "/v3/memories/add/", Access::kPrincipal, HandleMem0Add},
      {"POST", "/v1/memories/", Access::kPrincipal, HandleMem0Add},
      {"POST", "/v3/memories/search/", Access::kPrincipal, HandleMem0Search},
      {"POST", "/v2/memories/search/", Access::kPrincipal, HandleMem0Search},
      {"POST", "/v3/memories/", Access::kPrincipal, HandleMem0GetAll},
      {"POST", "/v2/memories/", Access::kPrincipal, HandleMem0GetAll},
      {"GET", "/v1/memories/{id}/", Access::kPrincipal, HandleMem0Get},
      {"PUT", "/v1/memories/{id}/", Access::kPrincipal, HandleMem0Update},
      {"DELETE", "/v1/memories/{id}/", Access::kPrincipal, HandleMem0Delete},
      {"DELETE", "/v1/memories/", Access::kPrincipal, HandleMem0DeleteAll},
      {"GET", "/v1/memories/{id}/history/", Access::kPrincipal, HandleMem0History},
  };
  return *kRoutes;
}

}  // namespace engram::serve
