// The rule stages of the write path that judge a message before it is stored (DESIGN.md §2):
//
//   guard   prompt injection / memory poisoning -> the memory is kept only as a quarantined
//           episodic record (never a fact) and a review item is raised;
//   signal  what makes the message worth remembering (preference, task, decision, ...);
//   anchor  the first time expression, resolved against the message time, becomes the
//           memory's event time; below kReviewTemporalConfidence it goes to review;
//   event   the message's event type (complaint, request, schedule, ...) and its slots;
//   facts   whitelisted (subject, attribute, value) statements become semantic memories next
//           to the episodic record (temporary states as kind "state"); a weak one (skill,
//           like) said about someone else and not confirmed ("确认", "confirmed") is listed in
//           IngestBatch::unconfirmed: the store keeps it as a candidate, with a
//           weak_candidate review item, until its third mention or the item's approval
//           (src/store/weak_fusion.h); never from a quarantined or suspicious
//           message, nor when the request gave an explicit fact;
//   kind    the signals decide the memory's kind: a temporary state ("这周在出差") is
//           "state", a preference "preference", a task or commitment "task", an event
//           "event"; anything else stays "raw" (explicit facts keep "fact");
//   ttl     ApplyTtl sets expires_at by kind (Options::ttl_hours_*).
// The verdicts are also written into the message's context_json ({"guard", "signals",
// "context_reload"}) so that the lifecycle metrics can count them later.
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
  bool context_reload = false;        // "我之前说过", "as I said before"
  std::string event_type = "none";    // extract::EventTypeName of the message's event
  double event_confidence = 0;
  std::vector<std::pair<std::string, std::string>> event_slots;  // (slot, value), >= 0.6
  int facts = 0;                      // semantic fact memories extracted
};

// Hours a memory of each kind stays recallable after it starts to hold; 0 = no expiry.
struct TtlPolicy {
  double state = 0;
  double preference = 0;
  double task = 0;
  double event = 0;
  double fact = 0;
  double raw = 0;
  double HoursFor(MemoryKind kind) const;
};

// Runs the stages on the batch's message and updates its memories and review items.
// `at` is the message's reference time.
// With `infer` false the memories keep their kind ("raw" unless an explicit fact): the
// message is stored as said, without a kind (and so without a TTL) read into it.
// `extract_facts` (Options::extract_facts) turns the facts stage on.
StageReport ApplyStages(const Instant& at, store::IngestBatch* batch, bool infer = true,
                        bool extract_facts = false);

// The facts stage alone (ApplyStages runs it when `extract_facts`): the facts of the episodic
// record's text (the message as said, or its self-contained rewrite: "他的电话换成…" after a
// turn about 李工 gives a fact about 李工) become semantic memories after the record, and
// their count goes into the message's context_json ("facts"). Nothing for a quarantined or
// suspicious message (report->guard), nor when the request gave an explicit fact.
void ExtractFacts(StageReport* report, store::IngestBatch* batch);

// Sets each memory's expires_at from its kind: the TTL counts from the end of its event time
// when that is later than `at` ("下周出差" expires a TTL after next week), else from `at`.
void ApplyTtl(const TtlPolicy& policy, const Instant& at, store::IngestBatch* batch);

}  // namespace engram::ingest

#endif  // ENGRAM_INGEST_STAGES_H_
