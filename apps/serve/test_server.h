// For tests: an Engine on a temporary SQLite file and an HttpServer on a free loopback port,
// running on its own thread, plus an httplib client pointed at it.
#ifndef ENGRAM_APPS_SERVE_TEST_SERVER_H_
#define ENGRAM_APPS_SERVE_TEST_SERVER_H_

#include <httplib.h>
#include <nlohmann/json.hpp>

#include <memory>
#include <string>
#include <thread>

#include "apps/serve/server.h"
#include "engram/engram.h"

namespace engram::serve {

class TestServer {
 public:
  // `dir` holds the database. `embedder` and `extract_facts` as in Options.
  TestServer(const std::string& dir, ServeOptions options, const std::string& embedder = "none",
             bool extract_facts = false);
  ~TestServer();

  bool ok() const { return ok_; }
  Engine* engine() { return engine_.get(); }
  int port() const { return server_->port(); }
  httplib::Client Client() const;

  // Shorthands that parse the JSON response (null when the body is not JSON).
  struct Reply {
    int status = 0;
    nlohmann::json body;
    std::string text;
  };
  Reply Send(const std::string& method, const std::string& path, const nlohmann::json& body = {},
             const std::string& key = "");
  Reply SendRaw(const std::string& method, const std::string& path, const std::string& body,
                const std::string& key = "");

 private:
  std::unique_ptr<Engine> engine_;
  std::unique_ptr<HttpServer> server_;
  std::thread thread_;
  bool ok_ = false;
};

}  // namespace engram::serve

#endif  // ENGRAM_APPS_SERVE_TEST_SERVER_H_
