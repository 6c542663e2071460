// `engram compact` and `engram erase`: consolidation and erasure of a user.
#ifndef ENGRAM_APPS_CLI_LIFECYCLE_COMMANDS_H_
#define ENGRAM_APPS_CLI_LIFECYCLE_COMMANDS_H_

#include <CLI/CLI.hpp>

#include <functional>
#include <string>

namespace engram::cli {

// Adds the commands to `app`; when one is chosen, *action runs it and returns the exit code.
// `db` and `json` are the global flags (read when the action runs).
void AddLifecycleCommands(CLI::App& app, std::function<int()>* action, const std::string* db,
                          bool* json);

}  // namespace engram::cli

#endif  // ENGRAM_APPS_CLI_LIFECYCLE_COMMANDS_H_
