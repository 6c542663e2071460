// Engine requests from JSON bodies (declared in json_codec.h).
#include "apps/serve/json_codec.h"
#include "apps/serve/try.h"

namespace engram::serve {
namespace {

using nlohmann::json;

constexpr size_t kMaxMessages = 100;

// Fields every message of one POST /v1/memories shares.
Status ApplyCommon(const json& body, RememberRequest* r) {
  ENGRAM_SERVE_TRY(team, OptString(body, "team"));
  ENGRAM_SERVE_TRY(visibility, OptString(body, "visibility"));
  ENGRAM_SERVE_TRY(session, OptString(body, "session"));
  ENGRAM_SERVE_TRY(at, OptTime(body, "at"));
  ENGRAM_SERVE_TRY(source, OptString(body, "source"));
  ENGRAM_SERVE_TRY(subject, OptString(body, "subject"));
  ENGRAM_SERVE_TRY(attribute, OptString(body, "attribute"));
  ENGRAM_SERVE_TRY(value, OptString(body, "value"));
  ENGRAM_SERVE_TRY(infer, OptBool(body, "infer"));
  ENGRAM_SERVE_TRY(valid_from, OptTime(body, "valid_from"));
  ENGRAM_SERVE_TRY(valid_to, OptTime(body, "valid_to"));
  r->valid_from = valid_from;
  r->valid_to = valid_to;
  if (team) r->team_id = *team;
  if (visibility) {
    auto v = ParseVisibility(*visibility);
    if (!v) return Status::InvalidArgument("visibility: unknown '" + *visibility + "'");
    r->visibility = *v;
  } else if (team) {
    r->visibility = Visibility::kTeam;
  }
  if (r->visibility != Visibility::kTeam) r->team_id.clear();
  if (session) r->session_id = *session;
  r->at = at;
  if (source) {
    auto s = ParseSourceType(*source);
    if (!s) return Status::InvalidArgument("source: unknown '" + *source + "'");
    r->source = *s;
  }
  if (subject) r->subject = *subject;
  if (attribute) r->attribute = *attribute;
  if (value) r->value = *value;
  r->infer = infer.value_or(true);
  if (body.contains("metadata") && !body["metadata"].is_null()) {
    if (!body["metadata"].is_object()) return Status::InvalidArgument("metadata: must be an object");
    r->metadata_json = body["metadata"].dump();
  }
  return Status::OK();
}

}  // namespace

Result<std::vector<RememberRequest>> ParseRemember(const json& body, const Principal& principal) {
  if (!body.is_object()) return Status::InvalidArgument("body: must be a JSON object");
  RememberRequest common;
  common.principal = principal;
  if (Status s = ApplyCommon(body, &common); !s.ok()) return s;
  std::vector<RememberRequest> out;
  ENGRAM_SERVE_TRY(text, OptString(body, "text"));
  const bool has_messages = body.contains("messages") && !body["messages"].is_null();
  if (text.has_value() == has_messages) {
    return Status::InvalidArgument("body: give exactly one of 'text' and 'messages'");
  }
  if (text) {
    ENGRAM_SERVE_TRY(role, OptString(body, "role"));
    out.push_back(common);
    out.back().text = *text;
    if (role) out.back().role = *role;
    return out;
  }
  const json& messages = body["messages"];
  if (!messages.is_array() || messages.empty() || messages.size() > kMaxMessages) {
    return Status::InvalidArgument("messages: must be an array of 1 to 100 messages");
  }
  for (const json& m : messages) {
    if (!m.is_object()) return Status::InvalidArgument("messages: each must be an object");
    ENGRAM_SERVE_TRY(content, OptString(m, "content"));
    ENGRAM_SERVE_TRY(role, OptString(m, "role"));
    ENGRAM_SERVE_TRY(at, OptTime(m, "at"));
    if (!content) return Status::InvalidArgument("messages: each needs a string 'content'");
    out.push_back(common);
    out.back().text = *content;
    if (role) out.back().role = *role;
    if (at) out.back().at = at;
  }
  return out;
}

// "filters": {"types": [...], "kinds": [...], "session_id": "...", "agent_id": "...",
//             "metadata": {Mem0-style condition}}; the engine validates the condition.
Result<RecallFilter> ParseRecallFilter(const json& body) {
  RecallFilter f;
  if (!body.contains("filters") || body["filters"].is_null()) return f;
  const json& j = body["filters"];
  if (!j.is_object()) return Status::InvalidArgument("filters: must be a JSON object");
  for (const auto& [key, value] : j.items()) {
    if (key == "types" || key == "kinds") {
      if (!value.is_array()) {
        return Status::InvalidArgument("filters." + key + ": must be a list");
      }
      for (const json& name : value) {
        const std::string n = name.is_string() ? name.get<std::string>() : "";
        if (key == "types") {
          auto t = ParseMemoryType(n);
          if (!t) return Status::InvalidArgument("filters.types: unknown '" + n + "'");
          f.types.push_back(*t);
        } else {
          auto k = ParseMemoryKind(n);
          if (!k) return Status::InvalidArgument("filters.kinds: unknown '" + n + "'");
          f.kinds.push_back(*k);
        }
      }
    } else if (key == "session_id" || key == "agent_id") {
      if (!value.is_string()) {
        return Status::InvalidArgument("filters." + key + ": must be a string");
      }
      (key == "session_id" ? f.session_id : f.agent_id) = value.get<std::string>();
    } else if (key == "metadata") {
      if (!value.is_object()) {
        return Status::InvalidArgument("filters.metadata: must be a JSON object");
      }
      f.metadata_json = value.dump();
    } else {
      return Status::InvalidArgument("filters: unknown field '" + key + "'");
    }
  }
  return f;
}

Result<RecallRequest> ParseRecall(const json& body, const Principal& principal) {
  if (!body.is_object()) return Status::InvalidArgument("body: must be a JSON object");
  RecallRequest r;
  r.principal = principal;
  ENGRAM_SERVE_TRY(query, OptString(body, "query"));
  ENGRAM_SERVE_TRY(limit, OptInt(body, "limit"));
  ENGRAM_SERVE_TRY(at, OptTime(body, "at"));
  ENGRAM_SERVE_TRY(history, OptBool(body, "include_history"));
  ENGRAM_SERVE_TRY(expired, OptBool(body, "include_expired"));
  ENGRAM_SERVE_TRY(deep, OptBool(body, "deep"));
  ENGRAM_SERVE_TRY(session, OptString(body, "session"));
  if (!query) return Status::InvalidArgument("query: required");
  r.query = *query;
  if (limit) {
    if (*limit <= 0 || *limit > 1000) return Status::InvalidArgument("limit: must be 1..1000");
    r.limit = static_cast<int>(*limit);
  }
  r.at = at;
  r.include_history = history.value_or(false);
  r.include_expired = expired.value_or(false);
  r.deep = deep.value_or(false);
  if (session) r.session_id = *session;
  ENGRAM_SERVE_TRY(filter, ParseRecallFilter(body));
  r.filter = std::move(filter);
  return r;
}

Result<CorrectRequest> ParseCorrect(const json& body, const Principal& principal, int64_t id) {
  if (!body.is_object()) return Status::InvalidArgument("body: must be a JSON object");
  CorrectRequest r;
  r.principal = principal;
  r.id = id;
  ENGRAM_SERVE_TRY(text, OptString(body, "text"));
  ENGRAM_SERVE_TRY(value, OptString(body, "value"));
  ENGRAM_SERVE_TRY(at, OptTime(body, "at"));
  if (!text) return Status::InvalidArgument("text: required");
  r.text = *text;
  if (value) r.value = *value;
  r.at = at;
  if (body.contains("metadata") && !body["metadata"].is_null()) {
    const json& metadata = body["metadata"];
    if (!metadata.is_object()) return Status::InvalidArgument("metadata: must be an object");
    r.metadata_json = metadata.dump();
  }
  return r;
}

Result<FeedbackRequest> ParseFeedback(const json& body, const Principal& principal) {
  if (!body.is_object()) return Status::InvalidArgument("body: must be a JSON object");
  FeedbackRequest r;
  r.principal = principal;
  ENGRAM_SERVE_TRY(request_id, OptString(body, "request_id"));
  ENGRAM_SERVE_TRY(memory_id, OptInt(body, "memory_id"));
  ENGRAM_SERVE_TRY(verdict, OptString(body, "verdict"));
  ENGRAM_SERVE_TRY(correction, OptString(body, "correction"));
  ENGRAM_SERVE_TRY(forget, OptBool(body, "forget"));
  if (!request_id) return Status::InvalidArgument("request_id: required");
  if (!memory_id || *memory_id <= 0) {
    return Status::InvalidArgument("memory_id: required, a positive integer");
  }
  if (!verdict) return Status::InvalidArgument("verdict: required (used, wrong or outdated)");
  r.request_id = *request_id;
  r.memory_id = *memory_id;
  r.verdict = *verdict;
  if (correction) r.correction = *correction;
  r.forget = forget.value_or(false);
  return r;
}

json FeedbackJson(const FeedbackResult& r) {
  return {{"request_id", r.request_id},
          {"corrected", r.corrected ? MemoryJson(*r.corrected) : json(nullptr)}};
}

}  // namespace engram::serve
