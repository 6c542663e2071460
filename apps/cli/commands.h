// The command groups of `engram`, one file each; apps/cli/main.cc lists them in
// kCommandGroups. Each is a CommandGroup (apps/cli/command.h).
#ifndef ENGRAM_APPS_CLI_COMMANDS_H_
#define ENGRAM_APPS_CLI_COMMANDS_H_

#include <CLI/CLI.hpp>

#include <string>

#include "apps/cli/command.h"

namespace engram::cli {

// remember
void AddRememberCommand(CLI::App& app, Globals* g, Action* action);
// recall, context
void AddRecallCommands(CLI::App& app, Globals* g, Action* action);
// get, history, correct, forget
void AddMemoryCommands(CLI::App& app, Globals* g, Action* action);
// audit, stats, sweep
void AddAuditCommands(CLI::App& app, Globals* g, Action* action);
// feedback, review
void AddReviewCommands(CLI::App& app, Globals* g, Action* action);
// eval locomo | madial | temporal (apps/cli/eval_commands.cc)
void AddEvalCommands(CLI::App& app, Globals* g, Action* action);
// time
void AddTimeCommand(CLI::App& app, Globals* g, Action* action);
// compact, erase
void AddLifecycleCommands(CLI::App& app, Globals* g, Action* action);
// entities import | list | relations
void AddEntityCommands(CLI::App& app, Globals* g, Action* action);
// import (apps/cli/import_command.cc)
void AddImportCommand(CLI::App& app, Globals* g, Action* action);
// `remember --jsonl INPUT`: imports INPUT (a file or "-") as `import --no-checkpoint` does,
// with `user` / `agent` for lines without one. Returns the exit code.
int ImportJsonl(const Globals& g, const std::string& input, const std::string& user,
                const std::string& agent);
// migrate SRC DST (apps/cli/migrate_command.cc)
void AddMigrateCommand(CLI::App& app, Globals* g, Action* action);
// serve, keys, mcp (apps/serve/serve_commands.cc, adapted in apps/cli/main.cc)
void AddServerCommands(CLI::App& app, Globals* g, Action* action);

}  // namespace engram::cli

#endif  // ENGRAM_APPS_CLI_COMMANDS_H_
