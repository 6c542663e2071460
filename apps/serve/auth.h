// Who a request acts for, and how often it may ask.
//
// With API keys (the default), every non-public route needs "Authorization: Bearer <key>"
// ("Token <key>" as Mem0 sends it, or "X-API-Key: <key>"); the call acts as the key's
// principal, in the key's tenant. A request that names another user is refused, so a key can never act outside
// its principal: scopes are then enforced by the store, which receives that principal. In
// --dev mode a loopback caller may omit the key (or send one the database does not know)
// and name its principal in the request ("user"/"user_id", also inside Mem0 "filters";
// "agent"/"agent_id", "team"/"teams", "roles" in the JSON body, or the same as query
// parameters).
//
// Thread safety: all methods may be called concurrently.
#ifndef ENGRAM_APPS_SERVE_AUTH_H_
#define ENGRAM_APPS_SERVE_AUTH_H_

#include <httplib.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <map>
#include <mutex>
#include <string>

#include "apps/serve/routes.h"
#include "engram/engine.h"

namespace engram::serve {

class Authenticator {
 public:
  // `engine` is not owned and must outlive this object.
  Authenticator(Engine* engine, bool dev) : engine_(engine), dev_(dev) {}

  // The principal a call of a route with `access` acts for, and the key's id (or
  // "addr:<remote address>" without a key) in `*caller`; a key's tenant in `*tenant` (found
  // from the key alone, Engine::AuthenticateAnyTenant; left as is without a key, so --dev
  // calls act in the server's own tenant). Unauthenticated: missing or bad key;
  // PermissionDenied: naming another user than the key's; InvalidArgument: no user in --dev
  // mode for a route that needs one.
  Result<Principal> Resolve(const httplib::Request& req, const nlohmann::json& body,
                            Access access, std::string* caller, std::string* tenant) const;

 private:
  Engine* const engine_;
  const bool dev_;
};

// A token bucket per caller: `rate` requests per second on average, bursts up to `burst`.
// rate <= 0 disables the limit.
class RateLimiter {
 public:
  RateLimiter(double rate, double burst) : rate_(rate), burst_(burst) {}
  // Takes a token; ResourceExhausted when the caller's bucket is empty.
  Status Take(const std::string& caller);

 private:
  struct Bucket {
    double tokens;
    std::chrono::steady_clock::time_point last;
  };
  const double rate_;
  const double burst_;
  std::mutex mu_;
  std::map<std::string, Bucket> buckets_;
};

// True for 127.0.0.0/8, ::1 and IPv4-mapped loopback.
bool IsLoopback(const std::string& address);

}  // namespace engram::serve

#endif  // ENGRAM_APPS_SERVE_AUTH_H_
