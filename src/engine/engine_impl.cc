// EngineImpl: the composition root. Wires the store, the write pipeline and the read path,
// stamps every call with a request id and a time, and audits reads.
#include <algorithm>

#include "engram/clock.h"
#include "engram/engine.h"
#include "src/base/hash.h"
#include "src/base/time.h"
#include "src/engine/registry.h"
#include "src/engine/vectors.h"
#include "src/ingest/pipeline.h"
#include "src/ingest/validate.h"
#include "src/recall/context_builder.h"
#include "src/recall/recaller.h"

namespace engram {
namespace {

AuditEntryView ToView(const store::AuditRecord& r) {
  return AuditEntryView{r.seq,     r.at,           r.actor_user,  r.actor_agent, r.action,
                        r.targets, r.request_id, r.detail_json, r.hash};
}

class EngineImpl final : public Engine {
 public:
  EngineImpl(const Options& options, std::unique_ptr<store::Store> store,
             std::unique_ptr<engine::Vectors> vectors)
      : options_(options),
        clock_(options.clock ? options.clock : SystemClock()),
        store_(std::move(store)),
        vectors_(std::move(vectors)),
        reranker_(options.lexical_rerank ? recall::NewLexicalOverlapReranker() : nullptr) {}

  Result<RememberResult> Remember(const RememberRequest& request) override {
    store::OpContext ctx = Context(request.principal);
    Instant at = request.at.value_or(ctx.now);
    auto batch = ingest::BuildBatch(request, at, {options_.max_text_bytes});
    if (!batch.ok()) return batch.status();
    if (vectors_) {
      std::vector<std::string> texts;
      for (const Memory& m : batch->memories) texts.push_back(m.content);
      auto vecs = vectors_->EmbedPassages(texts);
      if (!vecs.ok()) return vecs.status();
      batch->embedding_model = vectors_->model_id();
      batch->embeddings = std::move(vecs).value();
    }
    auto out = store_->Ingest(ctx, *batch);
    if (!out.ok()) return out.status();
    if (vectors_) {
      if (Status s = vectors_->Sync(); !s.ok()) return s;
    }
    return RememberResult{ctx.request_id, out->message_id, std::move(out->memories),
                          std::move(out->superseded)};
  }

  Result<RecallResult> Recall(const RecallRequest& request) override {
    if (Status s = ingest::ValidatePrincipal(request.principal); !s.ok()) return s;
    if (Status s = ingest::ValidateText("query", request.query, options_.max_text_bytes);
        !s.ok()) {
      return s;
    }
    if (request.limit < 0) return Status::InvalidArgument("limit: must not be negative");
    store::OpContext ctx = Context(request.principal);
    recall::RecallParams params = RecallSettings(ctx, request.at);
    params.limit = std::min(request.limit ? request.limit : options_.default_recall_limit,
                            options_.max_recall_limit);
    params.include_history = request.include_history;
    params.session_id = request.session_id;
    if (vectors_) {
      if (Status s = vectors_->Sync(); !s.ok()) return s;
    }
    auto hits = recall::Recall(*store_, ctx, request.query, params);
    if (!hits.ok()) return hits.status();
    std::vector<int64_t> ids;
    for (const RecallHit& h : *hits) ids.push_back(h.memory.id);
    if (Status s = store_->AppendAudit(ctx, {"recall", ids, "{}"}); !s.ok()) return s;
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
    auto block = recall::BuildContext(*store_, ctx, request.query, request.session_id,
                                      RecallSettings(ctx, request.at), cp);
    if (!block.ok()) return block.status();
    if (Status s = store_->AppendAudit(ctx, {"context", block->cited, "{}"}); !s.ok()) return s;
    return ContextResult{ctx.request_id, std::move(block->text), std::move(block->cited),
                         block->estimated_tokens};
  }

  Result<Memory> Get(const Principal& principal, int64_t id) override {
    if (Status s = ingest::ValidatePrincipal(principal); !s.ok()) return s;
    store::OpContext ctx = Context(principal);
    auto m = store_->GetMemory(ctx, id);
    if (m.ok()) {
      if (Status s = store_->AppendAudit(ctx, {"get", {id}, "{}"}); !s.ok()) return s;
    }
    return m;
  }

  Result<std::vector<Memory>> History(const Principal& principal, int64_t id) override {
    if (Status s = ingest::ValidatePrincipal(principal); !s.ok()) return s;
    store::OpContext ctx = Context(principal);
    auto versions = store_->GetHistory(ctx, id);
    if (versions.ok()) {
      std::vector<int64_t> ids;
      for (const Memory& m : *versions) ids.push_back(m.id);
      if (Status s = store_->AppendAudit(ctx, {"history", ids, "{}"}); !s.ok()) return s;
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
    store::OpContext ctx = Context(request.principal);
    store::Revision rev;
    rev.content = ingest::NormalizeText(request.text);
    rev.value = ingest::NormalizeText(request.value);
    rev.valid_from = request.at;
    // A fact corrected without an explicit value takes the corrected statement as its value.
    auto current = store_->GetMemory(ctx, request.id);
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
    if (request.hard && vectors_) {
      auto versions = store_->GetHistory(ctx, request.id);
      if (versions.ok()) {
        for (const Memory& m : *versions) erased.push_back(m.content);
      }
    }
    if (Status s = store_->Forget(ctx, request.id, request.hard); !s.ok()) return s;
    if (vectors_) {
      if (Status s = vectors_->EraseCached(erased); !s.ok()) return s;
      return vectors_->Sync();
    }
    return Status::OK();
  }

  Result<EngineStats> Stats(const Principal& principal) override {
    if (Status s = ingest::ValidatePrincipal(principal); !s.ok()) return s;
    auto s = store_->GetStats(Context(principal));
    if (!s.ok()) return s.status();
    return EngineStats{s->messages,       s->memories_current, s->memories_versions,
                       s->memories_deleted, s->audit_records,  s->schema_version,
                       options_.backend};
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

  Result<AuditCheck> VerifyAudit() override {
    auto v = store_->VerifyAudit();
    if (!v.ok()) return v.status();
    return AuditCheck{v->records, v->intact, v->first_bad_seq};
  }

 private:
  store::OpContext Context(const Principal& principal) const {
    return store::OpContext{principal, base::RandomHexId(),
                            base::InstantFromMicros(clock_->NowMicros(),
                                                    options_.default_offset_minutes)};
  }

  recall::RecallParams RecallSettings(const store::OpContext& ctx,
                                      const std::optional<Instant>& at) const {
    recall::RecallParams p;
    p.at = at.value_or(ctx.now);
    p.rrf_k = options_.rrf_k;
    p.weight_keyword = options_.weight_keyword;
    p.weight_recency = options_.weight_recency;
    p.weight_vector = options_.weight_vector;
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
    return p;
  }

  const Options options_;
  Clock* const clock_;
  std::unique_ptr<store::Store> store_;
  std::unique_ptr<engine::Vectors> vectors_;  // null when Options::embedder is "none"
  std::unique_ptr<recall::Reranker> reranker_;
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
  auto store = engine::OpenStore(options);
  if (!store.ok()) return store.status();
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
  return std::unique_ptr<Engine>(
      new EngineImpl(options, std::move(store).value(), std::move(vectors)));
}

}  // namespace engram
