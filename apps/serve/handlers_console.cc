// The console's page and assets, and the thin routes it needs (see handlers_console.h).
#include "apps/serve/handlers_console.h"

#include "apps/serve/entity_json.h"
#include "apps/serve/json_codec.h"
#include "engram/iso8601.h"
#include "engram/status_macros.h"

namespace engram::serve {
namespace {

using nlohmann::json;

// The page speaks only to this origin and runs only its own script and style sheet, so text
// a memory carries can never run as code or reach another site.
const char kContentSecurityPolicy[] =
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'";

HttpReply Asset(const std::string& body, const char* type) {
  HttpReply r;
  r.text = body;
  r.content_type = type;
  r.headers = {{"Content-Security-Policy", kContentSecurityPolicy},
               {"X-Content-Type-Options", "nosniff"},
               {"Referrer-Policy", "no-referrer"},
               {"Cache-Control", "no-cache"}};
  return r;
}

}  // namespace

Result<HttpReply> HandleConsolePage(HttpCall&) {
  return Asset(*ConsoleAsset("index.html"), "text/html; charset=utf-8");
}

Result<HttpReply> HandleConsoleAsset(HttpCall& call) {
  const std::string& name = call.params.at("asset");
  const std::string* body = ConsoleAsset(name);
  if (!body || name == "index.html") {
    return Status::NotFound("console: no asset '" + name.substr(0, 64) + "'");
  }
  const bool js = name.size() > 3 && name.compare(name.size() - 3, 3, ".js") == 0;
  return Asset(*body, js ? "text/javascript; charset=utf-8" : "text/css; charset=utf-8");
}

Result<HttpReply> HandleMemoryLinks(HttpCall& call) {
  ENGRAM_ASSIGN_OR_RETURN(auto id, ParseId(call.params.at("id")));
  ENGRAM_ASSIGN_OR_RETURN(auto links, call.engine->Links(call.principal, id));
  json out = json::array();
  for (const MemoryLinkView& l : links) {
    out.push_back({{"from_id", l.from_id},
                   {"to_id", l.to_id},
                   {"kind", l.kind},
                   {"created_at", FormatIso8601(l.created_at)}});
  }
  return HttpReply{200, {{"links", out}}};
}

Result<HttpReply> HandleMemoryEntities(HttpCall& call) {
  ENGRAM_ASSIGN_OR_RETURN(auto id, ParseId(call.params.at("id")));
  ENGRAM_ASSIGN_OR_RETURN(auto links, call.engine->MemoryEntities(call.principal, id));
  json out = json::array();
  for (const EntityLinkView& l : links) out.push_back(EntityLinkJson(l));
  return HttpReply{200, {{"entities", out}}};
}

Result<HttpReply> HandleGetMessage(HttpCall& call) {
  ENGRAM_ASSIGN_OR_RETURN(auto id, ParseId(call.params.at("id")));
  ENGRAM_ASSIGN_OR_RETURN(auto m, call.engine->GetMessage(call.principal, id));
  return HttpReply{200,
                   {{"id", m.id},
                    {"session_id", m.session_id},
                    {"role", m.role},
                    {"content", m.content},
                    {"at", FormatIso8601(m.at)}}};
}

// The chain spans every user's records, so only the admin role may check it (as `engram
// audit --verify` is an operator's command).
Result<HttpReply> HandleVerifyAudit(HttpCall& call) {
  if (!call.principal.HasRole("admin")) {
    return Status::PermissionDenied("audit: verifying the chain needs the admin role");
  }
  ENGRAM_ASSIGN_OR_RETURN(auto check, call.engine->VerifyAudit());
  return HttpReply{200,
                   {{"records", check.records},
                    {"intact", check.intact},
                    {"first_bad_seq", check.first_bad_seq ? json(check.first_bad_seq)
                                                          : json(nullptr)}}};
}

}  // namespace engram::serve
