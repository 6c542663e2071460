#include "apps/serve/server.h"

#include <httplib.h>

#include <chrono>
#include <iostream>
#include <regex>

#include "apps/serve/auth.h"
#include "apps/serve/http_errors.h"
#include "apps/serve/ingest_queue.h"
#include "apps/serve/mcp.h"
#include "apps/serve/metrics.h"
#include "apps/serve/routes.h"
#include "apps/serve/tenant_engines.h"
#include "engram/json_limits.h"

namespace engram::serve {
namespace {

using nlohmann::json;

// "/v1/memories/{id}" → "/v1/memories/([^/]+)" and the parameter names in order.
std::string PathRegex(const std::string& path, std::vector<std::string>* names) {
  std::string out;
  for (size_t i = 0; i < path.size(); ++i) {
    if (path[i] == '{') {
      size_t close = path.find('}', i);
      names->push_back(path.substr(i + 1, close - i - 1));
      out += "([^/]+)";
      i = close;
    } else if (std::string(".+*?()[]^$|\\").find(path[i]) != std::string::npos) {
      out += '\\';
      out += path[i];
    } else {
      out += path[i];
    }
  }
  return out;
}

void SendJson(httplib::Response& res, int status, const json& body) {
  res.status = status;
  res.set_content(body.dump(-1, ' ', false, json::error_handler_t::replace), "application/json");
}

void SendError(httplib::Response& res, const Status& s) {
  SendJson(res, HttpStatusFor(s.code()), ErrorBody(s));
}

}  // namespace

HttpServer::HttpServer(Engine* engine, ServeOptions options)
    : engine_(engine),
      options_(std::move(options)),
      http_(std::make_unique<httplib::Server>()),
      metrics_(std::make_unique<Metrics>()),
      auth_(std::make_unique<Authenticator>(engine, options_.dev)),
      limiter_(std::make_unique<RateLimiter>(options_.rate_limit, options_.rate_burst)),
      tenants_(std::make_unique<TenantEngines>(engine, options_.max_tenants)),
      context_(std::make_unique<ServerContext>()) {
  if (options_.async_ingest) {
    queue_ = std::make_unique<IngestQueue>(tenants_.get(), options_.ingest_workers);
  }
  context_->engine = engine_;
  context_->tenants = tenants_.get();
  context_->metrics = metrics_.get();
  context_->queue = queue_.get();
  context_->draining = &draining_;
  context_->sync_timeout_ms = options_.sync_timeout_ms;
  Register();
}

HttpServer::~HttpServer() { Shutdown(); }

Status HttpServer::Bind() {
  if (options_.dev && !IsLoopback(options_.host)) {
    return Status::InvalidArgument("serve: --dev listens on loopback only, not '" +
                                   options_.host + "'");
  }
  if (options_.port == 0) {
    port_ = http_->bind_to_any_port(options_.host);
  } else {
    port_ = http_->bind_to_port(options_.host, options_.port) ? options_.port : -1;
  }
  if (port_ <= 0) {
    return Status::Unavailable("serve: cannot listen on " + options_.host + ":" +
                               std::to_string(options_.port));
  }
  return Status::OK();
}

void HttpServer::Run() {
  if (queue_) queue_->Start();
  http_->listen_after_bind();  // returns after Shutdown, once requests in flight are answered
  if (queue_) queue_->Stop();  // drain what was acknowledged
}

void HttpServer::Shutdown() {
  draining_ = true;
  if (http_->is_running()) http_->stop();
}

void HttpServer::Register() {
  const size_t threads = static_cast<size_t>(std::max(1, options_.http_threads));
  http_->new_task_queue = [threads] { return new httplib::ThreadPool(threads); };
  http_->set_payload_max_length(options_.max_body_bytes);
  http_->set_read_timeout(options_.read_timeout_s, 0);
  http_->set_write_timeout(options_.write_timeout_s, 0);
  http_->set_keep_alive_timeout(5);
  http_->set_tcp_nodelay(true);  // else Nagle + delayed ACK add ~40 ms to split writes
  for (const Route& route : RouteTable()) {
    auto names = std::make_shared<std::vector<std::string>>();
    const std::string pattern = PathRegex(route.path, names.get());
    auto handler = [this, &route](const httplib::Request& req, httplib::Response& res) {
      Dispatch(route, req, res);
    };
    const std::string method = route.method;
    if (method == "GET") http_->Get(pattern, handler);
    if (method == "POST") http_->Post(pattern, handler);
    if (method == "PUT") http_->Put(pattern, handler);
    if (method == "PATCH") http_->Patch(pattern, handler);
    if (method == "DELETE") http_->Delete(pattern, handler);
  }
  // Errors the HTTP layer raises itself (no route, body too large...) get JSON bodies too.
  http_->set_error_handler([this](const httplib::Request& req, httplib::Response& res) {
    if (!res.body.empty()) return;
    std::string message = "serve: HTTP " + std::to_string(res.status) + " for " + req.method +
                          " " + req.path;
    if (res.status == 404) message = "serve: no route for " + req.method + " " + req.path;
    if (res.status == 413) {
      message = "serve: request body larger than " + std::to_string(options_.max_body_bytes) +
                " bytes";
    }
    SendJson(res, res.status, ErrorBody(Status(CodeForHttpStatus(res.status), message)));
    metrics_->Observe(req.method, "(unmatched)", res.status, 0);
  });
  http_->set_exception_handler(
      [](const httplib::Request&, httplib::Response& res, std::exception_ptr) {
        SendError(res, Status::Internal("serve: unexpected exception"));
      });
}

void HttpServer::Dispatch(const Route& route, const httplib::Request& req,
                          httplib::Response& res) {
  const auto start = std::chrono::steady_clock::now();
  metrics_->AddInFlight(1);
  HttpCall call;
  call.server = context_.get();
  call.request = &req;
  Status error;
  try {
    std::vector<std::string> names;
    PathRegex(route.path, &names);
    for (size_t i = 0; i < names.size() && i + 1 < req.matches.size(); ++i) {
      call.params[names[i]] = req.matches[i + 1].str();
    }
    call.body = json::object();
    const bool has_body = req.method == "POST" || req.method == "PUT" || req.method == "PATCH";
    if (has_body && !req.body.empty()) {
      // The depth scan runs before the parser: a deep body must never reach a recursion.
      error = CheckJsonDepth(req.body, "body");
      if (error.ok()) {
        call.body = json::parse(req.body, nullptr, /*allow_exceptions=*/false);
        if (call.body.is_discarded()) error = Status::InvalidArgument("body: not valid JSON");
      }
    }
    std::string caller;
    call.tenant = engine_->Tenant();
    if (error.ok()) {
      auto principal = auth_->Resolve(req, call.body, route.access, &caller, &call.tenant);
      if (principal.ok()) {
        call.principal = std::move(principal).value();
      } else {
        error = principal.status();
      }
    }
    if (error.ok() && route.access != Access::kPublic) error = limiter_->Take(caller);
    if (error.ok()) {
      auto engine = tenants_->Get(call.tenant);
      if (engine.ok()) {
        call.engine_hold = std::move(engine).value();
        call.engine = call.engine_hold.get();
      } else {
        error = engine.status();
      }
    }
    if (error.ok()) {
      auto reply = route.handler(call);
      if (reply.ok()) {
        for (const auto& [k, v] : reply->headers) res.set_header(k, v);
        if (!reply->text.empty() || !reply->content_type.empty()) {
          res.status = reply->status;
          res.set_content(reply->text, reply->content_type);
        } else {
          SendJson(res, reply->status, reply->body);
        }
      } else {
        error = reply.status();
      }
    }
  } catch (const json::exception& e) {
    error = Status::InvalidArgument(std::string("body: ") + e.what());
  } catch (const std::exception& e) {
    error = Status::Internal(std::string("serve: ") + e.what());
  }
  if (!error.ok()) {
    if (error.code() == StatusCode::kResourceExhausted) res.set_header("Retry-After", "1");
    SendError(res, error);
    if (HttpStatusFor(error.code()) >= 500 && error.code() != StatusCode::kNotSupported) {
      std::cerr << "engram serve: " << req.method << " " << req.path << ": "
                << error.ToString() << "\n";
    }
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  metrics_->Observe(route.method, route.path, res.status, seconds);
  metrics_->AddInFlight(-1);
}

}  // namespace engram::serve
