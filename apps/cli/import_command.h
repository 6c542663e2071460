// `engram import FILE.jsonl|-`: imports a chat history (docs/formats/chat_import.md) in
// batches (Engine::RememberMany), with a progress line on stderr, a summary line, and a
// checkpoint beside the database that resumes an interrupted import without duplicates
// (apps/cli/chat_import.h).
//
// Exit codes: 0 every line stored (or skipped as already imported); 2 some lines were bad
// or refused (each reported as "FILE:LINE: reason" on stderr; the others are stored); 1 the
// engine or the store failed (the checkpoint says where to resume).
#ifndef ENGRAM_APPS_CLI_IMPORT_COMMAND_H_
#define ENGRAM_APPS_CLI_IMPORT_COMMAND_H_

#include <CLI/CLI.hpp>

#include <functional>

#include "engram/options.h"
#include "engram/result.h"

namespace engram::cli {

// Adds `import` to `app`; when chosen, it stores its action in `*action`. `base` gives the
// engine options of the global flags (read when the action runs); `json` is the global
// --json flag. Both must outlive the action.
void RegisterImportCommand(CLI::App& app, std::function<int()>* action,
                           std::function<Result<Options>()> base, bool* json);

}  // namespace engram::cli

#endif  // ENGRAM_APPS_CLI_IMPORT_COMMAND_H_
