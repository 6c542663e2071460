// EngineImpl's revisions: Correct, Forget, Feedback and the review queue.
#include <nlohmann/json.hpp>

#include "src/engine/engine_impl_internal.h"
#include "src/ingest/pipeline.h"
#include "src/ingest/validate.h"
#include "src/store/access.h"

namespace engram::engine {

Result<Memory> EngineImpl::Correct(const CorrectRequest& request) {
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

Status EngineImpl::Forget(const ForgetRequest& request) {
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

Result<FeedbackResult> EngineImpl::Feedback(const FeedbackRequest& request) {
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

Result<std::vector<ReviewItemView>> EngineImpl::Review(const Principal& principal,
                                                       bool include_resolved, int limit) {
  if (Status s = ingest::ValidatePrincipal(principal); !s.ok()) return s;
  if (limit <= 0) return Status::InvalidArgument("limit: must be positive");
  auto items = store_->ListReview(Context(principal), include_resolved, limit);
  if (!items.ok()) return items.status();
  std::vector<ReviewItemView> out;
  for (store::ReviewItem& r : *items) out.push_back(ReviewView(std::move(r)));
  return out;
}

Result<ReviewItemView> EngineImpl::ResolveReview(const Principal& principal, int64_t id,
                                                 const std::string& resolution) {
  if (Status s = ingest::ValidatePrincipal(principal); !s.ok()) return s;
  auto item = store_->ResolveReview(Context(principal), id, resolution);
  if (!item.ok()) return item.status();
  return ReviewView(std::move(item).value());
}

ReviewItemView EngineImpl::ReviewView(store::ReviewItem r) {
  return ReviewItemView{r.id,         std::move(r.kind),   std::move(r.user_id),
                        r.memory_id,  r.message_id,        std::move(r.reason),
                        std::move(r.payload_json), r.created_at, r.resolved_at,
                        std::move(r.resolution)};
}

Result<EngineImpl::ContextRepair> EngineImpl::PlanContextRepair(
    const store::OpContext& ctx, const Memory& m, std::vector<std::string>* erased) {
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

}  // namespace engram::engine
