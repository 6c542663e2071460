// Lifecycle metrics (issue 7, seed 003 §6): is memory helping? Computed from the engine's own
// records (the recall log, messages, review queue), per user, team or agent.
//
//   hit rate               memories marked "used" in feedback / recalls
//   repeated-question rate recalls whose question nearly repeats (token-set Jaccard >=
//                          kRepeatSimilarity) one the same subject asked in the 30 days
//                          before / recalls
//   context-reload rate    messages like "我之前说过" / "as I said before" / messages
//   writes by signal       messages per write-path signal (preference, task, ...)
//   review queue, quarantined
//
// Questions are compared by fingerprint (hashes of their folded tokens), never by text.
//
// Thread safety: pure functions.
#ifndef ENGRAM_GOVERN_METRICS_H_
#define ENGRAM_GOVERN_METRICS_H_

#include <cstdint>
#include <map>
#include <string>
#include <string_view>

#include "src/store/store.h"

namespace engram::govern {

inline constexpr double kRepeatSimilarity = 0.8;
inline constexpr int64_t kRepeatWindowMs = 30LL * 24 * 3600 * 1000;

// Sorted, unique, space-separated 32-bit hex hashes of the query's folded tokens.
std::string QueryFingerprint(std::string_view query);

// Jaccard similarity of two fingerprints' token sets (0 when either is empty).
double FingerprintSimilarity(std::string_view a, std::string_view b);

struct MetricsSummary {
  int64_t recalls = 0;
  int64_t used = 0;
  double hit_rate = 0;
  int64_t repeated_questions = 0;
  double repeated_question_rate = 0;
  int64_t messages = 0;
  int64_t context_reloads = 0;
  double context_reload_rate = 0;
  std::map<std::string, int64_t> writes_by_signal;
  int64_t review_open = 0;
  int64_t quarantined = 0;
  int64_t quarantine_held = 0;  // store::MetricsCounts::quarantine_held
};

// `counts` must cover [window_from - kRepeatWindowMs, window_to) for recalls (earlier ones
// are only compared against) and the window itself for everything else.
MetricsSummary Summarize(const store::MetricsCounts& counts, int64_t window_from_ms);

}  // namespace engram::govern

#endif  // ENGRAM_GOVERN_METRICS_H_
