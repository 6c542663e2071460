// `engram compact` and `engram erase`: consolidation and erasure of a user.
#include "apps/cli/commands.h"

#include <iostream>
#include <memory>

#include "apps/serve/lifecycle_json.h"
#include "engram/engram.h"

namespace engram::cli {
namespace {

// Whoever can open the database file is its operator (as for `engram keys`): commands run
// without --user act as this admin principal.
const Principal& Operator() {
  static const Principal* p = new Principal{"operator", "", {}, {"admin"}};
  return *p;
}

Result<std::unique_ptr<Engine>> OpenExisting(const std::string& db) {
  Options o;
  ApplyStore(db, &o);
  o.create_if_missing = false;
  return Engine::Open(o);
}

struct State {
  std::string c_user, c_agent;
  std::vector<std::string> c_teams, c_roles;
  bool c_dry_run = false;
  std::string e_user;
};

}  // namespace

// --db and --json are the global flags (read when the action runs). The other global flags do
// not apply: these commands open the database with the default options.
void AddLifecycleCommands(CLI::App& app, Globals* g, Action* action) {
  const std::string* db = &g->db;
  bool* json = &g->json;
  auto st = std::make_shared<State>();
  auto* compact = app.add_subcommand(
      "compact", "Consolidate: merge repeated memories, link related ones, summarize sessions");
  compact->add_option("--user", st->c_user,
                      "Act as this user (its writable scopes); default: the operator, all scopes");
  compact->add_option("--agent", st->c_agent, "Agent acting for the user");
  compact->add_option("--team", st->c_teams, "Team the user belongs to (repeatable)")
      ->allow_extra_args(false);
  compact->add_option("--role", st->c_roles, "Role: member, team-admin, admin (repeatable)")
      ->allow_extra_args(false);
  compact->add_flag("--dry-run", st->c_dry_run, "Report what would change, change nothing");
  compact->add_flag("--json", *json, "Print JSON");
  compact->callback([action, db, json, st] {
    *action = [db, json, st]() -> int {
      Principal p = st->c_user.empty()
                        ? Operator()
                        : Principal{st->c_user, st->c_agent, st->c_teams, st->c_roles};
      auto engine = OpenExisting(*db);
      if (!engine.ok()) return Fail(engine.status());
      auto r = (*engine)->Compact({p, st->c_dry_run});
      if (!r.ok()) return Fail(r.status());
      if (*json) {
        std::cout << serve::CompactReportJson(*r).dump(2, ' ', false,
                                                       nlohmann::json::error_handler_t::replace)
                  << "\n";
        return 0;
      }
      size_t merged = 0;
      for (const CompactMerge& m : r->merges) merged += m.merged_ids.size();
      std::cout << (r->dry_run ? "would merge " : "merged ") << merged << " memories into "
                << r->merges.size() << ", " << (r->dry_run ? "would add " : "added ")
                << r->links.size() << " links, " << (r->dry_run ? "would write " : "wrote ")
                << r->summaries.size() << " summaries (" << r->scanned << " versions scanned)\n";
      for (const Memory& s : r->summaries) {
        std::cout << "summary #" << s.id << " [" << s.source.session_id << "] " << s.content
                  << "\n";
      }
      return 0;
    };
  });

  auto* erase = app.add_subcommand(
      "erase", "Erase everything of a user (only an audit tombstone remains)");
  erase->add_option("--user", st->e_user, "The user to erase")->required();
  erase->add_flag("--json", *json, "Print JSON");
  erase->callback([action, db, json, st] {
    *action = [db, json, st]() -> int {
      auto engine = OpenExisting(*db);
      if (!engine.ok()) return Fail(engine.status());
      auto r = (*engine)->EraseUser(Operator(), st->e_user);
      if (!r.ok()) return Fail(r.status());
      if (*json) {
        std::cout << serve::EraseReportJson(*r).dump(2) << "\n";
        return 0;
      }
      std::cout << "erased user " << r->user_id << ": " << r->memories << " memories, "
                << r->messages << " messages, " << r->vault_entries << " vault entries, "
                << r->api_keys << " API keys" << (r->storage_compacted ? "" : " (the write-ahead log "
                "was not truncated: another process has the database open)")
                << "\n";
      return 0;
    };
  });
}

}  // namespace engram::cli
