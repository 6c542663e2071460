// JSON shapes of the server (REST and MCP): engine values out, requests in.
//
// Parsing never throws: a field of the wrong type or value is InvalidArgument naming it.
// Thread safety: pure functions.
#ifndef ENGRAM_APPS_SERVE_JSON_CODEC_H_
#define ENGRAM_APPS_SERVE_JSON_CODEC_H_

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

#include "engram/engine.h"

namespace engram::serve {

nlohmann::json MemoryJson(const Memory& m);
nlohmann::json HitJson(const RecallHit& h);
nlohmann::json AuditJson(const AuditEntryView& a);
nlohmann::json StatsJson(const EngineStats& s);
nlohmann::json MetricsJson(const MemoryMetrics& m);
nlohmann::json ReviewJson(const ReviewItemView& r);
nlohmann::json ApiKeyJson(const ApiKey& k);

// Optional typed fields of a JSON object. Absent or null → nullopt; wrong type →
// InvalidArgument "<field>: must be a <type>".
Result<std::optional<std::string>> OptString(const nlohmann::json& obj, const char* field);
Result<std::optional<int64_t>> OptInt(const nlohmann::json& obj, const char* field);
Result<std::optional<bool>> OptBool(const nlohmann::json& obj, const char* field);
Result<std::optional<double>> OptNumber(const nlohmann::json& obj, const char* field);
// A string or an array of strings (for "team"/"teams", "input").
Result<std::vector<std::string>> StringList(const nlohmann::json& obj, const char* field);
// An ISO 8601 time field.
Result<std::optional<Instant>> OptTime(const nlohmann::json& obj, const char* field);

// The remember requests of one POST /v1/memories body (or MCP "remember" arguments):
//   {"text": "...", ...}  or  {"messages": [{"role": "user", "content": "..."}, ...], ...}
// plus optional team, visibility, session, at, source, metadata, subject/attribute/value,
// infer, valid_from/valid_to. Mem0's names are accepted too: "run_id" (the session),
// "timestamp" (Unix seconds: at), "expiration_date" (YYYY-MM-DD: valid_to); "user_id" and
// "agent_id" name the principal (auth.h). "app_id" is InvalidArgument (no such scope).
// The principal is set on every request. InvalidArgument for a malformed body.
Result<std::vector<RememberRequest>> ParseRemember(const nlohmann::json& body,
                                                   const Principal& principal);

// {"query", "limit" (or Mem0's "top_k"), "at", "include_history", "include_expired", "deep",
//  "session" (or Mem0's "run_id"), "threshold" (RecallRequest::min_relevance), "filters"}.
// A top-level "metadata" object is a metadata condition, as in Mem0's v1 search.
Result<RecallRequest> ParseRecall(const nlohmann::json& body, const Principal& principal);

// The "filters" object of a body (none: an empty filter): Engram's {"types", "kinds",
// "session_id", "agent_id", "metadata"} and Mem0's names: "run_id" (the session),
// "user_id" (the principal's, see auth.h; ignored here), "AND" lists of such objects; "*"
// means any. InvalidArgument for anything else (OR/NOT of entity ids, app_id, categories...).
Result<RecallFilter> ParseRecallFilter(const nlohmann::json& body);

// {"text", "value", "at" (or Mem0's "timestamp"), "metadata"} for memory `id`.
Result<CorrectRequest> ParseCorrect(const nlohmann::json& body, const Principal& principal,
                                    int64_t id);

// {"request_id", "memory_id", "verdict": "used"|"wrong"|"outdated", "correction"?}.
Result<FeedbackRequest> ParseFeedback(const nlohmann::json& body, const Principal& principal);
// The reply to a feedback call: {"request_id", "corrected": memory|null}.
nlohmann::json FeedbackJson(const FeedbackResult& r);

// An integer query parameter `name` in [lo, hi]; InvalidArgument otherwise.
Result<int64_t> ParseIntParam(const std::string& name, const std::string& text, int64_t lo,
                              int64_t hi);

// A memory id from a path segment or JSON: a positive decimal integer.
Result<int64_t> ParseId(const std::string& text);

}  // namespace engram::serve

#endif  // ENGRAM_APPS_SERVE_JSON_CODEC_H_
