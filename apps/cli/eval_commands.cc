#include "apps/cli/eval_commands.h"

#include <fstream>
#include <iostream>
#include <memory>

#include "eval/locomo/locomo_eval.h"
#include "eval/madial/madial_eval.h"
#include "eval/temporal/temporal_eval.h"

namespace engram::cli {
namespace {

int Fail(const Status& s) {
  std::cerr << "engram: " << s.ToString() << "\n";
  return s.code() == StatusCode::kInvalidArgument ? 2 : 1;
}

// Prints the JSON report when asked and writes it to `report_path` when one is given.
int Finish(const std::string& json, bool print_json, const std::string& report_path) {
  if (print_json) std::cout << json << "\n";
  if (report_path.empty()) return 0;
  std::ofstream out(report_path);
  out << json << "\n";
  if (!out) return Fail(Status::IOError("cannot write '" + report_path + "'"));
  return 0;
}

// Ablation switches shared by the recall evaluations.
struct EngineFlags {
  bool no_rerank = false;
  bool no_decay = false;
  double decay_floor = -1;  // < 0: the engine's default
  std::string embedder;     // "" = the engine's default
  std::string channels = "hybrid";
  Options Get() const {
    Options o;
    if (!embedder.empty()) o.embedder = embedder;
    if (channels == "keyword") o.weight_vector = 0;
    if (channels == "vector") o.weight_keyword = 0;
    o.lexical_rerank = !no_rerank;
    if (decay_floor >= 0) o.decay_floor = decay_floor;
    if (no_decay) o.decay_floor = 1.0;
    return o;
  }
};

void AddEngineFlags(CLI::App* cmd, EngineFlags* f) {
  cmd->add_flag("--no-rerank", f->no_rerank, "Ablation: no lexical reranker");
  cmd->add_flag("--no-decay", f->no_decay, "Ablation: no time decay");
  cmd->add_option("--decay-floor", f->decay_floor, "Override Options::decay_floor (0..1)");
  cmd->add_option("--embedder", f->embedder, "e5 | hashing | openai | none (default: e5)");
  cmd->add_option("--channels", f->channels, "Ablation: hybrid | keyword | vector")
      ->check(CLI::IsMember({"hybrid", "keyword", "vector"}))
      ->capture_default_str();
}

struct LocomoFlags {
  EngineFlags engine;
  std::string path;
  std::string audit;
  std::string report;
  std::string db;
  std::vector<int> ks = {5, 10, 25, 50};
  int conversations = 0;
  bool json = false;
};

int RunLocomo(const LocomoFlags& f) {
  eval::LocomoEvalOptions o;
  o.data_path = f.path;
  o.audit_path = f.audit;
  o.db_path = f.db;
  o.ks = f.ks;
  o.max_conversations = f.conversations;
  o.engine = f.engine.Get();
  auto report = eval::RunLocomoEval(o);
  if (!report.ok()) return Fail(report.status());
  if (!f.json) eval::PrintLocomoReport(*report, std::cout);
  return Finish(eval::LocomoReportJson(*report), f.json, f.report);
}

struct MadialFlags {
  EngineFlags engine;
  std::string root;
  std::vector<std::string> languages = {"zh", "en"};
  std::vector<int> ks = {1, 3, 5, 10, 20};
  std::string report;
  bool json = false;
};

int RunMadial(const MadialFlags& f) {
  std::string all = "[";
  for (const std::string& lang : f.languages) {
    eval::MadialEvalOptions o;
    o.root = f.root;
    o.language = lang;
    o.ks = f.ks;
    o.engine = f.engine.Get();
    auto report = eval::RunMadialEval(o);
    if (!report.ok()) return Fail(report.status());
    all += (all.size() > 1 ? "," : "") + eval::MadialReportJson(*report);
    if (!f.json) eval::PrintMadialReport(*report, std::cout);
  }
  all += "]";
  return Finish(all, f.json, f.report);
}

struct TemporalFlags {
  std::vector<std::string> paths;
  std::string report;
  int max_failures = 50;
  bool json = false;
};

int RunTemporal(const TemporalFlags& f) {
  std::string all = "[";
  for (const std::string& path : f.paths) {
    auto report = RunTemporalEval(path);
    if (!report.ok()) return Fail(report.status());
    all += (all.size() > 1 ? "," : "") + ReportToJson(*report);
    if (!f.json) PrintReport(*report, std::cout, f.max_failures);
  }
  all += "]";
  return Finish(all, f.json, f.report);
}

}  // namespace

void AddEvalCommands(CLI::App& app, std::function<int()>* action) {
  auto* eval = app.add_subcommand("eval", "Run a quality evaluation");
  eval->require_subcommand(1);
  auto locomo = std::make_shared<LocomoFlags>();
  auto* lc = eval->add_subcommand("locomo", "LoCoMo evidence recall@k per category");
  lc->add_option("PATH", locomo->path, "locomo10.json")->required()->check(CLI::ExistingFile);
  lc->add_option("--audit", locomo->audit,
                 "Corrected evidence (default: locomo10_audit_errors.json beside PATH)");
  lc->add_option("--k", locomo->ks, "Cut-offs")->delimiter(',')->capture_default_str();
  lc->add_option("--conversations", locomo->conversations, "Only the first N (0 = all)");
  lc->add_option("--db", locomo->db, "Keep the database here (default: a temporary file)");
  lc->add_option("--report", locomo->report, "Also write the JSON report to this file");
  lc->add_flag("--json", locomo->json, "Print JSON");
  AddEngineFlags(lc, &locomo->engine);
  lc->callback([action, locomo] { *action = [locomo] { return RunLocomo(*locomo); }; });

  auto madial = std::make_shared<MadialFlags>();
  auto* md = eval->add_subcommand("madial",
                                  "MADial-Bench memory recall@k next to published baselines");
  md->add_option("PATH", madial->root, "The madial-bench folder (zh/, en/, baselines/)")
      ->required()
      ->check(CLI::ExistingDirectory);
  md->add_option("--lang", madial->languages, "zh, en or both")->delimiter(',')
      ->capture_default_str();
  md->add_option("--k", madial->ks, "Cut-offs")->delimiter(',')->capture_default_str();
  md->add_option("--report", madial->report, "Also write the JSON report to this file");
  md->add_flag("--json", madial->json, "Print JSON");
  AddEngineFlags(md, &madial->engine);
  md->callback([action, madial] { *action = [madial] { return RunMadial(*madial); }; });

  auto temporal = std::make_shared<TemporalFlags>();
  auto* tc = eval->add_subcommand("temporal", "Pass rates of a temporal corpus (Duckling, JioNLP)");
  tc->add_option("PATH", temporal->paths, "Corpus files (JSON)")->required()
      ->check(CLI::ExistingFile);
  tc->add_option("--max-failures", temporal->max_failures, "Failures to list per corpus")
      ->capture_default_str();
  tc->add_option("--report", temporal->report, "Also write the JSON report to this file");
  tc->add_flag("--json", temporal->json, "Print JSON");
  tc->callback([action, temporal] { *action = [temporal] { return RunTemporal(*temporal); }; });
}

}  // namespace engram::cli
