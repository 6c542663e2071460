#include "apps/serve/auth.h"

#include <algorithm>

#include "apps/serve/json_codec.h"
#include "engram/status_macros.h"

namespace engram::serve {
namespace {

using nlohmann::json;

// "Authorization: Bearer <key>" (OpenAI), "Authorization: Token <key>" (Mem0) or
// "X-API-Key: <key>".
std::string PresentedKey(const httplib::Request& req) {
  const std::string auth = req.get_header_value("Authorization");
  for (const std::string scheme : {"Bearer ", "Token "}) {
    if (auth.size() > scheme.size() && auth.compare(0, scheme.size(), scheme) == 0) {
      return auth.substr(scheme.size());
    }
  }
  return req.get_header_value("X-API-Key");
}

std::vector<std::string> Params(const httplib::Request& req, const char* name) {
  std::vector<std::string> out;
  auto range = req.params.equal_range(name);
  for (auto it = range.first; it != range.second; ++it) out.push_back(it->second);
  return out;
}

// Sets `*out` to `value` unless empty; InvalidArgument when `*out` already names another.
Status Merge(const char* what, const std::string& value, std::string* out) {
  if (value.empty()) return Status::OK();
  if (!out->empty() && *out != value) {
    return Status::InvalidArgument(std::string(what) + ": named twice, as '" + *out +
                                   "' and as '" + value + "'");
  }
  *out = value;
  return Status::OK();
}

// The user of Mem0 filters: {"user_id": u} or {"AND": [{"user_id": u}, ...]}, nested.
Status FilterUser(const json& filters, int depth, std::string* user) {
  if (!filters.is_object() || depth > 8) return Status::OK();
  if (auto it = filters.find("user_id"); it != filters.end() && it->is_string() &&
                                         it->get<std::string>() != "*") {
    ENGRAM_RETURN_IF_ERROR(Merge("user", it->get<std::string>(), user));
  }
  if (auto it = filters.find("AND"); it != filters.end() && it->is_array()) {
    for (const json& f : *it) {
      ENGRAM_RETURN_IF_ERROR(FilterUser(f, depth + 1, user));
    }
  }
  return Status::OK();
}

// The principal a --dev request names: body fields first, then query parameters. Mem0's
// names count too: "user_id" (also inside "filters") and "agent_id".
Result<Principal> NamedPrincipal(const httplib::Request& req, const json& body) {
  Principal p;
  ENGRAM_ASSIGN_OR_RETURN(auto user, OptString(body, "user"));
  ENGRAM_ASSIGN_OR_RETURN(auto user_id, OptString(body, "user_id"));
  ENGRAM_ASSIGN_OR_RETURN(auto agent, OptString(body, "agent"));
  ENGRAM_ASSIGN_OR_RETURN(auto agent_id, OptString(body, "agent_id"));
  ENGRAM_ASSIGN_OR_RETURN(auto teams, StringList(body, "teams"));
  ENGRAM_ASSIGN_OR_RETURN(auto team, StringList(body, "team"));
  ENGRAM_ASSIGN_OR_RETURN(auto roles, StringList(body, "roles"));
  for (const std::string& u : {user.value_or(""), user_id.value_or("")}) {
    ENGRAM_RETURN_IF_ERROR(Merge("user", u, &p.user_id));
  }
  if (body.is_object() && body.contains("filters")) {
    ENGRAM_RETURN_IF_ERROR(FilterUser(body["filters"], 0, &p.user_id));
  }
  if (p.user_id.empty()) p.user_id = req.get_param_value("user");
  if (p.user_id.empty()) p.user_id = req.get_param_value("user_id");
  for (const std::string& a : {agent.value_or(""), agent_id.value_or("")}) {
    ENGRAM_RETURN_IF_ERROR(Merge("agent", a, &p.agent_id));
  }
  if (p.agent_id.empty()) p.agent_id = req.get_param_value("agent");
  if (p.agent_id.empty()) p.agent_id = req.get_param_value("agent_id");
  p.teams = teams;
  for (const std::string& t : team) {
    if (std::find(p.teams.begin(), p.teams.end(), t) == p.teams.end()) p.teams.push_back(t);
  }
  for (const std::string& t : Params(req, "team")) p.teams.push_back(t);
  p.roles = roles.empty() ? Params(req, "role") : roles;
  return p;
}

// Mem0 scopes a memory by agent_id or run_id alone; Engram always by a user. Such a scope
// lives under a synthetic user, "agent:<id>" or "run:<id>" (as in the Python package).
Result<std::string> ScopeUser(const httplib::Request& req, const json& body) {
  const json* filters = body.is_object() && body.contains("filters") ? &body["filters"] : nullptr;
  for (const char* key : {"agent_id", "run_id"}) {
    ENGRAM_ASSIGN_OR_RETURN(auto named, OptString(body, key));
    std::string id = named.value_or(req.get_param_value(key));
    if (id.empty() && filters && filters->is_object()) {
      ENGRAM_ASSIGN_OR_RETURN(auto in_filters, OptString(*filters, key));
      id = in_filters.value_or("");
    }
    if (!id.empty() && id != "*") return std::string(key[0] == 'a' ? "agent:" : "run:") + id;
  }
  return std::string();
}

}  // namespace

Result<Principal> Authenticator::Resolve(const httplib::Request& req, const json& body,
                                         Access access, std::string* caller,
                                         std::string* tenant) const {
  if (access == Access::kPublic) return Principal{};
  const std::string key = PresentedKey(req);
  ENGRAM_ASSIGN_OR_RETURN(auto named, NamedPrincipal(req, body));
  if (!key.empty()) {
    auto grant = engine_->AuthenticateAnyTenant(key);
    Result<Principal> principal =
        grant.ok() ? Result<Principal>(grant->principal) : Result<Principal>(grant.status());
    if (principal.ok()) {
      *caller = "key:" + key.substr(0, 19);  // "ek_" + id: never the secret part
      *tenant = grant->tenant;
      if (!named.user_id.empty() && named.user_id != principal->user_id) {
        // A service key (one key for an application's many users, as Mem0's are used) acts
        // for the user it names, with that user's rights only: no team, no role.
        if (principal->HasRole("service")) return Principal{named.user_id, named.agent_id, {}, {}};
        return Status::PermissionDenied("auth: this API key acts for user '" +
                                        principal->user_id + "', not '" + named.user_id + "'");
      }
      return principal;
    }
    // --dev: a key the database does not know counts as none (OpenAI and Mem0 clients
    // insist on sending one); the loopback rule below still applies.
    if (!dev_ || principal.status().code() != StatusCode::kUnauthenticated) {
      return principal.status();
    }
  }
  if (!dev_) {
    return Status::Unauthenticated("auth: an API key is required (Authorization: Bearer ...)");
  }
  if (!IsLoopback(req.remote_addr)) {
    return Status::Unauthenticated("auth: --dev accepts keyless calls from loopback only");
  }
  *caller = "addr:" + req.remote_addr;
  if (access == Access::kPrincipal && named.user_id.empty()) {
    ENGRAM_ASSIGN_OR_RETURN(auto scope_user, ScopeUser(req, body));
    named.user_id = scope_user;
  }
  if (access == Access::kPrincipal && named.user_id.empty()) {
    return Status::InvalidArgument("user: required (name the user in --dev mode)");
  }
  return named;
}

Status RateLimiter::Take(const std::string& caller) {
  if (rate_ <= 0) return Status::OK();
  const auto now = std::chrono::steady_clock::now();
  std::lock_guard lock(mu_);
  if (buckets_.size() > 100000) buckets_.clear();  // bound memory under a flood of callers
  auto [it, fresh] = buckets_.try_emplace(caller, Bucket{burst_, now});
  Bucket& b = it->second;
  if (!fresh) {
    const double elapsed = std::chrono::duration<double>(now - b.last).count();
    b.tokens = std::min(burst_, b.tokens + elapsed * rate_);
    b.last = now;
  }
  if (b.tokens < 1) {
    return Status::ResourceExhausted("serve: rate limit of " + std::to_string(rate_) +
                                     " requests/s exceeded; retry later");
  }
  b.tokens -= 1;
  return Status::OK();
}

bool IsLoopback(const std::string& a) {
  return a.rfind("127.", 0) == 0 || a == "::1" || a.rfind("::ffff:127.", 0) == 0 ||
         a == "localhost";
}

}  // namespace engram::serve
