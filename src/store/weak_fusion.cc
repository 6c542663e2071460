#include "src/store/weak_fusion.h"

#include "src/store/access.h"
#include "src/store/reconcile.h"

namespace engram::store {

int MentionsNeeded(const IngestBatch& batch, size_t index) {
  if (index >= batch.memories.size() || batch.memories[index].attribute.empty()) return 0;
  for (const auto& [i, needed] : batch.unconfirmed) {
    if (i == static_cast<int>(index)) return needed;
  }
  return 0;
}

void CountMention(const Memory& earlier, const Memory& draft, std::set<int64_t>* messages) {
  if (earlier.status == MemoryStatus::kDeleted || earlier.status == MemoryStatus::kQuarantined) {
    return;
  }
  if (earlier.subject != draft.subject || earlier.attribute != draft.attribute) return;
  if (earlier.source.message_id == 0 ||
      earlier.source.message_id == draft.source.message_id) {
    return;
  }
  if (SameStatement(earlier, draft)) messages->insert(earlier.source.message_id);
}

bool StaysCandidate(const std::map<int64_t, Memory>& memories, const std::string& scope_key,
                    const Memory& draft, int needed) {
  if (needed <= 0) return false;
  std::set<int64_t> heard;
  for (const auto& [id, m] : memories) {
    if (ScopeKey(m.scope) == scope_key) CountMention(m, draft, &heard);
  }
  return StaysCandidate(needed, heard);
}

void StampCandidate(const Instant& now, Memory* draft, IngestOutcome* out) {
  draft->current = false;
  draft->superseded_at = now;
  out->candidates.push_back(draft->id);
}

}  // namespace engram::store
