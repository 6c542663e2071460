// `engram audit`, `stats` and `sweep`: the audit log, counts and metrics, lifecycle upkeep.
#include <memory>

#include "apps/cli/command.h"
#include "apps/cli/commands.h"
#include "apps/cli/output.h"
#include "engram/engram.h"
#include "engram/status_macros.h"

namespace engram::cli {
namespace {

using nlohmann::json;

struct AuditFlags {
  PrincipalFlags principal;
  int64_t after = 0;
  int limit = 100;
  bool verify = false;
};

// Exit code 1 when --verify finds the hash chain broken.
Result<int> RunAudit(const Globals& g, const AuditFlags& f) {
  ENGRAM_ASSIGN_OR_RETURN(auto engine, OpenEngine(g, false));
  ENGRAM_ASSIGN_OR_RETURN(std::vector<AuditEntryView> records,
                          engine->Audit(f.principal.Get(), f.after, f.limit));
  json arr = json::array();
  std::string text_out;
  for (const auto& r : records) {
    arr.push_back(AuditJson(r));
    text_out += AuditLine(r) + "\n";
  }
  json j = {{"records", arr}};
  if (!f.verify) {
    Print(g, j, text_out);
    return 0;
  }
  ENGRAM_ASSIGN_OR_RETURN(AuditCheck check, engine->VerifyAudit());
  j["chain"] = {{"records", check.records},
                {"intact", check.intact},
                {"first_bad_seq", check.first_bad_seq ? json(check.first_bad_seq) : json(nullptr)},
                {"problem", check.problem},
                {"keyed_records", check.keyed_records},
                {"anchored_seq", check.anchored_seq}};
  text_out += check.intact ? "chain intact (" + std::to_string(check.records) + " records, " +
                                 std::to_string(check.keyed_records) + " keyed, anchored at " +
                                 std::to_string(check.anchored_seq) + ")\n"
                           : "chain BROKEN at record " + std::to_string(check.first_bad_seq) +
                                 ": " + check.problem + "\n";
  Print(g, j, text_out);
  return check.intact ? 0 : 1;
}

struct StatsFlags {
  PrincipalFlags principal;
  MetricsRequest metrics;
};

Result<int> RunStats(const Globals& g, StatsFlags& f) {
  ENGRAM_ASSIGN_OR_RETURN(auto engine, OpenEngine(g, false));
  ENGRAM_ASSIGN_OR_RETURN(EngineStats s, engine->Stats(f.principal.Get()));
  f.metrics.principal = f.principal.Get();
  ENGRAM_ASSIGN_OR_RETURN(MemoryMetrics m, engine->Metrics(f.metrics));
  json j = StatsJson(s);
  j["metrics"] = MetricsJson(m);
  Print(g, j, j.dump(2) + "\n");
  return 0;
}

Result<int> RunSweep(const Globals& g) {
  ENGRAM_ASSIGN_OR_RETURN(auto engine, OpenEngine(g, false));
  ENGRAM_ASSIGN_OR_RETURN(SweepReport r, engine->Sweep());
  Print(g, {{"dormant", r.dormant}}, std::to_string(r.dormant) + " memories became dormant\n");
  return 0;
}

}  // namespace

void AddAuditCommands(CLI::App& app, Globals* g, Action* action) {
  auto a = std::make_shared<AuditFlags>();
  auto* audit = app.add_subcommand("audit", "List the audit log (own records; all for admins)");
  AddPrincipalFlags(audit, &a->principal);
  audit->add_option("--after", a->after, "Only records after this sequence number");
  audit->add_option("--limit", a->limit, "Most records to list")->capture_default_str();
  audit->add_flag("--verify", a->verify, "Also recompute the hash chain");
  AddJsonFlag(audit, g);
  audit->callback([g, action, a] { *action = [g, a] { return ExitCode(RunAudit(*g, *a)); }; });

  auto s = std::make_shared<StatsFlags>();
  auto* stats = app.add_subcommand(
      "stats", "Counts of what the principal can see, and the lifecycle metrics of its user "
               "(or --by team|agent --id X)");
  AddPrincipalFlags(stats, &s->principal);
  stats->add_option("--by", s->metrics.by, "Metrics of: user | team | agent")
      ->capture_default_str();
  stats->add_option("--id", s->metrics.id, "Whose metrics (default: the principal's own)");
  stats->add_option("--window-days", s->metrics.window_days, "Metrics window, ending now")
      ->capture_default_str();
  AddJsonFlag(stats, g);
  stats->callback([g, action, s] { *action = [g, s] { return ExitCode(RunStats(*g, *s)); }; });

  auto* sweep = app.add_subcommand(
      "sweep", "Lifecycle upkeep: memories idle for --dormant-after-days become dormant");
  AddJsonFlag(sweep, g);
  sweep->callback([g, action] { *action = [g] { return ExitCode(RunSweep(*g)); }; });
}

}  // namespace engram::cli
