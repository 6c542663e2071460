// PostgresStore's WritePort (write_port.h) and RunWrite: the rows of one write transaction
// holding the tenant's writer lock.
#include "engram/status_macros.h"
#include "src/store/access.h"
#include "src/store/postgres/pg_entity_rows.h"
#include "src/store/postgres/pg_keyword.h"
#include "src/store/postgres/pg_rows.h"
#include "src/store/postgres/pg_store_internal.h"
#include "src/store/weak_fusion.h"

namespace engram::store::postgres {

class PgWritePort final : public WritePort {
 public:
  PgWritePort(PostgresStore* store, PgConn& conn)
      : store_(store), conn_(conn), tenant_(store->tenant()) {}

  Result<int64_t> InsertMessage(const Scope& scope, const NewMessage& msg,
                                const Instant& recorded) override {
    ENGRAM_ASSIGN_OR_RETURN(
        auto r, Run("insert message",
                    "INSERT INTO message (tenant_id, session_id, user_id, agent_id, team_id, "
                    "visibility, role, content, at_ms, at_offset, source_type, context, state, "
                    "recorded_ms) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,'done',$13) "
                    "RETURNING id",
                    {tenant_, msg.session_id, scope.user_id, scope.agent_id, scope.team_id,
                     ToString(scope.visibility), msg.role, msg.content, msg.at.unix_ms,
                     int64_t{msg.at.offset_minutes}, ToString(msg.source), msg.context_json,
                     recorded.unix_ms}));
    return r.Int64(0, 0);
  }

  Result<std::optional<Memory>> GetMemory(int64_t id) override {
    return One("SELECT " + MemoryColumns() + " FROM memory m WHERE m.tenant_id = $1 AND m.id = $2",
               {tenant_, id});
  }

  Result<std::optional<Memory>> FindCurrentFact(const std::string& scope_key,
                                                const std::string& subject,
                                                const std::string& attribute) override {
    return One("SELECT " + MemoryColumns() +
                   " FROM memory m WHERE m.tenant_id = $1 AND m.scope_key = $2 AND "
                   "m.subject = $3 AND m.attribute = $4 AND m.attribute <> '' AND m.current",
               {tenant_, scope_key, subject, attribute});
  }

  Result<std::vector<Memory>> ListFactStatements(const std::string& scope_key,
                                                 const std::string& subject,
                                                 const std::string& attribute) override {
    ENGRAM_ASSIGN_OR_RETURN(
        auto r, Run("fact statements",
                    "SELECT " + MemoryColumns() +
                        " FROM memory m WHERE m.tenant_id = $1 AND m.scope_key = $2 AND "
                        "m.subject = $3 AND m.attribute = $4 AND m.attribute <> '' AND "
                        "m.status IN ('active', 'dormant')",
                    {tenant_, scope_key, subject, attribute}));
    return ReadMemories(r);
  }

  Status InsertMemory(Memory* m, std::string_view said) override {
    return InsertMemoryRow(conn_, tenant_, m, said);
  }

  Status SetReinforced(const Memory& m) override {
    return Do("reinforce",
              "UPDATE memory SET reinforced = $3, last_seen_ms = $4 WHERE tenant_id = $1 AND "
              "id = $2",
              {tenant_, m.id, m.reinforced,
               m.last_seen ? PgParam(m.last_seen->unix_ms) : PgParam::Null()});
  }

  Status Retire(int64_t id, const Instant& now,
                const std::optional<Instant>& valid_to) override {
    ENGRAM_RETURN_IF_ERROR(Do(
        "retire",
        "UPDATE memory SET current = false, superseded_ms = $3, "
        "valid_to_ms = COALESCE($4::bigint, valid_to_ms) WHERE tenant_id = $1 AND id = $2",
        {tenant_, id, now.unix_ms, valid_to ? PgParam(valid_to->unix_ms) : PgParam::Null()}));
    return SetLive(id);
  }

  Status Promote(const Memory& c) override {
    ENGRAM_RETURN_IF_ERROR(
        Do("promote candidate",
           "UPDATE memory SET current = true, superseded_ms = NULL, valid_to_ms = NULL, "
           "lineage_id = $3, version = $4, supersedes = $5 WHERE tenant_id = $1 AND id = $2",
           {tenant_, c.id, c.lineage_id, int64_t{c.version},
            c.supersedes ? PgParam(c.supersedes) : PgParam::Null()}));
    ENGRAM_RETURN_IF_ERROR(Do("promote candidate",
                              "UPDATE relation SET version = $3 WHERE tenant_id = $1 AND "
                              "memory_id = $2",
                              {tenant_, c.id, int64_t{c.version}}));
    return SetLive(c.id);
  }

  Status SetStatus(int64_t id, MemoryStatus status) override {
    ENGRAM_RETURN_IF_ERROR(Do("memory status",
                              "UPDATE memory SET status = $3 WHERE tenant_id = $1 AND id = $2",
                              {tenant_, id, ToString(status)}));
    return SetLive(id);
  }

  Status SetConsistencyAndMetadata(const Memory& m) override {
    return Do("merge",
              "UPDATE memory SET conf_consistency = $3, metadata = $4 WHERE tenant_id = $1 AND "
              "id = $2",
              {tenant_, m.id, m.confidence.consistency, m.metadata_json});
  }

  Result<std::vector<Memory>> ListLineage(int64_t lineage_id) override {
    ENGRAM_ASSIGN_OR_RETURN(
        auto r, Run("lineage",
                    "SELECT " + MemoryColumns() +
                        " FROM memory m WHERE m.tenant_id = $1 AND m.lineage_id = $2 "
                        "ORDER BY m.version",
                    {tenant_, lineage_id}));
    return ReadMemories(r);
  }

  Status EraseContent(const std::vector<Memory>& versions) override {
    if (versions.empty()) return Status::OK();
    const int64_t lineage = versions.front().lineage_id;
    const char* kErase[] = {
        "UPDATE message SET content = '', context = '{}' WHERE tenant_id = $1 AND id IN "
        "(SELECT message_id FROM memory WHERE tenant_id = $1 AND lineage_id = $2)",
        "UPDATE memory SET content = '', subject = '', attribute = '', value = '', "
        "metadata = '{}', said = NULL WHERE tenant_id = $1 AND "
        "lineage_id = $2",
        "DELETE FROM memory_vector WHERE tenant_id = $1 AND memory_id IN "
        "(SELECT id FROM memory WHERE tenant_id = $1 AND lineage_id = $2)",
        // The queued request kept the raw text (identifiers unmasked).
        "UPDATE outbox SET request = '' WHERE tenant_id = $1 AND message_id IN "
        "(SELECT message_id FROM memory WHERE tenant_id = $1 AND lineage_id = $2)"};
    for (const char* sql : kErase) ENGRAM_RETURN_IF_ERROR(Do("hard forget", sql, {tenant_, lineage}));
    ENGRAM_RETURN_IF_ERROR(NoteKeywordRemoval(conn_, tenant_));  // pg_keyword.h
    return DeleteLineageEntityLinks(conn_, tenant_, lineage);
  }

  Status DeleteUnreferencedVault(const std::string& scope_key,
                                 const std::vector<std::string>& placeholders) override {
    for (const std::string& p : placeholders) {
      ENGRAM_RETURN_IF_ERROR(Do(
          "forget: vault",
          "DELETE FROM pii_vault WHERE tenant_id = $1 AND scope_key = $2 AND placeholder = $3 "
          "AND NOT EXISTS (SELECT 1 FROM memory WHERE tenant_id = $1 AND scope_key = $2 AND "
          "(strpos(content, $3) > 0 OR strpos(value, $3) > 0))",
          {tenant_, scope_key, p}));
    }
    return Status::OK();
  }

  Result<EraseOutcome> DeleteUserRows(const std::string& user_id, const Instant&) override {
    ENGRAM_RETURN_IF_ERROR(NoteKeywordRemoval(conn_, tenant_));  // pg_keyword.h
    return postgres::DeleteUserRows(conn_, tenant_, user_id);
  }

  Status PutVector(int64_t id, const std::string& model, const std::string& vector) override {
    return store_->PutVectorIn(conn_, id, model, vector);
  }

  // Callers retire the memory or change its status first (Retire, SetStatus), which already
  // updated the vector's liveness.
  Status LogVectorRemoval(int64_t id) override { return store_->LogVectorIn(conn_, id, false); }

  Status CloseRelations(int64_t id, const Instant& at) override {
    return postgres::CloseRelations(conn_, tenant_, id, at);
  }

  Status CopyEntityLinks(int64_t from, int64_t to) override {
    return postgres::CopyEntityLinks(conn_, tenant_, from, to);
  }

  Result<std::vector<EntityLinkOutcome>> InsertEntityLinks(const Principal& p,
                                                           const IngestBatch& batch,
                                                           const std::vector<Memory>& memories,
                                                           const Instant& now) override {
    return postgres::InsertEntityLinks(conn_, tenant_, p, batch, memories, now);
  }

  Status InsertRelations(const IngestBatch& batch, const IngestOutcome& out) override {
    return postgres::InsertRelations(conn_, tenant_, batch, out);
  }

  Status InsertLink(const MemoryLink& link, bool* added) override {
    ENGRAM_ASSIGN_OR_RETURN(
        auto r, Run("link",
                    "INSERT INTO memory_link (tenant_id, from_id, to_id, kind, created_ms) "
                    "VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING",
                    {tenant_, link.from_id, link.to_id, link.kind, link.created_at.unix_ms}));
    *added = r.affected() > 0;
    return Status::OK();
  }

  Status InsertVault(const VaultEntry& e, const Instant& now) override {
    return Do("insert vault",
              "INSERT INTO pii_vault (tenant_id, scope_key, user_id, placeholder, kind, nonce, "
              "ciphertext, created_ms) VALUES ($1,$2,$3,$4,$5,$6,$7,$8) ON CONFLICT DO NOTHING",
              {tenant_, e.scope_key, e.user_id, e.placeholder, e.kind, PgParam::Bytea(e.nonce),
               PgParam::Bytea(e.ciphertext), now.unix_ms});
  }

  Result<int64_t> InsertReview(const NewReview& r, const std::string& user_id,
                               int64_t memory_id, int64_t message_id,
                               const Instant& now) override {
    ENGRAM_ASSIGN_OR_RETURN(
        auto res,
        Run("insert review",
            "INSERT INTO review (tenant_id, kind, user_id, memory_id, message_id, reason, "
            "payload, created_ms) VALUES ($1,$2,$3,$4,$5,$6,$7,$8) RETURNING id",
            {tenant_, r.kind, user_id, memory_id ? PgParam(memory_id) : PgParam::Null(),
             message_id ? PgParam(message_id) : PgParam::Null(), r.reason, r.payload_json,
             now.unix_ms}));
    return res.Int64(0, 0);
  }

  Result<ReviewItem> GetReview(int64_t id, const std::string& reviewer_user) override {
    return store_->GetReviewIn(conn_, id, reviewer_user);
  }

  Result<std::vector<std::pair<int64_t, Memory>>> OpenCandidateReviews(
      const std::string& scope_key, const std::string& subject,
      const std::string& attribute) override {
    ENGRAM_ASSIGN_OR_RETURN(
        auto r, Run("open candidates",
                    "SELECT r.id, " + MemoryColumns() +
                        " FROM review r JOIN memory m ON m.tenant_id = r.tenant_id AND "
                        "m.id = r.memory_id WHERE r.tenant_id = $1 AND r.kind = $2 AND "
                        "r.resolved_ms IS NULL AND m.scope_key = $3 AND m.subject = $4 AND "
                        "m.attribute = $5 ORDER BY r.id",
                    {tenant_, kWeakCandidateReview, scope_key, subject, attribute}));
    std::vector<std::pair<int64_t, Memory>> out;
    for (int i = 0; i < r.rows(); ++i) out.emplace_back(r.Int64(i, 0), ReadMemory(r, i, 1));
    return out;
  }

  Status ResolveReviewRow(int64_t id, const std::string& resolution,
                          const Instant& now) override {
    return Do("resolve review",
              "UPDATE review SET resolved_ms = $3, resolution = $4 WHERE tenant_id = $1 AND "
              "id = $2",
              {tenant_, id, now.unix_ms, resolution});
  }

  Status AppendAudit(const OpContext& ctx, const AuditEntry& entry) override {
    return store_->AppendAuditIn(conn_, ctx, entry);
  }

  Status MarkOutboxDone(int64_t id, const std::string& owner, const IngestOutcome& out,
                        const std::string&, const Instant& now) override {
    return store_->MarkOutboxDoneIn(conn_, id, owner, out, now);
  }

 private:
  Result<PgResult> Run(const char* what, const std::string& sql,
                       std::initializer_list<PgParam> params) {
    auto r = conn_.Exec(sql, params);
    if (!r.ok()) return r.status().WithPrefix(what);
    return r;
  }
  // A statement whose rows nothing reads: queued (PgConn::Defer), it travels with the
  // transaction's next statement that needs an answer, or with its COMMIT.
  Status Do(const char*, const std::string& sql, std::initializer_list<PgParam> params) {
    return conn_.Defer(sql, params);
  }
  Result<std::optional<Memory>> One(const std::string& sql,
                                    std::initializer_list<PgParam> params) {
    ENGRAM_ASSIGN_OR_RETURN(auto r, Run("memory", sql, params));
    if (r.rows() == 0) return std::optional<Memory>();
    return std::optional<Memory>(ReadMemory(r, 0));
  }
  // A vector is live (in the HNSW index's partial index) while its memory is current and
  // searchable; the partition follows dormancy. A row already right is not rewritten: every
  // new row version of a live vector is one more insertion into the HNSW graph.
  Status SetLive(int64_t id) {
    return Do("vector liveness",
              "UPDATE memory_vector v SET live = x.live, part = x.part FROM (SELECT m.current "
              "AND m.status IN ('active', 'dormant') AS live, CASE WHEN m.status = 'dormant' "
              "THEN 'z:' || m.scope_key ELSE m.scope_key END AS part FROM memory m WHERE "
              "m.tenant_id = $1 AND m.id = $2) x WHERE v.tenant_id = $1 AND v.memory_id = $2 "
              "AND (v.live, v.part) IS DISTINCT FROM (x.live, x.part)",
              {tenant_, id});
  }

  PostgresStore* store_;
  PgConn& conn_;
  const std::string& tenant_;
};

Status PostgresStore::RunWrite(const std::function<Status(WritePort&)>& body) {
  return WithWriteTxn([&](PgConn& conn) {
    PgWritePort port(this, conn);
    return body(port);
  });
}

}  // namespace engram::store::postgres
