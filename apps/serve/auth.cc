#include "apps/serve/auth.h"

#include <algorithm>

#include "apps/serve/json_codec.h"
#include "apps/serve/try.h"

namespace engram::serve {
namespace {

using nlohmann::json;

std::string PresentedKey(const httplib::Request& req) {
  const std::string auth = req.get_header_value("Authorization");
  const std::string bearer = "Bearer ";
  if (auth.size() > bearer.size() && std::equal(bearer.begin(), bearer.end(), auth.begin())) {
    return auth.substr(bearer.size());
  }
  return req.get_header_value("X-API-Key");
}

std::vector<std::string> Params(const httplib::Request& req, const char* name) {
  std::vector<std::string> out;
  auto range = req.params.equal_range(name);
  for (auto it = range.first; it != range.second; ++it) out.push_back(it->second);
  return out;
}

// The principal a --dev request names: body fields first, then query parameters.
Result<Principal> NamedPrincipal(const httplib::Request& req, const json& body) {
  Principal p;
  ENGRAM_SERVE_TRY(user, OptString(body, "user"));
  ENGRAM_SERVE_TRY(agent, OptString(body, "agent"));
  ENGRAM_SERVE_TRY(teams, StringList(body, "teams"));
  ENGRAM_SERVE_TRY(team, StringList(body, "team"));
  ENGRAM_SERVE_TRY(roles, StringList(body, "roles"));
  p.user_id = user ? *user : req.get_param_value("user");
  p.agent_id = agent ? *agent : req.get_param_value("agent");
  p.teams = teams;
  for (const std::string& t : team) {
    if (std::find(p.teams.begin(), p.teams.end(), t) == p.teams.end()) p.teams.push_back(t);
  }
  for (const std::string& t : Params(req, "team")) p.teams.push_back(t);
  p.roles = roles.empty() ? Params(req, "role") : roles;
  return p;
}

}  // namespace

Result<Principal> Authenticator::Resolve(const httplib::Request& req, const json& body,
                                         Access access, std::string* caller) const {
  if (access == Access::kPublic) return Principal{};
  const std::string key = PresentedKey(req);
  ENGRAM_SERVE_TRY(named, NamedPrincipal(req, body));
  if (!key.empty()) {
    ENGRAM_SERVE_TRY(principal, engine_->Authenticate(key));
    *caller = "key:" + key.substr(0, 19);  // "ek_" + id: never the secret part
    if (!named.user_id.empty() && named.user_id != principal.user_id) {
      return Status::PermissionDenied("auth: this API key acts for user '" +
                                      principal.user_id + "', not '" + named.user_id + "'");
    }
    return principal;
  }
  if (!dev_) {
    return Status::Unauthenticated("auth: an API key is required (Authorization: Bearer ...)");
  }
  if (!IsLoopback(req.remote_addr)) {
    return Status::Unauthenticated("auth: --dev accepts keyless calls from loopback only");
  }
  *caller = "addr:" + req.remote_addr;
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
