// EngineImpl's revisions: Correct, Forget, Feedback and the review queue.
#include <nlohmann/json.hpp>

#include "engram/status_macros.h"
#include "src/engine/engine_impl_internal.h"
#include "src/engine/review_policy.h"
#include "src/engine/write_checks.h"
#include "src/extract/fact_extractor.h"
#include "src/ingest/pipeline.h"
#include "src/ingest/validate.h"
#include "src/store/access.h"
#include "src/store/weak_fusion.h"
#include "src/text/normalize.h"

namespace engram::engine {

Result<Memory> EngineImpl::Correct(const CorrectRequest& request) {
  ENGRAM_RETURN_IF_ERROR(ingest::ValidatePrincipal(request.principal));
  ENGRAM_RETURN_IF_ERROR(ingest::ValidateText("text", request.text, options_.max_text_bytes));
  if (!request.value.empty()) {
    ENGRAM_RETURN_IF_ERROR(ingest::ValidateText("value", request.value, 4096));
  }
  if (request.metadata_json) {
    ENGRAM_RETURN_IF_ERROR(ingest::ValidateMetadata(*request.metadata_json));
  }
  store::OpContext ctx = Context(request.principal);
  // A rewrite is new content: guarded like a new message, whoever writes it.
  ENGRAM_RETURN_IF_ERROR(
      GuardRewrite(request.text, request.value, request.metadata_json.value_or("")));
  store::Revision rev;
  rev.valid_from = request.at;
  auto current = store_->GetMemory(ctx, request.id);
  const std::string scope_key = current.ok() ? store::ScopeKey(current->scope) : "";
  if (request.metadata_json) {
    ENGRAM_ASSIGN_OR_RETURN(auto meta,
                            SealMetadata(*vault_, scope_key, *request.metadata_json, &rev.vault));
    rev.metadata_json = std::move(meta);
  }
  for (auto [out, in] : {std::pair{&rev.content, &request.text}, {&rev.value, &request.value}}) {
    ENGRAM_ASSIGN_OR_RETURN(auto sealed, vault_->Seal(scope_key, ingest::NormalizeText(*in)));
    *out = std::move(sealed.text);
    for (auto& e : sealed.vault) rev.vault.push_back(std::move(e));
  }
  // A fact corrected without an explicit value takes the corrected statement as its value.
  if (current.ok() && !current->attribute.empty() && rev.value.empty()) rev.value = rev.content;
  if (vectors_) {
    ENGRAM_ASSIGN_OR_RETURN(auto vec, vectors_->EmbedPassages({rev.content}));
    rev.embedding_model = vectors_->model_id();
    rev.embedding = std::move(vec.front());
  }
  std::vector<Memory> derived;
  if (current.ok()) {
    ENGRAM_ASSIGN_OR_RETURN(auto d, DerivedFacts(ctx, *current));
    derived = std::move(d);
  }
  auto m = store_->Supersede(ctx, request.id, rev);
  if (!m.ok()) return m;
  ENGRAM_RETURN_IF_ERROR(CorrectDerivedFacts(ctx, derived, rev.content));
  if (vectors_) {
    ENGRAM_RETURN_IF_ERROR(vectors_->Sync());
  }
  HidePlaceholderIds(&*m);
  return m;
}

Status EngineImpl::CorrectDerivedFacts(const store::OpContext& ctx,
                                       const std::vector<Memory>& derived,
                                       const std::string& sealed_text) {
  if (derived.empty()) return Status::OK();
  const std::vector<extract::ExtractedFact> facts = extract::ExtractFacts(sealed_text);
  for (const Memory& d : derived) {
    const extract::ExtractedFact* restated = nullptr;
    for (const extract::ExtractedFact& f : facts) {
      if (!f.negative && !f.value.empty() && text::Normalize(f.subject) == d.subject &&
          extract::FactAttribute(f) == d.attribute) {
        restated = &f;
        break;
      }
    }
    if (restated == nullptr) {  // the corrected text no longer states it
      ENGRAM_RETURN_IF_ERROR(store_->Forget(ctx, d.id, false));
      continue;
    }
    const std::string value = text::Normalize(restated->value);
    if (value == d.value) continue;
    store::Revision rev;
    rev.content = sealed_text.substr(restated->begin, restated->end - restated->begin);
    rev.value = value;
    rev.reason = "correct (its message was corrected)";
    if (vectors_) {
      ENGRAM_ASSIGN_OR_RETURN(auto vec, vectors_->EmbedPassages({rev.content}));
      rev.embedding_model = vectors_->model_id();
      rev.embedding = std::move(vec.front());
    }
    auto s = store_->Supersede(ctx, d.id, rev);
    if (!s.ok() && s.status().code() != StatusCode::kConflict) return s.status();
  }
  return Status::OK();
}

Result<std::vector<Memory>> EngineImpl::DerivedFacts(const store::OpContext& ctx,
                                                     const Memory& record) {
  std::vector<Memory> out;
  if (record.type != MemoryType::kEpisodic || record.source.message_id == 0) return out;
  // A message's facts are written after its record, in the same batch: the first versions
  // right after the record's first version. Their current versions are what to revise.
  store::ListQuery q;
  q.type = std::string(ToString(MemoryType::kSemantic));
  q.include_history = true;
  q.after_id = record.lineage_id != 0 ? record.lineage_id : record.id;
  q.limit = kMaxFactsPerMessage;
  ENGRAM_ASSIGN_OR_RETURN(auto next, store_->ListMemories(ctx, q));
  for (const Memory& f : next) {
    if (f.source.message_id != record.source.message_id || f.attribute.empty() ||
        (f.lineage_id != 0 && f.lineage_id != f.id)) {
      continue;
    }
    ENGRAM_ASSIGN_OR_RETURN(auto versions, store_->GetHistory(ctx, f.id));
    for (Memory& v : versions) {
      if (v.current) out.push_back(std::move(v));
    }
  }
  return out;
}

Status EngineImpl::Forget(const ForgetRequest& request) {
  ENGRAM_RETURN_IF_ERROR(ingest::ValidatePrincipal(request.principal));
  store::OpContext ctx = Context(request.principal);
  std::vector<std::string> erased;
  std::optional<ContextRepair> repair;
  auto target = store_->GetMemory(ctx, request.id);  // absent: store_->Forget says why
  if (request.hard && vectors_) {
    auto versions = store_->GetHistory(ctx, request.id);
    if (versions.ok()) {
      for (const Memory& m : *versions) erased.push_back(m.content);
    }
    if (target.ok() && target->current) {
      ENGRAM_ASSIGN_OR_RETURN(auto r, PlanContextRepair(ctx, *target, &erased));
      repair = std::move(r);
    }
  }
  std::vector<Memory> derived;
  if (target.ok()) {
    ENGRAM_ASSIGN_OR_RETURN(auto d, DerivedFacts(ctx, *target));
    derived = std::move(d);
  }
  ENGRAM_RETURN_IF_ERROR(store_->Forget(ctx, request.id, request.hard));
  for (const Memory& fact : derived) {
    if (request.hard) erased.push_back(fact.content);
    Status s = store_->Forget(ctx, fact.id, request.hard);
    if (!s.ok() && s.code() != StatusCode::kNotFound) return s;
  }
  if (vectors_) {
    ENGRAM_RETURN_IF_ERROR(vectors_->EraseCached(erased));
    if (repair && repair->next) {
      // The next turn was embedded with the erased text as its context: embed it again
      // with the turn before the erased one (or alone).
      std::string text = ingest::EmbeddingText(
          *repair->next, repair->previous ? &*repair->previous : nullptr,
          options_.embed_context_bytes);
      auto vec = vectors_->EmbedPassages({text});
      ENGRAM_RETURN_IF_ERROR(vec.status());
      ENGRAM_RETURN_IF_ERROR(
          store_->ReplaceVector(ctx, repair->next->id, vectors_->model_id(), (*vec)[0]));
    }
    return vectors_->Sync();
  }
  return Status::OK();
}

Result<FeedbackResult> EngineImpl::Feedback(const FeedbackRequest& request) {
  ENGRAM_RETURN_IF_ERROR(ingest::ValidatePrincipal(request.principal));
  ENGRAM_RETURN_IF_ERROR(ingest::ValidateId("request_id", request.request_id, true));
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
  ENGRAM_ASSIGN_OR_RETURN(auto memory, store_->GetMemory(ctx, request.memory_id));
  // A correction or a forget changes the memory: refused up front (403) when the caller may
  // not change it, so that nothing (hit rate, audit) records a feedback that was not done.
  if (!request.correction.empty() || request.forget) {
    ENGRAM_RETURN_IF_ERROR(store::CheckCanWrite(request.principal, memory.scope));
  }
  if (!request.correction.empty()) {
    ENGRAM_RETURN_IF_ERROR(GuardRewrite(request.correction, "", ""));
  }
  // The feedback must answer a recall this user made; "used" counts toward the hit rate.
  ENGRAM_RETURN_IF_ERROR(store_->MarkUsed(ctx, request.request_id, v == "used"));
  FeedbackResult out{ctx.request_id, std::nullopt};
  if (!request.correction.empty()) {
    ENGRAM_ASSIGN_OR_RETURN(
        auto m, Correct(CorrectRequest{request.principal, request.memory_id, request.correction}));
    out.corrected = std::move(m);
  }
  if (request.forget) {
    ENGRAM_RETURN_IF_ERROR(Forget(ForgetRequest{request.principal, request.memory_id}));
  }
  // Audited once done: a refused or failed feedback leaves no "feedback" record.
  nlohmann::json detail = {{"recall_request_id", request.request_id}, {"verdict", v},
                           {"corrected", !request.correction.empty()},
                           {"forgotten", request.forget}};
  ENGRAM_RETURN_IF_ERROR(
      store_->AppendAudit(ctx, {"feedback", {request.memory_id}, detail.dump()}));
  return out;
}

Result<std::vector<ReviewItemView>> EngineImpl::Review(const Principal& principal,
                                                       bool include_resolved, int limit) {
  ENGRAM_RETURN_IF_ERROR(ingest::ValidatePrincipal(principal));
  if (limit <= 0) return Status::InvalidArgument("limit: must be positive");
  ENGRAM_ASSIGN_OR_RETURN(auto items,
                          store_->ListReview(Context(principal), include_resolved, limit));
  std::vector<ReviewItemView> out;
  for (store::ReviewItem& r : items) {
    RedactReviewItem(principal, &r);
    out.push_back(ReviewView(std::move(r)));
  }
  return out;
}

Result<ReviewItemView> EngineImpl::ResolveReview(const Principal& principal, int64_t id,
                                                 const std::string& resolution) {
  ENGRAM_RETURN_IF_ERROR(ingest::ValidatePrincipal(principal));
  const store::OpContext ctx = Context(principal);
  // Approving a weak candidate makes it current: it gets the vector a current fact has,
  // embedded here (the store has no embedder) and stored in the approval's transaction.
  std::string model;
  std::string vector;
  if (resolution == "approve") {
    ENGRAM_ASSIGN_OR_RETURN(auto item, store_->GetReview(ctx, id));
    ENGRAM_RETURN_IF_ERROR(CheckCanResolve(principal, item, resolution));
  }
  if (resolution == "approve" && vectors_) {
    ENGRAM_ASSIGN_OR_RETURN(auto item, store_->GetReview(ctx, id));
    if (item.kind == store::kWeakCandidateReview && !item.resolved_at && item.memory_id != 0) {
      // An admin may resolve another user's item: the candidate is read as its owner.
      auto m = store_->GetMemory(ctx, item.memory_id);
      if (!m.ok() && m.status().code() == StatusCode::kNotFound) {
        m = store_->GetMemory(Context(Principal{item.user_id, "", {}, {}}), item.memory_id);
      }
      if (m.ok() && !m->current) {
        ENGRAM_ASSIGN_OR_RETURN(auto vecs,
                                vectors_->EmbedPassages({ingest::EmbeddingText(*m, nullptr, 0)}));
        model = vectors_->model_id();
        vector = std::move(vecs.front());
      }
    }
  }
  ENGRAM_ASSIGN_OR_RETURN(auto item, store_->ResolveReview(ctx, id, resolution, model, vector));
  if (vectors_ && !vector.empty()) {
    ENGRAM_RETURN_IF_ERROR(vectors_->Sync());
  }
  RedactReviewItem(principal, &item);
  return ReviewView(std::move(item));
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
  ENGRAM_ASSIGN_OR_RETURN(auto near, store_->ListSessionNeighbors(ctx, m, 1));
  for (Memory& n : near) (n.id < m.id ? r.previous : r.next) = std::move(n);
  const size_t bytes = options_.embed_context_bytes;
  erased->push_back(ingest::EmbeddingText(m, r.previous ? &*r.previous : nullptr, bytes));
  if (r.next) erased->push_back(ingest::EmbeddingText(*r.next, &m, bytes));
  return r;
}

}  // namespace engram::engine
