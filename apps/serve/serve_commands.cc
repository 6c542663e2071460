#include "apps/serve/serve_commands.h"

#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <optional>

#include <iostream>
#include <thread>

#include "apps/serve/json_codec.h"
#include "apps/serve/mcp.h"
#include "apps/serve/server.h"
#include "apps/serve/tenant_engines.h"
#include "engram/engram.h"
#include "engram/iso8601.h"
#include "engram/status_macros.h"

namespace engram::serve {
namespace {

struct PrincipalFlags {
  std::string user, agent;
  std::vector<std::string> teams, roles;
  Principal Get() const { return Principal{user, agent, teams, roles}; }
};

int Fail(const Status& s) {
  std::cerr << "engram: " << s.ToString() << "\n";
  return s.code() == StatusCode::kInvalidArgument ? 2 : 1;
}

Result<std::unique_ptr<Engine>> Open(const std::function<Result<Options>()>& base,
                                     const std::string& embedder,
                                     int64_t compact_interval_seconds = 0,
                                     int64_t outbox_lease_ms = 0) {
  ENGRAM_ASSIGN_OR_RETURN(auto o, base());
  if (!embedder.empty()) o.embedder = embedder;
  o.compact_interval_seconds = compact_interval_seconds;
  if (outbox_lease_ms > 0) o.outbox_lease_ms = outbox_lease_ms;
  return Engine::Open(o);
}

// Background consolidation: asks every open tenant engine once a second whether a
// compaction is due (Options::compact_interval_seconds) until `stop` is set.
class CompactTimer {
 public:
  explicit CompactTimer(TenantEngines* engines) : thread_([this, engines] { Loop(engines); }) {}
  ~CompactTimer() {
    {
      std::lock_guard lock(mu_);
      stop_ = true;
    }
    cv_.notify_all();
    thread_.join();
  }

 private:
  void Loop(TenantEngines* engines) {
    std::unique_lock lock(mu_);
    while (!cv_.wait_for(lock, std::chrono::seconds(1), [this] { return stop_; })) {
      lock.unlock();
      for (const std::shared_ptr<Engine>& engine : engines->All()) {
        auto r = engine->CompactIfDue();
        if (!r.ok()) {
          std::cerr << "engram serve: compact: " << r.status().ToString() << "\n";
        } else if (r->has_value()) {
          std::cerr << "engram serve: compacted (" << (*r)->merges.size() << " merges, "
                    << (*r)->links.size() << " links, " << (*r)->summaries.size()
                    << " summaries)\n";
        }
      }
      lock.lock();
    }
  }

  std::mutex mu_;
  std::condition_variable cv_;
  bool stop_ = false;  // guarded by mu_
  std::thread thread_;  // last: starts after the members it uses
};

// The engine `engram keys` works on: the store URI's tenant, or `tenant` when given
// (FailedPrecondition on sqlite and memory stores, which hold one tenant).
Result<std::unique_ptr<Engine>> OpenKeysTenant(const std::function<Result<Options>()>& base,
                                               const std::optional<std::string>& tenant) {
  ENGRAM_ASSIGN_OR_RETURN(auto engine, Open(base, "none"));
  if (!tenant || *tenant == engine->Tenant()) return engine;
  return engine->OpenTenant(*tenant);
}

void AddPrincipal(CLI::App* cmd, PrincipalFlags* p, bool required) {
  auto* user = cmd->add_option("--user", p->user, "User the key or session acts for");
  if (required) user->required();
  cmd->add_option("--agent", p->agent, "Agent acting for the user");
  cmd->add_option("--team", p->teams, "Team the user belongs to (repeatable)")
      ->allow_extra_args(false);
  cmd->add_option("--role", p->roles,
                  "Role: member, team-admin, reviewer, admin, service (repeatable)")
      ->allow_extra_args(false);
}

// The write end of the pipe SIGINT/SIGTERM are reported through. A signal may arrive on any
// thread (libraries such as OpenBLAS start threads before main), so the handler only writes
// one byte; Serve's waiter thread reads it and shuts the server down.
int g_stop_fd = -1;

void OnStopSignal(int sig) {
  const unsigned char b = static_cast<unsigned char>(sig);
  if (g_stop_fd >= 0) (void)!::write(g_stop_fd, &b, 1);
}

// How long Serve waits after SIGINT/SIGTERM for requests in flight and the queue's drain
// (IngestQueue::Stop: 10 s) before it exits regardless (status 1).
constexpr int kShutdownGraceMs = 15000;

// Serves until SIGINT/SIGTERM, then shuts the server down (drain, then exit 0).
int Serve(Engine* engine, const ServeOptions& options) {
  HttpServer server(engine, options);
  if (Status s = server.Bind(); !s.ok()) return Fail(s);
  int fds[2];
  if (::pipe(fds) != 0) return Fail(Status::IOError("serve: pipe failed"));
  g_stop_fd = fds[1];
  struct sigaction sa = {};
  sa.sa_handler = OnStopSignal;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, nullptr);
  sigaction(SIGTERM, &sa, nullptr);
  // One write, so a reader of stderr never sees the address without its port.
  std::cerr << ("engram serve: listening on http://" + options.host + ":" +
                std::to_string(server.port()) +
                (options.dev ? " (--dev: keyless loopback calls allowed)" : "") + "\n");
  // Set once the server, its workers and timers have stopped (guarded by stop_mu).
  std::mutex stop_mu;
  std::condition_variable stop_cv;
  bool stopped = false;
  std::thread waiter([&] {
    unsigned char sig = 0;
    while (::read(fds[0], &sig, 1) < 0 && errno == EINTR) {
    }
    if (sig == 0) return;  // woken by ourselves: the server stopped on its own
    std::cerr << "engram serve: signal " << int{sig} << ", draining\n";
    server.Shutdown();
    // A call blocked on a store that stopped answering (a frozen or unreachable database)
    // would hold the drain forever. Nothing is lost by leaving: uncommitted work rolls back
    // and the queue's leases lapse for the other servers.
    std::unique_lock lock(stop_mu);
    if (!stop_cv.wait_for(lock, std::chrono::milliseconds(kShutdownGraceMs),
                          [&] { return stopped; })) {
      std::cerr << ("engram serve: not stopped " + std::to_string(kShutdownGraceMs / 1000) +
                    " s after the signal (a store call is stuck: is the database reachable?); "
                    "exiting now\n");
      std::_Exit(1);
    }
  });
  {
    CompactTimer compact_timer(server.tenants());
    server.Run();
  }
  {
    std::lock_guard lock(stop_mu);
    stopped = true;
  }
  stop_cv.notify_all();
  const unsigned char zero = 0;
  (void)!::write(fds[1], &zero, 1);
  waiter.join();
  g_stop_fd = -1;
  ::close(fds[0]);
  ::close(fds[1]);
  std::cerr << "engram serve: stopped\n";
  return 0;
}

// The flags of the three commands. Owned by the callbacks that capture it, so it lives as
// long as the CLI::App holding them.
struct State {
  ServeOptions so;
  std::string s_embedder;
  bool sync_ingest = false;
  int64_t compact_interval = 0;
  int64_t outbox_lease_ms = Options().outbox_lease_ms;
  PrincipalFlags kp;
  std::string k_name, k_id;
  std::optional<std::string> k_tenant;
  bool k_json = false;
  PrincipalFlags mp;
  std::string m_key, m_embedder;
};

}  // namespace

void AddServeCommands(CLI::App& app, std::function<int()>* action,
                      std::function<Result<Options>()> base) {
  auto st = std::make_shared<State>();
  ServeOptions& so = st->so;
  std::string& s_embedder = st->s_embedder;
  bool& sync_ingest = st->sync_ingest;
  PrincipalFlags& kp = st->kp;
  std::string& k_name = st->k_name;
  std::string& k_id = st->k_id;
  bool& k_json = st->k_json;
  PrincipalFlags& mp = st->mp;
  std::string& m_key = st->m_key;
  std::string& m_embedder = st->m_embedder;

  // serve
  auto* serve = app.add_subcommand("serve", "Serve the REST API, MCP and metrics over HTTP");
  serve->add_option("--host", so.host, "Address to listen on")->capture_default_str();
  serve->add_option("--port", so.port, "Port (0 picks a free one)")->capture_default_str();
  serve->add_flag("--dev", so.dev, "Allow keyless calls from loopback (principal in request)");
  serve->add_option("--embedder", s_embedder, "e5 | openai | hashing | none (default e5)");
  serve->add_option("--max-body", so.max_body_bytes, "Largest request body in bytes")
      ->capture_default_str();
  serve->add_option("--rate-limit", so.rate_limit, "Requests/s per key (0 = off)")
      ->capture_default_str();
  serve->add_option("--burst", so.rate_burst, "Burst size per key")->capture_default_str();
  serve->add_option("--threads", so.http_threads, "HTTP worker threads")->capture_default_str();
  serve->add_option("--workers", so.ingest_workers, "Ingestion worker threads")
      ->capture_default_str();
  serve->add_flag("--sync-ingest", sync_ingest, "Remember synchronously (no outbox)");
  serve->add_option("--max-tenants", so.max_tenants,
                    "postgres: other tenants' engines kept open at once (each key acts in its "
                    "own tenant)")
      ->capture_default_str();
  serve->add_option("--compact-interval", st->compact_interval,
                    "Consolidate every scope every N seconds (0 = never)")
      ->capture_default_str();
  serve->add_option("--outbox-lease-ms", st->outbox_lease_ms,
                    "Lease of a worker's claim on queued requests (several servers on one "
                    "store); a killed server's claims return to the others after it")
      ->capture_default_str();
  serve->callback([action, base, st] {
    *action = [base, st]() -> int {
      ServeOptions options = st->so;
      options.async_ingest = !st->sync_ingest;
      if (st->compact_interval < 0) {
        return Fail(Status::InvalidArgument("--compact-interval: must not be negative"));
      }
      if (st->outbox_lease_ms < 100) {
        return Fail(Status::InvalidArgument("--outbox-lease-ms: must be at least 100"));
      }
      auto engine = Open(base, st->s_embedder, st->compact_interval, st->outbox_lease_ms);
      if (!engine.ok()) return Fail(engine.status());
      return Serve(engine->get(), options);
    };
  });

  // keys
  auto* keys = app.add_subcommand(
      "keys", "Manage the server's API keys (each belongs to one tenant of the store)");
  keys->require_subcommand(1);
  auto* create = keys->add_subcommand("create", "Create a key (its secret is printed once)");
  AddPrincipal(create, &kp, true);
  create->add_option("--name", k_name, "A label for the key");
  auto* list = keys->add_subcommand("list", "List keys (never their secrets)");
  auto* revoke = keys->add_subcommand("revoke", "Revoke a key");
  revoke->add_option("ID", k_id, "Key id")->required();
  for (CLI::App* c : {create, list, revoke}) {
    c->add_flag("--json", k_json, "Print JSON");
    c->add_option("--tenant", st->k_tenant,
                  "The tenant the key belongs to (default: the store URI's tenant; only a "
                  "postgres store holds several)");
  }
  create->callback([action, base, st] {
    *action = [base, st]() -> int {
      const State& v = *st;
      auto engine = OpenKeysTenant(base, v.k_tenant);
      if (!engine.ok()) return Fail(engine.status());
      auto key = (*engine)->CreateApiKey(v.k_name, v.kp.Get());
      if (!key.ok()) return Fail(key.status());
      nlohmann::json j = ApiKeyJson(key->key);
      j["secret"] = key->secret;
      j["tenant"] = (*engine)->Tenant();
      if (v.k_json) {
        std::cout << j.dump(2) << "\n";
      } else {
        std::cout << key->secret << "\n";
        const std::string tenant = (*engine)->Tenant();
        std::cerr << "key " << key->key.id << " for user " << key->key.principal.user_id
                  << ((*engine)->MultiTenant()
                          ? " in tenant " + (tenant.empty() ? "'' (the default)" : tenant)
                          : "")
                  << " (store the secret now: it is not kept)\n";
      }
      return 0;
    };
  });
  list->callback([action, base, st] {
    *action = [base, st]() -> int {
      const bool as_json = st->k_json;
      auto engine = OpenKeysTenant(base, st->k_tenant);
      if (!engine.ok()) return Fail(engine.status());
      auto all = (*engine)->ListApiKeys();
      if (!all.ok()) return Fail(all.status());
      nlohmann::json arr = nlohmann::json::array();
      for (const ApiKey& k : *all) {
        arr.push_back(ApiKeyJson(k));
        if (!as_json) {
          std::cout << k.id << "  " << k.principal.user_id << "  "
                    << (k.revoked_at ? "revoked" : "active") << "  " << k.name << "\n";
        }
      }
      if (as_json) {
        std::cout << nlohmann::json{{"tenant", (*engine)->Tenant()}, {"keys", arr}}.dump(2)
                  << "\n";
      }
      return 0;
    };
  });
  revoke->callback([action, base, st] {
    *action = [base, st]() -> int {
      const std::string& id = st->k_id;
      auto engine = OpenKeysTenant(base, st->k_tenant);
      if (!engine.ok()) return Fail(engine.status());
      if (Status s = (*engine)->RevokeApiKey(id); !s.ok()) return Fail(s);
      std::cout << "revoked " << id << "\n";
      return 0;
    };
  });

  // mcp (stdio)
  auto* mcp = app.add_subcommand("mcp", "Serve MCP over stdio (for agent clients)");
  AddPrincipal(mcp, &mp, false);
  mcp->add_option("--key", m_key, "Act as this API key's principal instead of --user");
  mcp->add_option("--embedder", m_embedder, "e5 | openai | hashing | none (default e5)");
  mcp->callback([action, base, st] {
    *action = [base, st]() -> int {
      const State& v = *st;
      auto engine = Open(base, v.m_embedder);
      if (!engine.ok()) return Fail(engine.status());
      Principal p = v.mp.Get();
      std::unique_ptr<Engine> tenant_engine;  // the key's tenant, when not the URI's
      if (!v.m_key.empty()) {
        auto k = (*engine)->AuthenticateAnyTenant(v.m_key);
        if (!k.ok()) return Fail(k.status());
        p = k->principal;
        if (k->tenant != (*engine)->Tenant()) {
          auto opened = (*engine)->OpenTenant(k->tenant);
          if (!opened.ok()) return Fail(opened.status());
          tenant_engine = std::move(opened).value();
        }
      } else if (p.user_id.empty()) {
        return Fail(Status::InvalidArgument("mcp: give --user or --key"));
      }
      return RunMcpStdio(tenant_engine ? tenant_engine.get() : engine->get(), p, std::cin,
                         std::cout, std::cerr);
    };
  });
}

}  // namespace engram::serve
