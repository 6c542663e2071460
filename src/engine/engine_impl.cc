// EngineImpl: the composition root. Wires the store, the write pipeline and the read path,
// stamps every call with a request id and a time, and audits reads.
#include <nlohmann/json.hpp>

#include <algorithm>
#include <limits>
#include <map>
#include <mutex>
#include <set>

#include "engram/clock.h"
#include "engram/engine.h"
#include "src/base/hash.h"
#include "src/base/time.h"
#include "src/engine/api_keys.h"
#include "src/engine/coref_links.h"
#include "src/engine/entities.h"
#include "src/engine/lifecycle.h"
#include "src/engine/outbox_codec.h"
#include "src/engine/pii_vault.h"
#include "src/engine/registry.h"
#include "src/engine/vectors.h"
#include "src/extract/coreference.h"
#include "src/govern/llm_summary_writer.h"
#include "src/govern/metrics.h"
#include "src/llm/chat_client.h"
#include "src/store/access.h"
#include "src/store/memory_filter.h"
#include "src/ingest/fuse.h"
#include "src/ingest/pipeline.h"
#include "src/ingest/self_contained.h"
#include "src/ingest/stages.h"
#include "src/ingest/validate.h"
#include "src/recall/context_builder.h"
#include "src/recall/recaller.h"

namespace engram {
namespace {

// Who maintenance calls act as in the audit log.
Principal SystemPrincipal() { return Principal{"engram:system", "", {}, {"admin"}}; }

AuditEntryView ToView(const store::AuditRecord& r) {
  return AuditEntryView{r.seq,     r.at,           r.actor_user,  r.actor_agent, r.action,
                        r.targets, r.request_id, r.detail_json, r.hash};
}

class EngineImpl final : public Engine {
 public:
  EngineImpl(const Options& options, std::unique_ptr<store::Store> store,
             std::unique_ptr<engine::Vectors> vectors, std::unique_ptr<engine::PiiVault> vault)
      : options_(options),
        clock_(options.clock ? options.clock : SystemClock()),
        store_(std::move(store)),
        vectors_(std::move(vectors)),
        vault_(std::move(vault)),
        reranker_(options.lexical_rerank ? recall::NewLexicalOverlapReranker() : nullptr),
        ttl_{options.ttl_hours_state, options.ttl_hours_preference, options.ttl_hours_task,
             options.ttl_hours_event, options.ttl_hours_fact, options.ttl_hours_raw},
        reliability_{options.source_reliability_web_form, options.source_reliability_api,
                     options.source_reliability_chat, options.source_reliability_voice,
                     options.source_reliability_import} {}

  Result<RememberResult> Remember(const RememberRequest& request) override {
    return RememberFrom(request, 0);
  }

  Result<std::vector<int64_t>> Enqueue(const std::vector<RememberRequest>& requests) override {
    std::vector<std::pair<std::string, std::string>> rows;
    const Instant now = Context(Principal{}).now;
    for (RememberRequest r : requests) {
      if (!r.at) r.at = now;  // the message was said when it was acknowledged
      if (Status s = ingest::ValidatePrincipal(r.principal); !s.ok()) return s;
      if (r.text.size() > options_.max_text_bytes) {
        return Status::InvalidArgument("text: longer than " +
                                       std::to_string(options_.max_text_bytes) + " bytes");
      }
      rows.emplace_back(r.principal.user_id, engine::EncodeRememberRequest(r));
    }
    return store_->EnqueueOutbox(rows, now);
  }

  Result<int> ProcessQueue(int max) override {
    if (max <= 0) return Status::InvalidArgument("max: must be positive");
    std::vector<store::OutboxEntry> mine;  // claimed from the other threads of this engine
    {
      std::lock_guard lock(claim_mu_);
      auto queued = store_->ListQueued(0, max + static_cast<int>(claimed_.size()));
      if (!queued.ok()) return queued.status();
      for (store::OutboxEntry& e : *queued) {
        if (static_cast<int>(mine.size()) < max && claimed_.insert(e.id).second) {
          mine.push_back(std::move(e));
        }
      }
    }
    struct Unclaim {
      EngineImpl* self;
      const std::vector<store::OutboxEntry>* entries;
      ~Unclaim() {
        std::lock_guard lock(self->claim_mu_);
        for (const auto& e : *entries) self->claimed_.erase(e.id);
      }
    } unclaim{this, &mine};
    // Every request's batch first, then one embedding call for all of them (e5 embeds a batch
    // several times faster than one text at a time), then one commit per request.
    int finished = 0;
    std::vector<Pending> pending;
    pending.reserve(mine.size());  // last_in_session points into its elements
    std::map<std::string, SessionTail> last_in_session;  // session's latest, uncommitted
    for (const store::OutboxEntry& e : mine) {
      auto request = engine::DecodeRememberRequest(e.request);
      Result<Pending> p = request.ok() ? Prepare(*request, e.id, &last_in_session)
                                       : Result<Pending>(request.status());
      if (p.ok()) {
        pending.push_back(std::move(p).value());
        const auto& memories = pending.back().batch.memories;
        if (!request->session_id.empty() && !memories.empty()) {
          SessionTail& tail = last_in_session[request->session_id];
          tail.last = &memories.back();
          tail.turns.insert(tail.turns.begin(), {memories.front().content, ""});
        }
        continue;
      }
      if (Status s = FailQueued(e.id, p.status()); !s.ok()) return s;
      ++finished;
    }
    last_in_session.clear();
    if (Status s = EmbedAll(&pending); !s.ok()) return s;  // transient: all stay queued
    for (Pending& p : pending) {
      auto out = store_->Ingest(p.ctx, p.batch);
      if (out.status().code() == StatusCode::kAlreadyExists) continue;  // another worker won
      if (!out.ok()) {
        if (Status s = FailQueued(p.batch.outbox_id, out.status()); !s.ok()) return s;
      }
      ++finished;
    }
    if (vectors_ && !pending.empty()) {
      if (Status s = vectors_->Sync(); !s.ok()) return s;
    }
    return finished;
  }

  // Marks an outbox entry failed, unless the error is transient (it then stays queued).
  Status FailQueued(int64_t id, const Status& error) {
    if (error.code() == StatusCode::kUnavailable ||
        error.code() == StatusCode::kDeadlineExceeded) {
      return error;
    }
    Status f = store_->FailOutbox(id, engine::EncodeStatus(error), Context(Principal{}).now);
    return f.code() == StatusCode::kConflict ? Status::OK() : f;
  }

  Result<QueuedRemember> GetQueued(const Principal& principal, int64_t id) override {
    if (Status s = ingest::ValidatePrincipal(principal); !s.ok()) return s;
    store::OpContext ctx = Context(principal);
    auto e = store_->GetOutbox(ctx, id);
    if (!e.ok()) return e.status();
    QueuedRemember q{e->id, e->state, std::nullopt, Status::OK()};
    if (e->state == "failed") q.error = engine::DecodeStatus(e->error);
    if (e->state == "done") {
      auto r = engine::QueuedResult(*store_, ctx, *e);
      if (!r.ok()) return r.status();
      q.result = std::move(r).value();
    }
    return q;
  }

  // A request on its way to the store: its batch and the passage texts to embed.
  struct Pending {
    store::OpContext ctx;
    store::IngestBatch batch;
    std::vector<std::string> texts;  // one per memory of the batch
    ingest::StageReport stages;      // guard verdict and signals, for the caller
    std::vector<extract::CorefResolution> coreferences;  // the message's pronouns
    std::vector<std::vector<int>> coref_links;          // their entity_links indices
  };

  // The uncommitted turns of a session in a batch of queued requests.
  struct SessionTail {
    const Memory* last = nullptr;             // the latest memory (embedding context)
    std::vector<extract::CorefTurn> turns;    // newest first
  };
  static constexpr int kCorefRecentMemories = 16;  // ~ extract::kCorefMaxTurns messages

  // Runs the write pipeline on `request` (nothing is written). With a non-zero outbox id, the
  // commit also marks that outbox entry done. `uncommitted` names, per session, a memory
  // that precedes the request but is not in the store yet (batched processing).
  Result<Pending> Prepare(const RememberRequest& request, int64_t outbox_id,
                          const std::map<std::string, SessionTail>* uncommitted = nullptr) {
    Pending p{Context(request.principal), {}, {}};
    Instant at = request.at.value_or(p.ctx.now);
    RememberRequest sanitized = request;
    std::vector<store::VaultEntry> vault;
    if (Status s = ingest::ValidateText("text", request.text, options_.max_text_bytes); !s.ok()) {
      return s;
    }
    const std::string scope_key = store::ScopeKey(
        Scope{request.principal.user_id, request.principal.agent_id, request.team_id,
              request.visibility});
    for (std::string* field : {&sanitized.text, &sanitized.value}) {
      auto sealed = vault_->Seal(scope_key, *field);
      if (!sealed.ok()) return sealed.status();
      *field = std::move(sealed->text);
      for (auto& e : sealed->vault) vault.push_back(std::move(e));
    }
    auto batch = ingest::BuildBatch(sanitized, at, {options_.max_text_bytes});
    if (!batch.ok()) return batch.status();
    p.batch = std::move(batch).value();
    p.batch.outbox_id = outbox_id;
    p.batch.vault = std::move(vault);
    p.stages = ingest::ApplyStages(at, &p.batch, request.infer, options_.extract_facts);
    if (request.infer) ingest::ApplyTtl(ttl_, at, &p.batch);
    // The session's last turns: the previous one is embedded with this turn, the last few
    // resolve its pronouns. Only turns of a conversation are rewritten (a note without a
    // session is kept as written), and the history is read only for a third-person pronoun.
    const bool want_previous = vectors_ && options_.embed_context_bytes > 0;
    const bool rewrite =
        options_.self_contained_memories && request.infer && !request.session_id.empty();
    const bool want_turns =
        rewrite && extract::HasThirdPersonPronoun(p.batch.message.content);
    std::vector<Memory> recent;
    const Memory* previous = nullptr;
    std::vector<extract::CorefTurn> turns;
    if (!request.session_id.empty() && (want_previous || want_turns)) {
      const SessionTail* tail = nullptr;
      if (uncommitted && uncommitted->count(request.session_id)) {
        tail = &uncommitted->at(request.session_id);
        previous = tail->last;
        if (want_turns) turns = tail->turns;
      }
      if (tail == nullptr || want_turns) {
        auto r = store_->ListRecent(p.ctx, request.session_id,
                                    want_turns ? kCorefRecentMemories : 1);
        if (!r.ok()) return r.status();
        recent = std::move(r).value();
        if (tail == nullptr && !recent.empty()) previous = &recent[0];
        if (want_turns) {
          for (extract::CorefTurn& t : ingest::TurnsFromRecent(recent)) {
            turns.push_back(std::move(t));
          }
        }
      }
    }
    if (rewrite) {
      std::vector<extract::GenderHint> hints;
      if (want_turns) {
        auto h = engine::DirectoryGenderHints(*store_, p.ctx, p.batch.message.content, turns);
        if (!h.ok()) return h.status();
        hints = std::move(h).value();
      }
      p.coreferences = ingest::ApplySelfContained(at, turns, &p.batch, hints).coreferences;
    }
    if (Status s = engine::LinkBatchEntities(*store_, p.ctx, &p.batch); !s.ok()) return s;
    auto coref_links = engine::LinkCoreferences(*store_, p.ctx, p.coreferences, &p.batch);
    if (!coref_links.ok()) return coref_links.status();
    p.coref_links = std::move(coref_links).value();
    ingest::Fuse(reliability_, &p.batch);
    if (!vectors_) return p;
    for (const Memory& m : p.batch.memories) {
      p.texts.push_back(ingest::EmbeddingText(m, previous, options_.embed_context_bytes));
    }
    return p;
  }

  // Embeds the texts of every pending request in one call and attaches the vectors.
  Status EmbedAll(std::vector<Pending>* pending) {
    if (!vectors_) return Status::OK();
    std::vector<std::string> texts;
    for (const Pending& p : *pending) texts.insert(texts.end(), p.texts.begin(), p.texts.end());
    if (texts.empty()) return Status::OK();
    auto vecs = vectors_->EmbedPassages(texts);
    if (!vecs.ok()) return vecs.status();
    size_t next = 0;
    for (Pending& p : *pending) {
      p.batch.embedding_model = vectors_->model_id();
      p.batch.embeddings.assign(vecs->begin() + next, vecs->begin() + next + p.texts.size());
      next += p.texts.size();
    }
    return Status::OK();
  }

  // Remember; with a non-zero outbox id, the commit also marks that outbox entry done.
  Result<RememberResult> RememberFrom(const RememberRequest& request, int64_t outbox_id) {
    auto prepared = Prepare(request, outbox_id);
    if (!prepared.ok()) return prepared.status();
    std::vector<Pending> one;
    one.push_back(std::move(prepared).value());
    if (Status s = EmbedAll(&one); !s.ok()) return s;
    Pending& p = one.front();
    auto out = store_->Ingest(p.ctx, p.batch);
    if (!out.ok()) return out.status();
    if (vectors_) {
      if (Status s = vectors_->Sync(); !s.ok()) return s;
    }
    RememberResult result{p.ctx.request_id, out->message_id, std::move(out->memories),
                          std::move(out->superseded)};
    result.guard = std::move(p.stages.guard);
    result.signals = std::move(p.stages.signals);
    result.event_type = p.stages.event_type;
    result.event_confidence = p.stages.event_confidence;
    for (auto& [slot, value] : p.stages.event_slots) result.event_slots[slot] = value;
    result.review_items = std::move(out->reviews);
    result.reinforced = std::move(out->reinforced);
    result.outranked = std::move(out->outranked);
    result.candidates = std::move(out->candidates);
    result.entities = engine::LinkViews(out->entity_links);
    result.coreferences =
        engine::CoreferenceViews(p.coreferences, p.coref_links, out->entity_links);
    return result;
  }

  Result<RecallResult> Recall(const RecallRequest& request) override {
    if (Status s = ingest::ValidatePrincipal(request.principal); !s.ok()) return s;
    if (Status s = ingest::ValidateText("query", request.query, options_.max_text_bytes);
        !s.ok()) {
      return s;
    }
    if (request.limit < 0) return Status::InvalidArgument("limit: must not be negative");
    auto filter = CompileFilter(request.filter);
    if (!filter.ok()) return filter.status();
    store::OpContext ctx = Context(request.principal);
    recall::RecallParams params = RecallSettings(ctx, request.at);
    if (!filter->empty()) params.filter = &*filter;
    params.limit = std::min(request.limit ? request.limit : options_.default_recall_limit,
                            options_.max_recall_limit);
    params.include_history = request.include_history;
    params.deep = request.deep;
    params.session_id = request.session_id;
    if (vectors_) {
      if (Status s = vectors_->Sync(); !s.ok()) return s;
    }
    params.include_expired = request.include_expired;
    // The store judges expiry as of ctx.now: make that the question's time.
    store::OpContext search = ctx;
    search.now = request.at.value_or(ctx.now);
    // A query naming an identifier matches its placeholder in the asker's own scope.
    auto query = vault_->Seal(store::ScopeKey(Scope{request.principal.user_id, "", "",
                                                    Visibility::kPrivate}),
                              request.query);
    if (!query.ok()) return query.status();
    auto hits = recall::Recall(*store_, search, query->text, params);
    if (!hits.ok()) return hits.status();
    std::vector<int64_t> ids;
    std::vector<Memory*> shown;
    for (RecallHit& h : *hits) {
      ids.push_back(h.memory.id);
      shown.push_back(&h.memory);
    }
    // Being recalled keeps a memory hot, and wakes it when it was dormant.
    if (Status s = store_->TouchMemories(ctx, ids); !s.ok()) return s;
    if (Status s = LogRecall(ctx, request.query, ids.size()); !s.ok()) return s;
    if (Status s = store_->AppendAudit(ctx, {"recall", ids, "{}"}); !s.ok()) return s;
    if (Status s = Render(ctx, shown); !s.ok()) return s;
    return RecallResult{ctx.request_id, std::move(hits).value()};
  }

  Result<ContextResult> Context(const ContextRequest& request) override {
    if (Status s = ingest::ValidatePrincipal(request.principal); !s.ok()) return s;
    if (Status s = ingest::ValidateText("query", request.query, options_.max_text_bytes);
        !s.ok()) {
      return s;
    }
    if (Status s = ingest::ValidateId("session", request.session_id, false); !s.ok()) return s;
    store::OpContext ctx = Context(request.principal);
    recall::ContextParams cp;
    cp.budget_tokens = request.budget_tokens;
    if (vectors_) {
      if (Status s = vectors_->Sync(); !s.ok()) return s;
    }
    store::OpContext search = ctx;  // expiry as of the question's time
    search.now = request.at.value_or(ctx.now);
    auto block = recall::BuildContext(*store_, search, request.query, request.session_id,
                                      RecallSettings(ctx, request.at), cp);
    if (!block.ok()) return block.status();
    if (Status s = store_->TouchMemories(ctx, block->cited); !s.ok()) return s;
    if (Status s = LogRecall(ctx, request.query, block->cited.size()); !s.ok()) return s;
    if (Status s = store_->AppendAudit(ctx, {"context", block->cited, "{}"}); !s.ok()) return s;
    auto revealed = vault_->Render(*store_, ctx, {&block->text});
    if (!revealed.ok()) return revealed.status();
    if (Status s = AuditReveal(ctx, block->cited, *revealed); !s.ok()) return s;
    return ContextResult{ctx.request_id, std::move(block->text), std::move(block->cited),
                         block->estimated_tokens};
  }

  Status LogRecall(const store::OpContext& ctx, const std::string& query, size_t hits) {
    store::RecallLogEntry e{ctx.now,        ctx.principal.user_id, ctx.principal.agent_id,
                            ctx.principal.teams, ctx.request_id, govern::QueryFingerprint(query),
                            static_cast<int>(hits)};
    return store_->LogRecall(e);
  }

  Result<MemoryMetrics> Metrics(const MetricsRequest& request) override {
    if (Status s = ingest::ValidatePrincipal(request.principal); !s.ok()) return s;
    const Principal& p = request.principal;
    if (request.window_days < 1 || request.window_days > 3650) {
      return Status::InvalidArgument("window_days: must be in 1..3650");
    }
    std::string id = request.id;
    if (request.by == "user") {
      if (id.empty()) id = p.user_id;
    } else if (request.by == "agent") {
      if (id.empty()) id = p.agent_id;
    } else if (request.by != "team") {
      return Status::InvalidArgument("by: must be user, team or agent");
    }
    if (id.empty()) return Status::InvalidArgument("id: required for by=" + request.by);
    const bool own = (request.by == "user" && id == p.user_id) ||
                     (request.by == "agent" && id == p.agent_id) ||
                     (request.by == "team" && p.InTeam(id));
    if (!own && !p.HasRole("admin")) {
      return Status::PermissionDenied("metrics: not your " + request.by);
    }
    store::OpContext ctx = Context(p);
    const int64_t window_ms = static_cast<int64_t>(request.window_days) * 86400000;
    const Instant from{ctx.now.unix_ms - window_ms, ctx.now.offset_minutes};
    // Earlier recalls are listed too: a question is a repeat of one up to 30 days before it.
    auto counts = store_->CollectMetrics(
        {request.by, id, from, Instant{ctx.now.unix_ms + 1, 0},
         Instant{from.unix_ms - govern::kRepeatWindowMs, 0}});
    if (!counts.ok()) return counts.status();
    govern::MetricsSummary m = govern::Summarize(*counts, from.unix_ms);
    MemoryMetrics out{request.by, id, from, ctx.now, m.recalls, m.used, m.hit_rate,
                      m.repeated_questions, m.repeated_question_rate, m.messages,
                      m.context_reloads, m.context_reload_rate, m.writes_by_signal,
                      m.review_open, m.quarantined};
    if (Status s = store_->AppendAudit(ctx, {"metrics", {}, "{}"}); !s.ok()) return s;
    return out;
  }

  Result<SweepReport> Sweep() override {
    SweepReport report;
    if (options_.dormant_after_days <= 0) return report;
    store::OpContext ctx = Context(SystemPrincipal());
    const Instant idle_before{
        ctx.now.unix_ms - static_cast<int64_t>(options_.dormant_after_days * 86400000.0), 0};
    constexpr int kBatch = 5000;  // one short write transaction each
    for (;;) {
      auto n = store_->MarkDormant(idle_before, kBatch);
      if (!n.ok()) return n.status();
      report.dormant += *n;
      if (*n < kBatch) break;
    }
    if (report.dormant == 0) return report;
    if (vectors_) {
      if (Status s = vectors_->Sync(); !s.ok()) return s;
    }
    nlohmann::json detail = {{"dormant", report.dormant}};
    if (Status s = store_->AppendAudit(ctx, {"sweep", {}, detail.dump()}); !s.ok()) return s;
    return report;
  }

  Result<Memory> Get(const Principal& principal, int64_t id) override {
    if (Status s = ingest::ValidatePrincipal(principal); !s.ok()) return s;
    store::OpContext ctx = Context(principal);
    auto m = store_->GetMemory(ctx, id);
    if (m.ok()) {
      if (Status s = store_->AppendAudit(ctx, {"get", {id}, "{}"}); !s.ok()) return s;
      if (Status s = Render(ctx, {&*m}); !s.ok()) return s;
    }
    return m;
  }

  Result<ListResult> List(const ListRequest& request) override {
    if (Status s = ingest::ValidatePrincipal(request.principal); !s.ok()) return s;
    if (Status s = ingest::ValidateId("session", request.session_id, false); !s.ok()) return s;
    if (request.limit <= 0 || request.limit > 1000) {
      return Status::InvalidArgument("limit: must be 1..1000");
    }
    store::OpContext ctx = Context(request.principal);
    store::ListQuery q;
    q.session_id = request.session_id;
    if (request.type) q.type = std::string(ToString(*request.type));
    if (request.kind) q.kind = std::string(ToString(*request.kind));
    q.include_history = request.include_history;
    q.after_id = request.after_id;
    q.limit = request.limit + 1;  // one more tells whether another page exists
    auto rows = store_->ListMemories(ctx, q);
    if (!rows.ok()) return rows.status();
    ListResult out;
    out.memories = std::move(rows).value();
    if (static_cast<int>(out.memories.size()) > request.limit) {
      out.memories.resize(request.limit);
      out.next_after_id = out.memories.back().id;
    }
    std::vector<int64_t> ids;
    for (const Memory& m : out.memories) ids.push_back(m.id);
    if (Status s = store_->AppendAudit(ctx, {"list", ids, "{}"}); !s.ok()) return s;
    return out;
  }

  Result<std::vector<Memory>> History(const Principal& principal, int64_t id) override {
    if (Status s = ingest::ValidatePrincipal(principal); !s.ok()) return s;
    store::OpContext ctx = Context(principal);
    auto versions = store_->GetHistory(ctx, id);
    if (versions.ok()) {
      std::vector<int64_t> ids;
      for (const Memory& m : *versions) ids.push_back(m.id);
      if (Status s = store_->AppendAudit(ctx, {"history", ids, "{}"}); !s.ok()) return s;
      std::vector<Memory*> shown;
      for (Memory& m : *versions) shown.push_back(&m);
      if (Status s = Render(ctx, shown); !s.ok()) return s;
    }
    return versions;
  }

  Result<Memory> Correct(const CorrectRequest& request) override {
    if (Status s = ingest::ValidatePrincipal(request.principal); !s.ok()) return s;
    if (Status s = ingest::ValidateText("text", request.text, options_.max_text_bytes); !s.ok()) {
      return s;
    }
    if (!request.value.empty()) {
      if (Status s = ingest::ValidateText("value", request.value, 4096); !s.ok()) return s;
    }
    if (request.metadata_json) {
      if (Status s = ingest::ValidateMetadata(*request.metadata_json); !s.ok()) return s;
    }
    store::OpContext ctx = Context(request.principal);
    store::Revision rev;
    rev.valid_from = request.at;
    rev.metadata_json = request.metadata_json;
    auto current = store_->GetMemory(ctx, request.id);
    const std::string scope_key = current.ok() ? store::ScopeKey(current->scope) : "";
    for (auto [out, in] : {std::pair{&rev.content, &request.text}, {&rev.value, &request.value}}) {
      auto sealed = vault_->Seal(scope_key, ingest::NormalizeText(*in));
      if (!sealed.ok()) return sealed.status();
      *out = std::move(sealed->text);
      for (auto& e : sealed->vault) rev.vault.push_back(std::move(e));
    }
    // A fact corrected without an explicit value takes the corrected statement as its value.
    if (current.ok() && !current->attribute.empty() && rev.value.empty()) rev.value = rev.content;
    if (vectors_) {
      auto vec = vectors_->EmbedPassages({rev.content});
      if (!vec.ok()) return vec.status();
      rev.embedding_model = vectors_->model_id();
      rev.embedding = std::move(vec->front());
    }
    auto m = store_->Supersede(ctx, request.id, rev);
    if (m.ok() && vectors_) {
      if (Status s = vectors_->Sync(); !s.ok()) return s;
    }
    return m;
  }

  Status Forget(const ForgetRequest& request) override {
    if (Status s = ingest::ValidatePrincipal(request.principal); !s.ok()) return s;
    store::OpContext ctx = Context(request.principal);
    std::vector<std::string> erased;
    std::optional<ContextRepair> repair;
    if (request.hard && vectors_) {
      auto versions = store_->GetHistory(ctx, request.id);
      if (versions.ok()) {
        for (const Memory& m : *versions) erased.push_back(m.content);
      }
      auto m = store_->GetMemory(ctx, request.id);
      if (m.ok() && m->current) {
        auto r = PlanContextRepair(ctx, *m, &erased);
        if (!r.ok()) return r.status();
        repair = std::move(r).value();
      }
    }
    if (Status s = store_->Forget(ctx, request.id, request.hard); !s.ok()) return s;
    if (vectors_) {
      if (Status s = vectors_->EraseCached(erased); !s.ok()) return s;
      if (repair && repair->next) {
        // The next turn was embedded with the erased text as its context: embed it again
        // with the turn before the erased one (or alone).
        std::string text = ingest::EmbeddingText(
            *repair->next, repair->previous ? &*repair->previous : nullptr,
            options_.embed_context_bytes);
        auto vec = vectors_->EmbedPassages({text});
        if (!vec.ok()) return vec.status();
        Status s = store_->ReplaceVector(ctx, repair->next->id, vectors_->model_id(), (*vec)[0]);
        if (!s.ok()) return s;
      }
      return vectors_->Sync();
    }
    return Status::OK();
  }

  Result<EngineStats> Stats(const Principal& principal) override {
    if (Status s = ingest::ValidatePrincipal(principal); !s.ok()) return s;
    auto s = store_->GetStats(Context(principal));
    if (!s.ok()) return s.status();
    EngineStats out;
    out.messages = s->messages;
    out.memories_current = s->memories_current;
    out.memories_versions = s->memories_versions;
    out.memories_deleted = s->memories_deleted;
    out.audit_records = s->audit_records;
    out.memories_dormant = s->memories_dormant;
    out.memories_expired = s->memories_expired;
    out.schema_version = s->schema_version;
    out.backend = options_.backend;
    if (vectors_) {
      if (Status sync = vectors_->Sync(); !sync.ok()) return sync;
      for (const std::string& p : store::VisiblePartitions(principal)) {
        out.vectors_hot += static_cast<int64_t>(vectors_->index()->PartitionSize(p));
        out.vectors_cold +=
            static_cast<int64_t>(vectors_->index()->PartitionSize(store::ColdPartition(p)));
      }
    }
    return out;
  }

  Result<std::vector<AuditEntryView>> Audit(const Principal& principal, int64_t after_seq,
                                            int limit) override {
    if (Status s = ingest::ValidatePrincipal(principal); !s.ok()) return s;
    if (limit <= 0) return Status::InvalidArgument("limit: must be positive");
    auto records = store_->ListAudit(Context(principal), {after_seq, limit});
    if (!records.ok()) return records.status();
    std::vector<AuditEntryView> out;
    for (const auto& r : *records) {
      AuditEntryView v = ToView(r);
      v.at.offset_minutes = options_.default_offset_minutes;
      out.push_back(std::move(v));
    }
    return out;
  }

  Result<FeedbackResult> Feedback(const FeedbackRequest& request) override {
    if (Status s = ingest::ValidatePrincipal(request.principal); !s.ok()) return s;
    if (Status s = ingest::ValidateId("request_id", request.request_id, true); !s.ok()) return s;
    const std::string& v = request.verdict;
    if (v != "used" && v != "wrong" && v != "outdated") {
      return Status::InvalidArgument("verdict: must be used, wrong or outdated");
    }
    if (!request.correction.empty() && v == "used") {
      return Status::InvalidArgument("correction: only with verdict wrong or outdated");
    }
    store::OpContext ctx = Context(request.principal);
    if (request.forget && (v == "used" || !request.correction.empty())) {
      return Status::InvalidArgument("forget: only with verdict wrong or outdated, without a "
                                     "correction");
    }
    auto memory = store_->GetMemory(ctx, request.memory_id);
    if (!memory.ok()) return memory.status();
    // The feedback must answer a recall this user made; "used" counts toward the hit rate.
    if (Status s = store_->MarkUsed(ctx, request.request_id, v == "used"); !s.ok()) return s;
    nlohmann::json detail = {{"recall_request_id", request.request_id}, {"verdict", v},
                             {"corrected", !request.correction.empty()},
                             {"forgotten", request.forget}};
    if (Status s = store_->AppendAudit(ctx, {"feedback", {request.memory_id}, detail.dump()});
        !s.ok()) {
      return s;
    }
    FeedbackResult out{ctx.request_id, std::nullopt};
    if (!request.correction.empty()) {
      auto m = Correct(CorrectRequest{request.principal, request.memory_id, request.correction});
      if (!m.ok()) return m.status();
      out.corrected = std::move(m).value();
    }
    if (request.forget) {
      if (Status s = Forget(ForgetRequest{request.principal, request.memory_id}); !s.ok()) {
        return s;
      }
    }
    return out;
  }

  Result<std::vector<ReviewItemView>> Review(const Principal& principal, bool include_resolved,
                                             int limit) override {
    if (Status s = ingest::ValidatePrincipal(principal); !s.ok()) return s;
    if (limit <= 0) return Status::InvalidArgument("limit: must be positive");
    auto items = store_->ListReview(Context(principal), include_resolved, limit);
    if (!items.ok()) return items.status();
    std::vector<ReviewItemView> out;
    for (store::ReviewItem& r : *items) out.push_back(ReviewView(std::move(r)));
    return out;
  }

  Result<ReviewItemView> ResolveReview(const Principal& principal, int64_t id,
                                       const std::string& resolution) override {
    if (Status s = ingest::ValidatePrincipal(principal); !s.ok()) return s;
    auto item = store_->ResolveReview(Context(principal), id, resolution);
    if (!item.ok()) return item.status();
    return ReviewView(std::move(item).value());
  }

  static ReviewItemView ReviewView(store::ReviewItem r) {
    return ReviewItemView{r.id,         std::move(r.kind),   std::move(r.user_id),
                          r.memory_id,  r.message_id,        std::move(r.reason),
                          std::move(r.payload_json), r.created_at, r.resolved_at,
                          std::move(r.resolution)};
  }

  Result<AuditCheck> VerifyAudit() override {
    auto v = store_->VerifyAudit();
    if (!v.ok()) return v.status();
    return AuditCheck{v->records, v->intact, v->first_bad_seq};
  }

  Result<Embeddings> Embed(EmbedRole role, const std::vector<std::string>& texts) override {
    if (!vectors_) return Status::NotSupported("engine: no embedder (Options::embedder is none)");
    if (texts.size() > 2048) return Status::InvalidArgument("embed: more than 2048 texts");
    for (const std::string& t : texts) {
      if (Status s = ingest::ValidateText("input", t, options_.max_text_bytes); !s.ok()) return s;
    }
    return vectors_->embedder()->Embed(role, texts);
  }

  std::string EmbedderModel() const override { return vectors_ ? vectors_->model_id() : ""; }

  Result<NewApiKey> CreateApiKey(const std::string& name, const Principal& principal) override {
    return engine::CreateApiKey(store_.get(), name, principal, Context(principal).now);
  }

  Result<std::vector<ApiKey>> ListApiKeys() override { return engine::ListApiKeys(store_.get()); }

  Status RevokeApiKey(const std::string& id) override {
    return store_->RevokeApiKey(id, Context(Principal{}).now);
  }

  Result<Principal> Authenticate(const std::string& secret) override {
    return engine::Authenticate(store_.get(), secret);
  }

  // --- Lifecycle (src/engine/lifecycle.h) ---

  void SetLlm(std::unique_ptr<llm::ChatClient> llm) {
    llm_ = std::move(llm);
    if (llm_) summary_writer_ = std::make_unique<govern::LlmSummaryWriter>(llm_.get());
  }

  Result<CompactReport> Compact(const CompactRequest& request) override {
    if (Status s = ingest::ValidatePrincipal(request.principal); !s.ok()) return s;
    return engine::RunCompaction(*store_, vectors_.get(), Context(request.principal),
                                 request.dry_run, /*quiet=*/false, summary_writer_.get());
  }

  Result<std::optional<CompactReport>> CompactIfDue() override {
    using Out = std::optional<CompactReport>;
    if (options_.compact_interval_seconds <= 0) return Out();
    const int64_t now_ms = clock_->NowMicros() / 1000;
    {
      std::lock_guard lock(compact_mu_);
      if (last_compact_ms_ < 0) last_compact_ms_ = now_ms;  // the first call arms the timer
      if (now_ms - last_compact_ms_ < options_.compact_interval_seconds * 1000) return Out();
      last_compact_ms_ = now_ms;
    }
    const Principal system{"engram", "", {}, {"admin"}};
    auto r = engine::RunCompaction(*store_, vectors_.get(), Context(system), false,
                                   /*quiet=*/true, summary_writer_.get());
    if (!r.ok()) return r.status();
    return Out(std::move(r).value());
  }

  Result<std::vector<MemoryLinkView>> Links(const Principal& principal, int64_t id) override {
    if (Status s = ingest::ValidatePrincipal(principal); !s.ok()) return s;
    return engine::ListLinks(*store_, Context(principal), id);
  }

  Result<ImportEntitiesResult> ImportEntities(const ImportEntitiesRequest& request) override {
    if (Status s = ingest::ValidatePrincipal(request.principal); !s.ok()) return s;
    return engine::ImportEntities(*store_, Context(request.principal), request);
  }

  Result<ListEntitiesResult> ListEntities(const ListEntitiesRequest& request) override {
    if (Status s = ingest::ValidatePrincipal(request.principal); !s.ok()) return s;
    return engine::ListEntities(*store_, Context(request.principal), request);
  }

  Result<EntityRelationsResult> EntityRelations(const Principal& principal, int64_t id,
                                                int limit) override {
    if (Status s = ingest::ValidatePrincipal(principal); !s.ok()) return s;
    return engine::EntityRelations(*store_, Context(principal), id, limit);
  }

  Result<EraseReport> EraseUser(const Principal& principal, const std::string& user_id) override {
    if (Status s = ingest::ValidatePrincipal(principal); !s.ok()) return s;
    if (Status s = ingest::ValidateId("user_id", user_id, true); !s.ok()) return s;
    return engine::RunErasure(*store_, vectors_.get(), Context(principal), user_id);
  }

 private:
  store::OpContext Context(const Principal& principal) const {
    return store::OpContext{principal, base::RandomHexId(),
                            base::InstantFromMicros(clock_->NowMicros(),
                                                    options_.default_offset_minutes)};
  }

  // The turns around a memory about to be hard-forgotten: its embedding texts (contextual
  // ones included) join `erased`, and the next turn must be embedded again without it.
  struct ContextRepair {
    std::optional<Memory> previous;
    std::optional<Memory> next;
  };
  Result<ContextRepair> PlanContextRepair(const store::OpContext& ctx, const Memory& m,
                                          std::vector<std::string>* erased) {
    ContextRepair r;
    if (options_.embed_context_bytes == 0) return r;
    auto near = store_->ListSessionNeighbors(ctx, m, 1);
    if (!near.ok()) return near.status();
    for (Memory& n : *near) (n.id < m.id ? r.previous : r.next) = std::move(n);
    const size_t bytes = options_.embed_context_bytes;
    erased->push_back(ingest::EmbeddingText(m, r.previous ? &*r.previous : nullptr, bytes));
    if (r.next) erased->push_back(ingest::EmbeddingText(*r.next, &m, bytes));
    return r;
  }

  // Renders PII placeholders of memories shown to ctx.principal; audits plaintext reveals.
  Status Render(const store::OpContext& ctx, const std::vector<Memory*>& memories) {
    std::vector<std::string*> texts;
    std::vector<int64_t> ids;
    for (Memory* m : memories) {
      texts.push_back(&m->content);
      texts.push_back(&m->value);
      ids.push_back(m->id);
    }
    auto revealed = vault_->Render(*store_, ctx, texts);
    if (!revealed.ok()) return revealed.status();
    return AuditReveal(ctx, ids, *revealed);
  }

  static Result<store::MemoryFilter> CompileFilter(const RecallFilter& f) {
    if (!f.session_id.empty()) {
      if (Status s = ingest::ValidateId("filter.session_id", f.session_id, false); !s.ok()) {
        return s;
      }
    }
    if (!f.agent_id.empty()) {
      if (Status s = ingest::ValidateId("filter.agent_id", f.agent_id, false); !s.ok()) {
        return s;
      }
    }
    return store::MemoryFilter::Compile(f);
  }

  Status AuditReveal(const store::OpContext& ctx, const std::vector<int64_t>& ids, int count) {
    if (count == 0) return Status::OK();
    return store_->AppendAudit(ctx, {"reveal", ids,
                                     "{\"plaintext_values\":" + std::to_string(count) + "}"});
  }

  recall::RecallParams RecallSettings(const store::OpContext& ctx,
                                      const std::optional<Instant>& at) const {
    recall::RecallParams p;
    p.at = at.value_or(ctx.now);
    p.rrf_k = options_.rrf_k;
    p.weight_keyword = options_.weight_keyword;
    p.weight_recency = options_.weight_recency;
    p.weight_vector = options_.weight_vector;
    p.weight_graph = options_.weight_graph;
    if (vectors_) {
      p.embedder = vectors_->embedder();
      p.index = vectors_->index();
    }
    const double hours[] = {options_.half_life_hours_working, options_.half_life_hours_episodic,
                            options_.half_life_hours_semantic,
                            options_.half_life_hours_procedural};
    for (int i = 0; i < 4; ++i) p.half_life_ms[i] = static_cast<int64_t>(hours[i] * 3600000.0);
    p.decay_floor = options_.decay_floor;
    p.reranker = reranker_.get();
    p.spread.before = options_.context_share_before;
    p.spread.after = options_.context_share_after;
    p.spread.width = options_.context_width;
    return p;
  }

  const Options options_;
  Clock* const clock_;
  std::unique_ptr<store::Store> store_;
  std::unique_ptr<engine::Vectors> vectors_;  // null when Options::embedder is "none"
  std::unique_ptr<engine::PiiVault> vault_;
  std::unique_ptr<llm::ChatClient> llm_;                  // when Options::llm_base_url
  std::unique_ptr<govern::SummaryWriter> summary_writer_;  // LLM summaries; null = rules
  std::unique_ptr<recall::Reranker> reranker_;
  const ingest::TtlPolicy ttl_;
  const ingest::SourceReliability reliability_;
  std::mutex claim_mu_;
  std::set<int64_t> claimed_;  // outbox entries a thread of this engine is processing
  std::mutex compact_mu_;
  int64_t last_compact_ms_ = -1;  // guarded by compact_mu_; -1 until CompactIfDue is first called
};

}  // namespace

Result<std::unique_ptr<Engine>> Engine::Open(const Options& options) {
  if (options.max_text_bytes == 0) return Status::InvalidArgument("options: max_text_bytes is 0");
  if (options.default_recall_limit <= 0 || options.max_recall_limit <= 0) {
    return Status::InvalidArgument("options: recall limits must be positive");
  }
  if (options.rrf_k < 0 || options.decay_floor < 0 || options.decay_floor > 1 ||
      options.weight_keyword < 0 || options.weight_recency < 0) {
    return Status::InvalidArgument("options: rrf_k, weights and decay_floor are out of range");
  }
  if (options.default_offset_minutes < -18 * 60 || options.default_offset_minutes > 18 * 60) {
    return Status::InvalidArgument("options: default_offset_minutes out of range");
  }
  if (options.weight_vector < 0) return Status::InvalidArgument("options: weight_vector < 0");
  if (options.weight_graph < 0) return Status::InvalidArgument("options: weight_graph < 0");
  if (options.compact_interval_seconds < 0) {
    return Status::InvalidArgument("options: compact_interval_seconds < 0");
  }
  auto store = engine::OpenStore(options);
  if (!store.ok()) return store.status();
  auto vault = engine::PiiVault::Open(options);
  if (!vault.ok()) return vault.status();
  auto embedder = engine::OpenEmbedder(options);
  if (!embedder.ok()) return embedder.status();
  std::unique_ptr<engine::Vectors> vectors;
  if (*embedder) {
    std::string path = options.vector_index_path;
    if (path.empty() && options.backend == "sqlite") path = options.db_path + ".vectors";
    auto v = engine::Vectors::Open(std::move(embedder).value(), store->get(), path);
    if (!v.ok()) return v.status();
    vectors = std::move(v).value();
  }
  std::unique_ptr<llm::ChatClient> llm;
  if (!options.llm_base_url.empty()) {
    auto client = llm::NewOpenAiChatClient(
        {.base_url = options.llm_base_url, .model = options.llm_model,
         .api_key_env = options.llm_api_key_env});
    if (!client.ok()) return client.status().WithPrefix("options");
    llm = std::move(client).value();
  }
  auto* impl =
      new EngineImpl(options, std::move(store).value(), std::move(vectors), std::move(*vault));
  impl->SetLlm(std::move(llm));
  return std::unique_ptr<Engine>(impl);
}

}  // namespace engram
