// EngineImpl: the composition root. Wires the store, the write pipeline and the read path,
// stamps every call with a request id and a time, and audits reads. Its write path, read path
// and revisions are defined in engine_remember.cc, engine_recall.cc and engine_feedback.cc.
#include <nlohmann/json.hpp>

#include "engram/status_macros.h"
#include "src/base/hash.h"
#include "src/base/time.h"
#include "src/engine/api_keys.h"
#include "src/engine/engine_impl_internal.h"
#include "src/engine/entities.h"
#include "src/engine/lifecycle.h"
#include "src/engine/registry.h"
#include "src/govern/llm_summary_writer.h"
#include "src/govern/metrics.h"
#include "src/ingest/validate.h"
#include "src/store/access.h"
#include "src/store/list_filter.h"

namespace engram {
namespace {

// Who maintenance calls act as in the audit log.
Principal SystemPrincipal() { return Principal{"engram:system", "", {}, {"admin"}}; }

AuditEntryView ToView(const store::AuditRecord& r) {
  return AuditEntryView{r.seq,     r.at,           r.actor_user,  r.actor_agent, r.action,
                        r.targets, r.request_id, r.detail_json, r.hash};
}

}  // namespace

namespace engine {

EngineImpl::EngineImpl(const Options& options, std::unique_ptr<store::Store> store,
                       std::unique_ptr<engine::Vectors> vectors,
                       std::unique_ptr<engine::PiiVault> vault)
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
                   options.source_reliability_import},
      outbox_worker_(NewOutboxWorker()),
      lease_keeper_(store_.get(), clock_, std::max<int64_t>(1, options.outbox_lease_ms)) {}

Result<MemoryMetrics> EngineImpl::Metrics(const MetricsRequest& request) {
  ENGRAM_RETURN_IF_ERROR(ingest::ValidatePrincipal(request.principal));
  const Principal& p = request.principal;
  if (request.window_days < 1 || request.window_days > 3650) {
    return Status::InvalidArgument("window_days: must be in 1..3650");
  }
  if (!request.bucket.empty() && request.bucket != "day") {
    return Status::InvalidArgument("bucket: must be day (or absent)");
  }
  if (request.bucket == "day" && request.window_days > 90) {
    return Status::InvalidArgument("window_days: at most 90 with bucket=day");
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
                   (request.by == "team" && p.InTeam(id));
  if (!own && !p.HasRole("admin")) {
    // An agent id names an agent of any user (two users' keys may both say "assistant"),
    // and the store counts by=agent over every user: only an admin may ask for it.
    return Status::PermissionDenied(
        request.by == "agent"
            ? "metrics: by=agent counts that agent id across all users; it is for admins "
              "(ask by=user for your own)"
            : "metrics: not your " + request.by);
  }
  store::OpContext ctx = Context(p);
  const int64_t window_ms = static_cast<int64_t>(request.window_days) * 86400000;
  const Instant from{ctx.now.unix_ms - window_ms, ctx.now.offset_minutes};
  // Earlier recalls are listed too: a question is a repeat of one up to 30 days before it.
  ENGRAM_ASSIGN_OR_RETURN(
      auto counts, store_->CollectMetrics({request.by, id, from, Instant{ctx.now.unix_ms + 1, 0},
                                           Instant{from.unix_ms - govern::kRepeatWindowMs, 0}}));
  govern::MetricsSummary m = govern::Summarize(counts, from.unix_ms);
  MemoryMetrics out{request.by, id, from, ctx.now, m.recalls, m.used, m.hit_rate,
                    m.repeated_questions, m.repeated_question_rate, m.messages,
                    m.context_reloads, m.context_reload_rate, m.writes_by_signal,
                    m.review_open, m.quarantined, {}};
  // A series: the same counts over each day of the window (one store call a day; earlier
  // recalls are listed for each, as above).
  constexpr int64_t kDayMs = 86400000;
  for (int i = request.bucket == "day" ? request.window_days : 0; i > 0; --i) {
    const int64_t b_from = ctx.now.unix_ms - i * kDayMs;
    const int64_t b_to = i == 1 ? ctx.now.unix_ms + 1 : b_from + kDayMs;
    ENGRAM_ASSIGN_OR_RETURN(auto day,
                            store_->CollectMetrics({request.by, id, Instant{b_from, 0},
                                                    Instant{b_to, 0},
                                                    Instant{b_from - govern::kRepeatWindowMs, 0}}));
    govern::MetricsSummary d = govern::Summarize(day, b_from);
    out.series.push_back(MetricsBucket{
        Instant{b_from, ctx.now.offset_minutes}, Instant{std::min(b_to, ctx.now.unix_ms),
                                                         ctx.now.offset_minutes},
        d.recalls, d.used, d.hit_rate, d.repeated_questions, d.repeated_question_rate,
        d.messages, d.context_reloads, d.context_reload_rate, d.writes_by_signal,
        d.review_open, d.quarantine_held});
  }
  ENGRAM_RETURN_IF_ERROR(store_->AppendAudit(ctx, {"metrics", {}, "{}"}));
  return out;
}

Result<SweepReport> EngineImpl::Sweep() {
  SweepReport report;
  if (options_.dormant_after_days <= 0) return report;
  store::OpContext ctx = Context(SystemPrincipal());
  const Instant idle_before{
      ctx.now.unix_ms - static_cast<int64_t>(options_.dormant_after_days * 86400000.0), 0};
  constexpr int kBatch = 5000;  // one short write transaction each
  for (;;) {
    ENGRAM_ASSIGN_OR_RETURN(auto n, store_->MarkDormant(idle_before, kBatch));
    report.dormant += n;
    if (n < kBatch) break;
  }
  if (report.dormant == 0) return report;
  if (vectors_) {
    ENGRAM_RETURN_IF_ERROR(vectors_->Sync());
  }
  nlohmann::json detail = {{"dormant", report.dormant}};
  ENGRAM_RETURN_IF_ERROR(store_->AppendAudit(ctx, {"sweep", {}, detail.dump()}));
  return report;
}

Result<Memory> EngineImpl::Get(const Principal& principal, int64_t id) {
  ENGRAM_RETURN_IF_ERROR(ingest::ValidatePrincipal(principal));
  store::OpContext ctx = Context(principal);
  auto m = store_->GetMemory(ctx, id);
  if (m.ok()) {
    ENGRAM_RETURN_IF_ERROR(store_->AppendAudit(ctx, {"get", {id}, "{}"}));
    ENGRAM_RETURN_IF_ERROR(Render(ctx, {&*m}));
  }
  return m;
}

Result<MessageView> EngineImpl::GetMessage(const Principal& principal, int64_t message_id) {
  ENGRAM_RETURN_IF_ERROR(ingest::ValidatePrincipal(principal));
  store::OpContext ctx = Context(principal);
  ENGRAM_ASSIGN_OR_RETURN(store::StoredMessage m, store_->GetMessage(ctx, message_id));
  if (m.scope.user_id != principal.user_id) {
    return Status::NotFound("message " + std::to_string(message_id) + " not found");
  }
  Memory text;  // rendered as a memory of the message's scope would be
  text.scope = m.scope;
  text.content = m.message.content;
  const nlohmann::json detail = {{"message_id", message_id}};
  ENGRAM_RETURN_IF_ERROR(store_->AppendAudit(ctx, {"message", {}, detail.dump()}));
  ENGRAM_RETURN_IF_ERROR(Render(ctx, {&text}));
  return MessageView{message_id, m.message.session_id, m.message.role, text.content,
                     m.message.at};
}

Result<ListResult> EngineImpl::List(const ListRequest& request) {
  ENGRAM_RETURN_IF_ERROR(ingest::ValidatePrincipal(request.principal));
  ENGRAM_RETURN_IF_ERROR(ingest::ValidateId("session", request.session_id, false));
  if (request.limit <= 0 || request.limit > 1000) {
    return Status::InvalidArgument("limit: must be 1..1000");
  }
  if (!store::IsListStatus(request.status)) {
    return Status::InvalidArgument(
        "status: must be current, outdated, dormant, expired or quarantined");
  }
  ENGRAM_RETURN_IF_ERROR(ingest::ValidateId("agent", request.agent_id, false));
  if (request.recorded_from && request.recorded_to &&
      request.recorded_to->unix_ms <= request.recorded_from->unix_ms) {
    return Status::InvalidArgument("recorded_to: must be after recorded_from");
  }
  RecallFilter metadata;
  metadata.metadata_json = request.metadata_json;
  ENGRAM_ASSIGN_OR_RETURN(const store::MemoryFilter filter,
                          store::MemoryFilter::Compile(metadata));
  store::OpContext ctx = Context(request.principal);
  store::ListQuery q;
  q.session_id = request.session_id;
  if (request.type) q.type = std::string(ToString(*request.type));
  if (request.kind) q.kind = std::string(ToString(*request.kind));
  q.include_history = request.include_history;
  q.after_id = request.after_id;
  q.limit = request.limit + 1;  // one more tells whether another page exists
  q.status = request.status;
  q.agent_id = request.agent_id;
  if (request.recorded_from) q.recorded_from_ms = request.recorded_from->unix_ms;
  if (request.recorded_to) q.recorded_to_ms = request.recorded_to->unix_ms;
  if (!filter.empty()) q.filter = &filter;
  ENGRAM_ASSIGN_OR_RETURN(auto rows, store_->ListMemories(ctx, q));
  ListResult out;
  out.memories = std::move(rows);
  if (static_cast<int>(out.memories.size()) > request.limit) {
    out.memories.resize(request.limit);
    out.next_after_id = out.memories.back().id;
  }
  std::vector<int64_t> ids;
  std::vector<Memory*> shown;
  for (Memory& m : out.memories) {
    ids.push_back(m.id);
    shown.push_back(&m);
  }
  ENGRAM_RETURN_IF_ERROR(store_->AppendAudit(ctx, {"list", ids, "{}"}));
  // Rendered as get renders: masked for other readers, never a placeholder id.
  ENGRAM_RETURN_IF_ERROR(Render(ctx, shown));
  return out;
}

Result<std::vector<Memory>> EngineImpl::History(const Principal& principal, int64_t id) {
  ENGRAM_RETURN_IF_ERROR(ingest::ValidatePrincipal(principal));
  store::OpContext ctx = Context(principal);
  auto versions = store_->GetHistory(ctx, id);
  if (versions.ok()) {
    std::vector<int64_t> ids;
    for (const Memory& m : *versions) ids.push_back(m.id);
    ENGRAM_RETURN_IF_ERROR(store_->AppendAudit(ctx, {"history", ids, "{}"}));
    std::vector<Memory*> shown;
    for (Memory& m : *versions) shown.push_back(&m);
    ENGRAM_RETURN_IF_ERROR(Render(ctx, shown));
  }
  return versions;
}

Result<EngineStats> EngineImpl::Stats(const Principal& principal) {
  ENGRAM_RETURN_IF_ERROR(ingest::ValidatePrincipal(principal));
  ENGRAM_ASSIGN_OR_RETURN(auto s, store_->GetStats(Context(principal)));
  EngineStats out;
  out.messages = s.messages;
  out.memories_current = s.memories_current;
  out.memories_versions = s.memories_versions;
  out.memories_deleted = s.memories_deleted;
  out.audit_records = s.audit_records;
  out.memories_dormant = s.memories_dormant;
  out.memories_expired = s.memories_expired;
  out.schema_version = s.schema_version;
  out.backend = options_.backend;
  if (vectors_) {
    ENGRAM_RETURN_IF_ERROR(vectors_->Sync());
    for (const std::string& p : store::VisiblePartitions(principal)) {
      out.vectors_hot += static_cast<int64_t>(vectors_->index()->PartitionSize(p));
      out.vectors_cold +=
          static_cast<int64_t>(vectors_->index()->PartitionSize(store::ColdPartition(p)));
    }
  }
  return out;
}

Result<std::vector<AuditEntryView>> EngineImpl::Audit(const Principal& principal, int64_t after_seq,
                                                      int limit) {
  ENGRAM_RETURN_IF_ERROR(ingest::ValidatePrincipal(principal));
  if (limit <= 0) return Status::InvalidArgument("limit: must be positive");
  ENGRAM_ASSIGN_OR_RETURN(auto records, store_->ListAudit(Context(principal), {after_seq, limit}));
  std::vector<AuditEntryView> out;
  for (const auto& r : records) {
    AuditEntryView v = ToView(r);
    v.at.offset_minutes = options_.default_offset_minutes;
    out.push_back(std::move(v));
  }
  return out;
}

Result<AuditCheck> EngineImpl::VerifyAudit() {
  ENGRAM_ASSIGN_OR_RETURN(auto v, store_->VerifyAudit());
  return AuditCheck{v.records, v.intact,        v.first_bad_seq,
                    v.problem, v.keyed_records, v.anchored_seq};
}

Result<Embeddings> EngineImpl::Embed(EmbedRole role, const std::vector<std::string>& texts) {
  if (!vectors_) return Status::NotSupported("engine: no embedder (Options::embedder is none)");
  if (texts.size() > 2048) return Status::InvalidArgument("embed: more than 2048 texts");
  for (const std::string& t : texts) {
    ENGRAM_RETURN_IF_ERROR(ingest::ValidateText("input", t, options_.max_text_bytes));
  }
  return vectors_->embedder()->Embed(role, texts);
}

Result<NewApiKey> EngineImpl::CreateApiKey(const std::string& name, const Principal& principal) {
  return engine::CreateApiKey(store_.get(), name, principal, Context(principal).now);
}

Status EngineImpl::RevokeApiKey(const std::string& id) {
  return store_->RevokeApiKey(id, Context(Principal{}).now);
}

Result<Principal> EngineImpl::Authenticate(const std::string& secret) {
  return engine::Authenticate(store_.get(), secret);
}

void EngineImpl::SetLlm(std::unique_ptr<llm::ChatClient> llm) {
  llm_ = std::move(llm);
  if (llm_) summary_writer_ = std::make_unique<govern::LlmSummaryWriter>(llm_.get());
}

Result<CompactReport> EngineImpl::Compact(const CompactRequest& request) {
  ENGRAM_RETURN_IF_ERROR(ingest::ValidatePrincipal(request.principal));
  return engine::RunCompaction(*store_, vectors_.get(), Context(request.principal),
                               request.dry_run, /*quiet=*/false, summary_writer_.get());
}

Result<std::optional<CompactReport>> EngineImpl::CompactIfDue() {
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
  ENGRAM_RETURN_IF_ERROR(r.status());
  return Out(std::move(r).value());
}

Result<std::vector<MemoryLinkView>> EngineImpl::Links(const Principal& principal, int64_t id) {
  ENGRAM_RETURN_IF_ERROR(ingest::ValidatePrincipal(principal));
  return engine::ListLinks(*store_, Context(principal), id);
}

Result<ImportEntitiesResult> EngineImpl::ImportEntities(const ImportEntitiesRequest& request) {
  ENGRAM_RETURN_IF_ERROR(ingest::ValidatePrincipal(request.principal));
  return engine::ImportEntities(*store_, Context(request.principal), request);
}

Result<ListEntitiesResult> EngineImpl::ListEntities(const ListEntitiesRequest& request) {
  ENGRAM_RETURN_IF_ERROR(ingest::ValidatePrincipal(request.principal));
  return engine::ListEntities(*store_, Context(request.principal), request);
}

Result<EntityRelationsResult> EngineImpl::EntityRelations(const Principal& principal, int64_t id,
                                                          int limit) {
  ENGRAM_RETURN_IF_ERROR(ingest::ValidatePrincipal(principal));
  return engine::EntityRelations(*store_, Context(principal), id, limit);
}

Result<std::vector<EntityLinkView>> EngineImpl::MemoryEntities(const Principal& principal,
                                                                int64_t id) {
  ENGRAM_RETURN_IF_ERROR(ingest::ValidatePrincipal(principal));
  return engine::MemoryEntities(*store_, Context(principal), id);
}

Result<EraseReport> EngineImpl::EraseUser(const Principal& principal, const std::string& user_id) {
  ENGRAM_RETURN_IF_ERROR(ingest::ValidatePrincipal(principal));
  ENGRAM_RETURN_IF_ERROR(ingest::ValidateId("user_id", user_id, true));
  // An agent-scoped key speaks for one agent of the user, not for the user: it may not
  // erase the user (and with it the user's other keys).
  if (!principal.agent_id.empty() && !principal.HasRole("admin")) {
    return Status::PermissionDenied("erase: an agent-scoped key cannot erase its user");
  }
  return engine::RunErasure(*store_, vectors_.get(), Context(principal), user_id);
}

store::OpContext EngineImpl::Context(const Principal& principal) const {
  return store::OpContext{principal, base::RandomHexId(),
                          base::InstantFromMicros(clock_->NowMicros(),
                                                  options_.default_offset_minutes)};
}

}  // namespace engine

Result<std::unique_ptr<Engine>> Engine::Open(const Options& options) {
  if (options.max_text_bytes == 0) return Status::InvalidArgument("options: max_text_bytes is 0");
  if (options.default_recall_limit <= 0 || options.max_recall_limit <= 0) {
    return Status::InvalidArgument("options: recall limits must be positive");
  }
  if (!(options.min_relevance >= 0 && options.min_relevance <= 1)) {
    return Status::InvalidArgument("options: min_relevance must be between 0 and 1");
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
  ENGRAM_ASSIGN_OR_RETURN(engine::StoreLocation location, engine::ResolveStore(options));
  return engine::OpenEngineAt(options, location, nullptr);
}

}  // namespace engram
