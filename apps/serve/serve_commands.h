// The CLI subcommands of the server: `serve`, `keys create|list|revoke` and `mcp`.
#ifndef ENGRAM_APPS_SERVE_SERVE_COMMANDS_H_
#define ENGRAM_APPS_SERVE_SERVE_COMMANDS_H_

#include <CLI/CLI.hpp>

#include <functional>
#include <string>

namespace engram::serve {

// Adds the subcommands to `app`; the chosen one stores its action in `*action`. `db` (the
// global --db value) must outlive the parse and the action.
void AddServeCommands(CLI::App& app, std::function<int()>* action, const std::string* db);

}  // namespace engram::serve

#endif  // ENGRAM_APPS_SERVE_SERVE_COMMANDS_H_
