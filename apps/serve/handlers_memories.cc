// Handlers of the memory routes: remember, list, search, get, correct, forget, history.
#include <cstdint>

#include "apps/serve/entity_json.h"
#include "apps/serve/ingest_queue.h"
#include "apps/serve/json_codec.h"
#include "apps/serve/routes.h"
#include "engram/iso8601.h"
#include "engram/status_macros.h"

namespace engram::serve {
namespace {

using nlohmann::json;

json RememberJson(const RememberResult& r) {
  json mems = json::array();
  for (const Memory& m : r.memories) mems.push_back(MemoryJson(m));
  json entities = json::array();
  for (const EntityLinkView& l : r.entities) entities.push_back(EntityLinkJson(l));
  json corefs = json::array();
  for (const CoreferenceView& c : r.coreferences) corefs.push_back(CoreferenceJson(c));
  return {{"request_id", r.request_id},
          {"message_id", r.message_id},
          {"memories", mems},
          {"superseded", r.superseded},
          {"reinforced", r.reinforced},
          {"outranked", r.outranked},
          {"candidates", r.candidates},
          {"duplicate_of", r.duplicate_of ? json(r.duplicate_of) : json(nullptr)},
          {"guard", r.guard},
          {"signals", r.signals},
          {"event", {{"type", r.event_type},
                     {"confidence", r.event_confidence},
                     {"slots", r.event_slots}}},
          {"review_items", r.review_items},
          {"entities", entities},
          {"coreferences", corefs}};
}

bool QueryFlag(const httplib::Request& req, const char* name) {
  if (!req.has_param(name)) return false;
  std::string v = req.get_param_value(name);
  return v.empty() || v == "true" || v == "1";
}

Result<int64_t> PathId(const HttpCall& call) { return ParseId(call.params.at("id")); }

Result<int64_t> QueryInt(const httplib::Request& req, const char* name, int64_t fallback,
                         int64_t lo, int64_t hi) {
  if (!req.has_param(name)) return fallback;
  return ParseIntParam(name, req.get_param_value(name), lo, hi);
}

// An ISO 8601 time (a date alone is its midnight UTC); nullopt when the parameter is absent.
Result<std::optional<Instant>> QueryTime(const httplib::Request& req, const char* name) {
  if (!req.has_param(name)) return std::optional<Instant>();
  auto t = ParseIso8601(req.get_param_value(name));
  if (!t.ok()) return Status::InvalidArgument(std::string(name) + ": not an ISO 8601 time");
  return std::optional<Instant>(*t);
}

}  // namespace

Result<std::vector<RememberResult>> RememberNow(HttpCall& call,
                                                const std::vector<RememberRequest>& requests,
                                                std::vector<int64_t>* ingest_ids) {
  if (IngestQueue* queue = call.server->queue) {
    ENGRAM_ASSIGN_OR_RETURN(auto ids, queue->Submit(call.engine, requests));
    if (ingest_ids) *ingest_ids = ids;
    return queue->Wait(call.engine, call.principal, ids, call.server->sync_timeout_ms);
  }
  // In order, their passages embedded in batches; stops at the first refusal, as one
  // Remember per message would.
  std::vector<RememberResult> out;
  for (Result<RememberResult>& made : call.engine->RememberMany(requests, true)) {
    ENGRAM_ASSIGN_OR_RETURN(auto result, std::move(made));
    out.push_back(std::move(result));
  }
  return out;
}

Result<HttpReply> HandleRemember(HttpCall& call) {
  ENGRAM_ASSIGN_OR_RETURN(auto requests, ParseRemember(call.body, call.principal));
  IngestQueue* queue = call.server->queue;
  if (queue && !QueryFlag(*call.request, "sync")) {
    ENGRAM_ASSIGN_OR_RETURN(auto ids, queue->Submit(call.engine, requests));
    return HttpReply{202, {{"status", "queued"}, {"ingest_ids", ids}}};
  }
  std::vector<int64_t> ids;
  ENGRAM_ASSIGN_OR_RETURN(auto results, RememberNow(call, requests, &ids));
  json out = json::array();
  for (const RememberResult& r : results) out.push_back(RememberJson(r));
  json body = {{"status", "done"}, {"results", out}};
  if (queue) body["ingest_ids"] = ids;
  return HttpReply{201, body};
}

// POST /v1/context: {"query", "session"?, "at"?, "budget_tokens"?} → a prompt-ready block.
Result<HttpReply> HandleContext(HttpCall& call) {
  ContextRequest r;
  r.principal = call.principal;
  ENGRAM_ASSIGN_OR_RETURN(auto query, OptString(call.body, "query"));
  ENGRAM_ASSIGN_OR_RETURN(auto session, OptString(call.body, "session"));
  ENGRAM_ASSIGN_OR_RETURN(auto run_id, OptString(call.body, "run_id"));
  ENGRAM_ASSIGN_OR_RETURN(auto at, OptTime(call.body, "at"));
  ENGRAM_ASSIGN_OR_RETURN(auto budget, OptInt(call.body, "budget_tokens"));
  if (!query) return Status::InvalidArgument("query: required");
  r.query = *query;
  r.session_id = session.value_or(run_id.value_or(""));
  r.at = at;
  if (budget) {
    if (*budget <= 0 || *budget > 1000000) {
      return Status::InvalidArgument("budget_tokens: must be 1..1000000");
    }
    r.budget_tokens = static_cast<int>(*budget);
  }
  ENGRAM_ASSIGN_OR_RETURN(auto result, call.engine->Context(r));
  return HttpReply{200,
                   {{"request_id", result.request_id},
                    {"text", result.text},
                    {"cited", result.cited},
                    {"estimated_tokens", result.estimated_tokens}}};
}

Result<HttpReply> HandleSearch(HttpCall& call) {
  ENGRAM_ASSIGN_OR_RETURN(auto request, ParseRecall(call.body, call.principal));
  ENGRAM_ASSIGN_OR_RETURN(auto result, call.engine->Recall(request));
  json hits = json::array();
  for (const RecallHit& h : result.hits) hits.push_back(HitJson(h));
  return HttpReply{200, {{"request_id", result.request_id}, {"results", hits}}};
}

// GET /v1/memories?session=&type=&kind=&status=&agent_id=&recorded_from=&recorded_to=
//                 &metadata=&include_history=&after=&limit=
Result<HttpReply> HandleListMemories(HttpCall& call) {
  const httplib::Request& req = *call.request;
  ListRequest r;
  r.principal = call.principal;
  r.session_id = req.get_param_value("session");
  if (req.has_param("type")) {
    r.type = ParseMemoryType(req.get_param_value("type"));
    if (!r.type) return Status::InvalidArgument("type: unknown memory type");
  }
  if (req.has_param("kind")) {
    r.kind = ParseMemoryKind(req.get_param_value("kind"));
    if (!r.kind) return Status::InvalidArgument("kind: unknown memory kind");
  }
  r.include_history = QueryFlag(req, "include_history");
  r.status = req.get_param_value("status");
  r.agent_id = req.get_param_value("agent_id");  // "agent" names the --dev principal
  r.metadata_json = req.get_param_value("metadata");
  ENGRAM_ASSIGN_OR_RETURN(r.recorded_from, QueryTime(req, "recorded_from"));
  ENGRAM_ASSIGN_OR_RETURN(r.recorded_to, QueryTime(req, "recorded_to"));
  ENGRAM_ASSIGN_OR_RETURN(auto after, QueryInt(req, "after", 0, 0, INT64_MAX));
  ENGRAM_ASSIGN_OR_RETURN(auto limit, QueryInt(req, "limit", 50, 1, 1000));
  r.after_id = after;
  r.limit = static_cast<int>(limit);
  ENGRAM_ASSIGN_OR_RETURN(auto page, call.engine->List(r));
  json out = json::array();
  for (const Memory& m : page.memories) out.push_back(MemoryJson(m));
  return HttpReply{200,
                   {{"memories", out},
                    {"next_after", page.next_after_id ? json(page.next_after_id) : json(nullptr)}}};
}

Result<HttpReply> HandleGetMemory(HttpCall& call) {
  ENGRAM_ASSIGN_OR_RETURN(auto id, PathId(call));
  ENGRAM_ASSIGN_OR_RETURN(auto memory, call.engine->Get(call.principal, id));
  return HttpReply{200, MemoryJson(memory)};
}

Result<HttpReply> HandleCorrect(HttpCall& call) {
  ENGRAM_ASSIGN_OR_RETURN(auto id, PathId(call));
  ENGRAM_ASSIGN_OR_RETURN(auto request, ParseCorrect(call.body, call.principal, id));
  ENGRAM_ASSIGN_OR_RETURN(auto memory, call.engine->Correct(request));
  return HttpReply{200, MemoryJson(memory)};
}

Result<HttpReply> HandleFeedback(HttpCall& call) {
  ENGRAM_ASSIGN_OR_RETURN(auto request, ParseFeedback(call.body, call.principal));
  ENGRAM_ASSIGN_OR_RETURN(auto result, call.engine->Feedback(request));
  return HttpReply{200, FeedbackJson(result)};
}

Result<HttpReply> HandleForget(HttpCall& call) {
  ENGRAM_ASSIGN_OR_RETURN(auto id, PathId(call));
  const bool hard = QueryFlag(*call.request, "hard");
  ENGRAM_RETURN_IF_ERROR(call.engine->Forget(ForgetRequest{call.principal, id, hard}));
  return HttpReply{200, {{"forgotten", id}, {"hard", hard}}};
}

Result<HttpReply> HandleHistory(HttpCall& call) {
  ENGRAM_ASSIGN_OR_RETURN(auto id, PathId(call));
  ENGRAM_ASSIGN_OR_RETURN(auto versions, call.engine->History(call.principal, id));
  json out = json::array();
  for (const Memory& m : versions) out.push_back(MemoryJson(m));
  return HttpReply{200, {{"versions", out}}};
}

Result<HttpReply> HandleIngestStatus(HttpCall& call) {
  if (!call.server->queue) return Status::NotSupported("serve: async ingestion is off");
  ENGRAM_ASSIGN_OR_RETURN(auto id, PathId(call));
  ENGRAM_ASSIGN_OR_RETURN(auto state, call.server->queue->Get(call.engine, call.principal, id));
  return HttpReply{200, state};
}

}  // namespace engram::serve
