// Engine requests from JSON bodies (declared in json_codec.h).
#include "apps/serve/json_codec.h"
#include "engram/status_macros.h"

namespace engram::serve {
namespace {

using nlohmann::json;

constexpr size_t kMaxMessages = 100;

// Mem0's "timestamp" (Unix seconds) as an Instant; nullopt when absent.
Result<std::optional<Instant>> OptUnixSeconds(const json& body, const char* field) {
  ENGRAM_ASSIGN_OR_RETURN(auto seconds, OptNumber(body, field));
  if (!seconds) return std::optional<Instant>();
  if (*seconds < 0 || *seconds > 253402300799.0) {
    return Status::InvalidArgument(std::string(field) + ": Unix seconds before year 10000");
  }
  return std::optional<Instant>(Instant{static_cast<int64_t>(*seconds * 1000), 0});
}

// The value of `name` or of its Mem0 alias; InvalidArgument when both are given and differ.
Result<std::optional<std::string>> StringOrAlias(const json& body, const char* name,
                                                 const char* alias) {
  ENGRAM_ASSIGN_OR_RETURN(auto a, OptString(body, name));
  ENGRAM_ASSIGN_OR_RETURN(auto b, OptString(body, alias));
  if (a && b && *a != *b) {
    return Status::InvalidArgument(std::string(name) + ": differs from " + alias);
  }
  return a ? a : b;
}

Status NoAppId(const json& body) {
  if (body.is_object() && body.contains("app_id") && !body["app_id"].is_null()) {
    return Status::InvalidArgument(
        "app_id: not supported (Engram scopes memories by user, agent, team and session)");
  }
  return Status::OK();
}

// Fields every message of one POST /v1/memories shares.
Status ApplyCommon(const json& body, RememberRequest* r) {
  ENGRAM_ASSIGN_OR_RETURN(auto team, OptString(body, "team"));
  ENGRAM_ASSIGN_OR_RETURN(auto visibility, OptString(body, "visibility"));
  ENGRAM_ASSIGN_OR_RETURN(auto session, StringOrAlias(body, "session", "run_id"));
  ENGRAM_ASSIGN_OR_RETURN(auto at_iso, OptTime(body, "at"));
  ENGRAM_ASSIGN_OR_RETURN(auto timestamp, OptUnixSeconds(body, "timestamp"));
  ENGRAM_ASSIGN_OR_RETURN(auto expiration, OptTime(body, "expiration_date"));
  ENGRAM_ASSIGN_OR_RETURN(auto source, OptString(body, "source"));
  ENGRAM_RETURN_IF_ERROR(NoAppId(body));
  const std::optional<Instant> at = at_iso ? at_iso : timestamp;
  ENGRAM_ASSIGN_OR_RETURN(auto subject, OptString(body, "subject"));
  ENGRAM_ASSIGN_OR_RETURN(auto attribute, OptString(body, "attribute"));
  ENGRAM_ASSIGN_OR_RETURN(auto value, OptString(body, "value"));
  ENGRAM_ASSIGN_OR_RETURN(auto infer, OptBool(body, "infer"));
  ENGRAM_ASSIGN_OR_RETURN(auto valid_from, OptTime(body, "valid_from"));
  ENGRAM_ASSIGN_OR_RETURN(auto valid_to, OptTime(body, "valid_to"));
  r->valid_from = valid_from;
  r->valid_to = valid_to ? valid_to : expiration;
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
  ENGRAM_RETURN_IF_ERROR(ApplyCommon(body, &common));
  std::vector<RememberRequest> out;
  ENGRAM_ASSIGN_OR_RETURN(auto text, OptString(body, "text"));
  const bool has_messages = body.contains("messages") && !body["messages"].is_null();
  if (text.has_value() == has_messages) {
    return Status::InvalidArgument("body: give exactly one of 'text' and 'messages'");
  }
  if (text) {
    ENGRAM_ASSIGN_OR_RETURN(auto role, OptString(body, "role"));
    out.push_back(common);
    out.back().text = *text;
    if (role) out.back().role = *role;
    return out;
  }
  json messages = body["messages"];
  if (messages.is_string()) messages = json::array({{{"role", "user"}, {"content", messages}}});
  if (messages.is_object()) messages = json::array({messages});
  if (!messages.is_array() || messages.empty() || messages.size() > kMaxMessages) {
    return Status::InvalidArgument("messages: must be an array of 1 to 100 messages");
  }
  for (const json& m : messages) {
    if (!m.is_object()) return Status::InvalidArgument("messages: each must be an object");
    ENGRAM_ASSIGN_OR_RETURN(auto content, OptString(m, "content"));
    ENGRAM_ASSIGN_OR_RETURN(auto role, OptString(m, "role"));
    ENGRAM_ASSIGN_OR_RETURN(auto at, OptTime(m, "at"));
    if (!content) return Status::InvalidArgument("messages: each needs a string 'content'");
    if (role && *role == "system") continue;  // instructions to the model, not memories (Mem0)
    out.push_back(common);
    out.back().text = *content;
    if (role) out.back().role = *role;
    if (at) out.back().at = at;
  }
  if (out.empty()) return Status::InvalidArgument("messages: only system messages");
  return out;
}

namespace {

// Sets an entity condition (session, agent) once; "*" means any.
Status MergeEntity(const std::string& key, const json& value, std::string* out) {
  if (!value.is_string()) return Status::InvalidArgument("filters." + key + ": must be a string");
  const std::string v = value.get<std::string>();
  if (v == "*") return Status::OK();
  if (!out->empty() && *out != v) {
    return Status::InvalidArgument("filters." + key + ": two different values");
  }
  *out = v;
  return Status::OK();
}

Status MergeNames(const std::string& key, const json& value, RecallFilter* f) {
  if (!value.is_array()) return Status::InvalidArgument("filters." + key + ": must be a list");
  for (const json& name : value) {
    const std::string n = name.is_string() ? name.get<std::string>() : "";
    if (key == "types") {
      auto t = ParseMemoryType(n);
      if (!t) return Status::InvalidArgument("filters.types: unknown '" + n + "'");
      f->types.push_back(*t);
    } else {
      auto k = ParseMemoryKind(n);
      if (!k) return Status::InvalidArgument("filters.kinds: unknown '" + n + "'");
      f->kinds.push_back(*k);
    }
  }
  return Status::OK();
}

// One filter object into `f`; metadata conditions are collected in `metadata` (an array).
Status MergeFilter(const json& j, int depth, RecallFilter* f, json* metadata) {
  if (!j.is_object()) return Status::InvalidArgument("filters: must be a JSON object");
  if (depth > 8) return Status::InvalidArgument("filters: nested too deep");
  for (const auto& [key, value] : j.items()) {
    Status s;
    if (key == "types" || key == "kinds") {
      s = MergeNames(key, value, f);
    } else if (key == "session_id" || key == "run_id") {
      s = MergeEntity(key, value, &f->session_id);
    } else if (key == "agent_id") {
      s = MergeEntity(key, value, &f->agent_id);
    } else if (key == "user_id") {
      if (!value.is_string()) s = Status::InvalidArgument("filters.user_id: must be a string");
    } else if (key == "metadata") {
      if (!value.is_object()) {
        return Status::InvalidArgument("filters.metadata: must be a JSON object");
      }
      if (!value.empty()) metadata->push_back(value);
    } else if (key == "AND") {
      if (!value.is_array()) return Status::InvalidArgument("filters.AND: must be a list");
      for (const json& sub : value) {
        ENGRAM_RETURN_IF_ERROR(MergeFilter(sub, depth + 1, f, metadata));
      }
    } else if (key == "OR" || key == "NOT") {
      s = Status::InvalidArgument("filters." + key +
                                  ": combine metadata conditions inside filters.metadata");
    } else {
      s = Status::InvalidArgument("filters: unknown field '" + key + "'");
    }
    ENGRAM_RETURN_IF_ERROR(s);
  }
  return Status::OK();
}

}  // namespace

Result<RecallFilter> ParseRecallFilter(const json& body) {
  RecallFilter f;
  if (!body.contains("filters") || body["filters"].is_null()) return f;
  json metadata = json::array();
  ENGRAM_RETURN_IF_ERROR(MergeFilter(body["filters"], 0, &f, &metadata));
  if (metadata.size() == 1) f.metadata_json = metadata[0].dump();
  if (metadata.size() > 1) f.metadata_json = json{{"AND", metadata}}.dump();
  return f;
}

Result<RecallRequest> ParseRecall(const json& body, const Principal& principal) {
  if (!body.is_object()) return Status::InvalidArgument("body: must be a JSON object");
  RecallRequest r;
  r.principal = principal;
  ENGRAM_ASSIGN_OR_RETURN(auto query, OptString(body, "query"));
  ENGRAM_ASSIGN_OR_RETURN(auto limit, OptInt(body, "limit"));
  ENGRAM_ASSIGN_OR_RETURN(auto top_k, OptInt(body, "top_k"));
  ENGRAM_ASSIGN_OR_RETURN(auto threshold, OptNumber(body, "threshold"));
  ENGRAM_ASSIGN_OR_RETURN(auto at, OptTime(body, "at"));
  ENGRAM_ASSIGN_OR_RETURN(auto history, OptBool(body, "include_history"));
  ENGRAM_ASSIGN_OR_RETURN(auto expired, OptBool(body, "include_expired"));
  ENGRAM_ASSIGN_OR_RETURN(auto show_expired, OptBool(body, "show_expired"));
  ENGRAM_ASSIGN_OR_RETURN(auto deep, OptBool(body, "deep"));
  ENGRAM_ASSIGN_OR_RETURN(auto session, StringOrAlias(body, "session", "run_id"));
  ENGRAM_RETURN_IF_ERROR(NoAppId(body));
  if (!query) return Status::InvalidArgument("query: required");
  r.query = *query;
  if (limit && top_k && *limit != *top_k) {
    return Status::InvalidArgument("top_k: differs from limit");
  }
  if (!limit) limit = top_k;
  if (limit) {
    if (*limit <= 0 || *limit > 1000) return Status::InvalidArgument("limit: must be 1..1000");
    r.limit = static_cast<int>(*limit);
  }
  if (threshold) {
    if (*threshold < 0 || *threshold > 1) {
      return Status::InvalidArgument("threshold: must be in [0, 1]");
    }
    r.min_relevance = *threshold;
  }
  r.at = at;
  r.include_history = history.value_or(false);
  r.include_expired = expired.value_or(show_expired.value_or(false));
  r.deep = deep.value_or(false);
  if (session) r.session_id = *session;
  ENGRAM_ASSIGN_OR_RETURN(auto filter, ParseRecallFilter(body));
  r.filter = std::move(filter);
  // Mem0's v1 search: a top-level "metadata" object is a condition on the metadata.
  if (body.contains("metadata") && !body["metadata"].is_null()) {
    const json& metadata = body["metadata"];
    if (!metadata.is_object()) return Status::InvalidArgument("metadata: must be an object");
    if (!r.filter.metadata_json.empty()) {
      return Status::InvalidArgument("metadata: give it in filters.metadata only");
    }
    if (!metadata.empty()) r.filter.metadata_json = metadata.dump();
  }
  return r;
}

Result<CorrectRequest> ParseCorrect(const json& body, const Principal& principal, int64_t id) {
  if (!body.is_object()) return Status::InvalidArgument("body: must be a JSON object");
  CorrectRequest r;
  r.principal = principal;
  r.id = id;
  ENGRAM_ASSIGN_OR_RETURN(auto text, OptString(body, "text"));
  ENGRAM_ASSIGN_OR_RETURN(auto value, OptString(body, "value"));
  ENGRAM_ASSIGN_OR_RETURN(auto at, OptTime(body, "at"));
  ENGRAM_ASSIGN_OR_RETURN(auto timestamp, OptUnixSeconds(body, "timestamp"));
  if (!text) return Status::InvalidArgument("text: required");
  r.text = *text;
  if (value) r.value = *value;
  r.at = at ? at : timestamp;
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
  ENGRAM_ASSIGN_OR_RETURN(auto request_id, OptString(body, "request_id"));
  ENGRAM_ASSIGN_OR_RETURN(auto memory_id, OptInt(body, "memory_id"));
  ENGRAM_ASSIGN_OR_RETURN(auto verdict, OptString(body, "verdict"));
  ENGRAM_ASSIGN_OR_RETURN(auto correction, OptString(body, "correction"));
  ENGRAM_ASSIGN_OR_RETURN(auto forget, OptBool(body, "forget"));
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
