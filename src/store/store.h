// Store: durable home of messages, memories, entities, relations, events, audit and review.
//
// Every read and write takes an OpContext whose principal restricts what the call can see or
// change. The restriction lives here, inside each backend's queries, so no caller can forget
// it: a memory the principal may not see is reported as NotFound, exactly like one that does
// not exist, so ids cannot be probed.
//
// Visibility (see access.h): private memories are seen by their owner only; team memories by
// members of that team; public memories by everyone (only admins may write them).
//
// Versioning invariants, which every backend must keep (the conformance suite checks them):
//   - A lineage (all versions of one memory) has at most one current version.
//   - In one scope, at most one current memory per (subject, attribute) when attribute is set.
//   - Nothing is overwritten: a change writes a new version; the old one gets valid_to and
//     superseded_at and stays readable through GetHistory. Only a hard Forget erases content.
//   - Every mutation appends its audit record in the same transaction.
//   - Consolidation may leave a lineage without a current version that is not forgotten: a
//     memory merged into another (a "reinforces" link names the survivor).
//
// Thread safety: implementations are safe to call from many threads at once.
#ifndef ENGRAM_STORE_STORE_H_
#define ENGRAM_STORE_STORE_H_

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "src/store/memory_filter.h"
#include "engram/result.h"
#include "engram/status.h"
#include "engram/types.h"
#include "src/store/entity_types.h"
#include "src/store/lifecycle_types.h"
#include "src/store/table_rows.h"

namespace engram::store {

// Who does what, and when, for one call.
struct OpContext {
  Principal principal;
  std::string request_id;
  Instant now;
};

struct NewMessage {
  std::string session_id;
  std::string role = "user";
  std::string content;  // normalized (and, once PII masking exists, masked) text
  Instant at;           // reference time of the message
  SourceType source = SourceType::kChat;
  std::string context_json = "{}";
};

// A message as stored (Store::GetMessage): its scope and its normalized, masked text.
struct StoredMessage {
  int64_t id = 0;
  Scope scope;
  NewMessage message;
};

// The latest message of a user and agent (Store::GetLastMessage).
struct LastMessage {
  int64_t id = 0;
  std::string session_id;
  Instant at;
};

// An item for the review queue, written with the batch that raised it.
struct NewReview {
  // "quarantine", "suspicious", "low_temporal_confidence"; the store itself raises
  // "weak_candidate" (weak_fusion.h) for each candidate it keeps.
  std::string kind;
  std::string reason;             // one line for a person
  std::string payload_json = "{}";
  int memory_index = -1;          // index into IngestBatch::memories, or -1
};

struct ReviewItem {
  int64_t id = 0;
  std::string kind;
  std::string user_id;            // whose message raised it
  int64_t memory_id = 0;          // 0 = none
  int64_t message_id = 0;
  std::string reason;
  std::string payload_json = "{}";
  Instant created_at;
  std::optional<Instant> resolved_at;
  // "approve" or "reject" once resolved by a person; "confirmed" for a weak_candidate whose
  // statement became current without it (a later mention, or the approval of another item).
  std::string resolution;
};

// One sealed personal identifier (docs/formats/pii_vault.md). scope_key and user_id are the
// scope's; Ingest fills them from the batch.
struct VaultEntry {
  std::string scope_key;
  std::string user_id;
  std::string placeholder;   // ⟦KIND:token⟧
  std::string kind;          // PHONE, EMAIL, ...
  std::string nonce;
  std::string ciphertext;
};

// A message and the memories made from it, written in one transaction. The memories' ids,
// lineage, version, supersedes, current and source.message_id are assigned by the store.
// A memory whose attribute is non-empty reconciles (reconcile.h) with its scope's current
// memory of the same (subject, attribute), if any: the same value reinforces that one (no
// new memory: its `reinforced` count and `last_seen` move, and it stands in the outcome in
// the draft's place); a different value supersedes it when it ranks higher (explicit
// correction > newer valid_from > more reliable confidence.source), else it is stored as
// a retired version of its own lineage (history, never current).
struct IngestBatch {
  Scope scope;  // scope of the message and of every memory in it
  NewMessage message;
  std::vector<Memory> memories;
  // When non-empty, memories[0] is an episodic record rewritten to read alone
  // (ingest/self_contained.h) and this is its keyword document: the words as said and the
  // names its pronouns stood for, not the dates the rewrite wrote beside relative times.
  // Out of context the record reads as rewritten; the keyword index matches what was said
  // (and whom it was about). Erased with the record by a hard forget.
  std::string record_said;
  std::vector<NewReview> reviews;
  std::vector<VaultEntry> vault;  // kept with INSERT OR IGNORE: the first sealing wins
  // Optional embeddings, one encoded vector per memory (same order), all of one model.
  // Stored with the memories and announced in the vector change log.
  std::string embedding_model;
  std::vector<std::string> embeddings;
  // When non-zero, the outbox entry this batch processes: it is marked done in the same
  // transaction, and Ingest fails with AlreadyExists (writing nothing) unless the entry is
  // queued, held as Store::ClaimOutbox says (leased to `outbox_owner`; with an empty owner,
  // leased to nobody or only expired at ctx.now), and no older entry of its session key is
  // still queued.
  int64_t outbox_id = 0;
  std::string outbox_owner;
  // Entities the memories mention (memory_entity rows); new entities are created here.
  std::vector<EntityLinkDraft> entity_links;
  // Indexes into `memories` of facts the speaker stated as an explicit correction
  // ("更正一下", "actually"): they outrank the current version whatever its age or source.
  std::vector<int> corrections;
  // Whitelisted relations the facts state between linked entities (or with a literal).
  std::vector<RelationDraft> relations;
  // (memory index, mentions needed): weak facts nobody confirmed (a skill or a like said
  // about someone else; reconcile.h, weak fusion). Such a draft becomes current (and
  // reconciles as usual) only when the scope already holds at least `mentions needed` - 1
  // statements of the same (subject, attribute, folded value) from other messages that are
  // neither deleted nor quarantined (any version: earlier candidates count); else it is kept
  // as a candidate: stored retired at birth (history, no vector; its relation rows are
  // written but, its memory not being current, listed nowhere), listed in
  // IngestOutcome::candidates, and a "weak_candidate" review item is raised for it (in
  // IngestOutcome::reviews). A current version with the same value is reinforced as usual.
  // When a draft of the batch becomes current, the scope's open weak_candidate items whose
  // candidate states the same (subject, attribute, value) are resolved as "confirmed".
  std::vector<std::pair<int, int>> unconfirmed;
  // (memory index, attribute): once current, that memory gets a "complements" link (lower
  // id -> higher id) with the scope's current fact of the same subject and that attribute
  // ("预算很紧" and "预算只能控制在20万": both kept, linked).
  std::vector<std::pair<int, std::string>> complements;
  // When non-zero, memories[0] (the message's record) says again what this current memory of
  // the batch's scope says: instead of adding the record, that memory is reinforced (as a
  // repeated fact is: reinforced + 1, last_seen) and stands in the outcome in the record's
  // place. The message is written as always. Ignored when that memory is no longer current,
  // active and in the batch's scope (the record is then added as usual).
  int64_t duplicate_of = 0;
};

struct IngestOutcome {
  int64_t message_id = 0;
  std::vector<Memory> memories;  // as stored
  std::vector<int64_t> superseded;  // ids of versions this batch retired
  std::vector<int64_t> reinforced;  // current versions a draft repeated (in `memories`)
  std::vector<int64_t> outranked;   // drafts stored retired: the current version won
  std::vector<int64_t> candidates;  // unconfirmed weak facts kept retired (IngestBatch)
  std::vector<std::pair<int64_t, int64_t>> complements;  // "complements" links written
  std::vector<int64_t> reviews;     // ids of the review items it raised
  std::vector<EntityLinkOutcome> entity_links;  // in the batch's order
};

// A replacement version for Supersede. Fields left empty keep the old version's values.
struct Revision {
  std::string content;
  std::string value;
  std::optional<Instant> valid_from;  // default: ctx.now
  std::string reason = "correct";     // audit action detail
  std::vector<VaultEntry> vault;      // sealed identifiers of the new text (as IngestBatch)
  std::string embedding_model;        // optional vector of the new version
  std::string embedding;
  std::optional<std::string> metadata_json;  // the new version's metadata; default: the old's
};

// One entry of the vector change log: the vector index replays these to follow the store.
// Upserts carry the memory's partition (scope key) and its vector in the requested model
// (empty when the memory has no vector in that model).
// One nearest-neighbour candidate of SearchVectors: the memory and its stored vector (the
// encoded float32 row, as VectorChange::vector), for the caller to score.
struct VectorCandidate {
  int64_t memory_id = 0;
  std::string vector;
};

struct VectorChange {
  int64_t seq = 0;
  int64_t memory_id = 0;
  bool upsert = true;
  std::string partition;
  std::string vector;
};

// A page of visible memories in id order (Engine::List). Never deleted ones. Rows the
// conditions reject are skipped before `limit` counts, so a page is short only at the end.
// Every backend applies the conditions of src/store/list_filter.h (status names there).
struct ListQuery {
  std::string session_id;  // "" = any
  std::string type;        // "" = any, else a MemoryType name
  std::string kind;        // "" = any, else a MemoryKind name
  bool include_history = false;  // ignored when `status` is set (the status decides)
  int64_t after_id = 0;
  int limit = 50;
  std::string status;    // "" = any, else current|outdated|dormant|expired|quarantined
  std::string agent_id;  // "" = any, else Memory::scope.agent_id
  // Memory::recorded_at in [recorded_from_ms, recorded_to_ms) (unix ms).
  int64_t recorded_from_ms = INT64_MIN;
  int64_t recorded_to_ms = INT64_MAX;
  const MemoryFilter* filter = nullptr;  // not owned; null = none (the metadata condition)
};

struct KeywordQuery {
  // Surface strings, each matched as one term (OR semantics); the backend tokenizes them
  // with Engram's tokenizer. Empty terms are ignored; no terms → no hits.
  std::vector<std::string> terms;
  int limit = 10;
  bool include_history = false;  // also superseded versions (never deleted ones)
  // Not owned; null = none. Rows it rejects are skipped before ranking, so `limit` counts
  // matching rows only.
  const MemoryFilter* filter = nullptr;
};

struct KeywordHit {
  Memory memory;
  double score = 0;  // BM25, larger is better
};

struct AuditEntry {
  std::string action;            // remember, correct, supersede, forget, recall, get, history...
  std::vector<int64_t> targets;  // memory ids (other ids go in detail_json)
  std::string detail_json = "{}";
};

struct AuditRecord {
  int64_t seq = 0;
  Instant at;
  std::string actor_user;
  std::string actor_agent;
  std::string action;
  std::vector<int64_t> targets;
  std::string request_id;
  std::string detail_json;
  std::string prev_hash;
  std::string hash;
};

struct AuditQuery {
  int64_t after_seq = 0;
  int limit = 100;
};

struct AuditVerification {
  int64_t records = 0;
  bool intact = true;
  int64_t first_bad_seq = 0;  // 0 when intact
  int64_t keyed_records = 0;  // records checked with the audit key (the rest predate keying)
  int64_t anchored_seq = 0;   // the head the anchor vouches for; 0: none or no anchor
  std::string problem;        // why not intact; empty when intact
};

struct StoreStats {
  int64_t messages = 0;         // messages owned by the principal's user
  int64_t memories_current = 0;  // visible, current, not deleted
  int64_t memories_versions = 0; // visible versions of any status
  int64_t memories_deleted = 0;  // visible lineages that were forgotten
  int64_t memories_dormant = 0;  // visible, current, dormant
  int64_t memories_expired = 0;  // visible, current, TTL ran out before ctx.now
  int64_t audit_records = 0;     // records the principal may list
  int64_t schema_version = 0;
};

// One recall (or context) call, for the lifecycle metrics. The query itself is not kept:
// `fingerprint` is the sorted set of hashes of its folded tokens, enough to tell a repeated
// question. Erasing a user deletes their rows.
struct RecallLogEntry {
  Instant at;
  std::string user_id;
  std::string agent_id;
  std::vector<std::string> teams;
  std::string request_id;
  std::string fingerprint;   // space-separated hex token hashes, sorted, unique
  int hits = 0;
};

// Whose activity a metrics query counts, over [from, to) (system time). Recalls are listed
// from `recalls_from` (<= from), so that the first ones of the window can be compared with
// earlier questions; only those at or after `from` count toward `used`.
struct MetricsFilter {
  std::string by;   // "user" | "agent" | "team"
  std::string id;
  Instant from;
  Instant to;
  Instant recalls_from;
};

// The raw counts the engine turns into lifecycle metrics.
struct MetricsCounts {
  std::vector<std::pair<int64_t, std::string>> recalls;  // (at ms, fingerprint), oldest first
  int64_t used = 0;                 // memories marked "used" in feedback on those recalls
  int64_t messages = 0;             // messages written
  int64_t context_reloads = 0;      // of which repeat something said before
  std::map<std::string, int64_t> writes_by_signal;  // signal name -> messages
  // As of `to`: review items raised before it and not resolved before it (the filter's
  // memories / user); with `to` now, the open ones.
  int64_t review_open = 0;
  int64_t quarantined = 0;          // quarantined memories (current, whatever `to`)
  // As of `to`: quarantine items raised before it whose memory was not released (approved)
  // before it, i.e. the quarantined messages at `to` (a rejected one stays quarantined).
  int64_t quarantine_held = 0;
};

// An API key: the hash of its secret and the principal requests carrying it act as.
struct ApiKeyRecord {
  std::string id;           // unique, public part of the secret
  std::string name;
  std::string secret_hash;  // lower-case hex BLAKE2b-256 of the whole secret
  Principal principal;
  Instant created_at;
  std::optional<Instant> revoked_at;
  std::string tenant;       // the tenant the key belongs to; set by FindApiKeyInAnyTenant only
};

// A raw remember request to queue (Store::EnqueueOutbox).
struct OutboxDraft {
  std::string user_id;
  std::string request;
  // The entries of one non-empty key are processed in id order (Store::ClaimOutbox); the
  // engine uses the request's user and session. "" = no order with any other entry.
  std::string session_key;
};

// A raw remember request acknowledged before processing (the ingestion outbox).
struct OutboxEntry {
  int64_t id = 0;
  std::string user_id;                // owner: only this user may read the entry
  std::string session_key;            // OutboxDraft::session_key
  std::string lease_owner;            // while queued: the owner of its lease ("" = none)
  int64_t lease_until_ms = 0;         // the lease's end (unix ms) when lease_owner is set
  std::string request;                // the serialized request (opaque to the store); emptied
                                      // once the entry is done or failed
  std::string state = "queued";       // queued | done | failed
  Instant created_at;
  int64_t message_id = 0;             // when done
  std::vector<int64_t> memory_ids;    // when done: memories the batch created
  std::vector<int64_t> superseded;    // when done: versions it retired
  // When done: the rest of the batch's IngestOutcome, as Ingest returned it.
  std::vector<int64_t> reinforced;
  std::vector<int64_t> outranked;
  std::vector<int64_t> candidates;
  std::vector<int64_t> reviews;
  std::vector<EntityLinkOutcome> entity_links;
  std::string error;                  // when failed: "<Code>: <message>"
  std::string message_context = "{}";  // when done: the message's context_json (GetOutbox)
};

class Store {
 public:
  virtual ~Store() = default;

  // Writes the batch and its "remember" audit record atomically.
  // PermissionDenied: the scope is not writable by ctx.principal (team not joined, public
  // without the admin role, owner not the principal). InvalidArgument: malformed batch.
  virtual Result<IngestOutcome> Ingest(const OpContext& ctx, const IngestBatch& batch) = 0;

  // NotFound when no such memory or not visible to ctx.principal.
  virtual Result<Memory> GetMemory(const OpContext& ctx, int64_t id) = 0;

  // All versions of the lineage of `id`, oldest first. NotFound as GetMemory.
  virtual Result<std::vector<Memory>> GetHistory(const OpContext& ctx, int64_t id) = 0;

  // Writes a new current version of the lineage of `id`, retiring the current one. The new
  // version inherits the entity links of `id`; its source.actor is ctx.principal (the agent,
  // else the user): a teammate's rewrite is recorded as theirs.
  // NotFound as GetMemory; PermissionDenied when visible but not writable; Conflict when
  // `id` is not the current version (someone changed it first) or the lineage was forgotten.
  virtual Result<Memory> Supersede(const OpContext& ctx, int64_t id, const Revision& rev) = 0;

  // Retires the whole lineage of `id` (status deleted, no current version). With `hard`, the
  // content of every version and of their source messages is erased as well, with the
  // lineage's entity links and the extracted entities no link refers to any more.
  // NotFound / PermissionDenied as Supersede; forgetting twice is OK.
  virtual Status Forget(const OpContext& ctx, int64_t id, bool hard) = 0;

  // BM25 keyword search over visible, non-deleted, non-quarantined, unexpired memories.
  virtual Result<std::vector<KeywordHit>> SearchKeyword(const OpContext& ctx,
                                                        const KeywordQuery& query) = 0;

  // Visible memories among `ids` that recall may return (not deleted, not quarantined, not
  // expired; current unless include_history; passing `filter` unless it is null), in the
  // order of `ids`.
  virtual Result<std::vector<Memory>> GetSearchable(const OpContext& ctx,
                                                    const std::vector<int64_t>& ids,
                                                    bool include_history,
                                                    const MemoryFilter* filter) = 0;

  // The id of a current, active episodic record of `scope` whose content is `content`
  // exactly, or 0 when there is none (or the principal may not see the scope).
  virtual Result<int64_t> FindRecord(const OpContext& ctx, const Scope& scope,
                                     const std::string& content) = 0;

  // Every visible version (current or retired; active or dormant, never deleted nor
  // quarantined) of the memories made from these messages, ordered by id; with
  // `retired_only`, only the retired versions (current false). Recall reads it to tell which
  // records a later statement outdated (recall/staleness.h).
  virtual Result<std::vector<Memory>> ListMessageMemories(const OpContext& ctx,
                                                          const std::vector<int64_t>& message_ids,
                                                          bool retired_only) = 0;

  // Maintenance (no principal: derived-index upkeep). Log entries after `after_seq`, oldest
  // first, at most `limit`.
  virtual Result<std::vector<VectorChange>> VectorChangesSince(int64_t after_seq,
                                                               const std::string& model,
                                                               int limit) = 0;

  // Vector search inside the store, for a backend with its own vector index (PostgreSQL +
  // pgvector): up to `k` live vectors of `model` in `partitions` (scope keys, as
  // VectorIndex partitions; cold "z:" twins included when listed) nearest to `query` by
  // cosine, nearest first, with their stored vectors. Approximate above the backend's exact
  // threshold, but never fewer than min(k, visible vectors). The caller scores them itself
  // (the same arithmetic as the in-process index) and re-checks every id with GetSearchable.
  // Default: NotSupported (the engine then keeps an in-process index fed by
  // VectorChangesSince). InvalidArgument: an empty, non-finite or zero query.
  virtual Result<std::vector<VectorCandidate>> SearchVectors(
      const std::string& model, const std::vector<float>& query, int k,
      const std::vector<std::string>& partitions) {
    (void)model, (void)query, (void)k, (void)partitions;
    return Status::NotSupported("store: no vector search in this backend");
  }
  // The number of live vectors of `model` in `partitions`. Default: NotSupported.
  virtual Result<int64_t> CountVectors(const std::string& model,
                                       const std::vector<std::string>& partitions) {
    (void)model, (void)partitions;
    return Status::NotSupported("store: no vector search in this backend");
  }

  // Embedding cache by (model, text hash). Get returns NotFound when absent.
  virtual Result<std::string> GetCachedEmbedding(const std::string& model,
                                                 const std::string& text_hash) = 0;
  virtual Status PutCachedEmbedding(const std::string& model, const std::string& text_hash,
                                    const std::string& vector) = 0;
  virtual Status DeleteCachedEmbeddings(const std::vector<std::string>& text_hashes) = 0;

  // Visible, non-deleted memories matching the query, ids ascending, at most query.limit.
  virtual Result<std::vector<Memory>> ListMemories(const OpContext& ctx,
                                                   const ListQuery& query) = 0;

  // Message `id` when ctx.principal may see its scope (access.h); NotFound otherwise, and
  // for an erased message. Its content is empty after a hard forget of what it said.
  virtual Result<StoredMessage> GetMessage(const OpContext& ctx, int64_t id) = 0;

  // The latest message (highest id) said by ctx.principal's user through ctx.principal's agent
  // ("" = none), whatever its visibility: its id, session and time. NotFound when the pair has
  // none. Automatic sessions continue from it (src/engine/auto_session.h).
  virtual Result<LastMessage> GetLastMessage(const OpContext& ctx) = 0;

  // The latest visible, current, searchable turns (episodic records) of one session, newest
  // first: facts read out of a turn are not turns.
  virtual Result<std::vector<Memory>> ListRecent(const OpContext& ctx,
                                                 const std::string& session_id, int limit) = 0;

  // Up to `width` visible, current, searchable turns (episodic records) on each side of
  // `memory` in the same session and scope, in session order (older neighbours first). Empty when the memory has
  // no session. The memory itself is not included.
  virtual Result<std::vector<Memory>> ListSessionNeighbors(const OpContext& ctx,
                                                           const Memory& memory, int width) = 0;
  // The neighbours of several memories at once: out[i] is exactly what
  // ListSessionNeighbors(ctx, *memories[i], width) answers. The default asks once per memory
  // (an in-process backend's reads cost no round trip); SQLite reads them all in one
  // read transaction, PostgreSQL in one statement.
  virtual Result<std::vector<std::vector<Memory>>> ListSessionNeighborsOf(
      const OpContext& ctx, const std::vector<const Memory*>& memories, int width) {
    std::vector<std::vector<Memory>> out;
    out.reserve(memories.size());
    for (const Memory* m : memories) {
      auto near = ListSessionNeighbors(ctx, *m, width);
      if (!near.ok()) return near.status();
      out.push_back(std::move(*near));
    }
    return out;
  }

  // Replaces the vector of a current memory the principal may write (for example after the
  // text it was embedded with was erased) and logs the change for the index.
  // NotFound / PermissionDenied as for Forget.
  virtual Status ReplaceVector(const OpContext& ctx, int64_t id, const std::string& model,
                               const std::string& vector) = 0;

  // The vault rows of these placeholders in the partitions the principal may read.
  virtual Result<std::vector<VaultEntry>> GetVault(const OpContext& ctx,
                                                   const std::vector<std::string>& placeholders) = 0;

  // The review queue items of ctx.principal's user (every user's for the admin role), oldest
  // first, unresolved only unless `include_resolved`.
  virtual Result<std::vector<ReviewItem>> ListReview(const OpContext& ctx,
                                                     bool include_resolved, int limit) = 0;
  // One item the principal may list (NotFound otherwise).
  virtual Result<ReviewItem> GetReview(const OpContext& ctx, int64_t id) = 0;
  // Resolves an open item, in one transaction with its audit record ("review.<resolution>").
  // Quarantine and the other kinds: "approve" makes a quarantined memory active
  // (searchable), "reject" leaves it quarantined.
  // weak_candidate (weak_fusion.h): "approve" makes the candidate current as a confirming
  // mention would: the scope's current version of its (subject, attribute) with the same
  // value is reinforced instead (the candidate stays history); one with another value is
  // superseded by the candidate (retired, its relations closed, its vector removed; the
  // candidate joins its lineage as the next version). The candidate's relation rows become
  // live and `vector` (the candidate's embedding, in `vector_model`; may be empty) is stored.
  // The scope's other open weak_candidate items of the same statement are resolved as
  // "confirmed". "reject" forgets the candidate (soft): it stays in the audit trail, never
  // becomes current and no longer counts as a mention; later mentions start afresh.
  // NotFound for an item the principal may not list; FailedPrecondition when already
  // resolved, or when approving a candidate that was forgotten (reject it instead);
  // InvalidArgument for another resolution.
  virtual Result<ReviewItem> ResolveReview(const OpContext& ctx, int64_t id,
                                           const std::string& resolution,
                                           const std::string& vector_model,
                                           const std::string& vector) = 0;

  // Lifecycle. TouchMemories records that ctx.principal was shown these memories at ctx.now
  // (access_count + 1, last_access) and wakes the dormant ones: they become active and their
  // vectors return to the hot partition (a vector log entry). Ids the principal may not see,
  // and versions that are not current, are skipped.
  virtual Status TouchMemories(const OpContext& ctx, const std::vector<int64_t>& ids) = 0;
  // Maintenance (no principal): up to `limit` current, active memories whose last access
  // (or, never accessed, whose recording) is before `idle_before` become dormant; their
  // vectors move to the cold partition (ColdPartition). Returns how many changed.
  virtual Result<int64_t> MarkDormant(const Instant& idle_before, int limit) = 0;

  // Metrics. LogRecall appends a recall log row. MarkUsed counts one "used" verdict on the
  // recall `request_id` of ctx.principal's user: NotFound when that user made no such
  // recall. CollectMetrics counts what the filter selects (maintenance: no scope check; the
  // engine decides who may ask).
  virtual Status LogRecall(const RecallLogEntry& entry) = 0;
  virtual Status MarkUsed(const OpContext& ctx, const std::string& request_id, bool used) = 0;
  virtual Result<MetricsCounts> CollectMetrics(const MetricsFilter& filter) = 0;

  // Appends an audit record for a read (recall, get, history) made by ctx.principal.
  virtual Status AppendAudit(const OpContext& ctx, const AuditEntry& entry) = 0;

  // What a recall (or context) call leaves behind: TouchMemories(ids), LogRecall(log) and
  // AppendAudit(audit). A backend whose commits cost (PostgreSQL, SQLite) does the
  // three in one; the default makes the three calls.
  virtual Status RecordRecall(const OpContext& ctx, const std::vector<int64_t>& ids,
                              const RecallLogEntry& log, const AuditEntry& audit) {
    if (Status s = TouchMemories(ctx, ids); !s.ok()) return s;
    if (Status s = LogRecall(log); !s.ok()) return s;
    return AppendAudit(ctx, audit);
  }

  // Records the principal may see: its own actions; everything for the admin role.
  virtual Result<std::vector<AuditRecord>> ListAudit(const OpContext& ctx,
                                                     const AuditQuery& query) = 0;

  // Recomputes the hash chain over the whole log.
  virtual Result<AuditVerification> VerifyAudit() = 0;

  virtual Result<StoreStats> GetStats(const OpContext& ctx) = 0;

  // Outbox. EnqueueOutbox appends the drafts in one transaction and returns their ids (in
  // order, ascending). ListQueued: queued entries with id > after_id, oldest first
  // (maintenance). GetOutbox: NotFound unless ctx.principal's user owns the entry.
  // Entries are marked done by Ingest (IngestBatch::outbox_id, outbox_owner), or failed by
  // FailOutbox: Conflict when the entry is no longer queued or is held by another owner
  // (the lease rule of IngestBatch::outbox_owner). Marking an entry done or failed empties
  // its request and its lease: a processed request is not kept.
  virtual Result<std::vector<int64_t>> EnqueueOutbox(const std::vector<OutboxDraft>& drafts,
                                                     const Instant& now) = 0;
  virtual Result<std::vector<OutboxEntry>> ListQueued(int64_t after_id, int limit) = 0;
  virtual Result<OutboxEntry> GetOutbox(const OpContext& ctx, int64_t id) = 0;
  virtual Status FailOutbox(int64_t id, const std::string& owner, const std::string& error,
                            const Instant& now) = 0;
  // Replaces the request of a queued entry whose request is still `old_request` (the
  // upgrade that seals requests an older build queued in plaintext: engine/legacy_outbox.h).
  // Conflict when the entry is no longer queued or its request changed meanwhile.
  virtual Status RewriteQueued(int64_t id, const std::string& old_request,
                               const std::string& request) = 0;

  // Outbox claims: the workers of one or several processes share the queue through leases.
  // An owner is one worker, unique across processes and over time (a new one per claim is
  // fine); clocks of processes sharing a store must agree within a fraction of the lease.
  //
  // ClaimOutbox leases to `owner`, until now + lease_ms, up to `limit` queued entries, oldest
  // first. An entry is free when it has no lease, its lease ended (lease_until <= now) or
  // `owner` holds it; it is claimed when it is free and, for a non-empty session key, every
  // older queued entry of its key is claimed by the same call: a session's entries are
  // never held by two owners at once, and are claimed oldest first. The entries come back
  // as ListQueued returns them, with their lease.
  // Concurrent claims (threads, connections, processes) never return the same entry with
  // overlapping unexpired leases.
  virtual Result<std::vector<OutboxEntry>> ClaimOutbox(const std::string& owner, int limit,
                                                       int64_t lease_ms, const Instant& now) = 0;
  // Extends to now + lease_ms the leases `owner` holds among `ids`; returns the ids it does
  // not hold any more (done, failed, or leased to another owner after its lease ended).
  virtual Result<std::vector<int64_t>> RenewOutbox(const std::string& owner,
                                                   const std::vector<int64_t>& ids,
                                                   int64_t lease_ms, const Instant& now) = 0;
  // Ends `owner`'s leases among `ids`: the queued ones are free at once.
  virtual Status ReleaseOutbox(const std::string& owner, const std::vector<int64_t>& ids) = 0;

  // API keys (maintenance: no principal; only operators reach these through the engine).
  // PutApiKey: AlreadyExists for a duplicate id. GetApiKey: NotFound for an unknown id.
  // RevokeApiKey: NotFound for an unknown id; revoking twice keeps the first time.
  virtual Status PutApiKey(const ApiKeyRecord& key) = 0;
  virtual Result<ApiKeyRecord> GetApiKey(const std::string& id) = 0;
  virtual Result<std::vector<ApiKeyRecord>> ListApiKeys() = 0;  // oldest first
  virtual Status RevokeApiKey(const std::string& id, const Instant& now) = 0;

  // Multi-tenant stores (postgres). FindApiKeyInAnyTenant: the keys with this id in every
  // tenant of the store, `tenant` set (ids are random, so in practice one; none: an empty
  // list, not NotFound). The only lookup that crosses tenants, so that a server can learn a
  // presented key's tenant from the key alone. ListQueuedTenants: the tenants with queued
  // outbox entries, so that a server resumes every tenant's queue, not only the ones a
  // request opened. The defaults describe a store of one tenant, "".
  virtual Result<std::vector<ApiKeyRecord>> FindApiKeyInAnyTenant(const std::string& id) {
    auto key = GetApiKey(id);
    if (!key.ok() && key.status().code() == StatusCode::kNotFound) {
      return std::vector<ApiKeyRecord>{};
    }
    if (!key.ok()) return key.status();
    return std::vector<ApiKeyRecord>{std::move(key).value()};
  }
  virtual Result<std::vector<std::string>> ListQueuedTenants() {
    auto queued = ListQueued(0, 1);
    if (!queued.ok()) return queued.status();
    if (queued->empty()) return std::vector<std::string>{};
    return std::vector<std::string>{""};
  }

  // --- Lifecycle: consolidation and erasure (src/govern; lifecycle_types.h) ---

  // Memories a consolidation run by ctx.principal may change, ids ascending, at most
  // query.limit: every non-deleted, non-quarantined, unexpired version (current or not) in
  // the scopes the principal may write; every scope for the admin role.
  virtual Result<std::vector<Memory>> ListConsolidatable(const OpContext& ctx,
                                                         const ConsolidationQuery& query) = 0;

  // Applies a plan atomically, with one "compact" audit record naming every id touched.
  // Conflict (nothing written) when a memory of the plan is no longer current or was
  // forgotten; NotFound / PermissionDenied when one is not consolidatable by ctx.principal;
  // InvalidArgument when the plan mixes scopes or names a memory twice. Links that exist
  // already are kept and not reported again. Nothing is deleted.
  virtual Result<ConsolidationOutcome> ApplyConsolidation(const OpContext& ctx,
                                                          const ConsolidationPlan& plan) = 0;

  // Links from or to memory `id`, oldest first. NotFound as GetMemory.
  virtual Result<std::vector<MemoryLink>> ListLinks(const OpContext& ctx, int64_t id) = 0;

  // Removes everything of `user_id` in one transaction: every memory version the user owns
  // (any scope) and every summary citing one of them, their keyword postings, vectors (a
  // "remove" is logged for the index) and links; the user's messages, vault entries, review
  // items, outbox entries, API keys and entities (with every memory's links to them); and the whole embedding cache (rows carry no owner).
  // Audit records stay (append-only; they hold ids, not text); an "erase" record is added.
  // PermissionDenied unless ctx.principal is that user or has the admin role;
  // InvalidArgument for an empty user id; NotFound when nothing of the user is stored.
  virtual Result<EraseOutcome> EraseUser(const OpContext& ctx, const std::string& user_id) = 0;

  // --- Entities (entity_types.h) ---

  // Creates or updates directory entries atomically, with one "entities.import" audit record.
  // An entry updates the entity of its scope with the same external id (when given) or else
  // the same type and name; ids stay. PermissionDenied when a scope is not writable by
  // ctx.principal; InvalidArgument for a malformed scope or an empty name.
  virtual Result<EntityImportOutcome> PutEntities(const OpContext& ctx,
                                                  const std::vector<EntityRecord>& entries) = 0;
  // The rows of entity names (folded names, aliases, roles, external ids) among `names` of
  // the entities ctx.principal may see.
  virtual Result<std::vector<EntityName>> FindEntityNames(
      const OpContext& ctx, const std::vector<std::string>& names) = 0;
  // Visible entities matching the query, ids ascending.
  virtual Result<std::vector<EntityRecord>> ListEntities(const OpContext& ctx,
                                                         const EntityQuery& query) = 0;
  // NotFound when absent or not visible.
  virtual Result<EntityRecord> GetEntity(const OpContext& ctx, int64_t id) = 0;
  // The relations of entity `id`, at most `limit`: first the stated ones whose subject it is
  // (open relation rows of visible current memories, objects visible, newest first: entity
  // objects, then literal ones), then the stated ones whose object it is (`incoming`, the
  // subject visible, newest first), then visible entities co-mentioned with it in visible
  // current memories, most shared memories first. NotFound as GetEntity.
  virtual Result<std::vector<EntityRelation>> ListEntityRelations(const OpContext& ctx,
                                                                  int64_t id, int limit) = 0;
  // The entities memory version `id` mentions (its links) that ctx.principal may see, entity
  // ids ascending (`created` false). Empty when the memory is absent, forgotten or not
  // visible: the caller reports NotFound through GetMemory.
  virtual Result<std::vector<EntityLinkOutcome>> ListMemoryEntities(const OpContext& ctx,
                                                                    int64_t id) = 0;
  // The graph channel: see GraphResult. Entities ctx.principal may not see are ignored.
  virtual Result<GraphResult> SearchGraph(const OpContext& ctx, const GraphQuery& query) = 0;

  // --- Copying a whole store (table_rows.h; `engram migrate`, src/engine/migrate.h) ---

  // Sends every portable row of the store (the tenant's, on PostgreSQL) to `sink`, tables in
  // PortableTables() order, from one consistent snapshot; writes nothing. A sealed vault value
  // stays sealed (it is carried as stored). Returns the sink's first error. NotSupported for a
  // backend that cannot (the default; the memory backend keeps no tables).
  virtual Status ExportRows(RowSink& sink) {
    (void)sink;
    return Status::NotSupported("store: this backend cannot export its rows");
  }

  // Writes, in one transaction, every row `produce` sends to the sink it is handed (as
  // ExportRows sends them: tables in order, ids as given), then brings what the backend
  // derives from them level: the keyword index, id sequences (new ids continue after the
  // copied ones), vector liveness and partitions, the audit chain's head (its anchor). The
  // audit records are kept verbatim, so the chain verifies under the same audit key only.
  // FailedPrecondition (nothing written) unless the store is empty; InvalidArgument for a row
  // of an unknown table or the wrong width; the error of `produce`. On any error nothing is
  // written. NotSupported by default.
  virtual Status ImportRows(const std::function<Status(RowSink&)>& produce) {
    (void)produce;
    return Status::NotSupported("store: this backend cannot import rows");
  }

  // Rewrites the storage so that erased data leaves the files (SQLite: VACUUM, then a
  // truncating WAL checkpoint). OK and nothing to do for the memory backend. Unavailable
  // when another connection keeps the checkpoint from completing.
  virtual Status CompactStorage() = 0;
};

}  // namespace engram::store

#endif  // ENGRAM_STORE_STORE_H_
