// McpSession: the Model Context Protocol server (revision 2025-06-18) over one Engine. It
// answers JSON-RPC 2.0 messages — initialize, ping, tools/list, tools/call — for the memory
// tools remember, recall, get_memory, history, correct, forget and feedback. Transports:
// RunMcpStdio (newline-delimited JSON on stdin/stdout, `engram mcp`) and POST /mcp
// (Streamable HTTP, answered with application/json).
//
// Thread safety: Handle may be called concurrently; the session keeps no per-client state.
#ifndef ENGRAM_APPS_SERVE_MCP_H_
#define ENGRAM_APPS_SERVE_MCP_H_

#include <nlohmann/json.hpp>

#include <iosfwd>
#include <optional>

#include "engram/engine.h"

namespace engram::serve {

inline constexpr char kMcpProtocolVersion[] = "2025-06-18";

class McpSession {
 public:
  // `engine` is not owned and must outlive the session.
  explicit McpSession(Engine* engine) : engine_(engine) {}

  // The response to one JSON-RPC message, acting for `principal`; nullopt for notifications
  // and responses (nothing to send back). Never throws.
  std::optional<nlohmann::json> Handle(const nlohmann::json& message, const Principal& principal);

  // The tool descriptors of tools/list (name, title, description, inputSchema).
  static nlohmann::json Tools();

 private:
  nlohmann::json CallTool(const nlohmann::json& params, const Principal& principal);
  Engine* const engine_;
};

// Serves MCP over stdio until end of input: one JSON-RPC message per line in, one per line
// out. Diagnostics go to `log`. Returns 0.
int RunMcpStdio(Engine* engine, const Principal& principal, std::istream& in, std::ostream& out,
                std::ostream& log);

// A JSON-RPC error response.
nlohmann::json JsonRpcError(const nlohmann::json& id, int code, const std::string& message);

}  // namespace engram::serve

#endif  // ENGRAM_APPS_SERVE_MCP_H_
