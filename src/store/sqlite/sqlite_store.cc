#include "src/store/sqlite/sqlite_store.h"

#include <sys/stat.h>

#include <algorithm>
#include <mutex>
#include <optional>
#include <set>
#include <unordered_map>

#include "src/store/access.h"
#include "src/store/audit_chain.h"
#include "src/store/sqlite/api_key_rows.h"
#include "src/store/sqlite/filter_function.h"
#include "src/store/entity_checks.h"
#include "src/store/sqlite/entity_rows.h"
#include "src/store/lifecycle_checks.h"
#include "src/store/reconcile.h"
#include "src/store/sqlite/fts5_tokenizer.h"
#include "src/store/sqlite/keyword_search.h"
#include "src/store/sqlite/lifecycle_rows.h"
#include "src/store/sqlite/memory_rows.h"
#include "src/store/sqlite/outbox_rows.h"
#include "src/store/sqlite/reader_pool.h"
#include "src/store/sqlite/dormancy_rows.h"
#include "src/store/sqlite/metrics_rows.h"
#include "src/store/sqlite/review_rows.h"
#include "src/store/sqlite/sqlite_schema.h"
#include "src/store/sqlite/sqlite_util.h"
#include "src/store/sqlite/wal_checkpointer.h"
#include "src/store/versions.h"
#include "src/store/weak_fusion.h"

namespace engram::store {
namespace {

using sqlite::Exec;
using sqlite::Stmt;
using sqlite::Txn;

Status NotFound(int64_t id) {
  return Status::NotFound("store: memory " + std::to_string(id) + " not found");
}

// Opens a connection for reads only (see ReaderPool), with the tokenizer registered; keyword
// search itself stays on the writer, beside the in-memory keyword index it keeps.
Result<sqlite3*> OpenReader(const std::string& path, int busy_timeout_ms) {
  sqlite3* db = nullptr;
  int rc = sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX,
                           nullptr);
  Status s = rc == SQLITE_OK ? Status::OK() : sqlite::SqliteError(db, rc, "open reader");
  if (s.ok()) {
    sqlite3_busy_timeout(db, busy_timeout_ms);
    sqlite3_extended_result_codes(db, 1);
    s = sqlite::RegisterEngramTokenizer(db);
  }
  if (s.ok()) s = sqlite::RegisterFilterFunction(db);
  if (s.ok()) s = Exec(db, "PRAGMA query_only = ON; PRAGMA cache_size = -16384;", "open reader");
  if (!s.ok()) {
    sqlite3_close_v2(db);
    return s;
  }
  return db;
}

// Readers per store: enough for the threads of a server or a Python program to read at once.
constexpr size_t kMaxReaders = 8;

class SqliteStore final : public Store {
 public:
  SqliteStore(sqlite3* db, std::string path, int busy_timeout_ms)
      : db_(db),
        path_(std::move(path)),
        cache_(std::make_unique<sqlite::StmtCache>(db)),
        readers_([this, busy_timeout_ms] { return OpenReader(path_, busy_timeout_ms); },
                 kMaxReaders),
        checkpointer_(std::make_unique<sqlite::WalCheckpointer>(path_, busy_timeout_ms)) {
    // Replaces SQLite's automatic checkpoint: commits (every recall's among them) no longer
    // copy the log into the database file themselves.
    sqlite3_wal_hook(db_, &sqlite::WalCheckpointer::Hook, checkpointer_.get());
  }
  ~SqliteStore() override {
    sqlite3_wal_hook(db_, nullptr, nullptr);
    checkpointer_.reset();
    cache_.reset();
    sqlite3_close_v2(db_);
  }

  Result<IngestOutcome> Ingest(const OpContext& ctx, const IngestBatch& batch) override {
    if (Status s = ValidateIngest(ctx, batch); !s.ok()) return s;
    std::lock_guard lock(mu_);
    Txn txn(db_);
    if (!txn.status().ok()) return txn.status();
    IngestOutcome out;
    const std::string key = ScopeKey(batch.scope);
    const NewMessage& msg = batch.message;
    Stmt ins(db_,
             "INSERT INTO message (session_id, user_id, agent_id, team_id, visibility, role, "
             "content, at_ms, at_offset, source_type, context, state, recorded_ms) "
             "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, 'done', ?12)");
    ins.Bind(1, msg.session_id).Bind(2, batch.scope.user_id).Bind(3, batch.scope.agent_id);
    ins.Bind(4, batch.scope.team_id).Bind(5, ToString(batch.scope.visibility)).Bind(6, msg.role);
    ins.Bind(7, msg.content).Bind(8, msg.at.unix_ms).Bind(9, int64_t{msg.at.offset_minutes});
    ins.Bind(10, ToString(msg.source)).Bind(11, msg.context_json).Bind(12, ctx.now.unix_ms);
    if (Status s = ins.Run(); !s.ok()) return s.WithPrefix("insert message");
    out.message_id = sqlite3_last_insert_rowid(db_);

    auto first_id = NextMemoryId();
    if (!first_id.ok()) return first_id.status();
    int64_t next_id = *first_id;
    for (size_t index = 0; index < batch.memories.size(); ++index) {
      Memory m = FirstVersion(batch.memories[index], batch.scope, next_id, ctx.now,
                              out.message_id);
      bool outranked = false;
      auto candidate = sqlite::StaysCandidate(db_, key, m, MentionsNeeded(batch, index));
      if (!candidate.ok()) return candidate.status();
      if (!m.attribute.empty()) {
        Stmt cur(db_, "SELECT " + sqlite::MemoryColumns() +
                          " FROM memory m WHERE scope_key = ?1 AND subject = ?2 AND "
                          "attribute = ?3 AND current = 1");
        cur.Bind(1, key).Bind(2, m.subject).Bind(3, m.attribute);
        if (cur.Step()) {
          Memory old = sqlite::ReadMemory(cur);
          const ReconcileDecision d = Reconcile(old, m, IsCorrection(batch, index));
          if (d.action == ReconcileAction::kReinforce) {
            store::Reinforce(m, &old);
            Stmt up(db_, "UPDATE memory SET reinforced = ?2, last_seen_ms = ?3 WHERE id = ?1");
            up.Bind(1, old.id).Bind(2, old.reinforced).Bind(3, old.last_seen->unix_ms);
            if (Status s = up.Run(); !s.ok()) return s.WithPrefix("reinforce");
            out.reinforced.push_back(old.id);
            out.memories.push_back(std::move(old));
            continue;
          }
          if (!*candidate) StampDraft(d, old, ctx.now, &m);
          outranked = !*candidate && d.action == ReconcileAction::kOutranked;
          if (!outranked && !*candidate) {
            m.lineage_id = old.lineage_id;
            m.version = old.version + 1;
            m.supersedes = old.id;
            const Instant until = std::max(m.valid_from, old.valid_from);
            if (Status s = Retire(old.id, ctx.now, until); !s.ok()) return s;
            if (Status s = sqlite::CloseRelations(db_, old.id, until); !s.ok()) return s;
            if (Status s = LogVector(old.id, false); !s.ok()) return s;
            out.superseded.push_back(old.id);
          }
        }
        if (!cur.status().ok()) return cur.status();
      }
      if (*candidate) StampCandidate(ctx.now, &m, &out);
      ++next_id;
      if (Status s = sqlite::InsertMemory(db_, m, key); !s.ok()) return s;
      if (!batch.embeddings.empty() && m.current) {
        size_t i = out.memories.size();
        if (Status s = PutVector(m.id, batch.embedding_model, batch.embeddings[i]); !s.ok()) {
          return s;
        }
      }
      if (outranked) out.outranked.push_back(m.id);
      out.memories.push_back(std::move(m));
    }
    for (VaultEntry e : batch.vault) {
      e.scope_key = key;
      e.user_id = batch.scope.user_id;
      if (Status s = sqlite::InsertVault(db_, e, ctx.now); !s.ok()) return s;
    }
    for (const NewReview& r : batch.reviews) {
      int64_t memory_id = r.memory_index >= 0 && r.memory_index < static_cast<int>(
                                                                  out.memories.size())
                              ? out.memories[r.memory_index].id
                              : 0;
      Status s = sqlite::InsertReview(db_, r, batch.scope.user_id, memory_id, out.message_id,
                                      ctx.now);
      if (!s.ok()) return s;
      out.reviews.push_back(sqlite3_last_insert_rowid(db_));
    }
    auto links = sqlite::InsertEntityLinks(db_, ctx.principal, batch, out.memories, ctx.now);
    if (!links.ok()) return links.status();
    out.entity_links = std::move(links).value();
    if (Status s = sqlite::InsertRelations(db_, batch, out); !s.ok()) return s;
    if (Status s = sqlite::LinkComplements(db_, batch, key, ctx.now, &out); !s.ok()) return s;
    std::vector<int64_t> targets;
    for (const Memory& m : out.memories) targets.push_back(m.id);
    AuditEntry audit{"remember", targets,
                     "{\"message_id\":" + std::to_string(out.message_id) + "}"};
    if (Status s = AppendLocked(ctx, audit); !s.ok()) return s;
    if (batch.outbox_id != 0) {
      if (Status s = sqlite::MarkOutboxDone(db_, batch.outbox_id, out, ctx.now); !s.ok()) {
        return s;
      }
    }
    if (Status s = txn.Commit(); !s.ok()) return s;
    return out;
  }

  Result<Memory> GetMemory(const OpContext& ctx, int64_t id) override {
    ReadConnection conn(this);
    return LoadVisible(conn.db(), ctx, id);
  }

  Result<std::vector<Memory>> GetHistory(const OpContext& ctx, int64_t id) override {
    ReadConnection conn(this);
    Result<Memory> m = LoadVisible(conn.db(), ctx, id);
    if (!m.ok()) return m.status();
    Stmt st(conn.db(), "SELECT " + sqlite::MemoryColumns() +
                           " FROM memory m WHERE m.lineage_id = ?1 ORDER BY m.version");
    st.Bind(1, m->lineage_id);
    std::vector<Memory> versions;
    while (st.Step()) versions.push_back(sqlite::ReadMemory(st));
    if (!st.status().ok()) return st.status();
    return versions;
  }

  Result<Memory> Supersede(const OpContext& ctx, int64_t id, const Revision& rev) override {
    std::lock_guard lock(mu_);
    Txn txn(db_);
    if (!txn.status().ok()) return txn.status();
    Result<Memory> old = LoadVisible(db_, ctx, id);
    if (!old.ok()) return old.status();
    if (Status s = CheckCanWrite(ctx.principal, old->scope); !s.ok()) return s;
    if (!old->current || old->status == MemoryStatus::kDeleted) {
      return Status::Conflict("store: memory " + std::to_string(id) + " is not current");
    }
    auto new_id = NextMemoryId();
    if (!new_id.ok()) return new_id.status();
    Memory m = NextVersion(*old, *new_id, rev, ctx.now);
    if (Status s = Retire(old->id, ctx.now, m.valid_from); !s.ok()) return s;
    if (Status s = sqlite::CloseRelations(db_, old->id, m.valid_from); !s.ok()) return s;
    if (Status s = sqlite::InsertMemory(db_, m, ScopeKey(m.scope)); !s.ok()) return s;
    if (Status s = LogVector(old->id, false); !s.ok()) return s;
    if (Status s = sqlite::CopyEntityLinks(db_, old->id, m.id); !s.ok()) return s;
    if (!rev.embedding.empty()) {
      if (Status s = PutVector(m.id, rev.embedding_model, rev.embedding); !s.ok()) return s;
    }
    for (VaultEntry v : rev.vault) {
      v.scope_key = ScopeKey(m.scope);
      v.user_id = ctx.principal.user_id;
      if (Status s = sqlite::InsertVault(db_, v, ctx.now); !s.ok()) return s;
    }
    AuditEntry e{"correct", {old->id, m.id}, "{\"reason\":\"" + rev.reason + "\"}"};
    if (Status s = AppendLocked(ctx, e); !s.ok()) return s;
    if (Status s = txn.Commit(); !s.ok()) return s;
    return m;
  }

  Status ReplaceVector(const OpContext& ctx, int64_t id, const std::string& model,
                       const std::string& vector) override {
    std::lock_guard lock(mu_);
    Txn txn(db_);
    if (!txn.status().ok()) return txn.status();
    Result<Memory> m = LoadVisible(db_, ctx, id);
    if (!m.ok()) return m.status();
    if (!m->current) return NotFound(id);
    if (Status s = CheckCanWrite(ctx.principal, m->scope); !s.ok()) return s;
    if (Status s = PutVector(id, model, vector); !s.ok()) return s;
    return txn.Commit();
  }

  Status Forget(const OpContext& ctx, int64_t id, bool hard) override {
    std::lock_guard lock(mu_);
    Txn txn(db_);
    if (!txn.status().ok()) return txn.status();
    Result<Memory> m = LoadVisible(db_, ctx, id);
    if (!m.ok()) return m.status();
    if (Status s = CheckCanWrite(ctx.principal, m->scope); !s.ok()) return s;
    const int64_t lineage = m->lineage_id;
    std::vector<int64_t> targets;
    {
      Stmt ids(db_, "SELECT id FROM memory WHERE lineage_id = ?1 ORDER BY version");
      ids.Bind(1, lineage);
      while (ids.Step()) targets.push_back(ids.Int(0));
      if (!ids.status().ok()) return ids.status();
    }
    Stmt retire(db_,
                "UPDATE memory SET superseded_ms = ?2, valid_to_ms = ?2, current = 0 "
                "WHERE lineage_id = ?1 AND current = 1");
    retire.Bind(1, lineage).Bind(2, ctx.now.unix_ms);
    if (Status s = retire.Run(); !s.ok()) return s;
    Stmt del(db_, "UPDATE memory SET status = 'deleted' WHERE lineage_id = ?1");
    del.Bind(1, lineage);
    if (Status s = del.Run(); !s.ok()) return s;
    for (int64_t version_id : targets) {
      if (Status s = LogVector(version_id, false); !s.ok()) return s;
    }
    if (hard) {
      // Placeholders of the erased texts: their vault rows go unless another memory of the
      // scope still mentions them.
      std::vector<std::string> placeholders;
      {
        Stmt texts(db_, "SELECT content, value FROM memory WHERE lineage_id = ?1");
        texts.Bind(1, lineage);
        while (texts.Step()) {
          for (int col : {0, 1}) {
            for (std::string& p : VaultPlaceholders(texts.Text(col))) {
              placeholders.push_back(std::move(p));
            }
          }
        }
        if (!texts.status().ok()) return texts.status().WithPrefix("hard forget");
      }
      const char* kErase[] = {
          "INSERT INTO memory_fts(memory_fts, rowid, content) SELECT 'delete', id, content "
          "FROM memory WHERE lineage_id = ?1 AND content <> ''",
          "UPDATE message SET content = '', context = '{}' WHERE id IN "
          "(SELECT message_id FROM memory WHERE lineage_id = ?1)",
          "UPDATE memory SET content = '', subject = '', attribute = '', value = '', "
          "metadata = '{}' WHERE lineage_id = ?1",
          "DELETE FROM memory_vector WHERE memory_id IN "
          "(SELECT id FROM memory WHERE lineage_id = ?1)",
          // The queued request kept the raw text (identifiers unmasked).
          "UPDATE outbox SET request = '' WHERE message_id IN "
          "(SELECT message_id FROM memory WHERE lineage_id = ?1)"};
      for (const char* sql : kErase) {
        Stmt st(db_, sql);
        st.Bind(1, lineage);
        if (Status s = st.Run(); !s.ok()) return s.WithPrefix("hard forget");
      }
      if (Status s = sqlite::DeleteLineageEntityLinks(db_, lineage); !s.ok()) return s;
      if (Status s = sqlite::DeleteUnreferencedVault(db_, ScopeKey(m->scope), placeholders);
          !s.ok()) {
        return s;
      }
      // FTS5 (before 3.44's secure-delete) only marks deleted postings; the terms stay in
      // older segments until they are merged. Merging everything is the way to make the
      // erased words leave the file. Cost grows with the index; hard forgets are rare.
      if (Status s = Exec(db_, "INSERT INTO memory_fts(memory_fts) VALUES('optimize')",
                          "hard forget: merge index");
          !s.ok()) {
        return s;
      }
    }
    AuditEntry e{"forget", targets, hard ? "{\"hard\":true}" : "{\"hard\":false}"};
    if (Status s = AppendLocked(ctx, e); !s.ok()) return s;
    return txn.Commit();
  }

  Status TouchMemories(const OpContext& ctx, const std::vector<int64_t>& ids) override {
    if (ids.empty()) return Status::OK();
    std::lock_guard lock(mu_);
    Txn txn(db_);
    if (!txn.status().ok()) return txn.status();
    if (Status s = sqlite::TouchRows(db_, cache_.get(), ctx, ids); !s.ok()) return s;
    return txn.Commit();
  }

  Result<int64_t> MarkDormant(const Instant& idle_before, int limit) override {
    std::lock_guard lock(mu_);
    Txn txn(db_);
    if (!txn.status().ok()) return txn.status();
    auto n = sqlite::MarkDormantRows(db_, idle_before, limit);
    if (!n.ok()) return n.status();
    if (Status s = txn.Commit(); !s.ok()) return s;
    return n;
  }

  Status LogRecall(const RecallLogEntry& entry) override {
    std::lock_guard lock(mu_);
    return sqlite::InsertRecallLog(db_, cache_.get(), entry);
  }

  Status MarkUsed(const OpContext& ctx, const std::string& request_id, bool used) override {
    std::lock_guard lock(mu_);
    return sqlite::MarkRecallUsed(db_, ctx.principal.user_id, request_id, used);
  }

  Result<MetricsCounts> CollectMetrics(const MetricsFilter& filter) override {
    std::lock_guard lock(mu_);
    return sqlite::SelectMetrics(db_, filter);
  }

  Result<std::vector<KeywordHit>> SearchKeyword(const OpContext& ctx,
                                                const KeywordQuery& query) override {
    std::lock_guard lock(mu_);
    return sqlite::SearchKeywordRows(db_, cache_.get(), &keyword_, ctx, query);
  }

  Result<std::vector<Memory>> GetSearchable(const OpContext& ctx, const std::vector<int64_t>& ids,
                                            bool include_history,
                                            const MemoryFilter* filter) override {
    std::vector<Memory> out;
    if (ids.empty()) return out;
    // One statement (one read transaction) for the whole list: a statement per id took a
    // file lock per id, which dominated deep (filtered) recalls.
    ReadConnection conn(this);
    Stmt st(conn.db(), conn.cache(),
            "SELECT " + sqlite::MemoryColumns() +
                " FROM memory m WHERE m.id IN (SELECT value FROM json_each(?1)) AND " +
                sqlite::VisibleSql(2, 3) +
                " AND (?4 = 1 OR m.current = 1) AND m.status IN ('active', 'dormant') "
                "AND (m.expires_ms IS NULL OR m.expires_ms > ?5)" +
                sqlite::FilterClause(6, filter));
    st.Bind(1, FormatIdList(ids)).Bind(2, ctx.principal.user_id);
    st.Bind(3, sqlite::JsonStringArray(ctx.principal.teams)).Bind(4, include_history);
    st.Bind(5, ctx.now.unix_ms);
    sqlite::BindFilter(&st, 6, filter);
    std::unordered_map<int64_t, Memory> found;
    while (st.Step()) {
      Memory m = sqlite::ReadMemory(st);
      const int64_t id = m.id;
      found.emplace(id, std::move(m));
    }
    if (!st.status().ok()) return st.status().WithPrefix("get searchable");
    for (int64_t id : ids) {  // the order of `ids` (a repeated id once)
      auto it = found.find(id);
      if (it != found.end()) {
        out.push_back(std::move(it->second));
        found.erase(it);
      }
    }
    return out;
  }

  Result<std::vector<VectorChange>> VectorChangesSince(int64_t after_seq, const std::string& model,
                                                       int limit) override {
    ReadConnection conn(this);
    Stmt st(conn.db(),
            std::string("SELECT l.seq, l.memory_id, l.op, ") + sqlite::PartitionSql() +
                ", v.vector FROM vector_log l LEFT JOIN memory m ON m.id = l.memory_id "
            "LEFT JOIN memory_vector v ON v.memory_id = l.memory_id AND v.model_id = ?2 "
            "WHERE l.seq > ?1 ORDER BY l.seq LIMIT ?3");
    st.Bind(1, after_seq).Bind(2, model).Bind(3, int64_t{limit});
    std::vector<VectorChange> out;
    while (st.Step()) {
      out.push_back(VectorChange{st.Int(0), st.Int(1), st.Text(2) == "upsert", st.Text(3),
                                 st.Blob(4)});
    }
    if (!st.status().ok()) return st.status().WithPrefix("vector changes");
    return out;
  }

  Result<std::string> GetCachedEmbedding(const std::string& model,
                                         const std::string& text_hash) override {
    ReadConnection conn(this);
    Stmt st(conn.db(), "SELECT vector FROM embedding_cache WHERE model_id = ?1 AND text_hash = ?2");
    st.Bind(1, model).Bind(2, text_hash);
    if (st.Step()) return st.Blob(0);
    if (!st.status().ok()) return st.status();
    return Status::NotFound("store: no cached embedding");
  }

  Status PutCachedEmbedding(const std::string& model, const std::string& text_hash,
                            const std::string& vector) override {
    std::lock_guard lock(mu_);
    Stmt st(db_,
            "INSERT OR REPLACE INTO embedding_cache (model_id, text_hash, vector) "
            "VALUES (?1, ?2, ?3)");
    st.Bind(1, model).Bind(2, text_hash).BindBlob(3, vector);
    return st.Run().WithPrefix("embedding cache");
  }

  Status DeleteCachedEmbeddings(const std::vector<std::string>& text_hashes) override {
    std::lock_guard lock(mu_);
    Stmt st(db_, "DELETE FROM embedding_cache WHERE text_hash = ?1");
    for (const std::string& h : text_hashes) {
      st.Reset();
      st.Bind(1, h);
      if (Status s = st.Run(); !s.ok()) return s.WithPrefix("embedding cache");
    }
    return Status::OK();
  }

  Result<std::vector<Memory>> ListMemories(const OpContext& ctx, const ListQuery& q) override {
    ReadConnection conn(this);
    Stmt st(conn.db(), "SELECT " + sqlite::MemoryColumns() + " FROM memory m WHERE m.id > ?1 AND " +
                           sqlite::VisibleSql(2, 3) +
                           " AND (?4 = 1 OR m.current = 1) AND m.status <> 'deleted' "
                           "AND (?5 = '' OR m.session_id = ?5) AND (?6 = '' OR m.type = ?6) "
                           "AND (?7 = '' OR m.kind = ?7) ORDER BY m.id LIMIT ?8");
    st.Bind(1, q.after_id).Bind(2, ctx.principal.user_id);
    st.Bind(3, sqlite::JsonStringArray(ctx.principal.teams)).Bind(4, q.include_history);
    st.Bind(5, q.session_id).Bind(6, q.type).Bind(7, q.kind).Bind(8, int64_t{q.limit});
    std::vector<Memory> out;
    while (st.Step()) out.push_back(sqlite::ReadMemory(st));
    if (!st.status().ok()) return st.status().WithPrefix("list memories");
    return out;
  }

  Result<std::vector<Memory>> ListRecent(const OpContext& ctx, const std::string& session_id,
                                         int limit) override {
    ReadConnection conn(this);
    Stmt st(conn.db(), conn.cache(),
            "SELECT " + sqlite::MemoryColumns() + " FROM memory m WHERE m.session_id = ?1 AND " +
                sqlite::VisibleSql(2, 3) +
                " AND m.current = 1 AND m.status IN ('active', 'dormant') AND (m.expires_ms IS "
                "NULL OR m.expires_ms > ?4) ORDER BY m.id DESC LIMIT ?5");
    st.Bind(1, session_id).Bind(2, ctx.principal.user_id);
    st.Bind(3, sqlite::JsonStringArray(ctx.principal.teams)).Bind(4, ctx.now.unix_ms);
    st.Bind(5, int64_t{limit});
    std::vector<Memory> out;
    while (st.Step()) out.push_back(sqlite::ReadMemory(st));
    if (!st.status().ok()) return st.status().WithPrefix("list recent");
    return out;
  }

  Result<std::vector<Memory>> ListSessionNeighbors(const OpContext& ctx, const Memory& memory,
                                                   int width) override {
    ReadConnection conn(this);
    std::vector<Memory> out;
    if (memory.source.session_id.empty() || width <= 0) return out;
    // Built once: recall's session spreading asks for up to 40 neighbour lists per call.
    static const std::string* const kSql = [] {  // [earlier, later]; never destroyed
      const std::string base =
          "SELECT " + sqlite::MemoryColumns() +
          " FROM memory m WHERE m.session_id = ?1 AND m.scope_key = ?2 AND " +
          sqlite::VisibleSql(3, 4) +
          " AND m.current = 1 AND m.status IN ('active', 'dormant') "
          "AND (m.expires_ms IS NULL OR m.expires_ms > ?5) AND ";
      return new std::string[2]{base + "m.id < ?6 ORDER BY m.id DESC LIMIT ?7",
                                base + "m.id > ?6 ORDER BY m.id LIMIT ?7"};
    }();
    const std::string scope_key = ScopeKey(memory.scope);
    const std::string teams = sqlite::JsonStringArray(ctx.principal.teams);
    for (bool earlier : {true, false}) {
      Stmt st(conn.db(), conn.cache(), kSql[earlier ? 0 : 1]);
      st.Bind(1, memory.source.session_id).Bind(2, scope_key);
      st.Bind(3, ctx.principal.user_id).Bind(4, teams);
      st.Bind(5, ctx.now.unix_ms).Bind(6, memory.id).Bind(7, int64_t{width});
      std::vector<Memory> side;
      while (st.Step()) side.push_back(sqlite::ReadMemory(st));
      if (!st.status().ok()) return st.status().WithPrefix("list session neighbours");
      if (earlier) std::reverse(side.begin(), side.end());
      out.insert(out.end(), side.begin(), side.end());
    }
    return out;
  }

  Result<std::vector<VaultEntry>> GetVault(const OpContext& ctx,
                                           const std::vector<std::string>& placeholders) override {
    ReadConnection conn(this);
    return sqlite::SelectVault(conn.db(), VisiblePartitions(ctx.principal), placeholders);
  }

  Result<std::vector<ReviewItem>> ListReview(const OpContext& ctx, bool include_resolved,
                                             int limit) override {
    std::lock_guard lock(mu_);
    return sqlite::SelectReview(db_, ReviewerUser(ctx.principal), include_resolved, limit);
  }

  Result<ReviewItem> ResolveReview(const OpContext& ctx, int64_t id,
                                   const std::string& resolution) override {
    if (resolution != "approve" && resolution != "reject") {
      return Status::InvalidArgument("review: resolution must be 'approve' or 'reject'");
    }
    std::lock_guard lock(mu_);
    Txn txn(db_);
    if (!txn.status().ok()) return txn.status();
    auto item = sqlite::SelectReviewItem(db_, id, ReviewerUser(ctx.principal));
    if (!item.ok()) return item.status();
    if (item->resolved_at) {
      return Status::FailedPrecondition("review: item " + std::to_string(id) +
                                        " is already resolved (" + item->resolution + ")");
    }
    if (Status s = sqlite::MarkReviewResolved(db_, id, resolution, ctx.now); !s.ok()) return s;
    if (resolution == "approve" && item->memory_id != 0) {
      if (Status s = sqlite::ReleaseQuarantine(db_, item->memory_id); !s.ok()) return s;
    }
    std::vector<int64_t> targets;
    if (item->memory_id != 0) targets.push_back(item->memory_id);
    AuditEntry e{"review." + resolution, targets,
                 "{\"review_id\":" + std::to_string(id) + "}"};
    if (Status s = AppendLocked(ctx, e); !s.ok()) return s;
    if (Status s = txn.Commit(); !s.ok()) return s;
    item->resolved_at = ctx.now;
    item->resolution = resolution;
    return item;
  }

  Status AppendAudit(const OpContext& ctx, const AuditEntry& entry) override {
    std::lock_guard lock(mu_);
    Txn txn(db_);
    if (!txn.status().ok()) return txn.status();
    if (Status s = AppendLocked(ctx, entry); !s.ok()) return s;
    return txn.Commit();
  }

  Result<std::vector<AuditRecord>> ListAudit(const OpContext& ctx,
                                             const AuditQuery& query) override {
    std::lock_guard lock(mu_);
    Stmt st(db_, std::string(kAuditSelect) +
                     " WHERE seq > ?1 AND (?2 = 1 OR actor_user = ?3) ORDER BY seq LIMIT ?4");
    st.Bind(1, query.after_seq).Bind(2, ctx.principal.HasRole("admin"));
    st.Bind(3, ctx.principal.user_id).Bind(4, int64_t{query.limit});
    std::vector<AuditRecord> out;
    while (st.Step()) out.push_back(ReadAudit(st));
    if (!st.status().ok()) return st.status();
    return out;
  }

  Result<AuditVerification> VerifyAudit() override {
    std::lock_guard lock(mu_);
    Stmt st(db_, std::string(kAuditSelect) + " ORDER BY seq");
    AuditVerification v;
    std::string prev = AuditGenesisHash();
    while (st.Step()) {
      AuditRecord r = ReadAudit(st);
      ++v.records;
      if (v.intact && (r.prev_hash != prev || AuditHash(prev, r) != r.hash)) {
        v.intact = false;
        v.first_bad_seq = r.seq;
      }
      prev = r.hash;
    }
    if (!st.status().ok()) return st.status();
    return v;
  }

  Result<StoreStats> GetStats(const OpContext& ctx) override {
    std::lock_guard lock(mu_);
    StoreStats s;
    const std::string teams = sqlite::JsonStringArray(ctx.principal.teams);
    Stmt msgs(db_, "SELECT COUNT(*) FROM message WHERE user_id = ?1");
    msgs.Bind(1, ctx.principal.user_id);
    if (msgs.Step()) s.messages = msgs.Int(0);
    Stmt mem(db_,
             "SELECT COALESCE(SUM(m.current = 1 AND m.status <> 'deleted'), 0), COUNT(*), "
             "COUNT(DISTINCT CASE WHEN m.status = 'deleted' THEN m.lineage_id END), "
             "COALESCE(SUM(m.current = 1 AND m.status = 'dormant'), 0), "
             "COALESCE(SUM(m.current = 1 AND m.status IN ('active', 'dormant') AND "
             "m.expires_ms <= ?3), 0) FROM memory m WHERE " + sqlite::VisibleSql(1, 2));
    mem.Bind(1, ctx.principal.user_id).Bind(2, teams).Bind(3, ctx.now.unix_ms);
    if (mem.Step()) {
      s.memories_current = mem.Int(0);
      s.memories_versions = mem.Int(1);
      s.memories_deleted = mem.Int(2);
      s.memories_dormant = mem.Int(3);
      s.memories_expired = mem.Int(4);
    }
    Stmt aud(db_, "SELECT COUNT(*) FROM audit WHERE ?1 = 1 OR actor_user = ?2");
    aud.Bind(1, ctx.principal.HasRole("admin")).Bind(2, ctx.principal.user_id);
    if (aud.Step()) s.audit_records = aud.Int(0);
    for (const Stmt* st : {&msgs, &mem, &aud}) {
      if (!st->status().ok()) return st->status();
    }
    Status vs;
    s.schema_version = sqlite::ReadSchemaVersion(db_, &vs);
    if (!vs.ok()) return vs;
    return s;
  }

  Result<std::vector<int64_t>> EnqueueOutbox(
      const std::vector<std::pair<std::string, std::string>>& user_and_request,
      const Instant& now) override {
    std::lock_guard lock(mu_);
    Txn txn(db_);
    if (!txn.status().ok()) return txn.status();
    auto ids = sqlite::InsertOutbox(db_, user_and_request, now);
    if (!ids.ok()) return ids.status();
    if (Status s = txn.Commit(); !s.ok()) return s;
    return ids;
  }

  Result<std::vector<OutboxEntry>> ListQueued(int64_t after_id, int limit) override {
    std::lock_guard lock(mu_);
    return sqlite::SelectQueued(db_, after_id, limit);
  }

  Result<OutboxEntry> GetOutbox(const OpContext& ctx, int64_t id) override {
    std::lock_guard lock(mu_);
    return sqlite::SelectOutbox(db_, id, ctx.principal.user_id);
  }

  Status FailOutbox(int64_t id, const std::string& error, const Instant& now) override {
    std::lock_guard lock(mu_);
    return sqlite::MarkOutboxFailed(db_, id, error, now);
  }

  Status PutApiKey(const ApiKeyRecord& key) override {
    std::lock_guard lock(mu_);
    return sqlite::InsertApiKey(db_, key);
  }

  Result<ApiKeyRecord> GetApiKey(const std::string& id) override {
    std::lock_guard lock(mu_);
    return sqlite::SelectApiKey(db_, id);
  }

  Result<std::vector<ApiKeyRecord>> ListApiKeys() override {
    std::lock_guard lock(mu_);
    return sqlite::SelectApiKeys(db_);
  }

  Status RevokeApiKey(const std::string& id, const Instant& now) override {
    std::lock_guard lock(mu_);
    return sqlite::UpdateApiKeyRevoked(db_, id, now);
  }

  // --- Lifecycle ---

  Result<std::vector<Memory>> ListConsolidatable(const OpContext& ctx,
                                                 const ConsolidationQuery& query) override {
    std::lock_guard lock(mu_);
    return sqlite::SelectConsolidatable(db_, ctx.principal, ctx.now, query);
  }

  Result<ConsolidationOutcome> ApplyConsolidation(const OpContext& ctx,
                                                  const ConsolidationPlan& plan) override {
    if (Status s = ValidatePlanShape(plan); !s.ok()) return s;
    std::lock_guard lock(mu_);
    Txn txn(db_);
    if (!txn.status().ok()) return txn.status();
    ConsolidationOutcome out;
    std::set<int64_t> touched;
    auto link = [&](int64_t from, int64_t to, const char* kind) -> Status {
      MemoryLink l{from, to, kind, ctx.now};
      bool added = false;
      if (Status s = sqlite::InsertLink(db_, l, &added); !s.ok()) return s;
      if (added) out.links_added.push_back(l);
      return Status::OK();
    };
    for (const MergePlan& mp : plan.merges) {
      auto survivor = LoadConsolidatable(ctx, mp.survivor_id, true);
      if (!survivor.ok()) return survivor.status();
      const std::string key = ScopeKey(survivor->scope);
      for (int64_t dup : mp.duplicate_ids) {
        auto d = LoadConsolidatable(ctx, dup, true);
        if (!d.ok()) return d.status();
        if (ScopeKey(d->scope) != key) {
          return Status::InvalidArgument("consolidation plan: merge across scopes");
        }
        Stmt st(db_, "UPDATE memory SET current = 0, superseded_ms = ?2 WHERE id = ?1");
        st.Bind(1, dup).Bind(2, ctx.now.unix_ms);
        if (Status s = st.Run(); !s.ok()) return s.WithPrefix("merge");
        if (Status s = LogVector(dup, false); !s.ok()) return s;
        if (Status s = link(dup, mp.survivor_id, "reinforces"); !s.ok()) return s;
        out.retired.push_back(dup);
        touched.insert(dup);
      }
      Stmt st(db_, "UPDATE memory SET conf_consistency = ?2, metadata = ?3 WHERE id = ?1");
      st.Bind(1, mp.survivor_id).Bind(2, mp.consistency);
      st.Bind(3, mp.survivor_metadata_json.empty() ? survivor->metadata_json
                                                   : mp.survivor_metadata_json);
      if (Status s = st.Run(); !s.ok()) return s.WithPrefix("merge");
      out.reinforced.push_back(mp.survivor_id);
      touched.insert(mp.survivor_id);
    }
    for (const LinkPlan& lp : plan.links) {
      auto a = LoadConsolidatable(ctx, lp.from_id, false);
      if (!a.ok()) return a.status();
      auto b = LoadConsolidatable(ctx, lp.to_id, false);
      if (!b.ok()) return b.status();
      if (ScopeKey(a->scope) != ScopeKey(b->scope)) {
        return Status::InvalidArgument("consolidation plan: link across scopes");
      }
      if (Status s = link(lp.from_id, lp.to_id, lp.kind.c_str()); !s.ok()) return s;
      touched.insert(lp.from_id);
      touched.insert(lp.to_id);
    }
    for (const SummaryPlan& sp : plan.summaries) {
      if (Status s = ValidateScope(sp.draft.scope); !s.ok()) return s;
      if (Status s = CheckCanConsolidate(ctx.principal, sp.draft.scope); !s.ok()) return s;
      const std::string key = ScopeKey(sp.draft.scope);
      for (int64_t src : sp.sources) {
        auto m = LoadConsolidatable(ctx, src, false);
        if (!m.ok()) return m.status();
        if (ScopeKey(m->scope) != key) {
          return Status::InvalidArgument("consolidation plan: summary across scopes");
        }
      }
      auto id = NextMemoryId();
      if (!id.ok()) return id.status();
      Memory m = FirstVersion(sp.draft, sp.draft.scope, *id, ctx.now, 0);
      if (sp.replaces != 0) {
        auto old = LoadConsolidatable(ctx, sp.replaces, true);
        if (!old.ok()) return old.status();
        if (old->kind != MemoryKind::kSummary || ScopeKey(old->scope) != key) {
          return Status::InvalidArgument("consolidation plan: replaces a non-summary");
        }
        m.lineage_id = old->lineage_id;
        m.version = old->version + 1;
        m.supersedes = old->id;
        if (Status s = Retire(old->id, ctx.now, ctx.now); !s.ok()) return s;
        if (Status s = LogVector(old->id, false); !s.ok()) return s;
        out.summaries_replaced.push_back(old->id);
        touched.insert(old->id);
      }
      m.status = MemoryStatus::kActive;
      if (Status s = sqlite::InsertMemory(db_, m, key); !s.ok()) return s;
      if (Status s = PutVector(m.id, plan.embedding_model, sp.embedding); !s.ok()) return s;
      for (int64_t src : sp.sources) {
        if (Status s = link(m.id, src, "summarizes"); !s.ok()) return s;
        touched.insert(src);
      }
      touched.insert(m.id);
      out.summaries.push_back(std::move(m));
    }
    AuditEntry e{"compact", std::vector<int64_t>(touched.begin(), touched.end()),
                 CompactAuditDetail(out)};
    if (Status s = AppendLocked(ctx, e); !s.ok()) return s;
    if (Status s = txn.Commit(); !s.ok()) return s;
    return out;
  }

  Result<std::vector<MemoryLink>> ListLinks(const OpContext& ctx, int64_t id) override {
    ReadConnection conn(this);
    Result<Memory> m = LoadVisible(conn.db(), ctx, id);
    if (!m.ok()) return m.status();
    return sqlite::SelectLinks(conn.db(), id);
  }

  Result<EraseOutcome> EraseUser(const OpContext& ctx, const std::string& user_id) override {
    if (Status s = CheckCanErase(ctx.principal, user_id); !s.ok()) return s;
    std::lock_guard lock(mu_);
    Txn txn(db_);
    if (!txn.status().ok()) return txn.status();
    auto out = sqlite::DeleteUserRows(db_, user_id);
    if (!out.ok()) return out.status();
    if (out->memory_ids.empty() && out->messages == 0 && out->vault_entries == 0 &&
        out->review_items == 0 && out->outbox_entries == 0 && out->api_keys == 0) {
      return Status::NotFound("store: nothing stored for user '" + user_id + "'");
    }
    for (int64_t id : out->memory_ids) {
      if (Status s = LogVector(id, false); !s.ok()) return s;
    }
    if (!out->memory_ids.empty()) {
      if (Status s = Exec(db_, "INSERT INTO memory_fts(memory_fts) VALUES('optimize')",
                          "erase: merge index");
          !s.ok()) {
        return s;
      }
    }
    if (Status s = AppendLocked(ctx, {"erase", {}, EraseAuditDetail(user_id, *out)}); !s.ok()) {
      return s;
    }
    if (Status s = txn.Commit(); !s.ok()) return s;
    return out;
  }

  Result<EntityImportOutcome> PutEntities(const OpContext& ctx,
                                          const std::vector<EntityRecord>& entries) override {
    for (const EntityRecord& e : entries) {
      if (Status s = CheckEntityEntry(ctx, e); !s.ok()) return s;
    }
    std::lock_guard lock(mu_);
    Txn txn(db_);
    if (!txn.status().ok()) return txn.status();
    auto out = sqlite::UpsertEntities(db_, entries, ctx.now);
    if (!out.ok()) return out.status();
    if (Status s = AppendLocked(ctx, {"entities.import", {}, ImportAuditDetail(*out)}); !s.ok()) {
      return s;
    }
    if (Status s = txn.Commit(); !s.ok()) return s;
    return out;
  }

  Result<std::vector<EntityName>> FindEntityNames(const OpContext& ctx,
                                                  const std::vector<std::string>& names) override {
    ReadConnection conn(this);
    return sqlite::SelectEntityNames(conn.db(), ctx.principal, names);
  }

  Result<std::vector<EntityRecord>> ListEntities(const OpContext& ctx,
                                                 const EntityQuery& query) override {
    ReadConnection conn(this);
    return sqlite::SelectEntities(conn.db(), ctx.principal, query);
  }

  Result<EntityRecord> GetEntity(const OpContext& ctx, int64_t id) override {
    ReadConnection conn(this);
    return sqlite::SelectEntity(conn.db(), ctx.principal, id);
  }

  Result<std::vector<EntityRelation>> ListEntityRelations(const OpContext& ctx, int64_t id,
                                                          int limit) override {
    ReadConnection conn(this);
    return sqlite::SelectEntityRelations(conn.db(), ctx.principal, ctx.now, id, limit);
  }

  Result<GraphResult> SearchGraph(const OpContext& ctx, const GraphQuery& query) override {
    ReadConnection conn(this);
    return sqlite::SelectGraph(conn.db(), conn.cache(), ctx.principal, ctx.now, query);
  }

  Status CompactStorage() override {
    std::lock_guard lock(mu_);
    if (Status s = Exec(db_, "VACUUM", "compact storage"); !s.ok()) return s;
    auto no_background_checkpoint = checkpointer_->Hold();
    Stmt cp(db_, "PRAGMA wal_checkpoint(TRUNCATE)");
    bool busy = cp.Step() && cp.Int(0) != 0;
    if (!cp.status().ok()) return cp.status().WithPrefix("compact storage: checkpoint");
    if (busy) {
      return Status::Unavailable("sqlite: compact storage: another connection is reading; the "
                                 "write-ahead log was not truncated");
    }
    return Status::OK();
  }

 private:
  static constexpr const char* kAuditSelect =
      "SELECT seq, at_ms, actor_user, actor_agent, action, targets, request_id, detail, "
      "prev_hash, hash FROM audit";

  static AuditRecord ReadAudit(const Stmt& st) {
    AuditRecord r;
    r.seq = st.Int(0);
    r.at = Instant{st.Int(1), 0};
    r.actor_user = st.Text(2);
    r.actor_agent = st.Text(3);
    r.action = st.Text(4);
    r.targets = ParseIdList(st.Text(5));
    r.request_id = st.Text(6);
    r.detail_json = st.Text(7);
    r.prev_hash = st.Text(8);
    r.hash = st.Text(9);
    return r;
  }

  // A memory a consolidation by ctx.principal may use: NotFound when absent or invisible
  // (the admin role sees every scope here), PermissionDenied when not consolidatable,
  // Conflict when forgotten or quarantined, or (with `must_be_current`) not current.
  // REQUIRES: mu_ held.
  Result<Memory> LoadConsolidatable(const OpContext& ctx, int64_t id, bool must_be_current) {
    Stmt st(db_, "SELECT " + sqlite::MemoryColumns() + " FROM memory m WHERE m.id = ?1");
    st.Bind(1, id);
    if (!st.Step()) return st.status().ok() ? NotFound(id) : st.status();
    Memory m = sqlite::ReadMemory(st);
    if (!ctx.principal.HasRole("admin") && !CanSee(ctx.principal, m.scope)) return NotFound(id);
    if (Status s = CheckCanConsolidate(ctx.principal, m.scope); !s.ok()) return s;
    if (m.status == MemoryStatus::kDeleted || m.status == MemoryStatus::kQuarantined ||
        (must_be_current && !m.current)) {
      return Status::Conflict("store: memory " + std::to_string(id) +
                              " changed since the consolidation was planned");
    }
    return m;
  }

  // REQUIRES: `db` is a reader or the writer with mu_ held.
  Result<Memory> LoadVisible(sqlite3* db, const OpContext& ctx, int64_t id) {
    Stmt st(db, "SELECT " + sqlite::MemoryColumns() + " FROM memory m WHERE m.id = ?1 AND " +
                     sqlite::VisibleSql(2, 3));
    st.Bind(1, id).Bind(2, ctx.principal.user_id);
    st.Bind(3, sqlite::JsonStringArray(ctx.principal.teams));
    if (st.Step()) return sqlite::ReadMemory(st);
    if (!st.status().ok()) return st.status();
    return NotFound(id);
  }

  // The id the next memory row gets. Safe because writers hold the write lock.
  // REQUIRES: mu_ held, inside a write transaction.
  Result<int64_t> NextMemoryId() {
    Stmt max(db_, "SELECT COALESCE(MAX(id), 0) + 1 FROM memory");
    if (max.Step()) return max.Int(0);
    return max.status().ok() ? Status::Internal("sqlite: no max id") : max.status();
  }

  // REQUIRES: mu_ held, inside a write transaction.
  Status LogVector(int64_t memory_id, bool upsert) {
    Stmt st(db_, "INSERT INTO vector_log (memory_id, op) VALUES (?1, ?2)");
    st.Bind(1, memory_id).Bind(2, upsert ? "upsert" : "remove");
    return st.Run().WithPrefix("vector log");
  }

  // REQUIRES: mu_ held, inside a write transaction.
  Status PutVector(int64_t memory_id, const std::string& model, const std::string& vector) {
    if (vector.empty()) return Status::OK();
    Stmt st(db_, "INSERT OR REPLACE INTO memory_vector (memory_id, model_id, vector) "
                 "VALUES (?1, ?2, ?3)");
    st.Bind(1, memory_id).Bind(2, model).BindBlob(3, vector);
    if (Status s = st.Run(); !s.ok()) return s.WithPrefix("memory vector");
    return LogVector(memory_id, true);
  }

  // REQUIRES: mu_ held, inside a write transaction.
  Status Retire(int64_t id, const Instant& now, const Instant& valid_to) {
    Stmt st(db_,
            "UPDATE memory SET current = 0, superseded_ms = ?2, valid_to_ms = ?3 WHERE id = ?1");
    st.Bind(1, id).Bind(2, now.unix_ms).Bind(3, valid_to.unix_ms);
    return st.Run();
  }

  // REQUIRES: mu_ held, inside a write transaction (the chain's tail is read under the lock).
  Status AppendLocked(const OpContext& ctx, const AuditEntry& e) {
    AuditRecord r;
    r.prev_hash = AuditGenesisHash();
    r.seq = 1;
    {
      Stmt last(db_, cache_.get(), "SELECT seq, hash FROM audit ORDER BY seq DESC LIMIT 1");
      if (last.Step()) {
        r.seq = last.Int(0) + 1;
        r.prev_hash = last.Text(1);
      }
      if (!last.status().ok()) return last.status();
    }
    r.at = ctx.now;
    r.actor_user = ctx.principal.user_id;
    r.actor_agent = ctx.principal.agent_id;
    r.action = e.action;
    r.targets = e.targets;
    r.request_id = ctx.request_id;
    r.detail_json = e.detail_json;
    r.hash = AuditHash(r.prev_hash, r);
    Stmt st(db_, cache_.get(),
            "INSERT INTO audit (seq, at_ms, actor_user, actor_agent, action, targets, "
            "request_id, detail, prev_hash, hash) VALUES (?1,?2,?3,?4,?5,?6,?7,?8,?9,?10)");
    st.Bind(1, r.seq).Bind(2, r.at.unix_ms).Bind(3, r.actor_user).Bind(4, r.actor_agent);
    st.Bind(5, r.action).Bind(6, FormatIdList(r.targets)).Bind(7, r.request_id);
    st.Bind(8, r.detail_json).Bind(9, r.prev_hash).Bind(10, r.hash);
    return st.Run().WithPrefix("append audit");
  }

  // The connection of a read-only call: the writer connection when it is free (its page
  // cache stays warm: a reader's is dropped whenever another connection has written), else a
  // reader of its own, so that reads run in parallel with each other and with writes; the
  // writer connection, waited for, when no reader can be opened.
  class ReadConnection {
   public:
    explicit ReadConnection(SqliteStore* store)
        : lock_(store->mu_, std::try_to_lock),
          lease_(lock_.owns_lock() ? std::nullopt : store->readers_.Acquire()) {
      if (!lock_.owns_lock() && !lease_) lock_.lock();
      db_ = lease_ ? lease_->db() : store->db_;
      cache_ = lease_ ? nullptr : store->cache_.get();
    }
    sqlite3* db() const { return db_; }
    // The writer's statement cache while the writer is held, else none (a reader prepares).
    sqlite::StmtCache* cache() const { return cache_; }

   private:
    std::unique_lock<std::mutex> lock_;
    std::optional<sqlite::ReaderPool::Lease> lease_;
    sqlite3* db_;
    sqlite::StmtCache* cache_;
  };

  std::mutex mu_;  // guards db_, the writer connection
  sqlite3* db_;
  std::string path_;
  std::unique_ptr<sqlite::StmtCache> cache_;  // statements of the read path; guarded by mu_
  sqlite::KeywordState keyword_;              // guarded by mu_
  sqlite::ReaderPool readers_;  // after path_, which its opener reads
  std::unique_ptr<sqlite::WalCheckpointer> checkpointer_;  // the hook of db_; after path_
};

}  // namespace

Result<std::unique_ptr<Store>> OpenSqliteStore(const SqliteOptions& options) {
  const std::string& path = options.path;
  if (path.empty()) return Status::InvalidArgument("sqlite: empty database path");
  struct stat info;
  bool exists = ::stat(path.c_str(), &info) == 0;
  if (!exists && !options.create_if_missing) {
    return Status::NotFound("sqlite: database '" + path + "' does not exist");
  }
  if (exists && S_ISDIR(info.st_mode)) {
    return Status::InvalidArgument("sqlite: '" + path + "' is a directory");
  }
  sqlite3* db = nullptr;
  int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX |
              (options.create_if_missing ? SQLITE_OPEN_CREATE : 0);
  int rc = sqlite3_open_v2(path.c_str(), &db, flags, nullptr);
  if (rc != SQLITE_OK) {
    Status s = sqlite::SqliteError(db, rc, "open '" + path + "'");
    sqlite3_close_v2(db);
    return s.code() == StatusCode::kNotFound ? Status::IOError(s.message()) : s;
  }
  auto fail = [&](const Status& s) -> Status {
    sqlite3_close_v2(db);
    return s;
  };
  sqlite3_busy_timeout(db, options.busy_timeout_ms);
  sqlite3_extended_result_codes(db, 1);
  if (Status s = sqlite::RegisterEngramTokenizer(db); !s.ok()) return fail(s);
  if (Status s = sqlite::RegisterFilterFunction(db); !s.ok()) return fail(s);
  // journal_mode is the first statement that reads the file: a file that is not a
  // database fails here with Corruption.
  const std::string what = "open '" + path + "'";
  if (Status s = Exec(db, "PRAGMA journal_mode = WAL", what); !s.ok()) return fail(s);
  // A page cache of up to 64 MiB (SQLite's default is 2 MB): recall's rows and indexes stay
  // in memory instead of being copied in from the OS on every call.
  if (Status s = Exec(db,
                      "PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL; "
                      "PRAGMA secure_delete = ON; PRAGMA cache_size = -65536;",
                      what);
      !s.ok()) {
    return fail(s);
  }
  if (Status s = sqlite::Migrate(db, path); !s.ok()) return fail(s);
  // Per-connection view of the index's term statistics (for query term pruning).
  if (Status s = Exec(db,
                      "CREATE VIRTUAL TABLE IF NOT EXISTS temp.memory_fts_vocab "
                      "USING fts5vocab(main, memory_fts, row)",
                      what);
      !s.ok()) {
    return fail(s);
  }
  return std::unique_ptr<Store>(new SqliteStore(db, path, options.busy_timeout_ms));
}

}  // namespace engram::store
