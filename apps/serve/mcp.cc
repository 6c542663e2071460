#include "apps/serve/mcp.h"

#include <iostream>
#include <string>

#include "apps/serve/entity_json.h"
#include "apps/serve/json_codec.h"
#include "engram/json_limits.h"
#include "engram/status_macros.h"

namespace engram::serve {
namespace {

using nlohmann::json;

constexpr int kParseError = -32700;
constexpr int kInvalidRequest = -32600;
constexpr int kMethodNotFound = -32601;
constexpr int kInvalidParams = -32602;

json ToolResult(const json& structured) {
  return {{"content", json::array({{{"type", "text"}, {"text", structured.dump()}}})},
          {"structuredContent", structured},
          {"isError", false}};
}

json ToolError(const Status& s) {
  std::string text = s.ToString();
  return {{"content", json::array({{{"type", "text"}, {"text", text}}})}, {"isError", true}};
}

Result<int64_t> ArgId(const json& args) {
  ENGRAM_ASSIGN_OR_RETURN(auto id, OptInt(args, "id"));
  if (!id || *id <= 0) return Status::InvalidArgument("id: required, a positive integer");
  return *id;
}

json Memories(const std::vector<Memory>& ms) {
  json out = json::array();
  for (const Memory& m : ms) out.push_back(MemoryJson(m));
  return out;
}

Result<json> RunTool(Engine* engine, const std::string& name, const json& args,
                     const Principal& p) {
  if (name == "remember") {
    ENGRAM_ASSIGN_OR_RETURN(auto requests, ParseRemember(args, p));
    json results = json::array();
    // In order, embedded in batches; stops at the first refusal, as one call per message.
    for (Result<RememberResult>& made : engine->RememberMany(requests, true)) {
      ENGRAM_ASSIGN_OR_RETURN(auto out, std::move(made));
      json corefs = json::array();  // whom its pronouns name (Options::self_contained_memories)
      for (const CoreferenceView& c : out.coreferences) corefs.push_back(CoreferenceJson(c));
      results.push_back({{"message_id", out.message_id},
                         {"memories", Memories(out.memories)},
                         {"superseded", out.superseded},
                         {"coreferences", corefs}});
    }
    return results.size() == 1 ? results[0] : json{{"results", results}};
  }
  if (name == "recall") {
    ENGRAM_ASSIGN_OR_RETURN(auto request, ParseRecall(args, p));
    ENGRAM_ASSIGN_OR_RETURN(auto out, engine->Recall(request));
    json hits = json::array();
    for (const RecallHit& h : out.hits) hits.push_back(HitJson(h));
    return json{{"request_id", out.request_id}, {"results", hits}};
  }
  if (name == "get_memory") {
    ENGRAM_ASSIGN_OR_RETURN(auto id, ArgId(args));
    ENGRAM_ASSIGN_OR_RETURN(auto m, engine->Get(p, id));
    return MemoryJson(m);
  }
  if (name == "history") {
    ENGRAM_ASSIGN_OR_RETURN(auto id, ArgId(args));
    ENGRAM_ASSIGN_OR_RETURN(auto versions, engine->History(p, id));
    return json{{"versions", Memories(versions)}};
  }
  if (name == "correct") {
    ENGRAM_ASSIGN_OR_RETURN(auto id, ArgId(args));
    ENGRAM_ASSIGN_OR_RETURN(auto request, ParseCorrect(args, p, id));
    ENGRAM_ASSIGN_OR_RETURN(auto m, engine->Correct(request));
    return MemoryJson(m);
  }
  if (name == "forget") {
    ENGRAM_ASSIGN_OR_RETURN(auto id, ArgId(args));
    ENGRAM_ASSIGN_OR_RETURN(auto hard, OptBool(args, "hard"));
    ENGRAM_RETURN_IF_ERROR(engine->Forget({p, id, hard.value_or(false)}));
    return json{{"forgotten", id}, {"hard", hard.value_or(false)}};
  }
  if (name == "feedback") {
    ENGRAM_ASSIGN_OR_RETURN(auto request, ParseFeedback(args, p));
    ENGRAM_ASSIGN_OR_RETURN(auto result, engine->Feedback(request));
    return FeedbackJson(result);
  }
  return Status::NotFound("unknown tool '" + name + "'");
}

}  // namespace

json JsonRpcError(const json& id, int code, const std::string& message) {
  return {{"jsonrpc", "2.0"}, {"id", id}, {"error", {{"code", code}, {"message", message}}}};
}

json McpSession::CallTool(const json& params, const Principal& principal) {
  const std::string name = params.value("name", "");
  json args = params.contains("arguments") && !params["arguments"].is_null()
                  ? params["arguments"]
                  : json::object();
  if (!args.is_object()) return ToolError(Status::InvalidArgument("arguments: not an object"));
  auto out = RunTool(engine_, name, args, principal);
  if (!out.ok()) return ToolError(out.status());
  return ToolResult(*out);
}

std::optional<json> McpSession::Handle(const json& msg, const Principal& principal) {
  try {
    if (!msg.is_object() || msg.value("jsonrpc", "") != "2.0") {
      return JsonRpcError(nullptr, kInvalidRequest, "not a JSON-RPC 2.0 message");
    }
    if (!msg.contains("method")) return std::nullopt;  // a response from the client
    const json id = msg.contains("id") ? msg["id"] : json(nullptr);
    if (!msg.contains("id")) return std::nullopt;  // a notification
    if (!id.is_string() && !id.is_number_integer()) {
      return JsonRpcError(nullptr, kInvalidRequest, "id: must be a string or an integer");
    }
    if (!msg["method"].is_string()) return JsonRpcError(id, kInvalidRequest, "method: not a string");
    const std::string method = msg["method"].get<std::string>();
    const json params = msg.contains("params") ? msg["params"] : json::object();
    if (!params.is_object()) return JsonRpcError(id, kInvalidParams, "params: not an object");
    json result;
    if (method == "initialize") {
      result = {{"protocolVersion", kMcpProtocolVersion},
                {"capabilities", {{"tools", {{"listChanged", false}}}}},
                {"serverInfo", {{"name", "engram"}, {"title", "Engram memory"},
                                {"version", "0.1.0"}}},
                {"instructions",
                 "Long-term memory: remember what matters, recall it before answering."}};
    } else if (method == "ping") {
      result = json::object();
    } else if (method == "tools/list") {
      result = {{"tools", Tools()}};
    } else if (method == "tools/call") {
      if (!params.contains("name") || !params["name"].is_string()) {
        return JsonRpcError(id, kInvalidParams, "params.name: required");
      }
      const std::string name = params["name"].get<std::string>();
      bool known = false;
      for (const json& t : Tools()) known = known || t["name"] == name;
      if (!known) return JsonRpcError(id, kInvalidParams, "unknown tool '" + name + "'");
      result = CallTool(params, principal);
    } else {
      return JsonRpcError(id, kMethodNotFound, "method not found: " + method);
    }
    return json{{"jsonrpc", "2.0"}, {"id", id}, {"result", result}};
  } catch (const json::exception& e) {
    return JsonRpcError(nullptr, kInvalidRequest, e.what());
  }
}

int RunMcpStdio(Engine* engine, const Principal& principal, std::istream& in, std::ostream& out,
                std::ostream& log) {
  McpSession session(engine);
  std::string line;
  while (std::getline(in, line)) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    const Status depth = CheckJsonDepth(line, "request");
    json msg = depth.ok() ? json::parse(line, nullptr, /*allow_exceptions=*/false)
                          : json(json::value_t::discarded);
    std::optional<json> reply =
        !depth.ok()          ? JsonRpcError(nullptr, kParseError, depth.message())
        : msg.is_discarded() ? JsonRpcError(nullptr, kParseError, "parse error")
                             : session.Handle(msg, principal);
    if (reply) {
      out << reply->dump(-1, ' ', false, json::error_handler_t::replace) << "\n";
      out.flush();
    }
  }
  log << "engram mcp: end of input\n";
  return 0;
}

}  // namespace engram::serve
