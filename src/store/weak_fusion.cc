#include "src/store/weak_fusion.h"

#include <nlohmann/json.hpp>

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

NewReview CandidateReview(const Memory& candidate, int mentions, int needed) {
  NewReview r;
  r.kind = kWeakCandidateReview;
  r.reason = candidate.subject + " " + candidate.attribute + " " + candidate.value +
             ": mentioned " + std::to_string(mentions) + " of " + std::to_string(needed) +
             " times; approve to make it current";
  nlohmann::json payload = {{"subject", candidate.subject},
                            {"attribute", candidate.attribute},
                            {"value", candidate.value},
                            {"mentions", mentions},
                            {"needed", needed}};
  r.payload_json = payload.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  return r;
}

bool ConfirmsCandidate(const Memory& current, const Memory& candidate) {
  return current.subject == candidate.subject && current.attribute == candidate.attribute &&
         !candidate.attribute.empty() && SameStatement(current, candidate);
}

std::string ConfirmingAuditDetail(const std::string& key, int64_t id,
                                  const std::vector<int64_t>& confirmed) {
  std::string detail = "{\"" + key + "\":" + std::to_string(id);
  if (!confirmed.empty()) {
    detail += ",\"confirmed_reviews\":[";
    for (size_t i = 0; i < confirmed.size(); ++i) {
      detail += (i ? "," : "") + std::to_string(confirmed[i]);
    }
    detail += "]";
  }
  return detail + "}";
}

}  // namespace engram::store
