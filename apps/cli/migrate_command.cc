// `engram migrate SRC DST`: copies a whole store into an empty one, of any backend, and
// checks the copy (engram/migrate.h; docs/scale-out.md, "Migrating a store").
#include <cstdio>
#include <string>

#include "apps/cli/command.h"
#include "apps/cli/commands.h"
#include "apps/cli/output.h"
#include "engram/engram.h"
#include "engram/status_macros.h"

namespace engram::cli {
namespace {

using nlohmann::json;

struct MigrateFlags {
  std::string source;
  std::string destination;
  std::string embedder;        // "" = the engine's default
  std::string source_key_file;
  std::string destination_key_file;
  int samples = 20;
};

// Exit code 1 when the copy does not verify.
Result<int> RunMigrate(const Globals& g, const MigrateFlags& f) {
  MigrateOptions m;
  ApplyStore(f.source, &m.source);
  ApplyStore(f.destination, &m.destination);
  if (!f.embedder.empty()) m.destination.embedder = f.embedder;
  m.source.vault_key_file = f.source_key_file;
  m.destination.vault_key_file = f.destination_key_file;
  m.sample_queries = f.samples;
  ENGRAM_ASSIGN_OR_RETURN(MigrateReport r, Migrate(m));
  json tables = json::array();
  std::string text;
  for (const MigrateTable& t : r.tables) {
    tables.push_back({{"table", t.table},
                      {"source_rows", t.source_rows},
                      {"destination_rows", t.destination_rows},
                      {"same", t.same}});
    char line[160];
    std::snprintf(line, sizeof line, "  %-16s %10lld %10lld  %s\n", t.table.c_str(),
                  static_cast<long long>(t.source_rows),
                  static_cast<long long>(t.destination_rows), t.same ? "same" : "DIFFERENT");
    text += line;
  }
  const double rate = r.copy_seconds > 0 ? r.rows / r.copy_seconds : 0;
  json j = {{"ok", r.ok},
            {"rows", r.rows},
            {"copy_seconds", r.copy_seconds},
            {"rows_per_second", rate},
            {"verify_seconds", r.verify_seconds},
            {"tables", tables},
            {"source_audit_seq", r.source_audit_seq},
            {"source_audit_hash", r.source_audit_hash},
            {"audit_intact", r.audit_intact},
            {"audit_records", r.audit_records},
            {"sample_queries", r.sample_queries},
            {"sample_matches", r.sample_matches},
            {"problems", r.problems}};
  char head[400];
  std::snprintf(head, sizeof head,
                "copied %lld rows in %.2f s (%.0f rows/s); verified in %.2f s\n"
                "  %-16s %10s %10s\n",
                static_cast<long long>(r.rows), r.copy_seconds, rate, r.verify_seconds, "table",
                "source", "dest");
  text = head + text;
  text += "audit chain: " + std::string(r.audit_intact ? "intact" : "BROKEN") + " (" +
          std::to_string(r.audit_records) + " records, the last one this migration's)\n";
  text += "ranking sample: " + std::to_string(r.sample_matches) + " of " +
          std::to_string(r.sample_queries) + " recalls identical\n";
  for (const std::string& p : r.problems) text += "MISMATCH: " + p + "\n";
  text += r.ok ? "migration verified\n" : "migration NOT verified\n";
  Print(g, j, text);
  if (!r.ok) {
    std::fprintf(stderr, "engram: migrate: the copy does not match the source (%zu problems)\n",
                 r.problems.size());
  }
  return r.ok ? 0 : 1;
}

}  // namespace

void AddMigrateCommand(CLI::App& app, Globals* g, Action* action) {
  auto f = std::make_shared<MigrateFlags>();
  CLI::App* cmd = app.add_subcommand(
      "migrate",
      "Copy a whole store into an empty store of any backend, then verify the copy.\n"
      "  SRC and DST are store URIs: sqlite:PATH (or a path), postgres://USER@HOST:PORT/DB"
      "?schema=S&tenant=T.\n"
      "  Everything is copied with its ids (messages, memory versions, vectors, entities,\n"
      "  relations, review items, recall log, API keys, PII vault, audit chain, queued outbox\n"
      "  entries, embedding cache) in one transaction of DST; SRC is only read. Then every\n"
      "  table is compared (counts and a digest of the rows), DST's audit chain is verified,\n"
      "  and --samples recalls must return the same ids in the same order on both. DST gets\n"
      "  one 'migrate' audit record naming SRC's chain head.\n"
      "  Refuses (nothing copied) a non-empty DST, a SRC whose audit chain does not verify\n"
      "  under the vault key, and a DST with another vault key: both sides need the same\n"
      "  key ($ENGRAM_VAULT_KEY, or --source-key-file / --dest-key-file).\n"
      "  Exit 0 verified, 1 refused or not verified, 2 bad usage.");
  cmd->add_option("SRC", f->source, "the store to copy")->required();
  cmd->add_option("DST", f->destination, "an empty store to fill (created when missing)")
      ->required();
  cmd->add_option("--embedder", f->embedder,
                  "embedder of the ranking sample: e5 | hashing | openai | none (default: e5)");
  cmd->add_option("--samples", f->samples, "recalls compared after the copy (0 = none)")
      ->capture_default_str();
  cmd->add_option("--source-key-file", f->source_key_file,
                  "SRC's vault key file (default: $ENGRAM_VAULT_KEY, else SRC.key for SQLite)");
  cmd->add_option("--dest-key-file", f->destination_key_file,
                  "DST's vault key file (default: $ENGRAM_VAULT_KEY, else DST.key for SQLite)");
  AddJsonFlag(cmd, g);
  cmd->callback([g, f, action] { *action = [g, f] { return ExitCode(RunMigrate(*g, *f)); }; });
}

}  // namespace engram::cli
