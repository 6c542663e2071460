// MemoryStoreImpl's write path: the WritePort the shared procedures (store_core.h) run over,
// RunWrite (a snapshot of the tables to roll back to), and ReplaceVector.
#include <algorithm>
#include <set>

#include "engram/status_macros.h"
#include "src/store/access.h"
#include "src/store/memory/memory_store_internal.h"
#include "src/store/weak_fusion.h"

namespace engram::store::memory_internal {

// The store's maps, inside the transaction RunWrite opened. REQUIRES: mu_ held.
class MemoryWritePort final : public WritePort {
 public:
  explicit MemoryWritePort(MemoryStoreImpl* s) : s_(s) {}

  Result<int64_t> InsertMessage(const Scope& scope, const NewMessage& message,
                                const Instant& recorded) override {
    s_->messages_.push_back(MessageRow{scope, message, recorded.unix_ms});
    return static_cast<int64_t>(s_->messages_.size());
  }

  Result<std::optional<Memory>> GetMemory(int64_t id) override {
    auto it = s_->memories_.find(id);
    if (it == s_->memories_.end()) return std::optional<Memory>();
    return std::optional<Memory>(it->second);
  }

  Result<std::optional<Memory>> FindCurrentFact(const std::string& scope_key,
                                                const std::string& subject,
                                                const std::string& attribute) override {
    for (const auto& [id, m] : s_->memories_) {
      if (m.current && m.subject == subject && m.attribute == attribute &&
          !attribute.empty() && ScopeKey(m.scope) == scope_key) {
        return std::optional<Memory>(m);
      }
    }
    return std::optional<Memory>();
  }

  Result<std::vector<Memory>> ListFactStatements(const std::string& scope_key,
                                                 const std::string& subject,
                                                 const std::string& attribute) override {
    std::vector<Memory> out;
    for (const auto& [id, m] : s_->memories_) {
      if (m.subject == subject && m.attribute == attribute && !attribute.empty() &&
          m.status != MemoryStatus::kDeleted && m.status != MemoryStatus::kQuarantined &&
          ScopeKey(m.scope) == scope_key) {
        out.push_back(m);
      }
    }
    return out;
  }

  Status InsertMemory(Memory* m, std::string_view said) override {
    m->id = s_->next_memory_id_++;
    if (m->lineage_id == 0) m->lineage_id = m->id;
    s_->Index(*m, said);
    s_->memories_[m->id] = *m;
    return Status::OK();
  }

  Status SetReinforced(const Memory& m) override {
    ENGRAM_ASSIGN_OR_RETURN(Memory * row, Row(m.id));
    row->reinforced = m.reinforced;
    row->last_seen = m.last_seen;
    return Status::OK();
  }

  Status Retire(int64_t id, const Instant& now,
                const std::optional<Instant>& valid_to) override {
    ENGRAM_ASSIGN_OR_RETURN(Memory * row, Row(id));
    row->current = false;
    row->superseded_at = now;
    if (valid_to) row->valid_to = *valid_to;
    return Status::OK();
  }

  Status Promote(const Memory& c) override {
    ENGRAM_ASSIGN_OR_RETURN(Memory * row, Row(c.id));
    row->current = true;
    row->superseded_at.reset();
    row->valid_to.reset();
    row->lineage_id = c.lineage_id;
    row->version = c.version;
    row->supersedes = c.supersedes;
    return Status::OK();
  }

  Status SetStatus(int64_t id, MemoryStatus status) override {
    ENGRAM_ASSIGN_OR_RETURN(Memory * row, Row(id));
    row->status = status;
    return Status::OK();
  }

  Status SetConsistencyAndMetadata(const Memory& m) override {
    ENGRAM_ASSIGN_OR_RETURN(Memory * row, Row(m.id));
    row->confidence.consistency = m.confidence.consistency;
    row->metadata_json = m.metadata_json;
    return Status::OK();
  }

  Result<std::vector<Memory>> ListLineage(int64_t lineage_id) override {
    std::vector<Memory> out;
    for (const auto& [id, m] : s_->memories_) {
      if (m.lineage_id == lineage_id) out.push_back(m);
    }
    std::sort(out.begin(), out.end(),
              [](const Memory& a, const Memory& b) { return a.version < b.version; });
    return out;
  }

  Status EraseContent(const std::vector<Memory>& versions) override {
    std::set<int64_t> ids;
    for (const Memory& v : versions) {
      ENGRAM_ASSIGN_OR_RETURN(Memory * m, Row(v.id));
      ids.insert(m->id);
      s_->vectors_.erase(m->id);
      s_->keyword_.Remove(m->id);
      m->content.clear();
      m->subject.clear();
      m->attribute.clear();
      m->value.clear();
      m->metadata_json = "{}";
      const int64_t mid = m->source.message_id;
      if (mid >= 1 && mid <= static_cast<int64_t>(s_->messages_.size())) {
        s_->messages_[mid - 1].message.content.clear();
        s_->messages_[mid - 1].message.context_json = "{}";
        s_->side_.BlankRequestsOf(mid);
      }
    }
    s_->entities_.ForgetMemories(ids);
    return Status::OK();
  }

  Status DeleteUnreferencedVault(const std::string& scope_key,
                                 const std::vector<std::string>& placeholders) override {
    for (const std::string& p : placeholders) {
      const bool mentioned =
          std::any_of(s_->memories_.begin(), s_->memories_.end(), [&](const auto& row) {
            const Memory& m = row.second;
            return ScopeKey(m.scope) == scope_key && (m.content.find(p) != std::string::npos ||
                                                      m.value.find(p) != std::string::npos);
          });
      if (!mentioned) s_->vault_.erase({scope_key, p});
    }
    return Status::OK();
  }

  Result<EraseOutcome> DeleteUserRows(const std::string& user_id, const Instant& now) override {
    return s_->DeleteUserRows(user_id, now);
  }

  Status PutVector(int64_t id, const std::string& model, const std::string& vector) override {
    s_->PutVector(id, model, vector);
    return Status::OK();
  }

  Status LogVectorRemoval(int64_t id) override {
    s_->Log(id, false);
    return Status::OK();
  }

  Status CloseRelations(int64_t id, const Instant& at) override {
    s_->entities_.CloseRelations(id, at);
    return Status::OK();
  }

  Status CopyEntityLinks(int64_t from, int64_t to) override {
    s_->entities_.CopyLinks(from, to);
    return Status::OK();
  }

  Result<std::vector<EntityLinkOutcome>> InsertEntityLinks(const Principal& p,
                                                           const IngestBatch& batch,
                                                           const std::vector<Memory>& memories,
                                                           const Instant& now) override {
    for (const EntityLinkDraft& d : batch.entity_links) {
      if (d.memory_index < 0 || d.memory_index >= static_cast<int>(memories.size())) {
        return Status::InvalidArgument("ingest: entity link to memory " +
                                       std::to_string(d.memory_index) + " of the batch");
      }
      if (d.entity_id != 0 && !s_->entities_.Get(p, d.entity_id).ok()) {
        return Status::InvalidArgument("ingest: entity " + std::to_string(d.entity_id) +
                                       " is not visible");
      }
    }
    return s_->entities_.Link(p, batch, memories, now);
  }

  Status InsertRelations(const IngestBatch& batch, const IngestOutcome& out) override {
    s_->entities_.AddRelations(batch, out);
    return Status::OK();
  }

  Status InsertLink(const MemoryLink& link, bool* added) override {
    auto& links = s_->links_;
    *added = std::none_of(links.begin(), links.end(), [&](const MemoryLink& l) {
      return l.from_id == link.from_id && l.to_id == link.to_id && l.kind == link.kind;
    });
    if (*added) links.push_back(link);
    return Status::OK();
  }

  Status InsertVault(const VaultEntry& e, const Instant&) override {
    s_->vault_.emplace(std::make_pair(e.scope_key, e.placeholder), e);  // first sealing wins
    return Status::OK();
  }

  Result<int64_t> InsertReview(const NewReview& r, const std::string& user_id,
                               int64_t memory_id, int64_t message_id,
                               const Instant& now) override {
    ReviewItem item;
    item.id = static_cast<int64_t>(s_->reviews_.size()) + 1;
    item.kind = r.kind;
    item.user_id = user_id;
    item.memory_id = memory_id;
    item.message_id = message_id;
    item.reason = r.reason;
    item.payload_json = r.payload_json;
    item.created_at = now;
    s_->reviews_.push_back(std::move(item));
    return s_->reviews_.back().id;
  }

  Result<ReviewItem> GetReview(int64_t id, const std::string& reviewer_user) override {
    ENGRAM_ASSIGN_OR_RETURN(ReviewItem * item, s_->FindReview(reviewer_user, id));
    return *item;
  }

  Result<std::vector<std::pair<int64_t, Memory>>> OpenCandidateReviews(
      const std::string& scope_key, const std::string& subject,
      const std::string& attribute) override {
    std::vector<std::pair<int64_t, Memory>> out;
    for (const ReviewItem& r : s_->reviews_) {
      if (r.kind != kWeakCandidateReview || r.resolved_at) continue;
      auto m = s_->memories_.find(r.memory_id);
      if (m == s_->memories_.end() || ScopeKey(m->second.scope) != scope_key ||
          m->second.subject != subject || m->second.attribute != attribute) {
        continue;
      }
      out.emplace_back(r.id, m->second);
    }
    return out;
  }

  Status ResolveReviewRow(int64_t id, const std::string& resolution,
                          const Instant& now) override {
    ENGRAM_ASSIGN_OR_RETURN(ReviewItem * item, s_->FindReview("", id));
    item->resolved_at = now;
    item->resolution = resolution;
    return Status::OK();
  }

  Status AppendAudit(const OpContext& ctx, const AuditEntry& entry) override {
    s_->AppendLocked(ctx, entry);
    return Status::OK();
  }

  Status MarkOutboxDone(int64_t id, const std::string& owner, const IngestOutcome& out,
                        const std::string& context_json, const Instant& now) override {
    ENGRAM_RETURN_IF_ERROR(s_->side_.CheckQueued(id, owner, now));
    s_->side_.MarkDone(id, out, context_json);
    return Status::OK();
  }

 private:
  Result<Memory*> Row(int64_t id) {
    auto it = s_->memories_.find(id);
    if (it == s_->memories_.end()) return MemoryStoreImpl::NotFound(id);
    return &it->second;
  }

  MemoryStoreImpl* s_;
};

Status MemoryStoreImpl::RunWrite(const std::function<Status(WritePort&)>& body) {
  std::lock_guard lock(mu_);
  Tables before = tables();
  MemoryWritePort port(this);
  Status s = body(port);
  if (!s.ok()) set_tables(std::move(before));
  return s;
}

Status MemoryStoreImpl::ReplaceVector(const OpContext& ctx, int64_t id, const std::string& model,
                                      const std::string& vector) {
  std::lock_guard lock(mu_);
  auto it = memories_.find(id);
  if (it == memories_.end() || !CanSee(ctx.principal, it->second.scope) ||
      !it->second.current) {
    return NotFound(id);
  }
  ENGRAM_RETURN_IF_ERROR(CheckCanWrite(ctx.principal, it->second.scope));
  PutVector(id, model, vector);
  return Status::OK();
}

}  // namespace engram::store::memory_internal
