// Handlers of Mem0's platform routes (the ones mem0ai's MemoryClient calls), each mapped
// onto engine calls: ping, add, search, get_all, get, update, delete, delete_all, history.
// Memory ids are lineage ids (mem0_json.h).
#include <algorithm>
#include <set>

#include "apps/serve/json_codec.h"
#include "apps/serve/mem0_json.h"
#include "apps/serve/routes.h"
#include "engram/iso8601.h"
#include "engram/status_macros.h"

namespace engram::serve {
namespace {

using nlohmann::json;

constexpr int kListPage = 1000;

struct Lineage {
  Memory current;          // the current version, or the last one when none is
  std::string created_at;  // the first version's time
};

// The memory Mem0 id `id` names. NotFound when absent, not visible or forgotten.
Result<Lineage> CurrentVersion(HttpCall& call, int64_t id) {
  ENGRAM_ASSIGN_OR_RETURN(auto versions, call.engine->History(call.principal, id));
  if (versions.empty()) return Status::NotFound("mem0: memory " + std::to_string(id));
  Lineage out{versions.back(), FormatIso8601(versions.front().recorded_at)};
  for (const Memory& v : versions) {
    if (v.current) out.current = v;
  }
  if (out.current.status == MemoryStatus::kDeleted) {
    return Status::NotFound("mem0: memory " + std::to_string(id) + " was deleted");
  }
  return out;
}

Result<int64_t> PathId(const HttpCall& call) { return ParseId(call.params.at("id")); }

bool Wanted(const Memory& m, const RecallFilter& f) {
  auto any = [](const auto& list, auto v) {
    return list.empty() || std::find(list.begin(), list.end(), v) != list.end();
  };
  return any(f.types, m.type) && any(f.kinds, m.kind) &&
         (f.agent_id.empty() || m.scope.agent_id == f.agent_id);
}

// Every current memory the principal may see that matches `f` (List pages, filtered here
// by type, kind and agent). NotSupported for a metadata condition (search applies those).
Result<std::vector<Memory>> ListAll(HttpCall& call, const RecallFilter& f) {
  if (!f.metadata_json.empty() && f.metadata_json != "{}") {
    return Status::InvalidArgument("filters.metadata: only search applies metadata conditions");
  }
  ListRequest r;
  r.principal = call.principal;
  r.session_id = f.session_id;
  r.limit = kListPage;
  std::vector<Memory> out;
  while (true) {
    ENGRAM_ASSIGN_OR_RETURN(auto page, call.engine->List(r));
    for (Memory& m : page.memories) {
      if (Wanted(m, f)) out.push_back(std::move(m));
    }
    if (page.next_after_id == 0) break;
    r.after_id = page.next_after_id;
  }
  return out;
}

Result<int64_t> QueryInt(const httplib::Request& req, const char* name, int64_t fallback,
                         int64_t lo, int64_t hi) {
  if (!req.has_param(name)) return fallback;
  return ParseIntParam(name, req.get_param_value(name), lo, hi);
}

json Message(const char* text) { return {{"message", text}}; }

}  // namespace

// GET /v1/ping/: the API key check MemoryClient makes when it is constructed.
Result<HttpReply> HandleMem0Ping(HttpCall&) {
  return HttpReply{200,
                   {{"status", "ok"},
                    {"org_id", "engram"},
                    {"project_id", "engram"},
                    {"user_email", nullptr}}};
}

// POST /v3/memories/add/ (and /v1/memories/): {"messages", "user_id", "agent_id", "run_id",
// "metadata", "infer", ...} → {"results": [{"id", "memory", "event", ...}]}.
Result<HttpReply> HandleMem0Add(HttpCall& call) {
  ENGRAM_ASSIGN_OR_RETURN(auto requests, ParseRemember(call.body, call.principal));
  ENGRAM_ASSIGN_OR_RETURN(auto results, RememberNow(call, requests));
  Engine* engine = call.engine;
  json out = json::array();
  for (const RememberResult& r : results) {
    std::set<int64_t> updated;  // lineages an UPDATE event reports
    for (const Memory& m : r.memories) {
      json item = Mem0Item(m);
      item["event"] = Mem0AddEvent(m, r);
      if (item["event"] == "UPDATE") {
        updated.insert(m.lineage_id);
        auto before = engine->Get(call.principal, m.supersedes);
        if (before.ok()) item["previous_memory"] = before->content;
      }
      item["data"] = {{"memory", m.content}};
      out.push_back(std::move(item));
    }
    const bool listed = std::any_of(r.memories.begin(), r.memories.end(),
                                    [&](const Memory& m) { return m.id == r.duplicate_of; });
    if (r.duplicate_of != 0 && !listed) {
      ENGRAM_ASSIGN_OR_RETURN(auto same, engine->Get(call.principal, r.duplicate_of));
      json item = Mem0Item(same);
      item["event"] = "NONE";
      out.push_back(std::move(item));
    }
    // A version this message retired in another memory's lineage: that memory is gone.
    for (int64_t id : r.superseded) {
      auto old = engine->Get(call.principal, id);
      if (!old.ok() || updated.count(old->lineage_id)) continue;
      json item = Mem0Item(*old);
      item["event"] = "DELETE";
      out.push_back(std::move(item));
    }
  }
  return HttpReply{200, {{"results", out}}};
}

// POST /v3/memories/search/ (and /v2/memories/search/): {"query", "filters", "top_k",
// "threshold", ...} → {"results": [...], "request_id"}.
Result<HttpReply> HandleMem0Search(HttpCall& call) {
  ENGRAM_ASSIGN_OR_RETURN(auto request, ParseRecall(call.body, call.principal));
  ENGRAM_ASSIGN_OR_RETURN(auto result, call.engine->Recall(request));
  json hits = json::array();
  for (const RecallHit& h : result.hits) hits.push_back(Mem0Hit(h));
  return HttpReply{200, {{"results", hits}, {"request_id", result.request_id}}};
}

// POST /v3/memories/?page=&page_size= (and /v2/memories/): {"filters"} → {"count", "next",
// "previous", "results"}, current memories in id order.
Result<HttpReply> HandleMem0GetAll(HttpCall& call) {
  const httplib::Request& req = *call.request;
  ENGRAM_ASSIGN_OR_RETURN(auto page, QueryInt(req, "page", 1, 1, 1000000));
  ENGRAM_ASSIGN_OR_RETURN(auto size, QueryInt(req, "page_size", 100, 1, 1000));
  ENGRAM_ASSIGN_OR_RETURN(auto filter, ParseRecallFilter(call.body));
  ENGRAM_ASSIGN_OR_RETURN(auto all, ListAll(call, filter));
  const size_t count = all.size();
  const size_t begin = std::min(count, static_cast<size_t>((page - 1) * size));
  const size_t end = std::min(count, begin + static_cast<size_t>(size));
  json results = json::array();
  for (size_t i = begin; i < end; ++i) results.push_back(Mem0Item(all[i]));
  auto link = [&](int64_t p) {
    return json(req.path + "?page=" + std::to_string(p) + "&page_size=" + std::to_string(size));
  };
  return HttpReply{200,
                   {{"count", count},
                    {"next", end < count ? link(page + 1) : json(nullptr)},
                    {"previous", page > 1 && begin > 0 ? link(page - 1) : json(nullptr)},
                    {"results", results}}};
}

Result<HttpReply> HandleMem0Get(HttpCall& call) {
  ENGRAM_ASSIGN_OR_RETURN(auto id, PathId(call));
  ENGRAM_ASSIGN_OR_RETURN(auto lineage, CurrentVersion(call, id));
  return HttpReply{200, Mem0Item(lineage.current, lineage.created_at)};
}

// PUT /v1/memories/{id}/: {"text"?, "metadata"?, "timestamp"?} writes a new version.
Result<HttpReply> HandleMem0Update(HttpCall& call) {
  ENGRAM_ASSIGN_OR_RETURN(auto id, PathId(call));
  ENGRAM_ASSIGN_OR_RETURN(auto text, OptString(call.body, "text"));
  const bool has_metadata = call.body.contains("metadata") && !call.body["metadata"].is_null();
  if (!text && !has_metadata) {
    return Status::InvalidArgument("update: give the new text, new metadata, or both");
  }
  ENGRAM_ASSIGN_OR_RETURN(auto lineage, CurrentVersion(call, id));
  json body = call.body;
  body["text"] = text.value_or(lineage.current.content);
  ENGRAM_ASSIGN_OR_RETURN(auto request, ParseCorrect(body, call.principal, lineage.current.id));
  ENGRAM_ASSIGN_OR_RETURN(auto memory, call.engine->Correct(request));
  json out = Mem0Item(memory, lineage.created_at);
  out["message"] = "Memory updated successfully!";
  return HttpReply{200, out};
}

Result<HttpReply> HandleMem0Delete(HttpCall& call) {
  ENGRAM_ASSIGN_OR_RETURN(auto id, PathId(call));
  ENGRAM_ASSIGN_OR_RETURN(auto lineage, CurrentVersion(call, id));
  const std::string hard = call.request->get_param_value("hard");
  ENGRAM_RETURN_IF_ERROR(call.engine->Forget(
      ForgetRequest{call.principal, lineage.current.id, hard == "true" || hard == "1"}));
  return HttpReply{200, Message("Memory deleted successfully!")};
}

// DELETE /v1/memories/?user_id=&agent_id=&run_id=: forgets every current memory of the
// user (in that agent and run). The user's own memories only, never a team's or public ones.
Result<HttpReply> HandleMem0DeleteAll(HttpCall& call) {
  const httplib::Request& req = *call.request;
  if (!req.has_param("user_id") && !req.has_param("agent_id") && !req.has_param("run_id")) {
    return Status::InvalidArgument("delete_all: name user_id, agent_id or run_id");
  }
  RecallFilter f;
  f.agent_id = req.get_param_value("agent_id");
  f.session_id = req.get_param_value("run_id");
  ENGRAM_ASSIGN_OR_RETURN(auto all, ListAll(call, f));
  int64_t deleted = 0;
  for (const Memory& m : all) {
    if (m.scope.user_id != call.principal.user_id) continue;
    Status s = call.engine->Forget(ForgetRequest{call.principal, m.id, false});
    // Forgetting a message's record also forgets the facts read from it: NotFound then.
    if (s.code() == StatusCode::kNotFound) continue;
    ENGRAM_RETURN_IF_ERROR(s);
    ++deleted;
  }
  json out = Message("Memories deleted successfully!");
  out["deleted"] = deleted;
  return HttpReply{200, out};
}

Result<HttpReply> HandleMem0History(HttpCall& call) {
  ENGRAM_ASSIGN_OR_RETURN(auto id, PathId(call));
  ENGRAM_ASSIGN_OR_RETURN(auto versions, call.engine->History(call.principal, id));
  return HttpReply{200, Mem0History(versions)};
}

}  // namespace engram::serve
