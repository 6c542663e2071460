// The CLI subcommands of the server: `serve`, `keys create|list|revoke` and `mcp`.
#ifndef ENGRAM_APPS_SERVE_SERVE_COMMANDS_H_
#define ENGRAM_APPS_SERVE_SERVE_COMMANDS_H_

#include <CLI/CLI.hpp>

#include <functional>
#include <string>

#include "engram/options.h"
#include "engram/result.h"

namespace engram::serve {

// Adds the subcommands to `app`; the chosen one stores its action in `*action`. `base` gives
// the engine options of the global flags (--db, --ttl-hours, --extract-facts, ...), read when
// the action runs; it must outlive the action.
void AddServeCommands(CLI::App& app, std::function<int()>* action,
                      std::function<Result<Options>()> base);

}  // namespace engram::serve

#endif  // ENGRAM_APPS_SERVE_SERVE_COMMANDS_H_
