// LoCoMo evidence-recall evaluation (Maharana et al., ACL 2024), built on the public API only.
//
// Every turn of every conversation is remembered with its session's date as `at`, one user
// scope per conversation, its dia_id kept in metadata, and its session id (session_<n>) unless
// `sessions` is off (a caller that passes only the user: Options::auto_session_gap_minutes
// then decides the sessions). Every question is then asked as a
// recall; a question's evidence recall@k is the share of its evidence dia_ids found among the
// top k hits. Reported per category (1 multi-hop, 2 temporal, 3 open-domain, 4 single-hop,
// 5 adversarial) and overall, against the original evidence and against the corrected
// evidence of the LoCoMo audit (locomo10_audit_errors.json), with recall latency percentiles.
//
// The conversations are ingested once; each variant (an ablation such as keyword-only) then
// reopens the same database with its own engine options and asks every question.
//
// Thread safety: RunLocomoEval is self-contained; concurrent runs need distinct db paths.
#ifndef ENGRAM_EVAL_LOCOMO_LOCOMO_EVAL_H_
#define ENGRAM_EVAL_LOCOMO_LOCOMO_EVAL_H_

#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "engram/options.h"
#include "engram/result.h"
#include "engram/types.h"

namespace engram::eval {

struct LocomoVariant {
  std::string name;     // "hybrid", "keyword", ...
  Options engine;       // recall settings (db_path is replaced)
};

struct LocomoEvalOptions {
  std::string data_path;          // locomo10.json
  std::string audit_path;         // corrected evidence; "" = locomo10_audit_errors.json beside data
  std::vector<int> ks = {5, 10, 25, 50};
  std::string db_path;            // "" = a temporary file, removed afterwards
  bool reuse_db = false;          // db_path exists and holds this data: skip ingestion
  // A store URI (Options::store, e.g. postgres://…?schema=locomo) used instead of db_path;
  // it must be empty, or hold this data with reuse_db.
  std::string store;
  int max_conversations = 0;      // 0 = all
  bool sessions = true;           // false: turns are remembered without their session ids
  // true: one Engine::Remember per turn; false: Engine::RememberMany per conversation (the
  // same rows, passages embedded in batches).
  bool one_by_one = false;
  Options engine;                 // ingestion settings (db_path is replaced)
  std::vector<LocomoVariant> variants;  // empty = one variant "hybrid" with `engine`
  std::string dump_path;          // when set: per-question ranks of the first variant (JSONL)
  // Also ask every question of the next conversation's user, where nothing is relevant, and
  // report the share of those questions that still get any hit (abstention).
  bool negatives = false;
  // When set, every question is asked at this time (e.g. today) instead of the day after its
  // conversation ended.
  std::optional<Instant> ask_at;
};

struct RecallScores {
  int questions = 0;                  // questions with at least one evidence id
  std::map<int, double> recall;       // k -> mean evidence recall@k (original evidence)
  std::map<int, double> corrected;    // k -> the same against the audit's corrected evidence
};

struct LocomoRun {
  std::string name;
  std::map<int, RecallScores> by_category;
  RecallScores overall;
  double recall_p50_ms = 0;
  double recall_p95_ms = 0;
  int negative_questions = 0;         // asked of another conversation (LocomoEvalOptions)
  double negatives_with_hits = 0;     // share of those that got any hit
};

struct LocomoReport {
  int conversations = 0;
  int turns = 0;
  int questions_total = 0;            // including those without evidence
  int corrected_questions = 0;        // questions whose evidence the audit replaced
  double ingest_seconds = 0;          // 0 when the database was reused
  std::vector<LocomoRun> runs;        // one per variant, in order
};

// InvalidArgument / IOError when the files cannot be read or parsed.
Result<LocomoReport> RunLocomoEval(const LocomoEvalOptions& options);

std::string LocomoReportJson(const LocomoReport& report);
void PrintLocomoReport(const LocomoReport& report, std::ostream& out);
// A grouped bar chart of recall@`k` per category, one bar per variant.
std::string LocomoChartSvg(const LocomoReport& report, int k);

}  // namespace engram::eval

#endif  // ENGRAM_EVAL_LOCOMO_LOCOMO_EVAL_H_
