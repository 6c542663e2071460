// Who may see and settle what the guard flagged. The writer of a message must not be able to
// launder it: a quarantine is approved only by a reviewer (role "reviewer" or "admin") other
// than its writer; the guard's rule ids and score (a tuning oracle) are shown to reviewers
// only; a quarantined memory's text is shown to its writer and to reviewers, not to the
// other members of its team.
//
// Thread safety: pure functions.
#ifndef ENGRAM_ENGINE_REVIEW_POLICY_H_
#define ENGRAM_ENGINE_REVIEW_POLICY_H_

#include <string>

#include "engram/status.h"
#include "engram/types.h"
#include "src/store/store.h"

namespace engram::engine {

// OK, or PermissionDenied when `principal` may not give `resolution` to `item`.
Status CheckCanResolve(const Principal& principal, const store::ReviewItem& item,
                       const std::string& resolution);

// The item as `principal` may see it: for a guard item (quarantine, suspicious) seen by a
// non-reviewer, the payload keeps only the categories.
void RedactReviewItem(const Principal& principal, store::ReviewItem* item);

// Replaces the text, value and metadata of a quarantined memory written by someone else
// with a notice, unless `principal` is a reviewer.
void WithholdQuarantined(const Principal& principal, Memory* memory);

}  // namespace engram::engine

#endif  // ENGRAM_ENGINE_REVIEW_POLICY_H_
