// `engram time`: anchor the time expressions of a text against a reference time.
#ifndef ENGRAM_APPS_CLI_TIME_COMMAND_H_
#define ENGRAM_APPS_CLI_TIME_COMMAND_H_

#include <CLI/CLI.hpp>

#include <functional>

namespace engram::cli {

// Adds `time` to `app`; when chosen, *action runs it and returns the exit code.
void AddTimeCommand(CLI::App& app, std::function<int()>* action);

}  // namespace engram::cli

#endif  // ENGRAM_APPS_CLI_TIME_COMMAND_H_
