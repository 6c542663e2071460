// EngineImpl's read path: Recall and Context, and the rendering and auditing of what
// they show.
#include <algorithm>

#include "engram/status_macros.h"
#include "src/engine/engine_impl_internal.h"
#include "src/engine/review_policy.h"
#include "src/govern/metrics.h"
#include "src/ingest/validate.h"
#include "src/recall/context_builder.h"
#include "src/store/access.h"

namespace engram::engine {

Result<RecallResult> EngineImpl::Recall(const RecallRequest& request) {
  store::OpContext ctx = Context(request.principal);
  ENGRAM_ASSIGN_OR_RETURN(auto hits, Search(ctx, request));
  std::vector<int64_t> ids;
  std::vector<Memory*> shown;
  for (RecallHit& h : hits) {
    ids.push_back(h.memory.id);
    shown.push_back(&h.memory);
  }
  // Being recalled keeps a memory hot, and wakes it when it was dormant.
  ENGRAM_RETURN_IF_ERROR(store_->RecordRecall(ctx, ids, RecallLogOf(ctx, request.query, ids.size()),
                                              {"recall", ids, "{}"}));
  ENGRAM_RETURN_IF_ERROR(Render(ctx, shown));
  return RecallResult{ctx.request_id, std::move(hits)};
}

Result<std::vector<RecallHit>> EngineImpl::Search(const store::OpContext& ctx,
                                                  const RecallRequest& request) {
  ENGRAM_RETURN_IF_ERROR(ingest::ValidatePrincipal(request.principal));
  ENGRAM_RETURN_IF_ERROR(ingest::ValidateText("query", request.query, options_.max_text_bytes));
  if (request.limit < 0) return Status::InvalidArgument("limit: must not be negative");
  if (request.min_relevance &&
      !(*request.min_relevance >= 0 && *request.min_relevance <= 1)) {
    return Status::InvalidArgument("threshold: must be between 0 and 1");
  }
  ENGRAM_ASSIGN_OR_RETURN(auto filter, CompileFilter(request.filter));
  recall::RecallParams params = RecallSettings(ctx, request.at);
  if (!filter.empty()) params.filter = &filter;
  params.limit = std::min(request.limit ? request.limit : options_.default_recall_limit,
                          options_.max_recall_limit);
  params.include_history = request.include_history;
  if (request.min_relevance) params.min_relevance = *request.min_relevance;
  params.deep = request.deep;
  params.session_id = request.session_id;
  if (vectors_) {
    ENGRAM_RETURN_IF_ERROR(vectors_->Sync());
  }
  params.include_expired = request.include_expired;
  // The store judges expiry as of ctx.now: make that the question's time.
  store::OpContext search = ctx;
  search.now = request.at.value_or(ctx.now);
  // A query naming an identifier matches its placeholder in the asker's own scope.
  ENGRAM_ASSIGN_OR_RETURN(
      auto query,
      vault_->Seal(store::ScopeKey(Scope{request.principal.user_id, "", "", Visibility::kPrivate}),
                   request.query));
  return recall::Recall(*store_, search, query.text, params);
}

Result<ContextResult> EngineImpl::Context(const ContextRequest& request) {
  ENGRAM_RETURN_IF_ERROR(ingest::ValidatePrincipal(request.principal));
  ENGRAM_RETURN_IF_ERROR(ingest::ValidateText("query", request.query, options_.max_text_bytes));
  ENGRAM_RETURN_IF_ERROR(ingest::ValidateId("session", request.session_id, false));
  store::OpContext ctx = Context(request.principal);
  recall::ContextParams cp;
  cp.budget_tokens = request.budget_tokens;
  if (vectors_) {
    ENGRAM_RETURN_IF_ERROR(vectors_->Sync());
  }
  store::OpContext search = ctx;  // expiry as of the question's time
  search.now = request.at.value_or(ctx.now);
  ENGRAM_ASSIGN_OR_RETURN(auto block,
                          recall::BuildContext(*store_, search, request.query, request.session_id,
                                               RecallSettings(ctx, request.at), cp));
  ENGRAM_RETURN_IF_ERROR(store_->RecordRecall(
      ctx, block.cited, RecallLogOf(ctx, request.query, block.cited.size()),
      {"context", block.cited, "{}"}));
  auto revealed = vault_->Render(*store_, ctx, {&block.text});
  ENGRAM_RETURN_IF_ERROR(revealed.status());
  ENGRAM_RETURN_IF_ERROR(AuditReveal(ctx, block.cited, *revealed));
  return ContextResult{ctx.request_id, std::move(block.text), std::move(block.cited),
                       block.estimated_tokens};
}

store::RecallLogEntry EngineImpl::RecallLogOf(const store::OpContext& ctx,
                                              const std::string& query, size_t hits) {
  return store::RecallLogEntry{ctx.now,        ctx.principal.user_id, ctx.principal.agent_id,
                               ctx.principal.teams, ctx.request_id,
                               govern::QueryFingerprint(query), static_cast<int>(hits)};
}

Status EngineImpl::Render(const store::OpContext& ctx, const std::vector<Memory*>& memories) {
  std::vector<std::string*> texts;
  std::vector<std::string> owner_scopes;  // plaintext only in memories the reader wrote
  std::vector<bool> json_texts;           // metadata: renderings escaped for JSON strings
  std::vector<int64_t> ids;
  for (Memory* m : memories) {
    WithholdQuarantined(ctx.principal, m);
    const std::string owner =
        m->scope.user_id == ctx.principal.user_id ? store::ScopeKey(m->scope) : "";
    for (std::string* t : {&m->content, &m->value, &m->metadata_json}) {
      texts.push_back(t);
      owner_scopes.push_back(owner);
      json_texts.push_back(t == &m->metadata_json);
    }
    ids.push_back(m->id);
  }
  ENGRAM_ASSIGN_OR_RETURN(auto revealed, vault_->Render(*store_, ctx, texts, owner_scopes, json_texts));
  return AuditReveal(ctx, ids, revealed);
}

Result<store::MemoryFilter> EngineImpl::CompileFilter(const RecallFilter& f) {
  if (!f.session_id.empty()) {
    ENGRAM_RETURN_IF_ERROR(ingest::ValidateId("filter.session_id", f.session_id, false));
  }
  if (!f.agent_id.empty()) {
    ENGRAM_RETURN_IF_ERROR(ingest::ValidateId("filter.agent_id", f.agent_id, false));
  }
  return store::MemoryFilter::Compile(f);
}

Status EngineImpl::AuditReveal(const store::OpContext& ctx, const std::vector<int64_t>& ids,
                               int count) {
  if (count == 0) return Status::OK();
  return store_->AppendAudit(ctx, {"reveal", ids,
                                   "{\"plaintext_values\":" + std::to_string(count) + "}"});
}

recall::RecallParams EngineImpl::RecallSettings(const store::OpContext& ctx,
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
    p.relevance_scale = recall::ScaleForModel(vectors_->model_id());
  }
  p.min_relevance = options_.min_relevance;
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

}  // namespace engram::engine
