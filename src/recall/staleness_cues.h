// The word lists the cue rules of staleness.h read: the cues of each slot, and of corrections,
// changes, ends of a state and additions. Folded (lower case, simplified Han); an ASCII cue
// matches whole words only (cue_index.h).
//
// Thread safety: immutable data.
#ifndef ENGRAM_SRC_RECALL_STALENESS_CUES_H_
#define ENGRAM_SRC_RECALL_STALENESS_CUES_H_

#include <span>
#include <string_view>
#include <vector>

#include "src/recall/staleness.h"

namespace engram::recall {

struct SlotCues {
  Slot slot;
  std::vector<std::string_view> cues;
};

// Cue words per slot.
const std::vector<SlotCues>& SlotCueTable();

// Explicit corrections ("更正", "scratch that").
std::span<const std::string_view> CorrectionCues();
// Words that correct only where a statement opens with them ("actually", "其实").
std::span<const std::string_view> OpeningCorrectionCues();
// Change cues besides ReplaceCues() ("搬到", "moved to").
std::span<const std::string_view> ChangeCues();
// Change cues that say the old state ended ("不再", "no longer", "traded in").
std::span<const std::string_view> ReplaceCues();
// Whether `folded` says something changed to a new value: a change verb with its target
// ("搬到", "转到", "moved to", "they moved me to fri-sat-sun", "transferred over to"), not a
// change in passing ("keep you updated", "joined a mentorship program").
bool ChangesToAValue(std::string_view folded);

// Whether "now" closes a clause of folded `text` ("moose is on purina pro plan sport now, the
// fancy stuff got too pricey"): the state it puts has changed, to the value it names. Not a
// moment ago ("just now"), a time up to which ("by now", "until now") or a request ("call me
// now").
bool EndsAClauseWithNow(std::string_view text);

// An addition to a slot, not a change ("也", "also").
std::span<const std::string_view> AdditiveCues();

}  // namespace engram::recall

#endif  // ENGRAM_SRC_RECALL_STALENESS_CUES_H_
