// Weak fusion (DESIGN.md section 2, stage 6), the store's half: a weak fact nobody confirmed
// (a skill or a like said about someone else: IngestBatch::unconfirmed) becomes current only
// on its `needed`-th mention — the same (subject, attribute, value) stated by that many
// different messages of the scope — and is kept as a candidate before that. One rule for
// every backend, applied inside the write transaction, like reconcile.h.
//
// Thread safety: pure functions.
#ifndef ENGRAM_STORE_WEAK_FUSION_H_
#define ENGRAM_STORE_WEAK_FUSION_H_

#include <cstddef>
#include <cstdint>
#include <map>
#include <set>
#include <string>

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
// the messages of `earlier_messages`.
inline bool StaysCandidate(int needed, const std::set<int64_t>& earlier_messages) {
  return needed > 0 && static_cast<int>(earlier_messages.size()) + 1 < needed;
}

// The same over every memory of `memories` in scope `scope_key` (the memory backend).
bool StaysCandidate(const std::map<int64_t, Memory>& memories, const std::string& scope_key,
                    const Memory& draft, int needed);

// A candidate is retired at birth: not current, superseded_at = now (history only), and
// listed in out->candidates.
void StampCandidate(const Instant& now, Memory* draft, IngestOutcome* out);

}  // namespace engram::store

#endif  // ENGRAM_STORE_WEAK_FUSION_H_
