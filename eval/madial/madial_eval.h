// MADial-Bench memory-recall evaluation (He et al., NAACL 2025), on the public API only.
//
// Each user's memories are remembered (event text, its date as `at`, the memory id kept in
// metadata) under one scope per user. For every dialogue, the user's turns before its test
// turn (each as "Name: text", one a line) are the query, as an agent would ask its memory with
// what the user has said so far (the assistant's own turns, query_turns = "dialogue", cost
// 1.4 / 1.8 points of R@5 in zh / en; README). Recall@k is the share of the dialogue's
// relevant memory ids among the top k hits, averaged over dialogues. The published baselines'
// top-20 lists in baselines/<lang>/ are scored with the same function, so the numbers sit
// side by side (their queries were formed by the paper's code, not by this harness).
//
// Thread safety: RunMadialEval is self-contained.
#ifndef ENGRAM_EVAL_MADIAL_MADIAL_EVAL_H_
#define ENGRAM_EVAL_MADIAL_MADIAL_EVAL_H_

#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "engram/options.h"
#include "engram/result.h"
#include "engram/types.h"

namespace engram::eval {

struct MadialEvalOptions {
  std::string root;            // the madial-bench folder (holds zh/, en/, baselines/)
  std::string language = "zh"; // zh | en
  std::vector<int> ks = {1, 3, 5, 10, 20};
  // Which turns before the test turn form the query: "user" (the user's turns, each with its
  // speaker label) or "dialogue" (every turn, the assistant's too).
  std::string query_turns = "user";
  // When every dialogue is asked. The dialogues carry no date; unset, they are asked now, as a
  // user would ask today, so the memories' ages (and a few hits) move with the day the eval
  // runs. Set it to reproduce a report. (Asking each dialogue the day after its user's newest
  // memory instead cost 0.9 / 2.8 points of R@5 in zh / en: recency then favours that memory.)
  std::optional<Instant> ask_at;
  Options engine;               // engine settings (db_path is replaced); for ablations
};

struct MadialReport {
  std::string language;
  int memories = 0;
  int dialogues = 0;
  std::map<int, double> recall;                            // k -> engram's recall@k
  std::map<std::string, std::map<int, double>> baselines;  // file stem -> k -> recall@k
  double recall_p50_ms = 0;
  double recall_p95_ms = 0;
};

// IOError / InvalidArgument when the files cannot be read or parsed.
Result<MadialReport> RunMadialEval(const MadialEvalOptions& options);

std::string MadialReportJson(const MadialReport& report);
void PrintMadialReport(const MadialReport& report, std::ostream& out);

}  // namespace engram::eval

#endif  // ENGRAM_EVAL_MADIAL_MADIAL_EVAL_H_
