// MemoryStoreImpl's reads: single memories, lists, recall's channels and the vector log.
#include <algorithm>
#include <unordered_set>

#include "src/store/access.h"
#include "src/store/list_filter.h"
#include "src/store/memory/memory_store_internal.h"
#include "src/store/term_pruning.h"
#include "src/text/tokenizer.h"

namespace engram::store::memory_internal {

Result<Memory> MemoryStoreImpl::GetMemory(const OpContext& ctx, int64_t id) {
  std::lock_guard lock(mu_);
  auto it = memories_.find(id);
  if (it == memories_.end() || !CanSee(ctx.principal, it->second.scope)) return NotFound(id);
  return it->second;
}

Result<std::vector<Memory>> MemoryStoreImpl::GetHistory(const OpContext& ctx, int64_t id) {
  std::lock_guard lock(mu_);
  auto it = memories_.find(id);
  if (it == memories_.end() || !CanSee(ctx.principal, it->second.scope)) return NotFound(id);
  std::vector<Memory> versions;
  for (const auto& [vid, m] : memories_) {
    if (m.lineage_id == it->second.lineage_id) versions.push_back(m);
  }
  std::sort(versions.begin(), versions.end(),
            [](const Memory& a, const Memory& b) { return a.version < b.version; });
  return versions;
}

Result<std::vector<KeywordHit>> MemoryStoreImpl::SearchKeyword(const OpContext& ctx,
                                                               const KeywordQuery& query) {
  // The SQLite backend's rules: each term's query-mode tokens (a term of several tokens
  // scores each token here; SQLite matches it as a phrase), pruned by the document
  // frequencies of the caller's partitions, scored by the shared KeywordIndex.
  std::vector<std::string> terms;
  for (const std::string& t : query.terms) {
    std::vector<text::Token> toks;
    text::Tokenize(t, text::TokenizeMode::kQuery, &toks);
    for (auto& tok : toks) terms.push_back(std::move(tok.text));
  }
  std::vector<KeywordHit> hits;
  if (terms.empty() || query.limit <= 0) return hits;
  const std::vector<std::string> partitions = VisiblePartitions(ctx.principal);
  std::lock_guard lock(mu_);
  std::vector<int64_t> freqs;
  for (const std::string& term : terms) freqs.push_back(keyword_.DocFrequency(partitions, term));
  const std::vector<bool> keep = KeepTerms(freqs, keyword_.Stats(partitions).rows);
  std::vector<std::string> kept;
  for (size_t i = 0; i < terms.size(); ++i) {
    if (keep[i]) kept.push_back(terms[i]);
  }
  std::vector<ScoredDoc> docs = keyword_.Score(partitions, kept);
  std::sort(docs.begin(), docs.end(), BetterDoc);
  for (const ScoredDoc& d : docs) {
    if (static_cast<int>(hits.size()) >= query.limit) break;
    const Memory& m = memories_.at(d.id);
    if (!CanSee(ctx.principal, m.scope) || !Searchable(m, ctx.now, query.include_history) ||
        (query.filter != nullptr && !query.filter->Matches(m))) {
      continue;
    }
    hits.push_back(KeywordHit{m, d.score});
  }
  return hits;
}

Result<std::vector<Memory>> MemoryStoreImpl::GetSearchable(const OpContext& ctx,
                                                           const std::vector<int64_t>& ids,
                                                           bool include_history,
                                                           const MemoryFilter* filter) {
  std::lock_guard lock(mu_);
  std::vector<Memory> out;
  for (int64_t id : ids) {
    auto it = memories_.find(id);
    if (it != memories_.end() && CanSee(ctx.principal, it->second.scope) &&
        Searchable(it->second, ctx.now, include_history) &&
        (filter == nullptr || filter->Matches(it->second))) {
      out.push_back(it->second);
    }
  }
  return out;
}

Result<int64_t> MemoryStoreImpl::FindRecord(const OpContext& ctx, const Scope& scope,
                                            const std::string& content) {
  std::lock_guard lock(mu_);
  if (!CanSee(ctx.principal, scope)) return int64_t{0};
  const std::string key = ScopeKey(scope);
  for (const auto& [id, m] : memories_) {
    if (m.current && m.status == MemoryStatus::kActive && m.type == MemoryType::kEpisodic &&
        m.content == content && ScopeKey(m.scope) == key) {
      return id;
    }
  }
  return int64_t{0};
}

Result<std::vector<Memory>> MemoryStoreImpl::ListMessageMemories(
    const OpContext& ctx, const std::vector<int64_t>& message_ids, bool retired_only) {
  std::lock_guard lock(mu_);
  const std::unordered_set<int64_t> wanted(message_ids.begin(), message_ids.end());
  std::vector<Memory> out;
  for (const auto& [id, m] : memories_) {  // ordered by id
    if (wanted.count(m.source.message_id) && !(retired_only && m.current) &&
        CanSee(ctx.principal, m.scope) &&
        (m.status == MemoryStatus::kActive || m.status == MemoryStatus::kDormant)) {
      out.push_back(m);
    }
  }
  return out;
}

Result<std::vector<VectorChange>> MemoryStoreImpl::VectorChangesSince(int64_t after_seq,
                                                                      const std::string& model,
                                                                      int limit) {
  std::lock_guard lock(mu_);
  std::vector<VectorChange> out;
  for (const auto& [seq, entry] : log_) {
    if (seq <= after_seq) continue;
    if (static_cast<int>(out.size()) >= limit) break;
    auto m = memories_.find(entry.first);  // absent once its user was erased
    std::string key;
    if (m != memories_.end()) {
      key = ScopeKey(m->second.scope);
      if (m->second.status == MemoryStatus::kDormant) key = ColdPartition(key);
    }
    VectorChange c{seq, entry.first, entry.second, std::move(key), ""};
    auto v = vectors_.find(entry.first);
    if (v != vectors_.end() && v->second.first == model) c.vector = v->second.second;
    out.push_back(std::move(c));
  }
  return out;
}

Result<std::vector<Memory>> MemoryStoreImpl::ListMemories(const OpContext& ctx,
                                                          const ListQuery& q) {
  std::lock_guard lock(mu_);
  std::vector<Memory> out;
  for (auto it = memories_.upper_bound(q.after_id);
       it != memories_.end() && static_cast<int>(out.size()) < q.limit; ++it) {
    const Memory& m = it->second;
    if (CanSee(ctx.principal, m.scope) && ListMatches(q, m, ctx.now.unix_ms)) out.push_back(m);
  }
  return out;
}

Result<StoredMessage> MemoryStoreImpl::GetMessage(const OpContext& ctx, int64_t id) {
  std::lock_guard lock(mu_);
  if (id < 1 || id > static_cast<int64_t>(messages_.size()) ||
      messages_[id - 1].scope.user_id.empty() || !CanSee(ctx.principal, messages_[id - 1].scope)) {
    return Status::NotFound("store: message " + std::to_string(id) + " not found");
  }
  return StoredMessage{id, messages_[id - 1].scope, messages_[id - 1].message};
}

Result<LastMessage> MemoryStoreImpl::GetLastMessage(const OpContext& ctx) {
  std::lock_guard lock(mu_);
  for (size_t i = messages_.size(); i-- > 0;) {
    const MessageRow& row = messages_[i];
    if (row.scope.user_id == ctx.principal.user_id &&
        row.scope.agent_id == ctx.principal.agent_id) {
      return LastMessage{static_cast<int64_t>(i) + 1, row.message.session_id, row.message.at};
    }
  }
  return Status::NotFound("memory store: no message of this user and agent");
}

Result<std::vector<Memory>> MemoryStoreImpl::ListRecent(const OpContext& ctx,
                                                        const std::string& session_id, int limit) {
  std::lock_guard lock(mu_);
  std::vector<Memory> out;
  for (auto it = memories_.rbegin(); it != memories_.rend(); ++it) {
    if (static_cast<int>(out.size()) >= limit) break;
    const Memory& m = it->second;
    if (m.source.session_id != session_id || m.type != MemoryType::kEpisodic ||
        !CanSee(ctx.principal, m.scope) || !Searchable(m, ctx.now, false)) {
      continue;
    }
    out.push_back(m);
  }
  return out;
}

Result<std::vector<Memory>> MemoryStoreImpl::ListSessionNeighbors(const OpContext& ctx,
                                                                  const Memory& memory, int width) {
  std::lock_guard lock(mu_);
  std::vector<Memory> before, after;
  if (memory.source.session_id.empty() || width <= 0) return before;
  auto usable = [&](const Memory& m) {
    return m.source.session_id == memory.source.session_id && m.id != memory.id &&
           m.type == MemoryType::kEpisodic && ScopeKey(m.scope) == ScopeKey(memory.scope) && CanSee(ctx.principal, m.scope) &&
           Searchable(m, ctx.now, false);
  };
  auto at = memories_.find(memory.id);
  for (auto it = std::make_reverse_iterator(at);
       it != memories_.rend() && static_cast<int>(before.size()) < width; ++it) {
    if (usable(it->second)) before.push_back(it->second);
  }
  if (at != memories_.end()) {
    for (auto it = std::next(at);
         it != memories_.end() && static_cast<int>(after.size()) < width; ++it) {
      if (usable(it->second)) after.push_back(it->second);
    }
  }
  std::vector<Memory> out(before.rbegin(), before.rend());
  out.insert(out.end(), after.begin(), after.end());
  return out;
}

Result<std::vector<VaultEntry>> MemoryStoreImpl::GetVault(
    const OpContext& ctx, const std::vector<std::string>& placeholders) {
  std::lock_guard lock(mu_);
  std::vector<VaultEntry> out;
  for (const std::string& scope : VisiblePartitions(ctx.principal)) {
    for (const std::string& p : placeholders) {
      auto it = vault_.find({scope, p});
      if (it != vault_.end()) out.push_back(it->second);
    }
  }
  return out;
}

Result<std::vector<MemoryLink>> MemoryStoreImpl::ListLinks(const OpContext& ctx, int64_t id) {
  std::lock_guard lock(mu_);
  auto it = memories_.find(id);
  if (it == memories_.end() || !CanSee(ctx.principal, it->second.scope)) return NotFound(id);
  std::vector<MemoryLink> out;
  for (const MemoryLink& l : links_) {
    if (l.from_id == id || l.to_id == id) out.push_back(l);
  }
  return out;
}

}  // namespace engram::store::memory_internal
