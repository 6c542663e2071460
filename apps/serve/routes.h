// The server's one route table and the types its thin handlers share.
//
// A handler parses its input, makes one engine call and shapes the answer; it never checks
// scopes (the store does, given the principal) and never picks an HTTP status for an error
// (http_errors.cc does).
//
// Thread safety: the table is immutable; handlers may run concurrently.
#ifndef ENGRAM_APPS_SERVE_ROUTES_H_
#define ENGRAM_APPS_SERVE_ROUTES_H_

#include <httplib.h>
#include <nlohmann/json.hpp>

#include <atomic>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "engram/engine.h"

namespace engram::serve {

class Metrics;
class IngestQueue;

class TenantEngines;

// What the handlers may reach besides the call's engine. Pointers are not owned.
struct ServerContext {
  Engine* engine = nullptr;            // the home engine: the tenant the server was opened on
  TenantEngines* tenants = nullptr;    // the engines of every tenant the server serves
  Metrics* metrics = nullptr;
  IngestQueue* queue = nullptr;        // durable async ingestion; nullptr = synchronous only
  const std::atomic<bool>* draining = nullptr;
  int sync_timeout_ms = 30000;         // how long ?sync=true waits for the workers
};

struct HttpCall {
  ServerContext* server = nullptr;
  const httplib::Request* request = nullptr;
  std::map<std::string, std::string> params;  // path parameters by name ("id")
  nlohmann::json body;                        // the JSON body; an empty object when none
  Principal principal;                        // who the call acts for (see Access)
  std::string tenant;                         // the principal's tenant (the key's)
  Engine* engine = nullptr;                   // that tenant's engine; public routes: home
  std::shared_ptr<Engine> engine_hold;        // keeps `engine` open for the call
  std::string key_id;                         // the API key used, if any
};

struct HttpReply {
  int status = 200;
  nlohmann::json body;        // sent as JSON unless `text` is set
  std::string text;
  std::string content_type;   // for `text`
  std::map<std::string, std::string> headers;
};

using Handler = Result<HttpReply> (*)(HttpCall& call);

// Who may call a route.
enum class Access {
  kPublic,     // anyone (health, metrics, spec)
  kKey,        // a valid API key; in --dev mode, any loopback caller
  kPrincipal,  // as kKey, and the call acts for a principal (the key's; in --dev mode the
               // request's "user"/"agent"/"team(s)"/"roles" fields or query parameters)
};

struct Route {
  const char* method;   // "GET", "POST", "PUT", "PATCH", "DELETE"
  const char* path;     // OpenAPI template: "/v1/memories/{id}"
  Access access;
  Handler handler;
};

const std::vector<Route>& RouteTable();

// Handlers (handlers_*.cc).
Result<HttpReply> HandleRemember(HttpCall& call);
Result<HttpReply> HandleListMemories(HttpCall& call);
Result<HttpReply> HandleSearch(HttpCall& call);
Result<HttpReply> HandleGetMemory(HttpCall& call);
Result<HttpReply> HandleCorrect(HttpCall& call);
Result<HttpReply> HandleForget(HttpCall& call);
Result<HttpReply> HandleHistory(HttpCall& call);
Result<HttpReply> HandleIngestStatus(HttpCall& call);
Result<HttpReply> HandleAudit(HttpCall& call);
Result<HttpReply> HandleReview(HttpCall& call);
Result<HttpReply> HandleFeedback(HttpCall& call);
Result<HttpReply> HandleStats(HttpCall& call);
Result<HttpReply> HandleResolveReview(HttpCall& call);
Result<HttpReply> HandleMemoryMetrics(HttpCall& call);
Result<HttpReply> HandleSweep(HttpCall& call);
Result<HttpReply> HandleTimeParse(HttpCall& call);
Result<HttpReply> HandleEmbeddings(HttpCall& call);
Result<HttpReply> HandleHealth(HttpCall& call);
Result<HttpReply> HandleReady(HttpCall& call);
Result<HttpReply> HandleMetrics(HttpCall& call);
Result<HttpReply> HandleOpenApi(HttpCall& call);
Result<HttpReply> HandleMcpPost(HttpCall& call);
Result<HttpReply> HandleMcpGet(HttpCall& call);
Result<HttpReply> HandleCompact(HttpCall& call);
Result<HttpReply> HandleEraseUser(HttpCall& call);
Result<HttpReply> HandleListEntities(HttpCall& call);
Result<HttpReply> HandleEntityRelations(HttpCall& call);
Result<HttpReply> HandleContext(HttpCall& call);
// Mem0's platform routes (handlers_mem0.cc).
Result<HttpReply> HandleMem0Ping(HttpCall& call);
Result<HttpReply> HandleMem0Add(HttpCall& call);
Result<HttpReply> HandleMem0Search(HttpCall& call);
Result<HttpReply> HandleMem0GetAll(HttpCall& call);
Result<HttpReply> HandleMem0Get(HttpCall& call);
Result<HttpReply> HandleMem0Update(HttpCall& call);
Result<HttpReply> HandleMem0Delete(HttpCall& call);
Result<HttpReply> HandleMem0DeleteAll(HttpCall& call);
Result<HttpReply> HandleMem0History(HttpCall& call);

// Runs remember requests to completion: through the ingestion queue when the server has one
// (waiting up to ServerContext::sync_timeout_ms; their ids in `*ingest_ids` if given), else
// on the engine directly.
Result<std::vector<RememberResult>> RememberNow(HttpCall& call,
                                                const std::vector<RememberRequest>& requests,
                                                std::vector<int64_t>* ingest_ids = nullptr);

// The OpenAPI document embedded at build time (apps/serve/openapi.json).
const std::string& OpenApiSpec();

}  // namespace engram::serve

#endif  // ENGRAM_APPS_SERVE_ROUTES_H_
