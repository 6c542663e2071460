// What every `engram` command file shares: the global flags, the registration signature, and
// the helpers that turn flags into engine calls and results into output and exit codes.
//
// A command group is one file with one function of type CommandGroup (e.g.
// AddRecallCommands). It adds its subcommands to the app; the callback of the subcommand the
// user chose stores in *action the function that runs it. apps/cli/main.cc lists the groups
// in kCommandGroups, like apps/serve/routes.cc lists the HTTP routes.
//
// Exit codes: 0 ok, 1 the engine refused or failed, 2 bad usage or invalid input. Errors go
// to stderr as "engram: <Code>: <message>".
//
// Thread safety: single-threaded, like the CLI.
#ifndef ENGRAM_APPS_CLI_COMMAND_H_
#define ENGRAM_APPS_CLI_COMMAND_H_

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engram/engine.h"
#include "engram/options.h"
#include "engram/result.h"
#include "engram/status.h"
#include "engram/types.h"

namespace engram::cli {

// The flags before the command name (`engram --db x.db --json recall ...`). Commands that
// offer their own --json bind it to `json` too.
struct Globals {
  std::string db = "engram.db";  // --db or --store: a SQLite file or a store URI
  bool json = false;
  std::vector<std::string> ttl_hours;  // --ttl-hours KIND=H
  std::optional<double> dormant_after_days;
  bool self_contained = Options{}.self_contained_memories;
  bool extract_facts = Options{}.extract_facts;
  std::string llm_url, llm_model;  // an OpenAI-compatible chat endpoint (compact summaries)
};

// Points `o` at the store named by --db/--store: a store URI (postgres://…, sqlite:PATH,
// memory:) goes to Options::store, a plain path to Options::db_path.
void ApplyStore(const std::string& db, Options* o);

// Runs the chosen command; returns the process exit code.
using Action = std::function<int()>;

// Adds a group of subcommands to `app`. `g` outlives the action (the globals are read when it
// runs).
using CommandGroup = void (*)(CLI::App& app, Globals* g, Action* action);

// Prints "engram: <Code>: <message>" to stderr; returns 2 for InvalidArgument, else 1.
int Fail(const Status& s);

// The exit code of a command: its value, or Fail(status).
int ExitCode(const Result<int>& r);

// --user (required), --agent, --team, --role.
struct PrincipalFlags {
  std::string user;
  std::string agent;
  std::vector<std::string> teams;
  std::vector<std::string> roles;

  Principal Get() const { return Principal{user, agent, teams, roles}; }
};
void AddPrincipalFlags(CLI::App* cmd, PrincipalFlags* p);

// The subcommand's own --json, bound to the global flag.
void AddJsonFlag(CLI::App* cmd, Globals* g);

// The engine options the global flags give (InvalidArgument for a bad --ttl-hours or
// --dormant-after-days).
Result<Options> GlobalOptions(const Globals& g);

// Opens the database of --db with the global options; `create` creates a missing file.
Result<std::unique_ptr<Engine>> OpenEngine(const Globals& g, bool create);

// An ISO 8601 instant, or none for "" (InvalidArgument "--at: ..." when malformed).
Result<std::optional<Instant>> ParseAt(const std::string& at);

// The argument itself, or all of standard input for "-".
Result<std::string> ReadText(const std::string& arg);

// Prints `j` (with --json) or `text` to stdout.
void Print(const Globals& g, const nlohmann::json& j, const std::string& text);

}  // namespace engram::cli

#endif  // ENGRAM_APPS_CLI_COMMAND_H_
