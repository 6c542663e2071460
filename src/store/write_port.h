// WritePort: the rows of one open write transaction of a backend, and nothing else.
//
// The write procedures every backend shares (store_core.h: Ingest, Supersede, the review
// queue's resolution) are written once over this port, the way leveldb's DBImpl is written
// once over Env: the rules (reconcile.h, weak_fusion.h, versions.h, access.h) live in the
// procedures, the port only reads and writes rows. A backend implements it over its own
// transaction (SQLite: the writer connection inside BEGIN IMMEDIATE; memory: its maps, with
// a snapshot to roll back to).
//
// Contract:
//   - Every call runs inside the transaction StoreCore::RunWrite opened; nothing is visible
//     to other readers before it commits, and a failed procedure leaves nothing behind.
//   - Reads see the transaction's own writes.
//   - No call checks visibility or permission: the procedures do (access.h).
//   - Ids are allocated by the backend (InsertMessage, InsertMemory, InsertReview).
//
// Thread safety: a port belongs to the one thread running the transaction.
#ifndef ENGRAM_STORE_WRITE_PORT_H_
#define ENGRAM_STORE_WRITE_PORT_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engram/result.h"
#include "engram/status.h"
#include "engram/types.h"
#include "src/store/store.h"

namespace engram::store {

class WritePort {
 public:
  virtual ~WritePort() = default;

  // --- Messages and memories ---

  // Stores the message (state done) of `scope`, recorded at `recorded`; returns its id.
  virtual Result<int64_t> InsertMessage(const Scope& scope, const NewMessage& message,
                                        const Instant& recorded) = 0;
  // Any memory row, whatever its scope and state; nullopt when absent.
  virtual Result<std::optional<Memory>> GetMemory(int64_t id) = 0;
  // The current memory of scope `scope_key` with this (subject, attribute); attribute is
  // non-empty. At most one exists (store.h's invariants).
  virtual Result<std::optional<Memory>> FindCurrentFact(const std::string& scope_key,
                                                        const std::string& subject,
                                                        const std::string& attribute) = 0;
  // Every version of (subject, attribute) in scope `scope_key` that is neither deleted nor
  // quarantined, current or not, in any order.
  virtual Result<std::vector<Memory>> ListFactStatements(const std::string& scope_key,
                                                         const std::string& subject,
                                                         const std::string& attribute) = 0;
  // Inserts `m` (its fields as given; m->scope is its scope) as a new row. The backend
  // allocates m->id and, when m->lineage_id is 0, starts a lineage with it (lineage_id = id).
  // `said`: the keyword document of an episodic record (IngestBatch::record_said), or empty
  // for the content. The row becomes a keyword document when store::IsKeywordDocument says.
  virtual Status InsertMemory(Memory* m, std::string_view said) = 0;
  // Writes m.reinforced and m.last_seen to the row of m.id.
  virtual Status SetReinforced(const Memory& m) = 0;
  // The row of `id` stops being current: superseded_at = now, and valid_to = `valid_to`
  // when given (a merged duplicate keeps its own).
  virtual Status Retire(int64_t id, const Instant& now,
                        const std::optional<Instant>& valid_to) = 0;
  // A retired candidate becomes current: current, no superseded_at nor valid_to, and
  // m.lineage_id, m.version, m.supersedes; the relation rows it stated take m.version.
  virtual Status Promote(const Memory& m) = 0;
  virtual Status SetStatus(int64_t id, MemoryStatus status) = 0;
  // Every version of the lineage, by version.
  virtual Result<std::vector<Memory>> ListLineage(int64_t lineage_id) = 0;
  // A hard forget's erasure of these versions (already deleted): their content, subject,
  // attribute, value and metadata, the text and context of their source messages, the
  // requests kept for those messages, their vectors, keyword postings and entity links
  // leave the store (and, where the backend can, its files).
  virtual Status EraseContent(const std::vector<Memory>& versions) = 0;
  // Deletes the vault rows of `placeholders` in scope `scope_key` that no memory of the
  // scope mentions any more (content or value).
  virtual Status DeleteUnreferencedVault(const std::string& scope_key,
                                         const std::vector<std::string>& placeholders) = 0;
  // Removes every row of `user_id` (store.h EraseUser), vectors and keyword postings
  // included, and reports what went; the vector change log is the caller's.
  virtual Result<EraseOutcome> DeleteUserRows(const std::string& user_id,
                                              const Instant& now) = 0;
  // Writes m.confidence.consistency and m.metadata_json to the row of m.id (a merge's
  // survivor).
  virtual Status SetConsistencyAndMetadata(const Memory& m) = 0;

  // --- Vectors (the vector change log follows every call) ---

  // Stores `vector` for memory `id` in `model` and logs an upsert; nothing when empty.
  virtual Status PutVector(int64_t id, const std::string& model, const std::string& vector) = 0;
  // Logs that memory `id` left the vector index.
  virtual Status LogVectorRemoval(int64_t id) = 0;

  // --- Entities, relations and links ---

  // The relation rows memory `id` stated end at `at` (bi-temporal: valid until `at`).
  virtual Status CloseRelations(int64_t id, const Instant& at) = 0;
  // Memory `to` mentions the entities `from` mentions.
  virtual Status CopyEntityLinks(int64_t from, int64_t to) = 0;
  // The batch's entity links (IngestBatch::entity_links) for the stored `memories`;
  // creates the new entities. InvalidArgument for a link to an entity `p` may not see.
  virtual Result<std::vector<EntityLinkOutcome>> InsertEntityLinks(
      const Principal& p, const IngestBatch& batch, const std::vector<Memory>& memories,
      const Instant& now) = 0;
  // The batch's relation rows that versions.h's WritesRelation admits.
  virtual Status InsertRelations(const IngestBatch& batch, const IngestOutcome& out) = 0;
  // Adds a link unless the same (from, to, kind) exists; *added says which.
  virtual Status InsertLink(const MemoryLink& link, bool* added) = 0;

  // --- Vault, review queue, audit, outbox ---

  // Keeps the first sealing of (scope_key, placeholder): a second insert changes nothing.
  virtual Status InsertVault(const VaultEntry& entry, const Instant& now) = 0;
  virtual Result<int64_t> InsertReview(const NewReview& review, const std::string& user_id,
                                       int64_t memory_id, int64_t message_id,
                                       const Instant& now) = 0;
  // Item `id` among those of `reviewer_user` ("" = everyone's); NotFound otherwise.
  virtual Result<ReviewItem> GetReview(int64_t id, const std::string& reviewer_user) = 0;
  // The open weak_candidate items whose memory (returned beside the item id) is a version of
  // (subject, attribute) in scope `scope_key`.
  virtual Result<std::vector<std::pair<int64_t, Memory>>> OpenCandidateReviews(
      const std::string& scope_key, const std::string& subject,
      const std::string& attribute) = 0;
  virtual Status ResolveReviewRow(int64_t id, const std::string& resolution,
                                  const Instant& now) = 0;
  // Appends to the audit chain, as ctx.principal, at ctx.now.
  virtual Status AppendAudit(const OpContext& ctx, const AuditEntry& entry) = 0;
  // Marks outbox entry `id` done with the batch's outcome (its request and lease emptied);
  // `message_context` is the message's context_json. AlreadyExists unless it is queued,
  // held by `owner` and first of its session (IngestBatch::outbox_owner).
  virtual Status MarkOutboxDone(int64_t id, const std::string& owner, const IngestOutcome& out,
                                const std::string& message_context, const Instant& now) = 0;
};

}  // namespace engram::store

#endif  // ENGRAM_STORE_WRITE_PORT_H_
