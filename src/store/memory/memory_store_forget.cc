// MemoryStoreImpl's erasure of a user's rows (StoreCore's EraseUser runs it).
#include <algorithm>
#include <set>

#include "src/store/memory/memory_store_internal.h"

namespace engram::store::memory_internal {

EraseOutcome MemoryStoreImpl::DeleteUserRows(const std::string& user_id, const Instant& now) {
  std::set<int64_t> ids;
  for (const auto& [id, m] : memories_) {
    if (m.scope.user_id == user_id) ids.insert(id);
  }
  std::set<int64_t> summary_lineages;
  for (const MemoryLink& l : links_) {
    if (l.kind == "summarizes" && ids.count(l.to_id) && memories_.count(l.from_id)) {
      summary_lineages.insert(memories_.at(l.from_id).lineage_id);
    }
  }
  for (const auto& [id, m] : memories_) {
    if (summary_lineages.count(m.lineage_id)) ids.insert(id);
  }
  EraseOutcome out;
  out.memory_ids.assign(ids.begin(), ids.end());
  for (auto it = links_.begin(); it != links_.end();) {
    bool gone = ids.count(it->from_id) || ids.count(it->to_id);
    out.links += gone;
    it = gone ? links_.erase(it) : std::next(it);
  }
  entities_.EraseUser(user_id, ids);
  for (int64_t id : ids) {
    memories_.erase(id);
    keyword_.Remove(id);
    vectors_.erase(id);
  }
  for (auto& [id, m] : memories_) {
    if (ids.count(m.supersedes)) m.supersedes = 0;
  }
  for (MessageRow& row : messages_) {  // ids are positions: the rows stay, emptied
    if (row.scope.user_id != user_id) continue;
    ++out.messages;
    row = MessageRow{};
  }
  for (auto it = vault_.begin(); it != vault_.end();) {
    bool gone = it->second.user_id == user_id || it->first.first == "u:" + user_id;
    out.vault_entries += gone;
    it = gone ? vault_.erase(it) : std::next(it);
  }
  for (auto it = reviews_.begin(); it != reviews_.end();) {
    bool gone = it->user_id == user_id || ids.count(it->memory_id);
    out.review_items += gone;
    if (gone) {
      *it = ReviewItem{};  // ids are positions: the slot stays, emptied
      it->id = (it - reviews_.begin()) + 1;
      it->user_id = "";
      it->resolved_at = now;
      it->resolution = "erased";
    }
    ++it;
  }
  side_.EraseUser(user_id, &out);
  recall_log_.erase(std::remove_if(recall_log_.begin(), recall_log_.end(),
                                   [&](const RecallRow& r) { return r.entry.user_id == user_id; }),
                    recall_log_.end());
  out.embedding_cache_entries = static_cast<int64_t>(cache_.size());
  cache_.clear();
  return out;
}

}  // namespace engram::store::memory_internal
