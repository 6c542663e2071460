#include "src/store/memory/memory_store.h"

#include <nlohmann/json.hpp>

#include <algorithm>

#include "engram/status_macros.h"
#include "src/store/access.h"
#include "src/store/entity_checks.h"
#include "src/store/memory/memory_store_internal.h"
#include "src/store/versions.h"
#include "src/text/tokenizer.h"

namespace engram::store {
namespace memory_internal {

Status MemoryStoreImpl::TouchMemories(const OpContext& ctx, const std::vector<int64_t>& ids) {
  std::lock_guard lock(mu_);
  for (int64_t id : ids) {
    auto it = memories_.find(id);
    if (it == memories_.end() || !CanSee(ctx.principal, it->second.scope)) continue;
    Memory& m = it->second;
    if (!m.current) continue;
    if (m.status != MemoryStatus::kActive && m.status != MemoryStatus::kDormant) continue;
    ++m.access_count;
    m.last_access = ctx.now;
    if (m.status == MemoryStatus::kDormant) {
      m.status = MemoryStatus::kActive;
      if (vectors_.count(id)) Log(id, true);
    }
  }
  return Status::OK();
}

Result<int64_t> MemoryStoreImpl::MarkDormant(const Instant& idle_before, int limit) {
  std::lock_guard lock(mu_);
  int64_t n = 0;
  for (auto& [id, m] : memories_) {
    if (n >= limit) break;
    if (!m.current || m.status != MemoryStatus::kActive) continue;
    const Instant last = m.last_access.value_or(m.recorded_at);
    if (last.unix_ms >= idle_before.unix_ms) continue;
    m.status = MemoryStatus::kDormant;
    if (vectors_.count(id)) Log(id, true);
    ++n;
  }
  return n;
}

Status MemoryStoreImpl::LogRecall(const RecallLogEntry& entry) {
  std::lock_guard lock(mu_);
  recall_log_.push_back(RecallRow{entry, 0});
  return Status::OK();
}

Status MemoryStoreImpl::MarkUsed(const OpContext& ctx, const std::string& request_id, bool used) {
  std::lock_guard lock(mu_);
  for (RecallRow& r : recall_log_) {
    if (r.entry.request_id != request_id || r.entry.user_id != ctx.principal.user_id) continue;
    r.used += used;
    return Status::OK();
  }
  return Status::NotFound("feedback: no recall with request id '" + request_id + "'");
}

Result<MetricsCounts> MemoryStoreImpl::CollectMetrics(const MetricsFilter& f) {
  std::lock_guard lock(mu_);
  MetricsCounts c;
  auto in_window = [&](int64_t ms) { return ms >= f.from.unix_ms && ms < f.to.unix_ms; };
  for (const RecallRow& r : recall_log_) {
    const RecallLogEntry& e = r.entry;
    bool mine = f.by == "team" ? std::count(e.teams.begin(), e.teams.end(), f.id) > 0
                               : (f.by == "agent" ? e.agent_id : e.user_id) == f.id;
    if (!mine || e.at.unix_ms < f.recalls_from.unix_ms || e.at.unix_ms >= f.to.unix_ms) {
      continue;
    }
    c.recalls.emplace_back(e.at.unix_ms, e.fingerprint);
    if (in_window(e.at.unix_ms)) c.used += r.used;
  }
  for (const MessageRow& row : messages_) {
    if (Subject(f, row.scope) != f.id || !in_window(row.recorded_ms)) continue;
    ++c.messages;
    auto context = nlohmann::json::parse(row.message.context_json, nullptr, false);
    if (!context.is_object()) continue;
    if (context.contains("context_reload")) ++c.context_reloads;
    if (context.contains("signals") && context["signals"].is_array()) {
      for (const auto& sig : context["signals"]) {
        if (sig.is_string()) ++c.writes_by_signal[sig.get<std::string>()];
      }
    }
  }
  // Open at `to`, and of the quarantine items, those not released before `to`.
  for (const ReviewItem& r : reviews_) {
    if (r.created_at.unix_ms >= f.to.unix_ms) continue;
    if (f.by == "user") {
      if (r.user_id != f.id) continue;
    } else if (auto m = memories_.find(r.memory_id);
               m == memories_.end() || Subject(f, m->second.scope) != f.id) {
      continue;
    }
    const bool resolved_before = r.resolved_at && r.resolved_at->unix_ms < f.to.unix_ms;
    c.review_open += !resolved_before;
    c.quarantine_held += r.kind == "quarantine" && !(resolved_before && r.resolution == "approve");
  }
  for (const auto& [id, m] : memories_) {
    c.quarantined += m.current && m.status == MemoryStatus::kQuarantined &&
                     Subject(f, m.scope) == f.id;
  }
  return c;
}

Result<std::string> MemoryStoreImpl::GetCachedEmbedding(const std::string& model,
                                                        const std::string& text_hash) {
  std::lock_guard lock(mu_);
  auto it = cache_.find({model, text_hash});
  if (it == cache_.end()) return Status::NotFound("store: no cached embedding");
  return it->second;
}

Status MemoryStoreImpl::PutCachedEmbedding(const std::string& model, const std::string& text_hash,
                                           const std::string& vector) {
  std::lock_guard lock(mu_);
  cache_[{model, text_hash}] = vector;
  return Status::OK();
}

Status MemoryStoreImpl::DeleteCachedEmbeddings(const std::vector<std::string>& text_hashes) {
  std::lock_guard lock(mu_);
  for (auto it = cache_.begin(); it != cache_.end();) {
    bool erase = std::find(text_hashes.begin(), text_hashes.end(), it->first.second) !=
                 text_hashes.end();
    it = erase ? cache_.erase(it) : std::next(it);
  }
  return Status::OK();
}

Result<StoreStats> MemoryStoreImpl::GetStats(const OpContext& ctx) {
  std::lock_guard lock(mu_);
  StoreStats s;
  s.schema_version = 0;
  for (const MessageRow& row : messages_) {
    s.messages += row.scope.user_id == ctx.principal.user_id;
  }
  std::map<int64_t, bool> deleted_lineages;
  for (const auto& [id, m] : memories_) {
    if (!CanSee(ctx.principal, m.scope)) continue;
    ++s.memories_versions;
    if (m.current && m.status != MemoryStatus::kDeleted) ++s.memories_current;
    if (m.status == MemoryStatus::kDeleted) deleted_lineages[m.lineage_id] = true;
    if (m.current && m.status == MemoryStatus::kDormant) ++s.memories_dormant;
    if (m.current && m.expires_at && m.expires_at->unix_ms <= ctx.now.unix_ms &&
        (m.status == MemoryStatus::kActive || m.status == MemoryStatus::kDormant)) {
      ++s.memories_expired;
    }
  }
  s.memories_deleted = static_cast<int64_t>(deleted_lineages.size());
  bool admin = ctx.principal.HasRole("admin");
  for (const AuditRecord& r : audit_) {
    s.audit_records += admin || r.actor_user == ctx.principal.user_id;
  }
  return s;
}

Result<std::vector<int64_t>> MemoryStoreImpl::EnqueueOutbox(const std::vector<OutboxDraft>& rows,
                                                            const Instant& now) {
  std::lock_guard lock(mu_);
  return side_.Enqueue(rows, now);
}

Result<std::vector<OutboxEntry>> MemoryStoreImpl::ListQueued(int64_t after_id, int limit) {
  std::lock_guard lock(mu_);
  return side_.ListQueued(after_id, limit);
}

Result<OutboxEntry> MemoryStoreImpl::GetOutbox(const OpContext& ctx, int64_t id) {
  std::lock_guard lock(mu_);
  return side_.GetOutbox(ctx.principal.user_id, id);
}

Status MemoryStoreImpl::FailOutbox(int64_t id, const std::string& owner,
                                   const std::string& error, const Instant& now) {
  std::lock_guard lock(mu_);
  return side_.FailOutbox(id, owner, error, now);
}

Status MemoryStoreImpl::RewriteQueued(int64_t id, const std::string& old_request,
                                      const std::string& request) {
  std::lock_guard lock(mu_);
  return side_.RewriteQueued(id, old_request, request);
}

Result<std::vector<OutboxEntry>> MemoryStoreImpl::ClaimOutbox(const std::string& owner, int limit,
                                                              int64_t lease_ms,
                                                              const Instant& now) {
  std::lock_guard lock(mu_);
  return side_.Claim(owner, limit, lease_ms, now);
}

Result<std::vector<int64_t>> MemoryStoreImpl::RenewOutbox(const std::string& owner,
                                                          const std::vector<int64_t>& ids,
                                                          int64_t lease_ms, const Instant& now) {
  std::lock_guard lock(mu_);
  return side_.Renew(owner, ids, lease_ms, now);
}

Status MemoryStoreImpl::ReleaseOutbox(const std::string& owner, const std::vector<int64_t>& ids) {
  std::lock_guard lock(mu_);
  side_.Release(owner, ids);
  return Status::OK();
}

Status MemoryStoreImpl::PutApiKey(const ApiKeyRecord& key) {
  std::lock_guard lock(mu_);
  return side_.PutApiKey(key);
}

Result<ApiKeyRecord> MemoryStoreImpl::GetApiKey(const std::string& id) {
  std::lock_guard lock(mu_);
  return side_.GetApiKey(id);
}

Result<std::vector<ApiKeyRecord>> MemoryStoreImpl::ListApiKeys() {
  std::lock_guard lock(mu_);
  return side_.ListApiKeys();
}

Status MemoryStoreImpl::RevokeApiKey(const std::string& id, const Instant& now) {
  std::lock_guard lock(mu_);
  return side_.RevokeApiKey(id, now);
}

Result<EntityImportOutcome> MemoryStoreImpl::PutEntities(const OpContext& ctx,
                                                         const std::vector<EntityRecord>& entries) {
  for (const EntityRecord& e : entries) {
    ENGRAM_RETURN_IF_ERROR(CheckEntityEntry(ctx, e));
  }
  std::lock_guard lock(mu_);
  EntityImportOutcome out = entities_.Upsert(entries, ctx.now);
  AppendLocked(ctx, AuditEntry{"entities.import", {}, ImportAuditDetail(out)});
  return out;
}

Result<std::vector<EntityName>> MemoryStoreImpl::FindEntityNames(
    const OpContext& ctx, const std::vector<std::string>& names) {
  std::lock_guard lock(mu_);
  return entities_.Names(ctx.principal, names);
}

Result<std::vector<EntityRecord>> MemoryStoreImpl::ListEntities(const OpContext& ctx,
                                                                const EntityQuery& query) {
  std::lock_guard lock(mu_);
  return entities_.List(ctx.principal, query);
}

Result<EntityRecord> MemoryStoreImpl::GetEntity(const OpContext& ctx, int64_t id) {
  std::lock_guard lock(mu_);
  return entities_.Get(ctx.principal, id);
}

Result<std::vector<EntityRelation>> MemoryStoreImpl::ListEntityRelations(const OpContext& ctx,
                                                                         int64_t id, int limit) {
  std::lock_guard lock(mu_);
  return entities_.Relations(ctx.principal, id, limit, SearchableFor(ctx));
}

Result<std::vector<EntityLinkOutcome>> MemoryStoreImpl::ListMemoryEntities(const OpContext& ctx,
                                                                          int64_t id) {
  std::lock_guard lock(mu_);
  auto m = memories_.find(id);
  if (m == memories_.end() || m->second.status == MemoryStatus::kDeleted ||
      !CanSee(ctx.principal, m->second.scope)) {
    return std::vector<EntityLinkOutcome>{};
  }
  return entities_.MemoryLinks(ctx.principal, id);
}

Result<GraphResult> MemoryStoreImpl::SearchGraph(const OpContext& ctx, const GraphQuery& query) {
  std::lock_guard lock(mu_);
  return entities_.Graph(ctx.principal, query, SearchableFor(ctx), next_memory_id_ - 1);
}

Status MemoryStoreImpl::NotFound(int64_t id) {
  return Status::NotFound("store: memory " + std::to_string(id) + " not found");
}

MemoryEntityTables::SearchableFn MemoryStoreImpl::SearchableFor(const OpContext& ctx) {
  return [this, ctx](int64_t id, bool include_history) -> const Memory* {
    auto it = memories_.find(id);
    if (it == memories_.end() || !CanSee(ctx.principal, it->second.scope) ||
        !Searchable(it->second, ctx.now, include_history)) {
      return nullptr;
    }
    return &it->second;
  };
}

MemoryStoreImpl::Tables MemoryStoreImpl::tables() const {
  return Tables{messages_, memories_, keyword_,   record_of_, audit_, reviews_, vault_,
                next_memory_id_, log_, next_seq_, vectors_, side_, links_, entities_,
                recall_log_, cache_};
}

void MemoryStoreImpl::set_tables(Tables&& t) {
  messages_ = std::move(t.messages);
  memories_ = std::move(t.memories);
  keyword_ = std::move(t.keyword);
  record_of_ = std::move(t.record_of);
  audit_ = std::move(t.audit);
  reviews_ = std::move(t.reviews);
  vault_ = std::move(t.vault);
  next_memory_id_ = t.next_memory_id;
  log_ = std::move(t.log);
  next_seq_ = t.next_seq;
  vectors_ = std::move(t.vectors);
  side_ = std::move(t.side);
  links_ = std::move(t.links);
  entities_ = std::move(t.entities);
  recall_log_ = std::move(t.recall_log);
  cache_ = std::move(t.cache);
}

void MemoryStoreImpl::Index(const Memory& m, std::string_view said) {
  const int64_t message = m.source.message_id;
  if (message != 0 && m.type == MemoryType::kEpisodic && m.current) record_of_[message] = m.id;
  if (m.type == MemoryType::kSemantic && message != 0) {
    auto r = record_of_.find(message);
    auto rec = r == record_of_.end() ? memories_.end() : memories_.find(r->second);
    if (!IsKeywordDocument(m, rec == memories_.end() ? std::string_view() : rec->second.content)) {
      return;
    }
  }
  keyword_.Add(m.id, ScopeKey(m.scope), said.empty() ? std::string_view(m.content) : said);
}

void MemoryStoreImpl::PutVector(int64_t id, const std::string& model, const std::string& vector) {
  if (vector.empty()) return;
  vectors_[id] = {model, vector};
  Log(id, true);
}

}  // namespace memory_internal

std::unique_ptr<Store> NewMemoryStore() {
  return std::make_unique<memory_internal::MemoryStoreImpl>();
}

}  // namespace engram::store
