// HttpServer: `engram serve` — the REST API under /v1, MCP at /mcp, health, metrics and the
// OpenAPI document, over one Engine and, on a store of many tenants (postgres), the engines
// of the other tenants: each API key belongs to one tenant, and its requests are served by
// that tenant's engine (TenantEngines).
//
//   HttpServer server(engine, options);
//   if (Status s = server.Bind(); !s.ok()) ...;    // port 0 picks a free port: server.port()
//   std::thread t([&] { server.Run(); });
//   ...
//   server.Shutdown();                              // stop accepting, drain, then Run returns
//
// Thread safety: Shutdown may be called from any thread (not from a signal handler).
#ifndef ENGRAM_APPS_SERVE_SERVER_H_
#define ENGRAM_APPS_SERVE_SERVER_H_

#include <atomic>
#include <memory>
#include <string>

#include "engram/engine.h"

namespace httplib {
class Server;
struct Request;
struct Response;
}  // namespace httplib

namespace engram::serve {

class Authenticator;
class IngestQueue;
class TenantEngines;
class Metrics;
class RateLimiter;
struct Route;
struct ServerContext;

struct ServeOptions {
  // Address and port to listen on; port 0 picks a free one.
  // Defaults: "127.0.0.1", 8420
  std::string host = "127.0.0.1";
  int port = 8420;

  // Accept keyless calls from loopback (the principal is named in the request). Refused
  // with a non-loopback host. Default: false
  bool dev = false;

  // Largest request body, in bytes; larger ones get 413. Default: 1 MiB
  size_t max_body_bytes = 1 << 20;

  // Per caller (API key, or address without one): average requests per second and burst.
  // rate 0 turns the limit off. Defaults: 200, 400
  double rate_limit = 200;
  double rate_burst = 400;

  // Socket read/write timeouts in seconds, and how long ?sync=true waits for ingestion.
  // Defaults: 10, 10, 30000 ms
  int read_timeout_s = 10;
  int write_timeout_s = 10;
  int sync_timeout_ms = 30000;

  // Durable asynchronous ingestion: POST /v1/memories answers 202 after the outbox commit.
  // false: every remember runs synchronously. Defaults: true, 2 workers
  bool async_ingest = true;
  int ingest_workers = 2;

  // Threads answering HTTP requests. A keep-alive connection holds its thread while it is
  // open (cpp-httplib), so this bounds the concurrent client connections. Default: 64
  int http_threads = 64;

  // On a store of many tenants (postgres), how many other tenants' engines stay open at once
  // besides the server's own; the least recently used one is closed past that. Default: 16
  int max_tenants = 16;
};

class HttpServer {
 public:
  // `engine` is not owned and must outlive the server.
  HttpServer(Engine* engine, ServeOptions options);
  ~HttpServer();
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  // Binds the listening socket. InvalidArgument: --dev with a non-loopback host;
  // Unavailable: the address cannot be bound.
  Status Bind();
  int port() const { return port_; }

  // The engines of every tenant served (for the maintenance timers).
  TenantEngines* tenants() { return tenants_.get(); }

  // Serves until Shutdown; then the ingestion workers drain the queue and Run returns.
  // REQUIRES: Bind() succeeded.
  void Run();

  // Stops accepting requests; requests in flight finish. Idempotent.
  void Shutdown();

 private:
  void Register();
  void Dispatch(const Route& route, const httplib::Request& request, httplib::Response& response);

  Engine* const engine_;
  const ServeOptions options_;
  std::unique_ptr<httplib::Server> http_;
  std::unique_ptr<Metrics> metrics_;
  std::unique_ptr<Authenticator> auth_;
  std::unique_ptr<RateLimiter> limiter_;
  std::unique_ptr<TenantEngines> tenants_;
  std::unique_ptr<IngestQueue> queue_;
  std::unique_ptr<ServerContext> context_;
  std::atomic<bool> draining_{false};
  int port_ = 0;
};

}  // namespace engram::serve

#endif  // ENGRAM_APPS_SERVE_SERVER_H_
