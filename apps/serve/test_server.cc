#include "apps/serve/test_server.h"

namespace engram::serve {

TestServer::TestServer(const std::string& dir, ServeOptions options, const std::string& embedder,
                       bool extract_facts) {
  Options o;
  o.db_path = dir + "/engram.db";
  o.embedder = embedder;
  o.extract_facts = extract_facts;
  auto engine = Engine::Open(o);
  if (!engine.ok()) return;
  engine_ = std::move(engine).value();
  options.host = "127.0.0.1";
  options.port = 0;
  server_ = std::make_unique<HttpServer>(engine_.get(), options);
  if (!server_->Bind().ok()) return;
  thread_ = std::thread([this] { server_->Run(); });
  ok_ = true;
}

TestServer::~TestServer() {
  if (server_) server_->Shutdown();
  if (thread_.joinable()) thread_.join();
}

httplib::Client TestServer::Client() const {
  httplib::Client c("127.0.0.1", port());
  c.set_read_timeout(30, 0);
  c.set_tcp_nodelay(true);
  return c;
}

TestServer::Reply TestServer::Send(const std::string& method, const std::string& path,
                                   const nlohmann::json& body, const std::string& key) {
  return SendRaw(method, path, body.is_null() ? "" : body.dump(), key);
}

TestServer::Reply TestServer::SendRaw(const std::string& method, const std::string& path,
                                      const std::string& body, const std::string& key) {
  httplib::Client c = Client();
  httplib::Headers headers;
  if (!key.empty()) headers.emplace("Authorization", "Bearer " + key);
  auto send = [&]() -> httplib::Result {
    if (method == "POST") return c.Post(path, headers, body, "application/json");
    if (method == "PATCH") return c.Patch(path, headers, body, "application/json");
    if (method == "DELETE") return c.Delete(path, headers);
    return c.Get(path, headers);
  };
  httplib::Result r = send();
  Reply out;
  if (!r) return out;
  out.status = r->status;
  out.text = r->body;
  out.body = nlohmann::json::parse(r->body, nullptr, false);
  if (out.body.is_discarded()) out.body = nullptr;
  return out;
}

}  // namespace engram::serve
