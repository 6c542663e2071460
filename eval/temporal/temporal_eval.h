// Evaluation of the temporal parser on corpus files of the shape in
// ../shared/data/temporal/ (Duckling zh/en, JioNLP, Time-NLP): pass rates per tag and per
// gate group, failures listed, documented deviations (deviations.tsv) counted separately.
//
// Thread safety: RunTemporalEval is reentrant; reports are plain values.
#ifndef ENGRAM_EVAL_TEMPORAL_TEMPORAL_EVAL_H_
#define ENGRAM_EVAL_TEMPORAL_TEMPORAL_EVAL_H_

#include <map>
#include <ostream>
#include <string>
#include <vector>

#include "engram/result.h"

namespace engram {

struct TemporalCaseResult {
  std::string id;
  std::string text;
  std::string expected;  // compact rendering of the expected answer
  std::string got;       // compact rendering of our answer ("none" when nothing matched)
  std::vector<std::string> tags;
  std::string reason;    // deviation rationale (deviations only)
};

struct TemporalPassRate {
  int total = 0;       // cases counted (deviations excluded)
  int passed = 0;
  int deviations = 0;  // documented corpus errors where we keep our answer
  double rate() const { return total == 0 ? 1.0 : static_cast<double>(passed) / total; }
};

struct TemporalEvalReport {
  std::string corpus;  // meta.source of the file
  TemporalPassRate overall;
  // Gate groups: "core" (Duckling: no holiday/locale tag), "holiday_cn" (Duckling:
  // holiday:fixed_date + holiday:chinese_lunisolar), "all".
  std::map<std::string, TemporalPassRate> groups;
  std::map<std::string, TemporalPassRate> by_tag;
  std::vector<TemporalCaseResult> failures;
  std::vector<TemporalCaseResult> deviations;
};

// Runs every case of the corpus at `corpus_path`. Returns NotFound / IOError when the file
// cannot be read and InvalidArgument when it is not a corpus.
Result<TemporalEvalReport> RunTemporalEval(const std::string& corpus_path);

std::string ReportToJson(const TemporalEvalReport& report);
// Human-readable: rates per group and tag, then failures (at most `max_failures`).
void PrintReport(const TemporalEvalReport& report, std::ostream& out, int max_failures = 50);

}  // namespace engram

#endif  // ENGRAM_EVAL_TEMPORAL_TEMPORAL_EVAL_H_
