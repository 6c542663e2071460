// EngineImpl, the Engine that Engine::Open returns (the composition root), shared by the files
// that define its methods: engine_impl.cc (opening, reads of single memories, stats, audit,
// keys, lifecycle), engine_remember.cc (the write path and the queue), engine_recall.cc
// (recall and context) and engine_feedback.cc (corrections, forgetting, feedback, review).
// Private to src/engine.
//
// Thread safety: as Engine (engram/engine.h): all methods may be called concurrently.
#ifndef ENGRAM_ENGINE_ENGINE_IMPL_INTERNAL_H_
#define ENGRAM_ENGINE_ENGINE_IMPL_INTERNAL_H_

#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "engram/clock.h"
#include "engram/engine.h"
#include "src/engine/api_keys.h"
#include "src/engine/outbox_leases.h"
#include "src/engine/pii_vault.h"
#include "src/engine/registry.h"
#include "src/engine/vectors.h"
#include "src/extract/coreference.h"
#include "src/govern/summary_writer.h"
#include "src/ingest/fuse.h"
#include "src/ingest/stages.h"
#include "src/llm/chat_client.h"
#include "src/recall/recaller.h"
#include "src/recall/reranker.h"
#include "src/store/memory_filter.h"
#include "src/store/store.h"

namespace engram::engine {

class EngineImpl final : public Engine {
 public:
  EngineImpl(const Options& options, std::unique_ptr<store::Store> store,
             std::unique_ptr<engine::Vectors> vectors, std::unique_ptr<engine::PiiVault> vault);

  Result<RememberResult> Remember(const RememberRequest& request) override;

  std::vector<Result<RememberResult>> RememberMany(const std::vector<RememberRequest>& requests,
                                                   bool stop_at_first_error) override;

  Result<std::vector<int64_t>> Enqueue(const std::vector<RememberRequest>& requests) override;

  Result<int> ProcessQueue(int max) override;

  // Marks an outbox entry `owner` holds failed, unless the error is transient (it then
  // stays queued).
  Status FailQueued(int64_t id, const std::string& owner, const Status& error);

  Result<QueuedRemember> GetQueued(const Principal& principal, int64_t id) override;

  // A request on its way to the store: its batch and the passage texts to embed.
  struct Pending {
    store::OpContext ctx;
    store::IngestBatch batch;
    std::vector<std::string> texts;  // one per memory of the batch
    ingest::StageReport stages;      // guard verdict and signals, for the caller
    std::vector<extract::CorefResolution> coreferences;  // the message's pronouns
    std::vector<std::vector<int>> coref_links;          // their entity_links indices
    bool infer = true;  // the request's infer: false keeps it as said, never a restatement
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
  // `sealed`: given for a request sanitized before it was queued (write_checks.h), the
  // sealed originals of its placeholders; the request is then not sealed again.
  Result<Pending> Prepare(
      const RememberRequest& request, int64_t outbox_id,
      const std::map<std::string, SessionTail>* uncommitted = nullptr,
      std::optional<std::vector<store::VaultEntry>> sealed = std::nullopt);

  // Encoded passage vectors by embedding text (engine_remember_many.cc).
  using Prefetched = std::map<std::string, std::string>;

  // Embeds the texts of every pending request in one call and attaches the vectors; texts
  // found in `prefetched` are not embedded again.
  Status EmbedAll(std::vector<Pending>* pending, const Prefetched* prefetched = nullptr);

  // A request of an in-order run of writes (RememberMany, ProcessQueue).
  struct InOrder {
    RememberRequest request;
    int64_t outbox_id = 0;
    std::string outbox_owner;  // the claim holding the entry (store.h ClaimOutbox)
    std::optional<std::vector<store::VaultEntry>> sealed;  // as Prepare's
  };
  static constexpr size_t kPrefetchRequests = 64;  // requests whose passages embed together

  // The passage vectors `items` will need when remembered one after another, from their
  // batches prepared in order, each seeing the uncommitted turns of its session before it
  // (nothing is written). The texts are embedded in one call, shortest first, so that the
  // embedder's turns group texts of similar length. A request that cannot be prepared only
  // adds nothing. Errors: the embedder's.
  Result<Prefetched> Prefetch(const std::vector<InOrder>& items);

  // Remember; with a non-zero outbox id, the commit also marks that outbox entry done (held
  // by `outbox_owner`: store::IngestBatch::outbox_owner). `sealed` as Prepare's; vectors
  // found in `prefetched` are used instead of embedding.
  Result<RememberResult> RememberFrom(
      const RememberRequest& request, int64_t outbox_id,
      std::optional<std::vector<store::VaultEntry>> sealed = std::nullopt,
      const Prefetched* prefetched = nullptr, const std::string& outbox_owner = std::string());

  Result<RecallResult> Recall(const RecallRequest& request) override;

  // Recall's ranking as ctx's principal, without its writes (no access counts, recall log
  // or audit record) and with the placeholders left sealed. `engram migrate` compares two
  // stores' rankings with it (migrate.h).
  Result<std::vector<RecallHit>> Search(const store::OpContext& ctx, const RecallRequest& request);

  Result<ContextResult> Context(const ContextRequest& request) override;

  static store::RecallLogEntry RecallLogOf(const store::OpContext& ctx, const std::string& query,
                                           size_t hits);

  Result<MemoryMetrics> Metrics(const MetricsRequest& request) override;

  Result<SweepReport> Sweep() override;

  Result<Memory> Get(const Principal& principal, int64_t id) override;
  Result<MessageView> GetMessage(const Principal& principal, int64_t message_id) override;

  Result<ListResult> List(const ListRequest& request) override;

  Result<std::vector<Memory>> History(const Principal& principal, int64_t id) override;

  Result<Memory> Correct(const CorrectRequest& request) override;

  Status Forget(const ForgetRequest& request) override;
  // The current facts extracted from the message whose episodic record `record` is (none when
  // it is not an episodic record).
  Result<std::vector<Memory>> DerivedFacts(const store::OpContext& ctx, const Memory& record);
  static constexpr int kMaxFactsPerMessage = 32;
  // After a message's record was corrected to `sealed_text`: each of `derived` the new text
  // states again with another value gets a new version; one it no longer states is retired.
  Status CorrectDerivedFacts(const store::OpContext& ctx, const std::vector<Memory>& derived,
                             const std::string& sealed_text);

  Result<EngineStats> Stats(const Principal& principal) override;

  Result<std::vector<AuditEntryView>> Audit(const Principal& principal, int64_t after_seq,
                                            int limit) override;

  Result<FeedbackResult> Feedback(const FeedbackRequest& request) override;

  Result<std::vector<ReviewItemView>> Review(const Principal& principal, bool include_resolved,
                                             int limit) override;

  Result<ReviewItemView> ResolveReview(const Principal& principal, int64_t id,
                                       const std::string& resolution) override;

  static ReviewItemView ReviewView(store::ReviewItem r);

  Result<AuditCheck> VerifyAudit() override;

  Result<Embeddings> Embed(EmbedRole role, const std::vector<std::string>& texts) override;

  std::string EmbedderModel() const override { return vectors_ ? vectors_->model_id() : ""; }

  Result<NewApiKey> CreateApiKey(const std::string& name, const Principal& principal) override;

  Result<std::vector<ApiKey>> ListApiKeys() override { return engine::ListApiKeys(store_.get()); }

  Status RevokeApiKey(const std::string& id) override;

  Result<Principal> Authenticate(const std::string& secret) override;

  // --- Lifecycle (src/engine/lifecycle.h) ---

  void SetLlm(std::unique_ptr<llm::ChatClient> llm);

  // Where the store is and the embedding provider (null: none) that engines of the other
  // tenants opened from this one share (engine_tenants.cc).
  void SetTenancy(StoreLocation location, std::shared_ptr<Embedder> provider);

  std::string Tenant() const override { return location_.tenant; }

  bool MultiTenant() const override { return MultiTenantBackend(location_); }

  Result<std::unique_ptr<Engine>> OpenTenant(const std::string& tenant) override;

  Result<TenantPrincipal> AuthenticateAnyTenant(const std::string& secret) override;

  Result<std::vector<std::string>> QueuedTenants() override;

  Result<CompactReport> Compact(const CompactRequest& request) override;

  Result<std::optional<CompactReport>> CompactIfDue() override;

  Result<std::vector<MemoryLinkView>> Links(const Principal& principal, int64_t id) override;

  Result<ImportEntitiesResult> ImportEntities(const ImportEntitiesRequest& request) override;

  Result<ListEntitiesResult> ListEntities(const ListEntitiesRequest& request) override;

  Result<EntityRelationsResult> EntityRelations(const Principal& principal, int64_t id,
                                                int limit) override;
  Result<std::vector<EntityLinkView>> MemoryEntities(const Principal& principal,
                                                     int64_t id) override;

  Result<EraseReport> EraseUser(const Principal& principal, const std::string& user_id) override;

 private:
  store::OpContext Context(const Principal& principal) const;

  // The turns around a memory about to be hard-forgotten: its embedding texts (contextual
  // ones included) join `erased`, and the next turn must be embedded again without it.
  struct ContextRepair {
    std::optional<Memory> previous;
    std::optional<Memory> next;
  };
  Result<ContextRepair> PlanContextRepair(const store::OpContext& ctx, const Memory& m,
                                          std::vector<std::string>* erased);

  // Renders PII placeholders of memories shown to ctx.principal; audits plaintext reveals.
  Status Render(const store::OpContext& ctx, const std::vector<Memory*>& memories);

  static Result<store::MemoryFilter> CompileFilter(const RecallFilter& f);

  Status AuditReveal(const store::OpContext& ctx, const std::vector<int64_t>& ids, int count);

  recall::RecallParams RecallSettings(const store::OpContext& ctx,
                                      const std::optional<Instant>& at) const;

  const Options options_;
  Clock* const clock_;
  StoreLocation location_;               // set once by SetTenancy, before any call
  std::shared_ptr<Embedder> provider_;   // shared with the engines of other tenants
  std::unique_ptr<store::Store> store_;
  std::unique_ptr<engine::Vectors> vectors_;  // null when Options::embedder is "none"
  std::unique_ptr<engine::PiiVault> vault_;
  std::unique_ptr<llm::ChatClient> llm_;                  // when Options::llm_base_url
  std::unique_ptr<govern::SummaryWriter> summary_writer_;  // LLM summaries; null = rules
  std::unique_ptr<recall::Reranker> reranker_;
  const ingest::TtlPolicy ttl_;
  const ingest::SourceReliability reliability_;
  const std::string outbox_worker_;       // NewOutboxWorker(): this engine's claims' prefix
  std::atomic<uint64_t> outbox_claims_{0};  // claims made, for unique owners
  engine::LeaseKeeper lease_keeper_;       // renews the leases of ProcessQueue's claims
  std::mutex compact_mu_;
  int64_t last_compact_ms_ = -1;  // guarded by compact_mu_; -1 until CompactIfDue is first called
};

// Opens an engine at a resolved location, sharing `provider` when given (else opening the
// provider Options::embedder names). Engine::Open and EngineImpl::OpenTenant; options
// already validated.
Result<std::unique_ptr<Engine>> OpenEngineAt(const Options& options,
                                             const StoreLocation& location,
                                             std::shared_ptr<Embedder> provider);

}  // namespace engram::engine

#endif  // ENGRAM_ENGINE_ENGINE_IMPL_INTERNAL_H_
