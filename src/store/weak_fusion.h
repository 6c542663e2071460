// Weak fusion (DESIGN.md section 2, stage 6), the store's half: a weak fact nobody confirmed
// (a skill or a like said about someone else: IngestBatch::unconfirmed) becomes current only
// on its `needed`-th mention — the same (subject, attribute, value) stated by that many
// different messages of the scope — and is kept as a candidate before that, with a
// "weak_candidate" review item through which a person may confirm (approve) or discard
// (reject) it (Store::ResolveReview). One rule for every backend, applied inside the write
// transaction, like reconcile.h.
//
// Thread safety: pure functions.
#ifndef ENGRAM_STORE_WEAK_FUSION_H_
#define ENGRAM_STORE_WEAK_FUSION_H_

#include <cstddef>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "engram/types.h"
#include "src/store/store.h"

namespace engram::store {

// The mentions memory `index` of the batch needs before it may become current; 0 when it is
// not an unconfirmed weak fact (not in IngestBatch::unconfirmed, or without an attribute).
int MentionsNeeded(const IngestBatch& batch, size_t index);

// Adds the message of `earlier` to `messages` when it is an earlier mention of what `draft`
// states: the same subject and attribute, the same statement (SameStatement), another
// message, and neither deleted nor quarantined. The scope is the caller's to check.
void CountMention(const Memory& earlier, const Memory& draft, std::set<int64_t>* messages);

// True when `draft` stays a candidate: with itself, fewer than `needed` mentions, counting
// `earlier` mentions by other messages.
inline bool StaysCandidate(int needed, int earlier) {
  return needed > 0 && earlier + 1 < needed;
}

// The review queue's side of a candidate (Store::ResolveReview): the kind of the item each
// candidate raises, and the resolution of an open item whose statement became current
// without it.
inline constexpr const char kWeakCandidateReview[] = "weak_candidate";
inline constexpr const char kConfirmedResolution[] = "confirmed";

// The weak_candidate item for `candidate` (stored, with its id), heard `mentions` times
// (itself included) of the `needed`: a reason for a person ("张工 hasSkill Python: mentioned
// 1 of 3 times; approve to make it current") and a payload
// {"subject","attribute","value","mentions","needed"}.
NewReview CandidateReview(const Memory& candidate, int mentions, int needed);

// Whether `current`, a version that just became current in `candidate`'s scope, states what
// the candidate states: the same subject and attribute and SameStatement.
bool ConfirmsCandidate(const Memory& current, const Memory& candidate);

// The detail of an audit record that may have confirmed waiting candidates (a "remember",
// a "review.approve"): {"<key>":id}, with "confirmed_reviews":[ids] when it did.
std::string ConfirmingAuditDetail(const std::string& key, int64_t id,
                                  const std::vector<int64_t>& confirmed);

}  // namespace engram::store

#endif  // ENGRAM_STORE_WEAK_FUSION_H_
