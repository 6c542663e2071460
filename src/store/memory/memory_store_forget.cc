// MemoryStoreImpl's forgetting: Forget (soft and hard) and EraseUser.
#include <algorithm>
#include <set>

#include "engram/status_macros.h"
#include "src/store/access.h"
#include "src/store/lifecycle_checks.h"
#include "src/store/memory/memory_store_internal.h"

namespace engram::store::memory_internal {

Status MemoryStoreImpl::Forget(const OpContext& ctx, int64_t id, bool hard) {
  std::lock_guard lock(mu_);
  auto it = memories_.find(id);
  if (it == memories_.end() || !CanSee(ctx.principal, it->second.scope)) return NotFound(id);
  ENGRAM_RETURN_IF_ERROR(CheckCanWrite(ctx.principal, it->second.scope));
  int64_t lineage = it->second.lineage_id;
  const std::string scope_key = ScopeKey(it->second.scope);
  std::vector<std::string> placeholders;
  std::vector<int64_t> targets;
  for (auto& [vid, m] : memories_) {
    if (m.lineage_id != lineage) continue;
    targets.push_back(vid);
    Log(vid, false);
    if (hard) vectors_.erase(vid);
    if (m.current) {
      m.current = false;
      m.superseded_at = ctx.now;
      m.valid_to = ctx.now;
    }
    m.status = MemoryStatus::kDeleted;
    if (hard) {
      for (const std::string* text : {&m.content, &m.value}) {
        for (std::string& p : VaultPlaceholders(*text)) placeholders.push_back(std::move(p));
      }
      keyword_.Remove(vid);
      m.content.clear();
      m.subject.clear();
      m.attribute.clear();
      m.value.clear();
      m.metadata_json = "{}";
      int64_t mid = m.source.message_id;
      if (mid >= 1 && mid <= static_cast<int64_t>(messages_.size())) {
        messages_[mid - 1].message.content.clear();
        side_.BlankRequestsOf(mid);
      }
    }
  }
  if (hard) entities_.ForgetMemories(std::set<int64_t>(targets.begin(), targets.end()));
  for (const std::string& p : placeholders) {
    bool mentioned = false;
    for (const auto& [vid, m] : memories_) {
      if (ScopeKey(m.scope) == scope_key && (m.content.find(p) != std::string::npos ||
                                            m.value.find(p) != std::string::npos)) {
        mentioned = true;
        break;
      }
    }
    if (!mentioned) vault_.erase({scope_key, p});
  }
  AppendLocked(ctx, AuditEntry{"forget", targets, hard ? "{\"hard\":true}" : "{\"hard\":false}"});
  return Status::OK();
}

Result<EraseOutcome> MemoryStoreImpl::EraseUser(const OpContext& ctx, const std::string& user_id) {
  ENGRAM_RETURN_IF_ERROR(CheckCanErase(ctx.principal, user_id));
  std::lock_guard lock(mu_);
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
  bool anything = !ids.empty() || side_.HasUser(user_id);
  for (const MessageRow& row : messages_) anything = anything || row.scope.user_id == user_id;
  for (const auto& [key, v] : vault_) anything = anything || v.user_id == user_id;
  for (const ReviewItem& r : reviews_) anything = anything || r.user_id == user_id;
  if (!anything) return Status::NotFound("store: nothing stored for user '" + user_id + "'");
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
    Log(id, false);
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
      it->resolved_at = ctx.now;
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
  AppendLocked(ctx, AuditEntry{"erase", {}, EraseAuditDetail(user_id, out)});
  return out;
}

}  // namespace engram::store::memory_internal
