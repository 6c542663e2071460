// Engine: the memory engine's public entry point.
//
//   auto engine = engram::Engine::Open(options);          // Result<std::unique_ptr<Engine>>
//   engine.value()->Remember({.principal = p, .text = "张工说下周二要验收接口文档"});
//   engine.value()->Recall({.principal = p, .query = "接口文档"});
//
// Every call acts on behalf of a Principal; a memory the principal may not see is reported
// as NotFound, exactly like one that does not exist. Every call that reads or writes
// memories is audited (append-only, hash-chained).
//
// Thread safety: an Engine may be used from many threads at once. Several engines (or
// processes) may open the same SQLite file.
#ifndef ENGRAM_ENGINE_H_
#define ENGRAM_ENGINE_H_

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engram/embedder.h"
#include "engram/entities.h"
#include "engram/lifecycle.h"
#include "engram/options.h"
#include "engram/result.h"
#include "engram/status.h"
#include "engram/types.h"

namespace engram {

struct RememberRequest {
  Principal principal;
  std::string text;                           // UTF-8, non-empty, <= Options::max_text_bytes
  Visibility visibility = Visibility::kPrivate;
  std::string team_id;                        // required iff visibility == kTeam
  std::string session_id;
  std::optional<Instant> at;                  // reference time of the message; default now
  SourceType source = SourceType::kChat;
  std::string role = "user";                  // who said it in the conversation
  // A JSON object kept with the memories. Personal identifiers in its keys and values are
  // sealed like the text's (readers see masks), and the guard reads its keys and values.
  std::string metadata_json = "{}";
  // When the statement holds in the world (public knowledge: a policy valid for 2024).
  // valid_from defaults to `at`; after valid_to the memory leaves recall (as an expired one
  // does: questions about the past still find it) and stays in history. InvalidArgument
  // unless valid_from < valid_to.
  std::optional<Instant> valid_from;
  std::optional<Instant> valid_to;
  // false: store the text as one raw memory, without reading a kind into it (so no TTL) and
  // without a self-contained rewrite. The guard, PII masking and time anchoring still run.
  bool infer = true;

  // Optional explicit fact. When `attribute` is set, the memory is a semantic fact about
  // `subject` that supersedes the current fact with the same (subject, attribute) in the
  // same scope; `value` is the new value.
  std::string subject;
  std::string attribute;
  std::string value;
};

// A third-person pronoun of a remembered message and whom it names (he, 她, they, ...),
// judged against the session's last turns (Options::self_contained_memories).
struct CoreferenceView {
  std::string pronoun;                   // as said
  std::vector<std::string> antecedents;  // the names it stands for (empty: none fits)
  std::vector<int64_t> entity_ids;       // their entities, once linked (resolved only)
  double confidence = 0;
  bool resolved = false;  // replaced by the names in the memory's content
  std::string reason;     // when not: no_antecedent | ambiguous | unnamed | low_confidence
};

struct RememberResult {
  std::string request_id;
  int64_t message_id = 0;
  std::vector<Memory> memories;      // created
  std::vector<int64_t> superseded;   // ids of versions the new memories retired
  // Current facts a statement of this message repeated (reinforced, no new memory; they are
  // in `memories` as updated), and new statements stored as history because the current
  // version outranks them (older, or from a less reliable source).
  std::vector<int64_t> reinforced;
  std::vector<int64_t> outranked;
  // Weak facts (hasSkill, prefers) said about someone else and not yet heard three times from
  // different messages nor confirmed ("确认", "confirmed"): kept as history (in `memories`,
  // not current, no relation) until the mention that makes them current, each with a
  // weak_candidate review item (in `review_items`) whose approval makes it current at once.
  std::vector<int64_t> candidates;
  // The current memory this message said again (normalized text equal, or embedding cosine
  // >= 0.92 with the same subject and no new value): it was reinforced instead of adding a
  // memory (Mem0's event NONE); 0 if none. The message itself is still logged.
  int64_t duplicate_of = 0;
  // What the write path's rule stages made of the message.
  std::string guard = "clean";        // clean | suspicious | quarantine (kept, never recalled)
  std::vector<std::string> signals;   // preference, commitment, task, decision, risk, ...
  std::vector<int64_t> review_items;  // review queue items raised (see Engine::Review)
  // The message's event: complaint, approval, update, inquiry, schedule, notification,
  // commitment, preference, task, decision, risk, status, or "none"; slots (actor, object,
  // time, value, severity, ...) with confidence >= 0.6.
  std::string event_type = "none";
  double event_confidence = 0;
  std::map<std::string, std::string> event_slots;
  std::vector<EntityLinkView> entities;  // entities the memories mention (known or new)
  // The message's pronouns (with Options::self_contained_memories). When one is resolved or a
  // relative time anchored, the episodic memory's content is the self-contained rewrite ("李工(2024-07-14)说…") and the message
  // keeps the text as said.
  std::vector<CoreferenceView> coreferences;
};

// An entry of the review queue: a quarantined message, a suspicious one, a time expression
// anchored with low confidence, or a weak fact kept as a candidate (weak_candidate: a skill
// or like said about someone else, not yet heard three times nor confirmed).
struct ReviewItemView {
  int64_t id = 0;
  // quarantine | suspicious | low_temporal_confidence | weak_candidate
  std::string kind;
  std::string user_id;
  int64_t memory_id = 0;     // 0 = none
  int64_t message_id = 0;
  std::string reason;
  std::string payload_json;
  Instant created_at;
  std::optional<Instant> resolved_at;
  // approve | reject, once resolved by a person; confirmed for a weak_candidate whose fact
  // became current without it (a later mention or confirmation, or another item's approval)
  std::string resolution;
};

// Narrows a recall to memories that match every condition given. Empty means no condition.
// Channels search deeper when a filter is set (see recall::Recall), so a filter that keeps
// few memories still fills the limit from the best matching ones.
struct RecallFilter {
  std::vector<MemoryType> types;  // any of these
  std::vector<MemoryKind> kinds;  // any of these
  std::string session_id;         // said in this session (Memory::source.session_id)
  std::string agent_id;           // written by this agent (Memory::scope.agent_id)
  // A condition on Memory::metadata_json, in Mem0's filter syntax, as JSON text:
  //   {"k": v}                 k present and equal to v (JSON equality; 1 == 1.0)
  //   {"k": "*"}               k present
  //   {"k": {"eq"|"ne"|"in"|"nin"|"gt"|"gte"|"lt"|"lte"|"contains"|"icontains": arg}}
  //   {"AND"|"OR"|"NOT": [filter, ...]}
  // Keys of one object must all hold. gt/gte/lt/lte compare numbers with numbers and strings
  // with strings (anything else does not match); contains/icontains test a string value
  // (icontains after Unicode case folding). "" or "{}" = none; malformed = InvalidArgument.
  std::string metadata_json;

  bool empty() const {
    return types.empty() && kinds.empty() && session_id.empty() && agent_id.empty() &&
           (metadata_json.empty() || metadata_json == "{}");
  }
};

struct RecallRequest {
  Principal principal;
  std::string query;                 // UTF-8, non-empty
  std::optional<Instant> at;         // reference time of the question; default now
  int limit = 0;                     // 0 means Options::default_recall_limit
  bool include_history = false;      // also superseded versions
  std::string session_id;            // the asking session (feeds the recency channel)
  // Also memories whose TTL ran out (Options::ttl_hours_*). Expiry is judged as of `at`.
  bool include_expired = false;
  // Deep search: the vector channel also scores dormant memories (Options::
  // dormant_after_days), which ordinary recall finds by keyword only.
  bool deep = false;
  RecallFilter filter;
  // Hits whose relevance (RecallHit::relevance) is below this are left out; nullopt means
  // Options::min_relevance. 0 keeps every hit. Must be in [0, 1] (else InvalidArgument).
  std::optional<double> min_relevance;
};

// Why a hit was recalled by one channel.
struct ChannelScore {
  int rank = 0;        // 1-based rank within the channel
  double score = 0;    // the channel's own score (BM25 for "keyword")
};

// How a hit's score was made: score = rrf * decay * confidence * time * rerank + context.
struct HitExplanation {
  double rrf = 0;         // weighted reciprocal-rank fusion over the channels
  double decay = 1;       // time decay (damped), by the memory type's half-life
  double confidence = 1;  // confidence weighting
  double time = 1;        // time-window weighting from time expressions in the query
  double rerank = 1;      // factor applied by the reranker
  double context = 0;     // score lent by a neighbouring turn of a better hit (same session)
  int64_t age_ms = 0;     // question time minus the memory's time
};

struct RecallHit {
  Memory memory;
  double score = 0;                               // final score, larger is better
  std::map<std::string, ChannelScore> channels;   // channel name -> its rank and score
  HitExplanation explanation;
  // How well the memory answers the query, in [0, 1], on one scale for every query (unlike
  // `score`, which only orders the hits of one recall).
  double relevance = 0;
  // current | outdated (a later memory replaced what this one says; see superseded_by) |
  // expired (its TTL ran out as of the question's time; memory.recorded_at says when it was
  // learned). Outdated and expired hits rank below current ones and come back only when the
  // question asks about the past, with include_history / include_expired, or when nothing
  // current answers.
  std::string state = "current";
  int64_t superseded_by = 0;  // the memory that replaced this one (state == outdated)
};

struct RecallResult {
  std::string request_id;   // quote it in feedback
  std::vector<RecallHit> hits;
};

// A prompt-ready block of memories for an agent (see Engine::Context).
struct ContextRequest {
  Principal principal;
  std::string query;            // what the agent is about to answer
  std::string session_id;       // the current session: its recent turns are working memory
  std::optional<Instant> at;    // default now
  int budget_tokens = 1024;     // estimated tokens the block may use (> 0)
};

struct ContextResult {
  std::string request_id;
  std::string text;                  // the block, one cited line per memory
  std::vector<int64_t> cited;        // memory ids cited as [MEM#id], in order
  int estimated_tokens = 0;
};

struct CorrectRequest {
  Principal principal;
  int64_t id = 0;            // the current version to correct
  std::string text;          // the corrected statement
  std::string value;         // for facts: the corrected value (default: unchanged)
  std::optional<Instant> at; // when the correction holds from; default now
  // The new version's metadata (a JSON object, as RememberRequest::metadata_json); default:
  // the corrected version's. InvalidArgument when it is not a JSON object of <= 16 KiB.
  std::optional<std::string> metadata_json;
};

// What a recalled memory was worth to the agent (the correction loop). `request_id` is the
// one a recall (or context) returned; it links this feedback to the recall in the audit log.
struct FeedbackRequest {
  Principal principal;
  std::string request_id;   // of the recall that showed the memory
  int64_t memory_id = 0;
  std::string verdict;      // "used" | "wrong" | "outdated"
  std::string correction;   // optional, with wrong/outdated: the corrected statement
  bool forget = false;      // with wrong/outdated and no correction: forget the memory
};

struct FeedbackResult {
  std::string request_id;         // of this feedback call
  std::optional<Memory> corrected;  // the new version when a correction was given
};

struct ForgetRequest {
  Principal principal;
  int64_t id = 0;
  bool hard = false;   // erase content instead of only retiring it
};

// Memories the principal may see, in id order, a page at a time (see Engine::List).
struct ListRequest {
  Principal principal;
  std::string session_id;            // only this session; "" = any
  std::optional<MemoryType> type;    // only this type
  std::optional<MemoryKind> kind;    // only this kind
  bool include_history = false;      // also superseded versions (never forgotten ones)
  int64_t after_id = 0;              // the page starts after this id
  int limit = 50;                    // 1..1000
  // Only memories in this state, "" = any (include_history then decides on old versions):
  //   current      the current version, active, not expired
  //   outdated     a superseded version (include_history is implied)
  //   dormant      the current version, dormant
  //   expired      the current version, active, past expires_at
  //   quarantined  held by the guard until a review approves it
  std::string status;
  std::string agent_id;                  // only memories written by this agent; "" = any
  std::optional<Instant> recorded_from;  // only Memory::recorded_at >= this
  std::optional<Instant> recorded_to;    // only Memory::recorded_at < this
  // A condition on Memory::metadata_json in RecallFilter::metadata_json's syntax; "" = none.
  std::string metadata_json;
  // Rows the conditions reject are skipped before `limit` counts: a page is short only when
  // it is the last, and next_after_id pages on across them.
};

struct ListResult {
  std::vector<Memory> memories;
  int64_t next_after_id = 0;  // pass as after_id for the next page; 0 when this was the last
};

struct MessageView {
  int64_t id = 0;
  std::string session_id;
  std::string role;
  std::string content;
  Instant at;
};

struct AuditEntryView {
  int64_t seq = 0;
  Instant at;
  std::string actor_user;
  std::string actor_agent;
  std::string action;
  std::vector<int64_t> targets;
  std::string request_id;
  std::string detail_json;
  std::string hash;
};

struct AuditCheck {
  int64_t records = 0;
  bool intact = true;
  int64_t first_bad_seq = 0;
  std::string problem;        // why the chain is not intact; empty when intact
  int64_t keyed_records = 0;  // records checked with the audit key (others predate keying)
  int64_t anchored_seq = 0;   // the last record the external anchor vouches for
};

struct EngineStats {
  int64_t messages = 0;           // messages the principal's user sent
  int64_t memories_current = 0;   // visible current memories
  int64_t memories_versions = 0;  // visible versions, all statuses
  int64_t memories_deleted = 0;   // visible forgotten memories
  int64_t audit_records = 0;      // audit records the principal may list
  int64_t memories_dormant = 0;   // visible current memories that are dormant
  int64_t memories_expired = 0;   // visible current memories whose TTL ran out
  int64_t vectors_hot = 0;        // vectors in the principal's hot index partitions
  int64_t vectors_cold = 0;       // ... and in the cold (dormant) ones
  int64_t schema_version = 0;
  std::string backend;
};

// An API key as listed: never its secret, which is shown once at creation and stored only
// as a BLAKE2b hash.
struct ApiKey {
  std::string id;          // public part of the secret, e.g. "3f2a9c01d4e7b2a6"
  std::string name;        // a label for operators
  Principal principal;     // who a request carrying the key acts as
  Instant created_at;
  std::optional<Instant> revoked_at;
};

struct NewApiKey {
  ApiKey key;
  std::string secret;      // "ek_<id>_<32 hex>": give it to the client; it is not kept
};

// Who a secret acts for across the tenants of a store (Engine::AuthenticateAnyTenant).
struct TenantPrincipal {
  std::string tenant;      // the key's tenant; "" is the default tenant
  Principal principal;
};

// Lifecycle metrics of one user, team or agent over a window (see Engine::Metrics).
struct MetricsRequest {
  Principal principal;
  std::string by = "user";   // "user" | "team" | "agent"
  std::string id;            // "" = the principal's own user / agent (not for team)
  int window_days = 30;      // 1..3650, ending now
  // "" = totals only; "day" = also MemoryMetrics::series, one bucket per day of the window
  // (window_days 1..90): bucket i covers [now - (window_days - i) days, the next bucket).
  std::string bucket;
};

// The counts of one bucket of a series (the windowed metrics of MemoryMetrics over
// [from, to)); the buckets of a series add up to the totals.
struct MetricsBucket {
  Instant from;
  Instant to;
  int64_t recalls = 0;
  int64_t used = 0;
  double hit_rate = 0;
  int64_t repeated_questions = 0;
  double repeated_question_rate = 0;
  int64_t messages = 0;
  int64_t context_reloads = 0;
  double context_reload_rate = 0;
  std::map<std::string, int64_t> writes_by_signal;
  // States at the bucket's end: review items raised and not yet resolved then, and
  // quarantined messages then (quarantine items not released by an approval before it).
  int64_t review_open = 0;
  int64_t quarantined = 0;
};

struct MemoryMetrics {
  std::string by;
  std::string id;
  Instant from;
  Instant to;
  int64_t recalls = 0;                 // recall and context calls
  int64_t used = 0;                    // memories marked "used" in feedback
  double hit_rate = 0;                 // used / recalls
  int64_t repeated_questions = 0;      // near-duplicates of a question asked in the 30
  double repeated_question_rate = 0;   //   days before (token-set Jaccard >= 0.8) / recalls
  int64_t messages = 0;                // messages written
  int64_t context_reloads = 0;         // "我之前说过", "as I said before"
  double context_reload_rate = 0;      // context_reloads / messages
  std::map<std::string, int64_t> writes_by_signal;  // signal -> messages
  int64_t review_open = 0;             // open review items
  int64_t quarantined = 0;             // quarantined memories
  // Per-bucket counts, oldest first, when MetricsRequest::bucket asked for them; each bucket
  // also carries the review backlog and the quarantined count at its end (read off the review
  // items' raise and resolution times).
  std::vector<MetricsBucket> series;
};

// What a lifecycle sweep did (see Engine::Sweep).
struct SweepReport {
  int64_t dormant = 0;  // memories that became dormant
};

// One request of the durable ingestion queue (see Engine::Enqueue).
struct QueuedRemember {
  int64_t id = 0;
  std::string state;                     // "queued", "done" or "failed"
  std::optional<RememberResult> result;  // when done: the message and the memories made
  Status error;                          // when failed: why (never retried)
};

class Engine {
 public:
  // Opens the backend named in options (creating or migrating the database).
  // NotFound: missing database and !create_if_missing. Corruption: not a database.
  // FailedPrecondition: a database written by a newer version. InvalidArgument: bad options.
  static Result<std::unique_ptr<Engine>> Open(const Options& options);

  virtual ~Engine() = default;

  // Stores the message and the memories made from it, in one transaction.
  // InvalidArgument: invalid UTF-8, empty or oversized text, bad scope or metadata.
  // PermissionDenied: writing into a team the principal is not in, or public without admin.
  virtual Result<RememberResult> Remember(const RememberRequest& request) = 0;

  // Remembers the requests in order with exactly the effects of one Remember per request in
  // that order: each sees the ones before it (its session's previous turn in its embedding,
  // pronouns, automatic sessions, restatements, supersession), and each is committed on its
  // own. Only the embedding is batched: the passages of up to 64 requests are predicted from
  // the rule stages and embedded together, grouped by length (e5 embeds a batch several
  // times faster than one text at a time); a prediction that turns out wrong is embedded
  // again on its own, so vectors equal Remember's up to the embedder's batching noise.
  // Returns one entry per request attempted, in order: its result, or why it was refused (as
  // Remember). Stops after the entry of the first request that failed for a reason other
  // than itself (Unavailable, DeadlineExceeded, IOError, Corruption, Internal,
  // ResourceExhausted: the embedder or the store), or of the first failure at all with
  // `stop_at_first_error`; the requests after it are not attempted (fewer entries).
  virtual std::vector<Result<RememberResult>> RememberMany(
      const std::vector<RememberRequest>& requests, bool stop_at_first_error) = 0;

  // Memories relevant to the query, best first, restricted to what the principal may see.
  virtual Result<RecallResult> Recall(const RecallRequest& request) = 0;

  // A block for the agent's prompt: the session's recent turns (working memory), then the
  // recalled semantic facts, episodic events and procedural notes, most useful first, each
  // line cited as [MEM#id] with its time and confidence, within the token budget.
  virtual Result<ContextResult> Context(const ContextRequest& request) = 0;

  // One version by id. NotFound when absent or not visible.
  virtual Result<Memory> Get(const Principal& principal, int64_t id) = 0;

  // A message the principal's user said (the source.message_id of a memory), as stored:
  // normalized, identifiers masked as in Get. NotFound for another user's message (a
  // teammate's raw message may hold what the guard quarantined), an erased one, or none.
  // Audited as "message".
  virtual Result<MessageView> GetMessage(const Principal& principal, int64_t message_id) = 0;

  // Visible memories matching the filters, in id order, one page. InvalidArgument for a bad
  // limit or principal. Audited as "list".
  virtual Result<ListResult> List(const ListRequest& request) = 0;

  // Every version of the memory `id` belongs to, oldest first. NotFound as Get.
  virtual Result<std::vector<Memory>> History(const Principal& principal, int64_t id) = 0;

  // Writes a corrected version that supersedes `id`. NotFound as Get; PermissionDenied when
  // visible but not writable; Conflict when `id` is no longer current.
  virtual Result<Memory> Correct(const CorrectRequest& request) = 0;

  // Retires the memory (all versions); `hard` also erases their content and source text.
  // Forgetting a message's episodic record also forgets the current facts extracted from that
  // message (Options::extract_facts): what was learned from a statement goes with it.
  virtual Status Forget(const ForgetRequest& request) = 0;

  virtual Result<EngineStats> Stats(const Principal& principal) = 0;

  // Audit records the principal may see (its own; all for the admin role), after `after_seq`.
  virtual Result<std::vector<AuditEntryView>> Audit(const Principal& principal,
                                                    int64_t after_seq, int limit) = 0;

  // Recomputes the audit hash chain.
  virtual Result<AuditCheck> VerifyAudit() = 0;

  // Records feedback on a recalled memory (audited as "feedback" with the recall's request
  // id and the verdict). With a correction (verdict wrong or outdated) the memory gets a new
  // version, as Correct does; with `forget` it is forgotten (soft), as Forget does.
  // InvalidArgument for an unknown verdict, an empty request id, a correction with "used";
  // NotFound for a memory the principal may not see, or a request id that is not one of
  // this user's recalls (or contexts).
  virtual Result<FeedbackResult> Feedback(const FeedbackRequest& request) = 0;

  // The review queue: the principal's own items (every user's for the roles "admin" and
  // "reviewer"), oldest first, open ones unless `include_resolved`; the guard's rule ids and
  // score are in the payload for reviewers only. ResolveReview with "approve" releases a
  // quarantined memory into recall; only a reviewer other than the message's writer may
  // approve a quarantine (PermissionDenied otherwise); "reject" keeps it quarantined. A
  // quarantined memory's text is shown to its writer and to reviewers only. For a weak_candidate,
  // "approve" makes the candidate the current fact exactly as a confirming mention would
  // (superseding another current value, or reinforcing the same one; with its relation and
  // vector), and "reject" forgets it (history only; it no longer counts as a mention, later
  // mentions start afresh). Both are audited. NotFound for an item the principal may not
  // list; FailedPrecondition when resolved (a candidate item a later mention confirmed is
  // resolved as "confirmed"), or when approving a candidate that was forgotten.
  virtual Result<std::vector<ReviewItemView>> Review(const Principal& principal,
                                                     bool include_resolved, int limit) = 0;
  virtual Result<ReviewItemView> ResolveReview(const Principal& principal, int64_t id,
                                               const std::string& resolution) = 0;

  // Durable asynchronous ingestion. Enqueue refuses up front what Remember would refuse
  // (InvalidArgument for a bad principal, text or metadata; PermissionDenied for a team the
  // caller is not in, or a public write without the admin role), seals the requests' PII into
  // the vault, writes them to the outbox in one transaction and returns their ids (the
  // acknowledgement); nothing is lost once it returns, even if the process dies. An entry's
  // request is emptied once it is done or failed. ProcessQueue claims up to `max` queued
  // requests with a lease (Options::outbox_lease_ms, renewed while it works, released when
  // it returns), runs the write pipeline on them oldest first, and returns how many it
  // finished (done or failed); each request is committed together with its outbox entry's
  // "done" mark, which requires the lease, so it is processed exactly once even when several
  // workers or processes race, and one session's requests (a user's session, or a user and
  // agent's requests without one) are written in the order they were queued.
  // GetQueued: NotFound unless the entry belongs to the principal's user.
  virtual Result<std::vector<int64_t>> Enqueue(const std::vector<RememberRequest>& requests) = 0;
  virtual Result<int> ProcessQueue(int max) = 0;
  virtual Result<QueuedRemember> GetQueued(const Principal& principal, int64_t id) = 0;

  // Lifecycle metrics. A principal may ask for its own user and for a team it is in, and
  // the admin role for anyone and for agents (an agent id is not unique across users, and
  // by=agent counts every user's agent of that id); otherwise PermissionDenied. InvalidArgument for an
  // unknown `by` or a window outside 1..3650 days.
  virtual Result<MemoryMetrics> Metrics(const MetricsRequest& request) = 0;

  // Lifecycle upkeep (an operator call, like the API key calls): current memories neither
  // recalled nor written for Options::dormant_after_days become dormant (see
  // RecallRequest::deep). Audited as "sweep" by the system principal. `engram sweep` and
  // the server's maintenance timer call it; it is cheap when there is nothing to do.
  virtual Result<SweepReport> Sweep() = 0;

  // Embeds texts with the engine's embedder (the one memories are indexed with).
  // NotSupported when Options::embedder is "none"; InvalidArgument for invalid UTF-8 or more
  // than 2048 texts; provider errors as Embedder::Embed.
  virtual Result<Embeddings> Embed(EmbedRole role, const std::vector<std::string>& texts) = 0;

  // The embedder's model id ("" when Options::embedder is "none").
  virtual std::string EmbedderModel() const = 0;

  // API keys (operator calls: whoever can open the database manages its keys).
  // CreateApiKey: InvalidArgument for an invalid principal or name.
  virtual Result<NewApiKey> CreateApiKey(const std::string& name, const Principal& principal) = 0;
  virtual Result<std::vector<ApiKey>> ListApiKeys() = 0;
  // NotFound for an unknown id; revoking twice is OK.
  virtual Status RevokeApiKey(const std::string& id) = 0;
  // The principal a secret acts as. Unauthenticated when it is malformed, unknown or revoked.
  virtual Result<Principal> Authenticate(const std::string& secret) = 0;

  // --- Tenants (docs/scale-out.md#tenants) ---
  //
  // A store holds one tenant (sqlite, memory: the default tenant "") or many (postgres: every
  // row carries its tenant; the URI's `tenant` names the one an engine reads and writes).
  // An engine only ever sees its own tenant's rows, the public scope included; an API key
  // belongs to one tenant and its principal (admin too) acts in that tenant only.

  // The tenant this engine reads and writes ("" = the default tenant).
  virtual std::string Tenant() const = 0;

  // Whether the store can hold other tenants than this engine's (postgres).
  virtual bool MultiTenant() const = 0;

  // An engine for `tenant` on the same store with the same options; it shares this engine's
  // embedding provider (one model in memory, one queue of embedding calls) and vault key,
  // and may outlive this engine. InvalidArgument: a tenant name that is not 1..64 bytes of
  // [A-Za-z0-9_.-] (or "" for the default tenant); FailedPrecondition: a store of one tenant
  // (sqlite, memory); otherwise the errors of Open.
  virtual Result<std::unique_ptr<Engine>> OpenTenant(const std::string& tenant) = 0;

  // The tenant and principal a secret acts as, found from the secret alone in whichever
  // tenant of the store holds it (on a store of one tenant: Authenticate, tenant ""). The
  // one read that crosses tenants. Unauthenticated as Authenticate.
  virtual Result<TenantPrincipal> AuthenticateAnyTenant(const std::string& secret) = 0;

  // The tenants with queued remember requests (an operator call: a server resumes every
  // tenant's queue after a restart). On a store of one tenant: {""} or {}.
  virtual Result<std::vector<std::string>> QueuedTenants() = 0;

  // --- Lifecycle (engram/lifecycle.h) ---

  // Consolidates the memories the principal may write (every scope for the admin role):
  // merges current memories that state the same thing (one survives; the others stop being
  // current, never deleted), links complementary facts and events, and writes one summary
  // memory (kind summary) per run of a session's episodic records, citing its sources.
  // Rule-based (src/govern/consolidation.h); idempotent: a second run with nothing new
  // changes nothing. One transaction, audited as "compact" with every id touched.
  // InvalidArgument for a bad principal; Conflict when memories changed during three
  // attempts in a row.
  virtual Result<CompactReport> Compact(const CompactRequest& request) = 0;

  // The background job: when Options::compact_interval_seconds > 0 and that long has passed
  // (by the engine's clock) since its last run (or its first call), runs Compact for every
  // scope as the principal {user "engram", role "admin"} and returns its report; otherwise
  // nullopt. A run that finds nothing to do is not audited. Servers call it from a timer.
  virtual Result<std::optional<CompactReport>> CompactIfDue() = 0;

  // Links from or to memory `id` (see MemoryLinkView), oldest first. NotFound as Get.
  virtual Result<std::vector<MemoryLinkView>> Links(const Principal& principal, int64_t id) = 0;

  // --- Entities (engram/entities.h) ---

  // Creates or updates directory entries in one transaction (all or nothing), audited as
  // "entities.import". An entry updates the entity of its scope with the same external id,
  // or else the same type and name. Remember then links mentions to the entries visible to
  // the writer by name, alias or role; recall's graph channel finds memories through them.
  // InvalidArgument for a bad entry (message "line N: ..." when EntityEntry::line is set,
  // else "entries[i]: ..."), no entries or more than 10000, or an entry whose name, alias,
  // role or id holds a personal identifier (entries are shown to every reader of their
  // scope and not sealed); PermissionDenied for a team the principal is not in, public
  // without the admin role, or an entry the guard reads as an injection ("...: guard: ...").
  virtual Result<ImportEntitiesResult> ImportEntities(const ImportEntitiesRequest& request) = 0;

  // Entities the principal may see, in id order, one page. InvalidArgument for a bad limit.
  virtual Result<ListEntitiesResult> ListEntities(const ListEntitiesRequest& request) = 0;

  // The entity's relations (at most `limit`, 1..1000): the edges its current facts state
  // ("outgoing"), the edges other entities' facts point at it ("incoming"), then the visible
  // entities mentioned together with it in visible current memories ("mutual",
  // co_mentioned). NotFound when absent or not visible.
  virtual Result<EntityRelationsResult> EntityRelations(const Principal& principal, int64_t id,
                                                        int limit) = 0;

  // The entities memory version `id` mentions (linked when it was written), those the
  // principal may see, entity ids ascending; `surface` (the words that named each) only for
  // the memory's own user. NotFound as Get.
  virtual Result<std::vector<EntityLinkView>> MemoryEntities(const Principal& principal,
                                                             int64_t id) = 0;

  // Removes everything of `user_id`: every memory version the user wrote in any scope
  // (private, team and public) and every summary citing one of them, their messages, the
  // entities they own and every memory's links to them, PII vault entries, review items,
  // queued requests, API keys, keyword postings and vectors
  // (the vector file is rewritten without them), and the embedding cache; then rewrites the
  // database file (VACUUM, WAL truncated) so no deleted page keeps their text. The audit log
  // keeps the user's records (ids only) and gains an "erase" record.
  // Allowed for the user themself (not through an agent-scoped key) and for the admin role
  // (PermissionDenied otherwise);
  // InvalidArgument for a bad user id; NotFound when nothing of the user is stored.
  virtual Result<EraseReport> EraseUser(const Principal& principal,
                                        const std::string& user_id) = 0;
};

}  // namespace engram

#endif  // ENGRAM_ENGINE_H_
