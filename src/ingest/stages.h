// The rule stages of the write path that judge a message before it is stored (DESIGN.md §2):
//
//   guard   prompt injection / memory poisoning -> the memory is kept only as a quarantined
//           episodic record (never a fact) and a review item is raised;
//   signal  what makes the message worth remembering (preference, task, decision, ...);
//   anchor  the first time expression, resolved against the message time, becomes the
//           memory's event time; below kReviewTemporalConfidence it goes to review.
//
// Thread safety: pure function of its inputs (the rule tables are immutable).
#ifndef ENGRAM_INGEST_STAGES_H_
#define ENGRAM_INGEST_STAGES_H_

#include <string>
#include <vector>

#include "engram/types.h"
#include "src/store/store.h"

namespace engram::ingest {

inline constexpr double kReviewTemporalConfidence = 0.7;

struct StageReport {
  std::string guard = "clean";        // clean | suspicious | quarantine
  double guard_score = 0;
  std::vector<std::string> guard_categories;
  std::vector<std::string> signals;   // by descending confidence
  bool worth_remembering = false;
};

// Runs the stages on the batch's message and updates its memories and review items.
// `at` is the message's reference time.
StageReport ApplyStages(const Instant& at, store::IngestBatch* batch);

}  // namespace engram::ingest

#endif  // ENGRAM_INGEST_STAGES_H_
