// What a question about the past gets: the earlier states of a thing before the later, the
// state before one the question names ("where did I live before Gentilly?"), and nothing of
// what holds now. Internal to src/recall (ApplyTruth, truth.h).
//
// Thread safety: pure functions.
#ifndef ENGRAM_RECALL_PAST_STATES_H_
#define ENGRAM_RECALL_PAST_STATES_H_

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "engram/engine.h"

namespace engram::recall {

// A question about what held before, with no hit known to be replaced: of the best
// kPastStates hits, the current records this relevant to it rank earliest first.
inline constexpr double kPastStateRelevance = 0.3;
inline constexpr size_t kPastStates = 4;

// Of the current records among the best kPastStates `hits` that answer (relevance at least
// kPastStateRelevance and `min_relevance`) and state one thing, the earlier ones take the
// better scores and the latest, what holds now, is left out. Nothing changes when a hit is
// known to be outdated.
void EarlierStatesFirst(double min_relevance, std::vector<RecallHit>* hits);

// The value a question about the past says came later ("before gentilly", "before the
// hokas", "before I switched to Obsidian"): its last word, folded; "" when it names none
// ("before that", "before the reorg" still names one: the reorg).
std::string NamedLaterState(std::string_view query);

// Asked what held before a later state: the state the question names ("before gentilly"), or
// else the best hit when it tells of a change ("company moved us to hubspot") and no hit is
// known to be outdated. Of the hits said before it, one of its slot, else the one that shares
// the most words or characters with it and the question, else the closest to the question by
// the vector channel, ranks above it with its score and relevance. A change is left out: it
// holds now.
void StateBeforeTheLaterOneFirst(std::string_view query, std::vector<RecallHit>* hits);

// Hits sorted by score: a current hit that replaced an outdated one shown above it holds now,
// which a question about the past does not ask for; the outdated hit's label names it.
void LeaveOutSuccessorsOfShown(std::vector<RecallHit>* hits);

}  // namespace engram::recall

#endif  // ENGRAM_RECALL_PAST_STATES_H_
