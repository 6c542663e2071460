// MCP over Streamable HTTP (protocol revision 2025-06-18): POST /mcp carries one JSON-RPC
// message and is answered with application/json (or 202 for notifications and responses);
// GET /mcp (a server-to-client event stream) is not offered: 405. A request that carries an
// Origin header other than a loopback one is refused (403), as the transport requires against
// DNS rebinding: a web page elsewhere cannot drive a local server through a visitor's browser.
#include <regex>

#include "apps/serve/mcp.h"
#include "apps/serve/routes.h"
#include "engram/status_macros.h"

namespace engram::serve {
namespace {

Status CheckOrigin(const HttpCall& call) {
  const std::string origin = call.request->get_header_value("Origin");
  static const std::regex kLoopback(
      R"(^https?://(localhost|127\.0\.0\.1|\[::1\])(:[0-9]{1,5})?$)", std::regex::icase);
  if (origin.empty() || std::regex_match(origin, kLoopback)) return Status::OK();
  return Status::PermissionDenied("mcp: requests from origin '" + origin +
                                  "' are refused (only loopback origins may call /mcp)");
}

}  // namespace

Result<HttpReply> HandleMcpPost(HttpCall& call) {
  ENGRAM_RETURN_IF_ERROR(CheckOrigin(call));
  const std::string version = call.request->get_header_value("MCP-Protocol-Version");
  if (!version.empty() && version != kMcpProtocolVersion && version != "2025-03-26") {
    return Status::InvalidArgument("mcp: unsupported MCP-Protocol-Version '" + version + "'");
  }
  if (!call.body.is_object()) {
    return Status::InvalidArgument("mcp: the body must be one JSON-RPC message (no batches)");
  }
  // The session is stateless: one per call, over the engine of the key's tenant.
  std::optional<nlohmann::json> reply = McpSession(call.engine).Handle(call.body, call.principal);
  if (!reply) return HttpReply{202, nullptr, "", "text/plain", {}};
  return HttpReply{200, *reply};
}

Result<HttpReply> HandleMcpGet(HttpCall& call) {
  ENGRAM_RETURN_IF_ERROR(CheckOrigin(call));
  HttpReply r;
  r.status = 405;
  r.body = {{"error", {{"code", "NotSupported"}, {"message", "mcp: no server-sent event stream"}}}};
  r.headers["Allow"] = "POST";
  return r;
}

}  // namespace engram::serve
