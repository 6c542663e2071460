// Handlers of the non-memory routes: audit, stats, time parsing, embeddings, health,
// readiness, metrics, the OpenAPI document, and the routes not implemented yet.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <span>

#include "apps/serve/ingest_queue.h"
#include "apps/serve/json_codec.h"
#include "apps/serve/metrics.h"
#include "apps/serve/routes.h"
#include "apps/serve/tenant_engines.h"
#include "engram/clock.h"
#include "engram/status_macros.h"
#include "engram/temporal.h"

namespace engram::serve {
namespace {

using nlohmann::json;

Result<int64_t> QueryInt(const httplib::Request& req, const char* name, int64_t fallback,
                         int64_t lo, int64_t hi) {
  if (!req.has_param(name)) return fallback;
  return ParseIntParam(name, req.get_param_value(name), lo, hi);
}

// Little-endian float32 bytes in base64, as OpenAI answers encoding_format "base64".
std::string Base64Floats(std::span<const float> values) {
  static constexpr char kAlphabet[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string bytes(values.size() * 4, '\0');
  for (size_t i = 0; i < values.size(); ++i) {
    uint32_t bits;
    std::memcpy(&bits, &values[i], 4);
    for (int b = 0; b < 4; ++b) bytes[i * 4 + b] = static_cast<char>((bits >> (8 * b)) & 0xff);
  }
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  for (size_t i = 0; i < bytes.size(); i += 3) {
    uint32_t n = static_cast<uint8_t>(bytes[i]) << 16;
    if (i + 1 < bytes.size()) n |= static_cast<uint8_t>(bytes[i + 1]) << 8;
    if (i + 2 < bytes.size()) n |= static_cast<uint8_t>(bytes[i + 2]);
    out += kAlphabet[(n >> 18) & 63];
    out += kAlphabet[(n >> 12) & 63];
    out += i + 1 < bytes.size() ? kAlphabet[(n >> 6) & 63] : '=';
    out += i + 2 < bytes.size() ? kAlphabet[n & 63] : '=';
  }
  return out;
}

}  // namespace

Result<HttpReply> HandleAudit(HttpCall& call) {
  ENGRAM_ASSIGN_OR_RETURN(auto after, QueryInt(*call.request, "after", 0, 0, INT64_MAX));
  ENGRAM_ASSIGN_OR_RETURN(auto limit, QueryInt(*call.request, "limit", 100, 1, 1000));
  ENGRAM_ASSIGN_OR_RETURN(
      auto records, call.engine->Audit(call.principal, after, static_cast<int>(limit)));
  json out = json::array();
  for (const AuditEntryView& r : records) out.push_back(AuditJson(r));
  return HttpReply{200, {{"records", out}}};
}

Result<HttpReply> HandleReview(HttpCall& call) {
  ENGRAM_ASSIGN_OR_RETURN(auto all, QueryInt(*call.request, "all", 0, 0, 1));
  ENGRAM_ASSIGN_OR_RETURN(auto limit, QueryInt(*call.request, "limit", 100, 1, 1000));
  ENGRAM_ASSIGN_OR_RETURN(
      auto items, call.engine->Review(call.principal, all == 1, static_cast<int>(limit)));
  json out = json::array();
  for (const ReviewItemView& r : items) out.push_back(ReviewJson(r));
  return HttpReply{200, {{"items", out}}};
}

// {"resolution": "approve" | "reject"}: approve releases a quarantined memory into recall.
Result<HttpReply> HandleResolveReview(HttpCall& call) {
  ENGRAM_ASSIGN_OR_RETURN(auto id, ParseId(call.params.at("id")));
  if (!call.body.is_object()) return Status::InvalidArgument("body: must be a JSON object");
  ENGRAM_ASSIGN_OR_RETURN(auto resolution, OptString(call.body, "resolution"));
  if (!resolution) return Status::InvalidArgument("resolution: required (approve or reject)");
  ENGRAM_ASSIGN_OR_RETURN(auto item,
                          call.engine->ResolveReview(call.principal, id, *resolution));
  return HttpReply{200, ReviewJson(item)};
}

Result<HttpReply> HandleStats(HttpCall& call) {
  ENGRAM_ASSIGN_OR_RETURN(auto stats, call.engine->Stats(call.principal));
  return HttpReply{200, StatsJson(stats)};
}

Result<HttpReply> HandleMemoryMetrics(HttpCall& call) {
  MetricsRequest r;
  r.principal = call.principal;
  const httplib::Request& q = *call.request;
  if (q.has_param("by")) r.by = q.get_param_value("by");
  if (q.has_param("id")) r.id = q.get_param_value("id");
  ENGRAM_ASSIGN_OR_RETURN(auto window, QueryInt(q, "window_days", 30, 1, 3650));
  r.window_days = static_cast<int>(window);
  r.bucket = q.get_param_value("bucket");
  ENGRAM_ASSIGN_OR_RETURN(auto m, call.engine->Metrics(r));
  return HttpReply{200, MetricsJson(m)};
}

Result<HttpReply> HandleSweep(HttpCall& call) {
  if (!call.principal.HasRole("admin")) {
    return Status::PermissionDenied("sweep: the admin role is required");
  }
  ENGRAM_ASSIGN_OR_RETURN(auto report, call.engine->Sweep());
  return HttpReply{200, {{"dormant", report.dormant}}};
}

Result<HttpReply> HandleTimeParse(HttpCall& call) {
  const json& b = call.body;
  ENGRAM_ASSIGN_OR_RETURN(auto text, OptString(b, "text"));
  ENGRAM_ASSIGN_OR_RETURN(auto ref, OptTime(b, "ref"));
  ENGRAM_ASSIGN_OR_RETURN(auto language, OptString(b, "language"));
  ENGRAM_ASSIGN_OR_RETURN(auto calendar, OptString(b, "calendar"));
  ENGRAM_ASSIGN_OR_RETURN(auto prefer_future, OptBool(b, "prefer_future"));
  if (!text) return Status::InvalidArgument("text: required");
  if (text->size() > 4096) return Status::InvalidArgument("text: longer than 4096 bytes");
  TimeParseOptions o;
  if (language) o.language = *language;
  if (calendar) o.calendar = *calendar;
  if (prefer_future) o.prefer_future = *prefer_future;
  Instant reference = ref.value_or(Instant{SystemClock()->NowMicros() / 1000, 0});
  ENGRAM_ASSIGN_OR_RETURN(auto matches, ParseTime(*text, reference, o));
  json out = json::array();
  for (const TimeMatch& m : matches) out.push_back(json::parse(TimeMatchToJson(m)));
  return HttpReply{200, {{"matches", out}}};
}

// OpenAI-compatible: {"input": string | [string], "model"?, "input_type"?: "query"|"passage",
// "encoding_format"?: "float", "dimensions"?}.
Result<HttpReply> HandleEmbeddings(HttpCall& call) {
  Engine* engine = call.engine;
  ENGRAM_ASSIGN_OR_RETURN(auto input, StringList(call.body, "input"));
  // Like vLLM, TEI or Ollama, any model name the client was configured with is answered by
  // the one embedder served (named in the reply's "model").
  ENGRAM_RETURN_IF_ERROR(OptString(call.body, "model").status());
  ENGRAM_ASSIGN_OR_RETURN(auto input_type, OptString(call.body, "input_type"));
  ENGRAM_ASSIGN_OR_RETURN(auto format, OptString(call.body, "encoding_format"));
  ENGRAM_ASSIGN_OR_RETURN(auto dimensions, OptInt(call.body, "dimensions"));
  if (input.empty()) return Status::InvalidArgument("input: required, a string or strings");
  const bool base64 = format && *format == "base64";  // the openai SDK's default
  if (format && !base64 && *format != "float") {
    return Status::InvalidArgument("encoding_format: 'float' or 'base64'");
  }
  const std::string served = engine->EmbedderModel();
  EmbedRole role = EmbedRole::kPassage;
  if (input_type && *input_type == "query") {
    role = EmbedRole::kQuery;
  } else if (input_type && *input_type != "passage") {
    return Status::InvalidArgument("input_type: 'query' or 'passage'");
  }
  ENGRAM_ASSIGN_OR_RETURN(auto vectors, engine->Embed(role, input));
  if (dimensions && *dimensions != vectors.dimension) {
    return Status::InvalidArgument("dimensions: '" + served + "' embeds in " +
                                   std::to_string(vectors.dimension) + " dimensions, not " +
                                   std::to_string(*dimensions));
  }
  json data = json::array();
  for (size_t i = 0; i < vectors.count(); ++i) {
    auto row = vectors.row(i);
    json embedding = base64 ? json(Base64Floats(row)) : json(std::vector<float>(row.begin(),
                                                                                 row.end()));
    data.push_back({{"object", "embedding"}, {"index", i}, {"embedding", embedding}});
  }
  size_t chars = 0;
  for (const std::string& t : input) chars += t.size();
  const int64_t tokens = static_cast<int64_t>(std::ceil(static_cast<double>(chars) / 4));
  return HttpReply{200,
                   {{"object", "list"},
                    {"data", data},
                    {"model", served},
                    {"usage", {{"prompt_tokens", tokens}, {"total_tokens", tokens}}}}};
}

Result<HttpReply> HandleHealth(HttpCall&) { return HttpReply{200, {{"status", "ok"}}}; }

Result<HttpReply> HandleReady(HttpCall& call) {
  if (call.server->draining && call.server->draining->load()) {
    return Status::Unavailable("serve: draining");
  }
  Principal probe{"readyz", "", {}, {}};
  ENGRAM_ASSIGN_OR_RETURN(auto stats, call.engine->Stats(probe));
  return HttpReply{200, {{"status", "ready"}, {"schema_version", stats.schema_version}}};
}

Result<HttpReply> HandleMetrics(HttpCall& call) {
  std::string extra;
  if (TenantEngines* t = call.server->tenants) {
    extra =
        "# HELP engram_tenant_engines_open Tenant engines open, the home tenant's included.\n"
        "# TYPE engram_tenant_engines_open gauge\n"
        "engram_tenant_engines_open " + std::to_string(t->All().size()) + "\n";
  }
  if (IngestQueue* q = call.server->queue) {
    extra +=
        "# HELP engram_ingest_processed_total Queued remember requests finished.\n"
        "# TYPE engram_ingest_processed_total counter\n"
        "engram_ingest_processed_total " + std::to_string(q->processed()) + "\n"
        "# HELP engram_ingest_errors_total Failed attempts to process the queue.\n"
        "# TYPE engram_ingest_errors_total counter\n"
        "engram_ingest_errors_total " + std::to_string(q->errors()) + "\n";
  }
  HttpReply r;
  r.text = call.server->metrics->Render(extra);
  r.content_type = "text/plain; version=0.0.4";
  return r;
}

Result<HttpReply> HandleOpenApi(HttpCall&) {
  HttpReply r;
  r.text = OpenApiSpec();
  r.content_type = "application/json";
  return r;
}

}  // namespace engram::serve
