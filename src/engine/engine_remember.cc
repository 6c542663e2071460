// EngineImpl's write path: Remember, the ingestion queue (Enqueue, ProcessQueue,
// GetQueued) and the preparation of a request's batch. RememberMany and the prediction of a
// run's passages are in engine_remember_many.cc.
#include "engram/status_macros.h"
#include "src/engine/auto_session.h"
#include "src/engine/coref_links.h"
#include "src/engine/dedup.h"
#include "src/engine/engine_impl_internal.h"
#include "src/engine/entities.h"
#include "src/engine/outbox_codec.h"
#include "src/engine/write_checks.h"
#include "src/ingest/pipeline.h"
#include "src/ingest/self_contained.h"
#include "src/ingest/validate.h"
#include "src/store/access.h"

namespace engram::engine {

Result<RememberResult> EngineImpl::Remember(const RememberRequest& request) {
  return RememberFrom(request, 0);
}

Result<std::vector<int64_t>> EngineImpl::Enqueue(const std::vector<RememberRequest>& requests) {
  std::vector<store::OutboxDraft> rows;
  const Instant now = Context(Principal{}).now;
  for (RememberRequest r : requests) {
    if (!r.at) r.at = now;  // the message was said when it was acknowledged
    // Refused now, as Remember would refuse it, and sanitized before it is stored.
    ENGRAM_RETURN_IF_ERROR(CheckQueueable(r, options_.max_text_bytes));
    std::vector<store::VaultEntry> vault;
    ENGRAM_RETURN_IF_ERROR(SealRequest(*vault_, &r, &vault));
    rows.push_back({r.principal.user_id, engine::EncodeRememberRequest(r, &vault),
                    OutboxSessionKey(r)});
  }
  return store_->EnqueueOutbox(rows, now);
}

Result<int> EngineImpl::ProcessQueue(int max) {
  if (max <= 0) return Status::InvalidArgument("max: must be positive");
  // One claim, one owner: the entries are leased to this call (store.h ClaimOutbox), kept
  // alive by the lease keeper while it runs, and released when it returns, whether they
  // were finished or not (a transient error leaves them queued for any worker).
  const std::string owner = outbox_worker_ + "#" + std::to_string(++outbox_claims_);
  ENGRAM_ASSIGN_OR_RETURN(
      auto mine, store_->ClaimOutbox(owner, max, options_.outbox_lease_ms,
                                     Context(Principal{}).now));
  if (mine.empty()) return 0;
  std::vector<int64_t> ids;
  for (const store::OutboxEntry& e : mine) ids.push_back(e.id);
  lease_keeper_.Hold(owner, ids);
  struct Release {
    EngineImpl* self;
    const std::string& owner;
    const std::vector<int64_t>& ids;
    ~Release() {
      self->lease_keeper_.Drop(owner);
      (void)self->store_->ReleaseOutbox(owner, ids);  // an error: the leases lapse instead
    }
  } release{this, owner, ids};
  // The claimed requests are remembered one after another, oldest first (a session's in
  // the order they were said), each committed with its outbox entry's "done" mark, exactly
  // as Remember would; their passages are embedded together first (Prefetch), since e5
  // embeds a batch several times faster than one text at a time.
  int finished = 0;
  std::vector<InOrder> items;
  for (const store::OutboxEntry& e : mine) {
    auto request = engine::DecodeRememberRequest(e.request);
    auto vault = engine::DecodeQueuedVault(e.request);
    if (request.ok() && !vault.ok()) request = vault.status();
    if (request.ok()) {
      items.push_back({std::move(request).value(), e.id, owner, std::move(vault).value()});
      continue;
    }
    ENGRAM_RETURN_IF_ERROR(FailQueued(e.id, owner, request.status()));
    ++finished;
  }
  ENGRAM_ASSIGN_OR_RETURN(auto prefetched, Prefetch(items));  // transient: all stay queued
  for (InOrder& item : items) {
    auto out = RememberFrom(item.request, item.outbox_id, std::move(item.sealed), &prefetched,
                            item.outbox_owner);
    // Another worker holds it now (this lease lapsed), or an older request of its session
    // is not finished: it stays for the holder, or for a later claim.
    if (out.status().code() == StatusCode::kAlreadyExists) continue;
    if (!out.ok()) ENGRAM_RETURN_IF_ERROR(FailQueued(item.outbox_id, owner, out.status()));
    ++finished;
  }
  return finished;
}

Status EngineImpl::FailQueued(int64_t id, const std::string& owner, const Status& error) {
  if (error.code() == StatusCode::kUnavailable ||
      error.code() == StatusCode::kDeadlineExceeded) {
    return error;
  }
  Status f =
      store_->FailOutbox(id, owner, engine::EncodeStatus(error), Context(Principal{}).now);
  return f.code() == StatusCode::kConflict ? Status::OK() : f;
}

Result<QueuedRemember> EngineImpl::GetQueued(const Principal& principal, int64_t id) {
  ENGRAM_RETURN_IF_ERROR(ingest::ValidatePrincipal(principal));
  store::OpContext ctx = Context(principal);
  ENGRAM_ASSIGN_OR_RETURN(auto e, store_->GetOutbox(ctx, id));
  QueuedRemember q{e.id, e.state, std::nullopt, Status::OK()};
  if (e.state == "failed") q.error = engine::DecodeStatus(e.error);
  if (e.state == "done") {
    auto r = engine::QueuedResult(*store_, ctx, e);
    ENGRAM_RETURN_IF_ERROR(r.status());
    q.result = std::move(r).value();
    HidePlaceholderIds(&q.result->memories);
  }
  return q;
}

Result<EngineImpl::Pending> EngineImpl::Prepare(
    const RememberRequest& request, int64_t outbox_id,
    const std::map<std::string, SessionTail>* uncommitted,
    std::optional<std::vector<store::VaultEntry>> sealed) {
  Pending p{Context(request.principal), {}, {}};
  p.infer = request.infer;
  Instant at = request.at.value_or(p.ctx.now);
  RememberRequest sanitized = request;
  ENGRAM_RETURN_IF_ERROR(ingest::ValidateText("text", request.text, options_.max_text_bytes));
  // A queued request was sealed at Enqueue (sealing twice would escape its placeholders).
  std::vector<store::VaultEntry> vault = sealed ? std::move(*sealed)
                                                : std::vector<store::VaultEntry>();
  if (!sealed) {
    ENGRAM_RETURN_IF_ERROR(SealRequest(*vault_, &sanitized, &vault));
  }
  ENGRAM_ASSIGN_OR_RETURN(auto batch, ingest::BuildBatch(sanitized, at, {options_.max_text_bytes}));
  p.batch = std::move(batch);
  p.batch.outbox_id = outbox_id;
  p.batch.vault = std::move(vault);
  p.stages = ingest::ApplyStages(at, &p.batch, request.infer);
  // The session's last turns: the previous one is embedded with this turn, the last few
  // resolve its pronouns. Only turns of a conversation the caller named are rewritten (a note
  // without one, or in an automatic session, is kept as written), and the history is read
  // only for a third-person pronoun.
  const bool want_previous = vectors_ && options_.embed_context_bytes > 0;
  const bool rewrite = options_.self_contained_memories && request.infer &&
                       !request.session_id.empty() && !engine::IsAutoSession(request.session_id);
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
      ENGRAM_ASSIGN_OR_RETURN(auto r, store_->ListRecent(p.ctx, request.session_id,
                                                         want_turns ? kCorefRecentMemories : 1));
      recent = std::move(r);
      if (tail == nullptr && !recent.empty()) previous = &recent[0];
      if (want_turns) {
        for (extract::CorefTurn& t : ingest::TurnsFromRecent(recent)) {
          turns.push_back(std::move(t));
        }
      }
    }
  }
  bool rewritten = false;
  if (rewrite) {
    std::vector<extract::GenderHint> hints;
    if (want_turns) {
      ENGRAM_ASSIGN_OR_RETURN(
          auto h, engine::DirectoryGenderHints(*store_, p.ctx, p.batch.message.content, turns));
      hints = std::move(h);
    }
    ingest::SelfContained sc = ingest::ApplySelfContained(at, turns, &p.batch, hints);
    rewritten = sc.changed();
    p.coreferences = std::move(sc.coreferences);
  }
  // Facts come from the record after its rewrite, so that they read alone too.
  if (request.infer && options_.extract_facts) ingest::ExtractFacts(&p.stages, &p.batch);
  if (request.infer) ingest::ApplyTtl(ttl_, at, &p.batch);
  ENGRAM_RETURN_IF_ERROR(engine::LinkBatchEntities(*store_, p.ctx, &p.batch));
  ENGRAM_ASSIGN_OR_RETURN(auto coref_links,
                          engine::LinkCoreferences(*store_, p.ctx, p.coreferences, &p.batch));
  p.coref_links = std::move(coref_links);
  ingest::Fuse(reliability_, &p.batch);
  if (!vectors_) return p;
  // A rewritten record is embedded as said, beside the turn before it: the vector reads the
  // turn in its conversation, the text reads alone.
  for (size_t i = 0; i < p.batch.memories.size(); ++i) {
    const Memory& m = p.batch.memories[i];
    if (i == 0 && rewritten) {
      Memory said = m;
      said.content = p.batch.message.content;
      p.texts.push_back(ingest::EmbeddingText(said, previous, options_.embed_context_bytes));
      continue;
    }
    p.texts.push_back(ingest::EmbeddingText(m, previous, options_.embed_context_bytes));
  }
  return p;
}

Status EngineImpl::EmbedAll(std::vector<Pending>* pending, const Prefetched* prefetched) {
  if (!vectors_) return Status::OK();
  std::vector<std::string> texts;  // not prefetched
  for (const Pending& p : *pending) {
    for (const std::string& t : p.texts) {
      if (prefetched == nullptr || !prefetched->count(t)) texts.push_back(t);
    }
  }
  std::vector<std::string> vecs;
  if (!texts.empty()) {
    ENGRAM_ASSIGN_OR_RETURN(vecs, vectors_->EmbedPassages(texts));
  }
  size_t next = 0;
  for (Pending& p : *pending) {
    p.batch.embedding_model = vectors_->model_id();
    p.batch.embeddings.clear();
    for (const std::string& t : p.texts) {
      auto hit = prefetched ? prefetched->find(t) : Prefetched::const_iterator();
      p.batch.embeddings.push_back(prefetched && hit != prefetched->end() ? hit->second
                                                                          : vecs[next++]);
    }
  }
  return Status::OK();
}

Result<RememberResult> EngineImpl::RememberFrom(
    const RememberRequest& given, int64_t outbox_id,
    std::optional<std::vector<store::VaultEntry>> sealed, const Prefetched* prefetched,
    const std::string& outbox_owner) {
  RememberRequest request = given;
  engine::AutoSessions auto_sessions(store_.get(), options_.auto_session_gap_minutes);
  ENGRAM_RETURN_IF_ERROR(auto_sessions.Assign(Context(given.principal), &request));
  ENGRAM_ASSIGN_OR_RETURN(auto prepared, Prepare(request, outbox_id, nullptr, std::move(sealed)));
  std::vector<Pending> one;
  one.push_back(std::move(prepared));
  ENGRAM_RETURN_IF_ERROR(EmbedAll(&one, prefetched));
  Pending& p = one.front();
  p.batch.outbox_owner = outbox_owner;
  if (p.infer) {
    ENGRAM_RETURN_IF_ERROR(
        MarkRestatement(*store_, p.ctx, vectors_ ? vectors_->index() : nullptr, {}, &p.batch));
  }
  ENGRAM_ASSIGN_OR_RETURN(auto out, store_->Ingest(p.ctx, p.batch));
  if (vectors_) {
    ENGRAM_RETURN_IF_ERROR(vectors_->Sync());
  }
  RememberResult result{p.ctx.request_id, out.message_id, std::move(out.memories),
                        std::move(out.superseded)};
  HidePlaceholderIds(&result.memories);
  result.guard = std::move(p.stages.guard);
  result.signals = std::move(p.stages.signals);
  result.event_type = p.stages.event_type;
  result.event_confidence = p.stages.event_confidence;
  for (auto& [slot, value] : p.stages.event_slots) result.event_slots[slot] = value;
  result.review_items = std::move(out.reviews);
  result.reinforced = std::move(out.reinforced);
  result.outranked = std::move(out.outranked);
  if (p.batch.duplicate_of != 0 && !result.memories.empty() &&
      result.memories.front().id == p.batch.duplicate_of) {
    result.duplicate_of = p.batch.duplicate_of;
  }
  result.candidates = std::move(out.candidates);
  result.entities = engine::LinkViews(out.entity_links);
  result.coreferences = engine::CoreferenceViews(p.coreferences, p.coref_links, out.entity_links);
  return result;
}

}  // namespace engram::engine
