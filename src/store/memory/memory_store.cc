#include "src/store/memory/memory_store.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>
#include <mutex>
#include <set>
#include <unordered_map>

#include "src/store/access.h"
#include "src/store/audit_chain.h"
#include "src/store/lifecycle_checks.h"
#include "src/store/memory/bm25.h"
#include "src/store/memory/side_tables.h"
#include "src/store/memory/entity_tables.h"
#include "src/store/memory/memory_links.h"
#include "src/store/entity_checks.h"
#include "src/store/term_pruning.h"
#include "src/store/reconcile.h"
#include "src/store/versions.h"
#include "src/store/weak_fusion.h"
#include "src/text/tokenizer.h"

namespace engram::store {
namespace {

struct MessageRow {
  Scope scope;
  NewMessage message;
  int64_t recorded_ms = 0;
};

struct RecallRow {
  RecallLogEntry entry;
  int64_t used = 0;
};

// The subject column of a metrics filter, for a scope or a recall.
const std::string& Subject(const MetricsFilter& f, const Scope& s) {
  return f.by == "agent" ? s.agent_id : f.by == "team" ? s.team_id : s.user_id;
}

struct Doc {
  std::unordered_map<std::string, int> tf;
  int length = 0;
};

bool Searchable(const Memory& m, const Instant& now, bool include_history) {
  if (m.status == MemoryStatus::kDeleted || m.status == MemoryStatus::kQuarantined) return false;
  if (!include_history && !m.current) return false;
  if (m.expires_at && m.expires_at->unix_ms <= now.unix_ms) return false;
  return true;
}

class MemoryStoreImpl final : public Store {
 public:
  Result<IngestOutcome> Ingest(const OpContext& ctx, const IngestBatch& batch) override {
    if (Status s = ValidateIngest(ctx, batch); !s.ok()) return s;
    std::lock_guard lock(mu_);
    if (batch.outbox_id != 0) {
      if (Status s = side_.CheckQueued(batch.outbox_id); !s.ok()) return s;
    }
    for (const EntityLinkDraft& d : batch.entity_links) {  // checked before anything changes
      if (d.memory_index < 0 || d.memory_index >= static_cast<int>(batch.memories.size())) {
        return Status::InvalidArgument("ingest: entity link to memory " +
                                       std::to_string(d.memory_index) + " of the batch");
      }
      if (d.entity_id != 0) {
        if (auto e = entities_.Get(ctx.principal, d.entity_id); !e.ok()) {
          return Status::InvalidArgument("ingest: entity " + std::to_string(d.entity_id) +
                                         " is not visible");
        }
      }
    }
    IngestOutcome out;
    out.message_id = static_cast<int64_t>(messages_.size()) + 1;
    messages_.push_back(MessageRow{batch.scope, batch.message, ctx.now.unix_ms});
    std::string key = ScopeKey(batch.scope);
    for (size_t index = 0; index < batch.memories.size(); ++index) {
      Memory m = FirstVersion(batch.memories[index], batch.scope, next_memory_id_, ctx.now,
                              out.message_id);
      bool outranked = false;
      bool reinforced = false;
      const bool candidate = StaysCandidate(memories_, key, m, MentionsNeeded(batch, index));
      if (!m.attribute.empty()) {
        for (auto& [id, old] : memories_) {
          if (!old.current || old.attribute != m.attribute || old.subject != m.subject ||
              ScopeKey(old.scope) != key) {
            continue;
          }
          const ReconcileDecision d = Reconcile(old, m, IsCorrection(batch, index));
          if (d.action == ReconcileAction::kReinforce) {
            store::Reinforce(m, &old);
            out.reinforced.push_back(old.id);
            out.memories.push_back(old);
            reinforced = true;
            break;
          }
          if (candidate) break;
          StampDraft(d, old, ctx.now, &m);
          outranked = d.action == ReconcileAction::kOutranked;
          if (!outranked) {
            Retire(&old, ctx.now, std::max(m.valid_from, old.valid_from));
            entities_.CloseRelations(old.id, ctx.now);
            Log(old.id, false);
            m.lineage_id = old.lineage_id;
            m.version = old.version + 1;
            m.supersedes = old.id;
            out.superseded.push_back(old.id);
          }
          break;
        }
      }
      if (reinforced) continue;
      if (candidate) StampCandidate(ctx.now, &m, &out);
      ++next_memory_id_;
      Index(m);
      memories_[m.id] = m;
      if (!batch.embeddings.empty() && m.current) {
        PutVector(m.id, batch.embedding_model, batch.embeddings[out.memories.size()]);
      }
      if (outranked) out.outranked.push_back(m.id);
      out.memories.push_back(m);
    }
    auto links = entities_.Link(ctx.principal, batch, out.memories, ctx.now);
    if (links.ok()) out.entity_links = std::move(links).value();
    entities_.AddRelations(batch, out);
    LinkComplements(batch, key, memories_, ctx.now, &links_, &out);
    std::vector<int64_t> targets;
    for (const Memory& m : out.memories) targets.push_back(m.id);
    for (VaultEntry e : batch.vault) {
      e.scope_key = ScopeKey(batch.scope);
      e.user_id = batch.scope.user_id;
      vault_.emplace(std::make_pair(e.scope_key, e.placeholder), e);  // first sealing wins
    }
    for (const NewReview& r : batch.reviews) {
      ReviewItem item;
      item.id = static_cast<int64_t>(reviews_.size()) + 1;
      item.kind = r.kind;
      item.user_id = batch.scope.user_id;
      bool linked = r.memory_index >= 0 && r.memory_index < static_cast<int>(out.memories.size());
      item.memory_id = linked ? out.memories[r.memory_index].id : 0;
      item.message_id = out.message_id;
      item.reason = r.reason;
      item.payload_json = r.payload_json;
      item.created_at = ctx.now;
      out.reviews.push_back(item.id);
      reviews_.push_back(std::move(item));
    }
    AppendLocked(ctx, AuditEntry{"remember", targets,
                                 "{\"message_id\":" + std::to_string(out.message_id) + "}"});
    if (batch.outbox_id != 0) side_.MarkDone(batch.outbox_id, out, batch.message.context_json);
    return out;
  }

  Result<Memory> GetMemory(const OpContext& ctx, int64_t id) override {
    std::lock_guard lock(mu_);
    auto it = memories_.find(id);
    if (it == memories_.end() || !CanSee(ctx.principal, it->second.scope)) return NotFound(id);
    return it->second;
  }

  Result<std::vector<Memory>> GetHistory(const OpContext& ctx, int64_t id) override {
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

  Result<Memory> Supersede(const OpContext& ctx, int64_t id, const Revision& rev) override {
    std::lock_guard lock(mu_);
    auto it = memories_.find(id);
    if (it == memories_.end() || !CanSee(ctx.principal, it->second.scope)) return NotFound(id);
    Memory& old = it->second;
    if (Status s = CheckCanWrite(ctx.principal, old.scope); !s.ok()) return s;
    if (!old.current || old.status == MemoryStatus::kDeleted) {
      return Status::Conflict("store: memory " + std::to_string(id) + " is not current");
    }
    Memory m = NextVersion(old, next_memory_id_++, rev, ctx.now);
    Retire(&old, ctx.now, m.valid_from);
    entities_.CloseRelations(old.id, m.valid_from);
    Log(old.id, false);
    Index(m);
    memories_[m.id] = m;
    entities_.CopyLinks(old.id, m.id);
    if (!rev.embedding.empty()) PutVector(m.id, rev.embedding_model, rev.embedding);
    for (VaultEntry v : rev.vault) {
      v.scope_key = ScopeKey(m.scope);
      v.user_id = ctx.principal.user_id;
      vault_.emplace(std::make_pair(v.scope_key, v.placeholder), v);
    }
    AppendLocked(ctx, AuditEntry{"correct", {old.id, m.id},
                                 "{\"reason\":\"" + rev.reason + "\"}"});
    return m;
  }

  Status ReplaceVector(const OpContext& ctx, int64_t id, const std::string& model,
                       const std::string& vector) override {
    std::lock_guard lock(mu_);
    auto it = memories_.find(id);
    if (it == memories_.end() || !CanSee(ctx.principal, it->second.scope) ||
        !it->second.current) {
      return NotFound(id);
    }
    if (Status s = CheckCanWrite(ctx.principal, it->second.scope); !s.ok()) return s;
    PutVector(id, model, vector);
    return Status::OK();
  }

  Status Forget(const OpContext& ctx, int64_t id, bool hard) override {
    std::lock_guard lock(mu_);
    auto it = memories_.find(id);
    if (it == memories_.end() || !CanSee(ctx.principal, it->second.scope)) return NotFound(id);
    if (Status s = CheckCanWrite(ctx.principal, it->second.scope); !s.ok()) return s;
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
        docs_.erase(vid);
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

  Result<std::vector<KeywordHit>> SearchKeyword(const OpContext& ctx,
                                                const KeywordQuery& query) override {
    std::vector<std::string> terms;
    for (const std::string& t : query.terms) {
      std::vector<text::Token> toks;
      text::Tokenize(t, text::TokenizeMode::kQuery, &toks);
      for (auto& tok : toks) terms.push_back(std::move(tok.text));
    }
    std::sort(terms.begin(), terms.end());
    terms.erase(std::unique(terms.begin(), terms.end()), terms.end());
    std::lock_guard lock(mu_);
    if (terms.empty() || docs_.empty()) return std::vector<KeywordHit>{};
    double total_len = 0;
    for (const auto& [id, d] : docs_) total_len += d.length;
    double n = static_cast<double>(docs_.size());
    double avg = total_len / n;
    std::unordered_map<std::string, double> df;
    std::vector<int64_t> freqs;
    for (const auto& term : terms) {
      for (const auto& [id, d] : docs_) df[term] += d.tf.count(term) ? 1 : 0;
      freqs.push_back(static_cast<int64_t>(df[term]));
    }
    // Same pruning rule as the SQLite backend (N approximated the same way: highest id).
    std::vector<bool> keep = KeepTerms(freqs, next_memory_id_ - 1);
    std::vector<std::string> kept;
    for (size_t i = 0; i < terms.size(); ++i) {
      if (keep[i]) kept.push_back(terms[i]);
    }
    terms.swap(kept);
    std::vector<KeywordHit> hits;
    for (const auto& [id, d] : docs_) {
      const Memory& m = memories_.at(id);
      if (!CanSee(ctx.principal, m.scope) || !Searchable(m, ctx.now, query.include_history) ||
          (query.filter != nullptr && !query.filter->Matches(m))) {
        continue;
      }
      double score = 0;
      for (const auto& term : terms) {
        auto f = d.tf.find(term);
        if (f != d.tf.end()) score += Bm25TermScore(f->second, df[term], n, d.length, avg);
      }
      if (score > 0) hits.push_back(KeywordHit{m, score});
    }
    std::sort(hits.begin(), hits.end(), [](const KeywordHit& a, const KeywordHit& b) {
      return a.score != b.score ? a.score > b.score : a.memory.id > b.memory.id;
    });
    if (static_cast<int>(hits.size()) > query.limit) hits.resize(std::max(0, query.limit));
    return hits;
  }

  Result<std::vector<Memory>> GetSearchable(const OpContext& ctx, const std::vector<int64_t>& ids,
                                            bool include_history,
                                            const MemoryFilter* filter) override {
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

  Status TouchMemories(const OpContext& ctx, const std::vector<int64_t>& ids) override {
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

  Result<int64_t> MarkDormant(const Instant& idle_before, int limit) override {
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

  Status LogRecall(const RecallLogEntry& entry) override {
    std::lock_guard lock(mu_);
    recall_log_.push_back(RecallRow{entry, 0});
    return Status::OK();
  }

  Status MarkUsed(const OpContext& ctx, const std::string& request_id, bool used) override {
    std::lock_guard lock(mu_);
    for (RecallRow& r : recall_log_) {
      if (r.entry.request_id != request_id || r.entry.user_id != ctx.principal.user_id) continue;
      r.used += used;
      return Status::OK();
    }
    return Status::NotFound("feedback: no recall with request id '" + request_id + "'");
  }

  Result<MetricsCounts> CollectMetrics(const MetricsFilter& f) override {
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
    for (const ReviewItem& r : reviews_) {
      if (r.resolved_at) continue;
      if (f.by == "user") {
        c.review_open += r.user_id == f.id;
      } else if (auto m = memories_.find(r.memory_id); m != memories_.end()) {
        c.review_open += Subject(f, m->second.scope) == f.id;
      }
    }
    for (const auto& [id, m] : memories_) {
      c.quarantined += m.current && m.status == MemoryStatus::kQuarantined &&
                       Subject(f, m.scope) == f.id;
    }
    return c;
  }

  Result<std::vector<VectorChange>> VectorChangesSince(int64_t after_seq, const std::string& model,
                                                       int limit) override {
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

  Result<std::string> GetCachedEmbedding(const std::string& model,
                                         const std::string& text_hash) override {
    std::lock_guard lock(mu_);
    auto it = cache_.find({model, text_hash});
    if (it == cache_.end()) return Status::NotFound("store: no cached embedding");
    return it->second;
  }

  Status PutCachedEmbedding(const std::string& model, const std::string& text_hash,
                            const std::string& vector) override {
    std::lock_guard lock(mu_);
    cache_[{model, text_hash}] = vector;
    return Status::OK();
  }

  Status DeleteCachedEmbeddings(const std::vector<std::string>& text_hashes) override {
    std::lock_guard lock(mu_);
    for (auto it = cache_.begin(); it != cache_.end();) {
      bool erase = std::find(text_hashes.begin(), text_hashes.end(), it->first.second) !=
                   text_hashes.end();
      it = erase ? cache_.erase(it) : std::next(it);
    }
    return Status::OK();
  }

  Result<std::vector<Memory>> ListMemories(const OpContext& ctx, const ListQuery& q) override {
    std::lock_guard lock(mu_);
    std::vector<Memory> out;
    for (auto it = memories_.upper_bound(q.after_id);
         it != memories_.end() && static_cast<int>(out.size()) < q.limit; ++it) {
      const Memory& m = it->second;
      if (!CanSee(ctx.principal, m.scope) || m.status == MemoryStatus::kDeleted) continue;
      if (!q.include_history && !m.current) continue;
      if (!q.session_id.empty() && m.source.session_id != q.session_id) continue;
      if (!q.type.empty() && ToString(m.type) != q.type) continue;
      if (!q.kind.empty() && ToString(m.kind) != q.kind) continue;
      out.push_back(m);
    }
    return out;
  }

  Result<std::vector<Memory>> ListRecent(const OpContext& ctx, const std::string& session_id,
                                         int limit) override {
    std::lock_guard lock(mu_);
    std::vector<Memory> out;
    for (auto it = memories_.rbegin(); it != memories_.rend(); ++it) {
      if (static_cast<int>(out.size()) >= limit) break;
      const Memory& m = it->second;
      if (m.source.session_id != session_id || !CanSee(ctx.principal, m.scope) ||
          !Searchable(m, ctx.now, false)) {
        continue;
      }
      out.push_back(m);
    }
    return out;
  }

  Result<std::vector<Memory>> ListSessionNeighbors(const OpContext& ctx, const Memory& memory,
                                                   int width) override {
    std::lock_guard lock(mu_);
    std::vector<Memory> before, after;
    if (memory.source.session_id.empty() || width <= 0) return before;
    auto usable = [&](const Memory& m) {
      return m.source.session_id == memory.source.session_id && m.id != memory.id &&
             ScopeKey(m.scope) == ScopeKey(memory.scope) && CanSee(ctx.principal, m.scope) &&
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

  Result<std::vector<VaultEntry>> GetVault(const OpContext& ctx,
                                           const std::vector<std::string>& placeholders) override {
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

  Result<std::vector<ReviewItem>> ListReview(const OpContext& ctx, bool include_resolved,
                                             int limit) override {
    std::lock_guard lock(mu_);
    const std::string user = ReviewerUser(ctx.principal);
    std::vector<ReviewItem> out;
    for (const ReviewItem& r : reviews_) {
      if (static_cast<int>(out.size()) >= limit) break;
      if (r.kind.empty()) continue;  // erased with its user
      if ((user.empty() || r.user_id == user) && (include_resolved || !r.resolved_at)) {
        out.push_back(r);
      }
    }
    return out;
  }

  Result<ReviewItem> ResolveReview(const OpContext& ctx, int64_t id,
                                   const std::string& resolution) override {
    if (resolution != "approve" && resolution != "reject") {
      return Status::InvalidArgument("review: resolution must be 'approve' or 'reject'");
    }
    std::lock_guard lock(mu_);
    const std::string user = ReviewerUser(ctx.principal);
    if (id <= 0 || id > static_cast<int64_t>(reviews_.size()) ||
        (!user.empty() && reviews_[id - 1].user_id != user)) {
      return Status::NotFound("store: review item " + std::to_string(id) + " not found");
    }
    ReviewItem& item = reviews_[id - 1];
    if (item.resolved_at) {
      return Status::FailedPrecondition("review: item " + std::to_string(id) +
                                        " is already resolved (" + item.resolution + ")");
    }
    item.resolved_at = ctx.now;
    item.resolution = resolution;
    auto m = memories_.find(item.memory_id);
    if (resolution == "approve" && m != memories_.end() &&
        m->second.status == MemoryStatus::kQuarantined) {
      m->second.status = MemoryStatus::kActive;
    }
    std::vector<int64_t> targets;
    if (item.memory_id != 0) targets.push_back(item.memory_id);
    AppendLocked(ctx, {"review." + resolution, targets,
                       "{\"review_id\":" + std::to_string(id) + "}"});
    return item;
  }

  Status AppendAudit(const OpContext& ctx, const AuditEntry& entry) override {
    std::lock_guard lock(mu_);
    AppendLocked(ctx, entry);
    return Status::OK();
  }

  Result<std::vector<AuditRecord>> ListAudit(const OpContext& ctx,
                                             const AuditQuery& query) override {
    std::lock_guard lock(mu_);
    std::vector<AuditRecord> out;
    bool admin = ctx.principal.HasRole("admin");
    for (const AuditRecord& r : audit_) {
      if (r.seq <= query.after_seq) continue;
      if (!admin && r.actor_user != ctx.principal.user_id) continue;
      out.push_back(r);
      if (static_cast<int>(out.size()) >= query.limit) break;
    }
    return out;
  }

  Result<AuditVerification> VerifyAudit() override {
    std::lock_guard lock(mu_);
    AuditVerification v;
    std::string prev = AuditGenesisHash();
    for (const AuditRecord& r : audit_) {
      ++v.records;
      if (v.intact && (r.prev_hash != prev || AuditHash(prev, r) != r.hash)) {
        v.intact = false;
        v.first_bad_seq = r.seq;
      }
      prev = r.hash;
    }
    return v;
  }

  Result<StoreStats> GetStats(const OpContext& ctx) override {
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

  Result<std::vector<int64_t>> EnqueueOutbox(
      const std::vector<std::pair<std::string, std::string>>& rows, const Instant& now) override {
    std::lock_guard lock(mu_);
    return side_.Enqueue(rows, now);
  }
  Result<std::vector<OutboxEntry>> ListQueued(int64_t after_id, int limit) override {
    std::lock_guard lock(mu_);
    return side_.ListQueued(after_id, limit);
  }
  Result<OutboxEntry> GetOutbox(const OpContext& ctx, int64_t id) override {
    std::lock_guard lock(mu_);
    return side_.GetOutbox(ctx.principal.user_id, id);
  }
  Status FailOutbox(int64_t id, const std::string& error, const Instant&) override {
    std::lock_guard lock(mu_);
    return side_.FailOutbox(id, error);
  }
  Status PutApiKey(const ApiKeyRecord& key) override {
    std::lock_guard lock(mu_);
    return side_.PutApiKey(key);
  }
  Result<ApiKeyRecord> GetApiKey(const std::string& id) override {
    std::lock_guard lock(mu_);
    return side_.GetApiKey(id);
  }
  Result<std::vector<ApiKeyRecord>> ListApiKeys() override {
    std::lock_guard lock(mu_);
    return side_.ListApiKeys();
  }
  Status RevokeApiKey(const std::string& id, const Instant& now) override {
    std::lock_guard lock(mu_);
    return side_.RevokeApiKey(id, now);
  }

  // --- Lifecycle ---

  Result<std::vector<Memory>> ListConsolidatable(const OpContext& ctx,
                                                 const ConsolidationQuery& query) override {
    std::lock_guard lock(mu_);
    std::vector<Memory> out;
    for (auto it = memories_.upper_bound(query.after_id);
         it != memories_.end() && static_cast<int>(out.size()) < query.limit; ++it) {
      const Memory& m = it->second;
      if (m.status == MemoryStatus::kDeleted || m.status == MemoryStatus::kQuarantined) continue;
      if (m.expires_at && m.expires_at->unix_ms <= ctx.now.unix_ms) continue;
      bool mine = ctx.principal.HasRole("admin") ||
                  (m.scope.visibility != Visibility::kPublic &&
                   CanSee(ctx.principal, m.scope) && CheckCanWrite(ctx.principal, m.scope).ok());
      if (mine) out.push_back(m);
    }
    return out;
  }

  Result<ConsolidationOutcome> ApplyConsolidation(const OpContext& ctx,
                                                  const ConsolidationPlan& plan) override {
    if (Status s = ValidatePlanShape(plan); !s.ok()) return s;
    std::lock_guard lock(mu_);
    // Everything is checked before anything changes: the plan applies whole or not at all.
    auto load = [&](int64_t id, bool current) -> Result<Memory*> {
      auto it = memories_.find(id);
      if (it == memories_.end() ||
          (!ctx.principal.HasRole("admin") && !CanSee(ctx.principal, it->second.scope))) {
        return NotFound(id);
      }
      Memory& m = it->second;
      if (Status s = CheckCanConsolidate(ctx.principal, m.scope); !s.ok()) return s;
      if (m.status == MemoryStatus::kDeleted || m.status == MemoryStatus::kQuarantined ||
          (current && !m.current)) {
        return Status::Conflict("store: memory " + std::to_string(id) +
                                " changed since the consolidation was planned");
      }
      return &m;
    };
    for (const MergePlan& mp : plan.merges) {
      auto s = load(mp.survivor_id, true);
      if (!s.ok()) return s.status();
      for (int64_t dup : mp.duplicate_ids) {
        auto d = load(dup, true);
        if (!d.ok()) return d.status();
        if (ScopeKey((*d)->scope) != ScopeKey((*s)->scope)) {
          return Status::InvalidArgument("consolidation plan: merge across scopes");
        }
      }
    }
    for (const LinkPlan& lp : plan.links) {
      auto a = load(lp.from_id, false);
      if (!a.ok()) return a.status();
      auto b = load(lp.to_id, false);
      if (!b.ok()) return b.status();
      if (ScopeKey((*a)->scope) != ScopeKey((*b)->scope)) {
        return Status::InvalidArgument("consolidation plan: link across scopes");
      }
    }
    for (const SummaryPlan& sp : plan.summaries) {
      if (Status s = ValidateScope(sp.draft.scope); !s.ok()) return s;
      if (Status s = CheckCanConsolidate(ctx.principal, sp.draft.scope); !s.ok()) return s;
      for (int64_t src : sp.sources) {
        auto m = load(src, false);
        if (!m.ok()) return m.status();
        if (ScopeKey((*m)->scope) != ScopeKey(sp.draft.scope)) {
          return Status::InvalidArgument("consolidation plan: summary across scopes");
        }
      }
      if (sp.replaces != 0) {
        auto old = load(sp.replaces, true);
        if (!old.ok()) return old.status();
        if ((*old)->kind != MemoryKind::kSummary ||
            ScopeKey((*old)->scope) != ScopeKey(sp.draft.scope)) {
          return Status::InvalidArgument("consolidation plan: replaces a non-summary");
        }
      }
    }
    ConsolidationOutcome out;
    std::set<int64_t> touched;
    auto link = [&](int64_t from, int64_t to, const std::string& kind) {
      for (const MemoryLink& l : links_) {
        if (l.from_id == from && l.to_id == to && l.kind == kind) return;
      }
      links_.push_back(MemoryLink{from, to, kind, ctx.now});
      out.links_added.push_back(links_.back());
    };
    for (const MergePlan& mp : plan.merges) {
      Memory& survivor = memories_.at(mp.survivor_id);
      for (int64_t dup : mp.duplicate_ids) {
        Memory& d = memories_.at(dup);
        d.current = false;
        d.superseded_at = ctx.now;
        Log(dup, false);
        link(dup, mp.survivor_id, "reinforces");
        out.retired.push_back(dup);
        touched.insert(dup);
      }
      survivor.confidence.consistency = mp.consistency;
      if (!mp.survivor_metadata_json.empty()) survivor.metadata_json = mp.survivor_metadata_json;
      out.reinforced.push_back(mp.survivor_id);
      touched.insert(mp.survivor_id);
    }
    for (const LinkPlan& lp : plan.links) {
      link(lp.from_id, lp.to_id, lp.kind);
      touched.insert(lp.from_id);
      touched.insert(lp.to_id);
    }
    for (const SummaryPlan& sp : plan.summaries) {
      Memory m = FirstVersion(sp.draft, sp.draft.scope, next_memory_id_++, ctx.now, 0);
      if (sp.replaces != 0) {
        Memory& old = memories_.at(sp.replaces);
        m.lineage_id = old.lineage_id;
        m.version = old.version + 1;
        m.supersedes = old.id;
        Retire(&old, ctx.now, ctx.now);
        Log(old.id, false);
        out.summaries_replaced.push_back(old.id);
        touched.insert(old.id);
      }
      m.status = MemoryStatus::kActive;
      Index(m);
      memories_[m.id] = m;
      PutVector(m.id, plan.embedding_model, sp.embedding);
      for (int64_t src : sp.sources) {
        link(m.id, src, "summarizes");
        touched.insert(src);
      }
      touched.insert(m.id);
      out.summaries.push_back(std::move(m));
    }
    AppendLocked(ctx, AuditEntry{"compact", std::vector<int64_t>(touched.begin(), touched.end()),
                                 CompactAuditDetail(out)});
    return out;
  }

  Result<std::vector<MemoryLink>> ListLinks(const OpContext& ctx, int64_t id) override {
    std::lock_guard lock(mu_);
    auto it = memories_.find(id);
    if (it == memories_.end() || !CanSee(ctx.principal, it->second.scope)) return NotFound(id);
    std::vector<MemoryLink> out;
    for (const MemoryLink& l : links_) {
      if (l.from_id == id || l.to_id == id) out.push_back(l);
    }
    return out;
  }

  Result<EraseOutcome> EraseUser(const OpContext& ctx, const std::string& user_id) override {
    if (Status s = CheckCanErase(ctx.principal, user_id); !s.ok()) return s;
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
      docs_.erase(id);
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

  Status CompactStorage() override { return Status::OK(); }

  Result<EntityImportOutcome> PutEntities(const OpContext& ctx,
                                          const std::vector<EntityRecord>& entries) override {
    for (const EntityRecord& e : entries) {
      if (Status s = CheckEntityEntry(ctx, e); !s.ok()) return s;
    }
    std::lock_guard lock(mu_);
    EntityImportOutcome out = entities_.Upsert(entries, ctx.now);
    AppendLocked(ctx, AuditEntry{"entities.import", {}, ImportAuditDetail(out)});
    return out;
  }

  Result<std::vector<EntityName>> FindEntityNames(const OpContext& ctx,
                                                  const std::vector<std::string>& names) override {
    std::lock_guard lock(mu_);
    return entities_.Names(ctx.principal, names);
  }

  Result<std::vector<EntityRecord>> ListEntities(const OpContext& ctx,
                                                 const EntityQuery& query) override {
    std::lock_guard lock(mu_);
    return entities_.List(ctx.principal, query);
  }

  Result<EntityRecord> GetEntity(const OpContext& ctx, int64_t id) override {
    std::lock_guard lock(mu_);
    return entities_.Get(ctx.principal, id);
  }

  Result<std::vector<EntityRelation>> ListEntityRelations(const OpContext& ctx, int64_t id,
                                                          int limit) override {
    std::lock_guard lock(mu_);
    return entities_.Relations(ctx.principal, id, limit, SearchableFor(ctx));
  }

  Result<GraphResult> SearchGraph(const OpContext& ctx, const GraphQuery& query) override {
    std::lock_guard lock(mu_);
    return entities_.Graph(ctx.principal, query, SearchableFor(ctx), next_memory_id_ - 1);
  }

 private:
  static Status NotFound(int64_t id) {
    return Status::NotFound("store: memory " + std::to_string(id) + " not found");
  }

  // Memories recall may show ctx.principal. REQUIRES: mu_ held while the result is used.
  MemoryEntityTables::SearchableFn SearchableFor(const OpContext& ctx) {
    return [this, ctx](int64_t id, bool include_history) -> const Memory* {
      auto it = memories_.find(id);
      if (it == memories_.end() || !CanSee(ctx.principal, it->second.scope) ||
          !Searchable(it->second, ctx.now, include_history)) {
        return nullptr;
      }
      return &it->second;
    };
  }

  static void Retire(Memory* old, const Instant& now, const Instant& valid_to) {
    old->current = false;
    old->superseded_at = now;
    old->valid_to = valid_to;
  }

  void Index(const Memory& m) {
    std::vector<text::Token> toks;
    text::Tokenize(m.content, text::TokenizeMode::kDocument, &toks);
    Doc d;
    for (const auto& t : toks) {
      ++d.tf[t.text];
      ++d.length;
    }
    docs_[m.id] = std::move(d);
  }

  void Log(int64_t id, bool upsert) { log_[next_seq_++] = {id, upsert}; }

  void PutVector(int64_t id, const std::string& model, const std::string& vector) {
    if (vector.empty()) return;
    vectors_[id] = {model, vector};
    Log(id, true);
  }

  void AppendLocked(const OpContext& ctx, const AuditEntry& e) {
    AuditRecord r;
    r.seq = static_cast<int64_t>(audit_.size()) + 1;
    r.at = ctx.now;
    r.actor_user = ctx.principal.user_id;
    r.actor_agent = ctx.principal.agent_id;
    r.action = e.action;
    r.targets = e.targets;
    r.request_id = ctx.request_id;
    r.detail_json = e.detail_json;
    r.prev_hash = audit_.empty() ? AuditGenesisHash() : audit_.back().hash;
    r.hash = AuditHash(r.prev_hash, r);
    audit_.push_back(std::move(r));
  }

  std::mutex mu_;
  std::vector<MessageRow> messages_;
  std::map<int64_t, Memory> memories_;
  std::vector<RecallRow> recall_log_;
  std::unordered_map<int64_t, Doc> docs_;
  std::vector<AuditRecord> audit_;
  std::vector<ReviewItem> reviews_;  // id = index + 1
  std::map<std::pair<std::string, std::string>, VaultEntry> vault_;  // (scope, placeholder)
  int64_t next_memory_id_ = 1;
  std::map<int64_t, std::pair<int64_t, bool>> log_;  // seq -> (memory id, upsert)
  int64_t next_seq_ = 1;
  std::map<int64_t, std::pair<std::string, std::string>> vectors_;  // id -> (model, vector)
  std::map<std::pair<std::string, std::string>, std::string> cache_;  // (model, hash) -> vec
  MemorySideTables side_;  // API keys and the ingestion outbox
  std::vector<MemoryLink> links_;  // consolidation links, oldest first
  MemoryEntityTables entities_;    // entity directory and memory-entity links
};

}  // namespace

std::unique_ptr<Store> NewMemoryStore() { return std::make_unique<MemoryStoreImpl>(); }

}  // namespace engram::store
