// engram: the command-line interface. Parses arguments, calls the public API, prints JSON
// (--json) or readable lines. Exit codes: 0 ok, 1 the engine refused or failed, 2 bad usage
// or invalid input. Errors go to stderr as "engram: <Code>: <message>".
//
// This file holds the global flags and the table of command groups; each group is one file
// (apps/cli/commands.h), as each HTTP route is one handler in apps/serve/routes.cc.
#include <CLI/CLI.hpp>

#include <exception>
#include <iostream>

#include "apps/cli/command.h"
#include "apps/cli/commands.h"
#include "apps/serve/serve_commands.h"

namespace engram::cli {

void AddServerCommands(CLI::App& app, Globals* g, Action* action) {
  serve::AddServeCommands(app, action, [g] { return GlobalOptions(*g); });
}

namespace {

// The command groups, in the order `engram --help` lists their subcommands.
constexpr CommandGroup kCommandGroups[] = {
    AddRememberCommand,    // remember
    AddRecallCommands,     // recall, context
    AddMemoryCommands,     // get, history, correct, forget
    AddAuditCommands,      // audit, stats, sweep
    AddReviewCommands,     // feedback, review
    AddEvalCommands,       // eval locomo | madial | temporal
    AddTimeCommand,        // time
    AddLifecycleCommands,  // compact, erase
    AddEntityCommands,     // entities import | list | relations
    AddImportCommand,      // import (a chat history, JSONL)
    AddMigrateCommand,     // migrate SRC DST
    AddServerCommands,     // serve, keys, mcp
};

void AddGlobalFlags(CLI::App& app, Globals* g) {
  app.add_option("--db", g->db, "SQLite database file, or a store URI (as --store)")
      ->capture_default_str();
  app.add_option("--store", g->db,
                 "Where the memories live: a SQLite file, sqlite:PATH, memory:, or "
                 "postgres://USER@HOST:PORT/DB?schema=S&tenant=T (every server of a PostgreSQL "
                 "store needs the same $ENGRAM_VAULT_KEY)")
      ->envname("ENGRAM_STORE");
  app.add_flag("--json", g->json, "Print JSON");
  app.add_option("--ttl-hours", g->ttl_hours,
                 "Time to live of a memory kind, KIND=HOURS (repeatable; 0 = never expires; "
                 "defaults: state=168 preference=4320, others 0)")->allow_extra_args(false);
  app.add_option("--llm-url", g->llm_url,
                 "OpenAI-compatible chat endpoint for LLM summaries in `compact` (key from "
                 "$OPENAI_API_KEY); default none: rule-based summaries");
  app.add_option("--llm-model", g->llm_model, "The model for --llm-url");
  app.add_option("--dormant-after-days", g->dormant_after_days,
                 "Idle days before a memory goes dormant in `sweep` (default 90; 0 = never)");
  app.add_flag("--self-contained,!--no-self-contained", g->self_contained,
               "Store session turns self-contained: pronouns resolved to names, relative times "
               "as dates (the message keeps the words as said)");
  app.add_flag("--extract-facts,!--no-extract-facts", g->extract_facts,
               "Read (subject, attribute, value) facts of whitelisted relations out of each "
               "message (phone, e-mail, title, employer, preferences, ...) as semantic memories "
               "that supersede or reinforce the current value (default on)");
}

int Run(int argc, char** argv) {
  CLI::App app{"engram: long-term memory for AI agents"};
  app.require_subcommand(1);
  Globals g;
  AddGlobalFlags(app, &g);
  Action action;
  for (CommandGroup add : kCommandGroups) add(app, &g, &action);

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << "engram: " << e.what() << "\n";
    std::cerr << "Run 'engram --help' for usage.\n";
    return 2;
  }
  return action ? action() : 2;
}

}  // namespace
}  // namespace engram::cli

int main(int argc, char** argv) {
  try {
    return engram::cli::Run(argc, argv);
  } catch (const std::exception& e) {
    std::cerr << "engram: Internal: " << e.what() << "\n";
    return 1;
  }
}
