// `engram eval ...`: the quality harnesses of eval/, behind one subcommand.
#ifndef ENGRAM_APPS_CLI_EVAL_COMMANDS_H_
#define ENGRAM_APPS_CLI_EVAL_COMMANDS_H_

#include <CLI/CLI.hpp>

#include <functional>

namespace engram::cli {

// Adds `eval` and its harnesses to `app`. When one of them is chosen, *action is set to the
// function that runs it and returns the process exit code.
void AddEvalCommands(CLI::App& app, std::function<int()>* action);

}  // namespace engram::cli

#endif  // ENGRAM_APPS_CLI_EVAL_COMMANDS_H_
