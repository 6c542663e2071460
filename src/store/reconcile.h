// Reconciliation (DESIGN.md section 2, stage 7): what a new statement of a fact does to the
// current version of the same (subject, attribute). One rule for every backend, applied
// inside the backend's write transaction, so that concurrent writers cannot both win.
//
//   reinforce  same value (folded), or values (or, without values, contents) whose
//              character-bigram similarity is >= kReinforceSimilarity: no new memory; the
//              current version's `reinforced` count and `last_seen` move;
//   supersede  a different value that ranks higher: an explicit correction, else a newer
//              valid_from, else (equally recent) a source at least as reliable;
//   outranked  a different value that ranks lower (an older statement, or an equally recent
//              one from a less reliable source): kept as history, never current.
//
// Thread safety: pure functions.
#ifndef ENGRAM_STORE_RECONCILE_H_
#define ENGRAM_STORE_RECONCILE_H_

#include <string_view>

#include "engram/types.h"

namespace engram::store {

inline constexpr double kReinforceSimilarity = 0.92;
// confidence.consistency of a statement the current version outranked (it contradicts what
// is held true). A version that supersedes keeps 1: a later statement is a change in the
// world, a correction or a more reliable source is what is held true from then on.
inline constexpr double kConsistencyOutranked = 0.5;

enum class ReconcileAction { kReinforce, kSupersede, kOutranked };

struct ReconcileDecision {
  ReconcileAction action = ReconcileAction::kSupersede;
  double consistency = 1.0;  // the draft's confidence.consistency (unused when reinforcing)
};

// Whether two statements of one (subject, attribute) say the same: the same value (folded),
// or values (without values: contents) with similarity >= kReinforceSimilarity and the same
// digits.
bool SameStatement(const Memory& a, const Memory& b);

// `current` is the scope's current version with the draft's (subject, attribute).
ReconcileDecision Reconcile(const Memory& current, const Memory& draft, bool correction);

// Dice coefficient of the two texts' character bigrams after folding (case, width, script
// variants); a single character is its own bigram. 1 for two equal texts, 0 when one is empty.
double TextSimilarity(std::string_view a, std::string_view b);

// Applies a decision to the draft (its consistency; overall scaled by it) and, for the
// outranked case, retires it at birth: not current, superseded_at = now, valid_to = the
// current version's valid_from when that is later.
void StampDraft(const ReconcileDecision& d, const Memory& current, const Instant& now,
                Memory* draft);

// The current version after `draft` reinforced it: reinforced + 1, last_seen = the later of
// its last_seen and the draft's source time.
void Reinforce(const Memory& draft, Memory* current);

}  // namespace engram::store

#endif  // ENGRAM_STORE_RECONCILE_H_
