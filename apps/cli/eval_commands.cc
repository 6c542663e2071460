// `engram eval ...`: the quality harnesses of eval/, behind one subcommand.
#include "apps/cli/commands.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <map>
#include <iostream>
#include <memory>

#include "engram/iso8601.h"
#include "eval/locomo/locomo_eval.h"
#include "eval/madial/madial_eval.h"
#include "eval/temporal/temporal_eval.h"

namespace engram::cli {
namespace {

// Prints the JSON report when asked and writes it to `report_path` when one is given.
int Finish(const std::string& json, bool print_json, const std::string& report_path) {
  if (print_json) std::cout << json << "\n";
  if (report_path.empty()) return 0;
  std::ofstream out(report_path);
  out << json << "\n";
  if (!out) return Fail(Status::IOError("cannot write '" + report_path + "'"));
  return 0;
}

// Quality gates: "--floor 10=73" fails the run (exit 3) when recall@10 is below 73 %.
using Floors = std::map<int, double>;

bool ParseFloors(const std::vector<std::string>& specs, Floors* out, std::string* error) {
  for (const std::string& spec : specs) {
    int k = 0;
    double pct = 0;
    char extra = 0;
    if (std::sscanf(spec.c_str(), "%d=%lf%c", &k, &pct, &extra) != 2 || k <= 0 || pct < 0 ||
        pct > 100) {
      *error = "--floor '" + spec + "': expected K=PERCENT, e.g. 10=73";
      return false;
    }
    (*out)[k] = pct;
  }
  return true;
}

// Returns 0 when every floor holds, else prints the misses and returns 3.
int CheckFloors(const std::string& what, const std::map<int, double>& recall,
                const Floors& floors) {
  int rc = 0;
  for (const auto& [k, pct] : floors) {
    auto it = recall.find(k);
    double got = it == recall.end() ? -1 : 100 * it->second;
    if (got < pct) {
      std::cerr << "engram: " << what << " recall@" << k << " is " << got << " %, below the floor "
                << pct << " %\n";
      rc = 3;
    }
  }
  return rc;
}

// Ablation switches shared by the recall evaluations.
struct EngineFlags {
  bool no_rerank = false;
  bool no_decay = false;
  bool no_context = false;
  bool no_ttl = false;
  bool self_contained = Options{}.self_contained_memories;
  bool facts = Options{}.extract_facts;
  double decay_floor = -1;  // < 0: the engine's default
  double min_relevance = -1;  // < 0: the engine's default
  double auto_session_gap = -1;  // < 0: the engine's default (MADial: 0, see RunMadial)
  std::string embedder;     // "" = the engine's default
  std::string channels = "hybrid";
  Options tuned;            // weights and shares set by the tuning flags
  Options Get() const {
    Options o = tuned;
    if (!embedder.empty()) o.embedder = embedder;
    if (channels == "keyword") o.weight_vector = 0;
    if (channels == "vector") o.weight_keyword = 0;
    o.lexical_rerank = !no_rerank;
    if (decay_floor >= 0) o.decay_floor = decay_floor;
    if (min_relevance >= 0) o.min_relevance = min_relevance;
    if (auto_session_gap >= 0) o.auto_session_gap_minutes = auto_session_gap;
    if (no_decay) o.decay_floor = 1.0;
    if (no_context) o.context_share_before = o.context_share_after = 0;
    o.self_contained_memories = self_contained;
    o.extract_facts = facts;
    if (no_ttl) {
      o.ttl_hours_state = o.ttl_hours_preference = o.ttl_hours_task = o.ttl_hours_event =
          o.ttl_hours_fact = o.ttl_hours_raw = 0;
    }
    return o;
  }
};

void AddEngineFlags(CLI::App* cmd, EngineFlags* f) {
  cmd->add_flag("--no-rerank", f->no_rerank, "Ablation: no lexical reranker");
  cmd->add_flag("--no-decay", f->no_decay, "Ablation: no time decay");
  cmd->add_flag("--no-context", f->no_context, "Ablation: no session-context spreading");
  cmd->add_flag("--no-ttl", f->no_ttl,
                "Ingest without TTLs (a benchmark that treats every old statement as valid)");
  cmd->add_flag("--self-contained,!--no-self-contained", f->self_contained,
                "Ingest turns self-contained (Options::self_contained_memories)");
  cmd->add_flag("--facts,!--no-facts", f->facts,
                "Extract facts at ingest (Options::extract_facts; default on)");
  cmd->add_option("--decay-floor", f->decay_floor, "Override Options::decay_floor (0..1)");
  cmd->add_option("--min-relevance", f->min_relevance,
                  "Override Options::min_relevance, the relevance floor (0..1)");
  cmd->add_option("--rrf-k", f->tuned.rrf_k, "Override Options::rrf_k");
  cmd->add_option("--weight-keyword", f->tuned.weight_keyword, "Override the keyword weight");
  cmd->add_option("--weight-vector", f->tuned.weight_vector, "Override the vector weight");
  cmd->add_option("--weight-graph", f->tuned.weight_graph, "Override the graph weight");
  cmd->add_option("--context-before", f->tuned.context_share_before,
                  "Override Options::context_share_before");
  cmd->add_option("--context-after", f->tuned.context_share_after,
                  "Override Options::context_share_after");
  cmd->add_option("--context-width", f->tuned.context_width, "Override Options::context_width");
  cmd->add_option("--auto-session-gap", f->auto_session_gap,
                  "Override Options::auto_session_gap_minutes (0 = no automatic sessions; "
                  "MADial's default is 0)");
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
  std::string chart;
  std::string dump;
  std::string db;
  std::string store;
  std::vector<int> ks = {5, 10, 25, 50};
  int conversations = 0;
  bool reuse_db = false;
  bool ablation = false;
  bool json = false;
  bool no_sessions = false;
  bool one_by_one = false;
  std::vector<std::string> floors;   // K=PERCENT on the first variant's overall recall
  bool negatives = false;
  std::string ask_at;
  double max_negatives = -1;         // gate: exit 3 when the abstention share is above (%)
};

// The variants asked: the configured one, or with --ablation hybrid, keyword and vector only.
std::vector<eval::LocomoVariant> Variants(const EngineFlags& flags, bool ablation) {
  if (!ablation) return {{flags.channels, flags.Get()}};
  std::vector<eval::LocomoVariant> out;
  for (const char* channels : {"hybrid", "keyword", "vector"}) {
    EngineFlags f = flags;
    f.channels = channels;
    out.push_back({channels, f.Get()});
  }
  return out;
}

int RunLocomo(const LocomoFlags& f) {
  Floors floors;
  std::string error;
  if (!ParseFloors(f.floors, &floors, &error)) return Fail(Status::InvalidArgument(error));
  eval::LocomoEvalOptions o;
  o.data_path = f.path;
  o.audit_path = f.audit;
  o.db_path = f.db;
  o.store = f.store;
  o.reuse_db = f.reuse_db;
  o.ks = f.ks;
  o.max_conversations = f.conversations;
  o.sessions = !f.no_sessions;
  o.one_by_one = f.one_by_one;
  o.engine = f.engine.Get();
  o.variants = Variants(f.engine, f.ablation);
  o.dump_path = f.dump;
  o.negatives = f.negatives || f.max_negatives >= 0;
  if (!f.ask_at.empty()) {
    auto at = ParseIso8601(f.ask_at);
    if (!at.ok()) return Fail(Status::InvalidArgument("--ask-at: " + at.status().message()));
    o.ask_at = *at;
  }
  auto report = eval::RunLocomoEval(o);
  if (!report.ok()) return Fail(report.status());
  if (!f.json) eval::PrintLocomoReport(*report, std::cout);
  if (!f.chart.empty()) {
    std::ofstream svg(f.chart);
    svg << eval::LocomoChartSvg(*report, f.ks.size() > 1 ? f.ks[1] : f.ks[0]);
    if (!svg) return Fail(Status::IOError("cannot write '" + f.chart + "'"));
  }
  int rc = Finish(eval::LocomoReportJson(*report), f.json, f.report);
  if (rc != 0 || report->runs.empty()) return rc;
  if (f.max_negatives >= 0 && 100 * report->runs[0].negatives_with_hits > f.max_negatives) {
    std::cerr << "LoCoMo abstention: " << 100 * report->runs[0].negatives_with_hits
              << "% of the questions asked of another conversation got a hit, above "
              << f.max_negatives << "%\n";
    return 3;
  }
  return CheckFloors("LoCoMo " + report->runs[0].name, report->runs[0].overall.recall, floors);
}

struct MadialFlags {
  EngineFlags engine;
  std::string root;
  std::vector<std::string> languages = {"zh", "en"};
  std::vector<int> ks = {1, 3, 5, 10, 20};
  std::string report;
  bool json = false;
  std::vector<std::string> floors;   // K=PERCENT, checked for every language
  std::string query_turns = "user";
  std::string ask_at;
};

int RunMadial(const MadialFlags& f) {
  Floors floors;
  std::string error;
  if (!ParseFloors(f.floors, &floors, &error)) return Fail(Status::InvalidArgument(error));
  int gate = 0;
  std::string all = "[";
  for (const std::string& lang : f.languages) {
    eval::MadialEvalOptions o;
    o.root = f.root;
    o.language = lang;
    o.ks = f.ks;
    o.query_turns = f.query_turns;
    if (!f.ask_at.empty()) {
      auto at = ParseIso8601(f.ask_at);
      if (!at.ok()) return Fail(Status::InvalidArgument("--ask-at: " + at.status().message()));
      o.ask_at = *at;
    }
    o.engine = f.engine.Get();
    // MADial asks for the memory a dialogue calls up (associative recall): the nearest
    // memories whatever their relevance, as a caller doing that passes threshold 0. The
    // default floor applies with --min-relevance.
    if (f.engine.min_relevance < 0) o.engine.min_relevance = 0;
    // Its memory bank is a list of separate life events with a date and no time of day, not
    // the turns of a conversation; automatic sessions would join the events of one date into
    // one "conversation" whose records lend each other score. A caller storing dated notes
    // gives each its own session or turns automatic sessions off, as this does unless
    // --auto-session-gap is given.
    if (f.engine.auto_session_gap < 0) o.engine.auto_session_gap_minutes = 0;
    auto report = eval::RunMadialEval(o);
    if (!report.ok()) return Fail(report.status());
    all += (all.size() > 1 ? "," : "") + eval::MadialReportJson(*report);
    if (!f.json) eval::PrintMadialReport(*report, std::cout);
    gate = std::max(gate, CheckFloors("MADial " + lang, report->recall, floors));
  }
  all += "]";
  int rc = Finish(all, f.json, f.report);
  return rc != 0 ? rc : gate;
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

void AddEvalCommands(CLI::App& app, Globals* /*g*/, Action* action) {
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
  lc->add_option("--store", locomo->store,
                 "Use this store URI instead of a file (postgres://…?schema=S; an empty schema, "
                 "or this data with --reuse-db)");
  lc->add_flag("--reuse-db", locomo->reuse_db,
               "Skip ingestion when --db exists (it must hold the same data)");
  lc->add_flag("--ablation", locomo->ablation, "Ask as hybrid, keyword-only and vector-only");
  lc->add_option("--chart", locomo->chart, "Write an SVG chart of recall@k (second k) here");
  lc->add_option("--dump", locomo->dump, "Write each question's ranked dia_ids here (JSONL)");
  lc->add_option("--report", locomo->report, "Also write the JSON report to this file");
  lc->add_flag("--json", locomo->json, "Print JSON");
  lc->add_flag("--negatives", locomo->negatives,
               "Also ask each question of another conversation's user (abstention)");
  lc->add_option("--max-negatives", locomo->max_negatives,
                 "Gate: exit 3 when more than this percent of those questions get a hit");
  lc->add_option("--ask-at", locomo->ask_at,
                 "Ask every question at this time (ISO 8601) instead of the day after its "
                 "conversation");
  lc->add_flag("--no-sessions", locomo->no_sessions,
               "Remember the turns with the user only, no session ids (the common Mem0 usage; "
               "automatic sessions group them, see --auto-session-gap)");
  lc->add_flag("--one-by-one", locomo->one_by_one,
               "Ingest with one remember per turn (default: each conversation in one "
               "RememberMany call, the same rows with batched embeddings)");
  lc->add_option("--floor", locomo->floors,
                 "Gate: K=PERCENT, exit 3 when overall recall@K (first variant) is below");
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
  md->add_option("--floor", madial->floors, "Gate: K=PERCENT, exit 3 when recall@K is below");
  md->add_option("--query-turns", madial->query_turns,
                 "The query: the user's turns before the test turn, or the whole dialogue")
      ->check(CLI::IsMember({"user", "dialogue"}))
      ->capture_default_str();
  md->add_option("--ask-at", madial->ask_at,
                 "Ask every dialogue at this time (ISO 8601) instead of now, to reproduce a "
                 "report (the memories' ages move the ranking a little)");
  AddEngineFlags(md, &madial->engine);
  md->footer("MADial is asked with no relevance floor (associative recall, threshold 0) unless "
             "--min-relevance says otherwise.");
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
