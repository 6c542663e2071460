// SqliteStore's reads: single memories, lists, recall's channels and the vector log.
#include <algorithm>
#include <unordered_map>

#include "engram/status_macros.h"
#include "src/store/access.h"
#include "src/store/audit_chain.h"
#include "src/store/list_filter.h"
#include "src/store/sqlite/dormancy_rows.h"
#include "src/store/sqlite/filter_function.h"
#include "src/store/sqlite/lifecycle_rows.h"
#include "src/store/sqlite/memory_rows.h"
#include "src/store/sqlite/review_rows.h"
#include "src/store/sqlite/sqlite_store_internal.h"

namespace engram::store::sqlite_internal {

Result<Memory> SqliteStore::GetMemory(const OpContext& ctx, int64_t id) {
  ReadConnection conn(this);
  return LoadVisible(conn.db(), ctx, id);
}

Result<std::vector<Memory>> SqliteStore::GetHistory(const OpContext& ctx, int64_t id) {
  ReadConnection conn(this);
  ENGRAM_ASSIGN_OR_RETURN(Memory m, LoadVisible(conn.db(), ctx, id));
  Stmt st(conn.db(), "SELECT " + sqlite::MemoryColumns() +
                         " FROM memory m WHERE m.lineage_id = ?1 ORDER BY m.version");
  st.Bind(1, m.lineage_id);
  std::vector<Memory> versions;
  while (st.Step()) versions.push_back(sqlite::ReadMemory(st));
  ENGRAM_RETURN_IF_ERROR(st.status());
  return versions;
}

Result<std::vector<KeywordHit>> SqliteStore::SearchKeyword(const OpContext& ctx,
                                                           const KeywordQuery& query) {
  std::lock_guard lock(mu_);
  return sqlite::SearchKeywordRows(db_, cache_.get(), &keyword_, ctx, query);
}

Result<int64_t> SqliteStore::FindRecord(const OpContext& ctx, const Scope& scope,
                                        const std::string& content) {
  if (!CanSee(ctx.principal, scope)) return int64_t{0};
  ReadConnection conn(this);
  Stmt st(conn.db(), conn.cache(), kFindRecordSql);
  st.Bind(1, ScopeKey(scope)).Bind(2, content);
  const int64_t id = st.Step() ? st.Int(0) : 0;
  if (!st.status().ok()) return st.status().WithPrefix("find record");
  return id;
}

Result<std::vector<Memory>> SqliteStore::ListMessageMemories(
    const OpContext& ctx, const std::vector<int64_t>& message_ids, bool retired_only) {
  std::vector<Memory> out;
  if (message_ids.empty()) return out;
  ReadConnection conn(this);
  // Retired versions only: "m.current = 0" as a term of its own lets the planner read the
  // small index of retired rows (memory_message_retired) instead of every row of each message.
  static const std::string* const kSql = [] {  // [all, retired only]; never destroyed
    const std::string base =
        "SELECT " + sqlite::MemoryColumns() +
        " FROM memory m WHERE m.message_id IN (SELECT value FROM json_each(?1)) AND " +
        sqlite::VisibleSql(2, 3) + " AND m.status IN ('active', 'dormant')";
    return new std::string[2]{base + " ORDER BY m.id", base + " AND m.current = 0 ORDER BY m.id"};
  }();
  Stmt st(conn.db(), conn.cache(), kSql[retired_only ? 1 : 0]);
  st.Bind(1, FormatIdList(message_ids)).Bind(2, ctx.principal.user_id);
  st.Bind(3, sqlite::JsonStringArray(ctx.principal.teams));
  while (st.Step()) out.push_back(sqlite::ReadMemory(st));
  if (!st.status().ok()) return st.status().WithPrefix("list message memories");
  return out;
}

Result<std::vector<Memory>> SqliteStore::GetSearchable(const OpContext& ctx,
                                                       const std::vector<int64_t>& ids,
                                                       bool include_history,
                                                       const MemoryFilter* filter) {
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

Result<std::vector<VectorChange>> SqliteStore::VectorChangesSince(int64_t after_seq,
                                                                  const std::string& model,
                                                                  int limit) {
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

Result<std::vector<Memory>> SqliteStore::ListMemories(const OpContext& ctx, const ListQuery& q) {
  ReadConnection conn(this);
  Stmt st(conn.db(), "SELECT " + sqlite::MemoryColumns() + " FROM memory m WHERE m.id > ?1 AND " +
                         sqlite::VisibleSql(2, 3) + ListConditionSql(q, ctx.now.unix_ms) +
                         " AND (?4 = '' OR m.session_id = ?4) AND (?5 = '' OR m.type = ?5) "
                         "AND (?6 = '' OR m.kind = ?6) AND (?7 = '' OR m.agent_id = ?7)" +
                         sqlite::FilterClause(9, q.filter) + " ORDER BY m.id LIMIT ?8");
  st.Bind(1, q.after_id).Bind(2, ctx.principal.user_id);
  st.Bind(3, sqlite::JsonStringArray(ctx.principal.teams)).Bind(4, q.session_id);
  st.Bind(5, q.type).Bind(6, q.kind).Bind(7, q.agent_id).Bind(8, int64_t{q.limit});
  sqlite::BindFilter(&st, 9, q.filter);
  std::vector<Memory> out;
  while (st.Step()) out.push_back(sqlite::ReadMemory(st));
  if (!st.status().ok()) return st.status().WithPrefix("list memories");
  return out;
}

Result<StoredMessage> SqliteStore::GetMessage(const OpContext& ctx, int64_t id) {
  ReadConnection conn(this);
  Stmt st(conn.db(), conn.cache(),
          "SELECT user_id, agent_id, team_id, visibility, session_id, role, content, at_ms, "
          "at_offset, source_type, context FROM message WHERE id = ?1");
  st.Bind(1, id);
  if (!st.Step()) {
    if (!st.status().ok()) return st.status().WithPrefix("message");
    return Status::NotFound("store: message " + std::to_string(id) + " not found");
  }
  StoredMessage m;
  m.id = id;
  m.scope = Scope{st.Text(0), st.Text(1), st.Text(2),
                  ParseVisibility(st.Text(3)).value_or(Visibility::kPrivate)};
  m.message.session_id = st.Text(4);
  m.message.role = st.Text(5);
  m.message.content = st.Text(6);
  m.message.at = Instant{st.Int(7), static_cast<int32_t>(st.Int(8))};
  m.message.source = ParseSourceType(st.Text(9)).value_or(SourceType::kChat);
  m.message.context_json = st.Text(10);
  if (!CanSee(ctx.principal, m.scope)) {
    return Status::NotFound("store: message " + std::to_string(id) + " not found");
  }
  return m;
}

Result<LastMessage> SqliteStore::GetLastMessage(const OpContext& ctx) {
  ReadConnection conn(this);
  Stmt st(conn.db(), conn.cache(),
          "SELECT id, session_id, at_ms, at_offset FROM message WHERE user_id = ?1 AND "
          "agent_id = ?2 ORDER BY id DESC LIMIT 1");
  st.Bind(1, ctx.principal.user_id).Bind(2, ctx.principal.agent_id);
  if (!st.Step()) {
    if (!st.status().ok()) return st.status().WithPrefix("last message");
    return Status::NotFound("sqlite: no message of this user and agent");
  }
  LastMessage m;
  m.id = st.Int(0);
  m.session_id = st.Text(1);
  m.at = Instant{st.Int(2), static_cast<int32_t>(st.Int(3))};
  return m;
}

Result<std::vector<Memory>> SqliteStore::ListRecent(const OpContext& ctx,
                                                    const std::string& session_id, int limit) {
  ReadConnection conn(this);
  Stmt st(conn.db(), conn.cache(),
          "SELECT " + sqlite::MemoryColumns() +
              " FROM memory m WHERE m.session_id = ?1 AND m.type = 'episodic' AND " +
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

namespace {

// Session neighbours (SqliteStore::ListSessionNeighbors) on an open connection: both
// statements prepared once for any number of memories.
class NeighbourReader {
 public:
  NeighbourReader(sqlite3* db, sqlite::StmtCache* cache, const OpContext& ctx)
      : ctx_(ctx),
        teams_(sqlite::JsonStringArray(ctx.principal.teams)),
        earlier_(db, cache, Sql()[0]),
        later_(db, cache, Sql()[1]) {}

  Result<std::vector<Memory>> Of(const Memory& memory, int width) {
    std::vector<Memory> out;
    if (memory.source.session_id.empty() || width <= 0) return out;
    const std::string scope_key = ScopeKey(memory.scope);
    for (Stmt* st : {&earlier_, &later_}) {
      st->Reset();
      st->Bind(1, memory.source.session_id).Bind(2, scope_key);
      st->Bind(3, ctx_.principal.user_id).Bind(4, teams_);
      st->Bind(5, ctx_.now.unix_ms).Bind(6, memory.id).Bind(7, int64_t{width});
      const size_t first = out.size();
      while (st->Step()) out.push_back(sqlite::ReadMemory(*st));
      if (!st->status().ok()) return st->status().WithPrefix("list session neighbours");
      if (st == &earlier_) std::reverse(out.begin() + static_cast<ptrdiff_t>(first), out.end());
    }
    return out;
  }

 private:
  static const std::string* Sql() {  // [earlier, later]; built once, never destroyed
    static const std::string* const kSql = [] {
      const std::string base =
          "SELECT " + sqlite::MemoryColumns() +
          " FROM memory m WHERE m.session_id = ?1 AND m.scope_key = ?2 AND "
          "m.type = 'episodic' AND " +
          sqlite::VisibleSql(3, 4) +
          " AND m.current = 1 AND m.status IN ('active', 'dormant') "
          "AND (m.expires_ms IS NULL OR m.expires_ms > ?5) AND ";
      return new std::string[2]{base + "m.id < ?6 ORDER BY m.id DESC LIMIT ?7",
                                base + "m.id > ?6 ORDER BY m.id LIMIT ?7"};
    }();
    return kSql;
  }

  const OpContext& ctx_;
  const std::string teams_;
  Stmt earlier_;
  Stmt later_;
};

}  // namespace

Result<std::vector<Memory>> SqliteStore::ListSessionNeighbors(const OpContext& ctx,
                                                              const Memory& memory, int width) {
  ReadConnection conn(this);
  return NeighbourReader(conn.db(), conn.cache(), ctx).Of(memory, width);
}

// One read transaction for all the lists: each statement on its own would open (and lock) a
// read transaction of its own.
Result<std::vector<std::vector<Memory>>> SqliteStore::ListSessionNeighborsOf(
    const OpContext& ctx, const std::vector<const Memory*>& memories, int width) {
  std::vector<std::vector<Memory>> out;
  if (memories.empty()) return out;
  out.reserve(memories.size());
  ReadConnection conn(this);
  ENGRAM_RETURN_IF_ERROR(sqlite::Exec(conn.db(), "BEGIN", "list session neighbours"));
  struct EndRead {
    sqlite3* db;
    ~EndRead() { sqlite3_exec(db, "COMMIT", nullptr, nullptr, nullptr); }
  } end_read{conn.db()};
  NeighbourReader reader(conn.db(), conn.cache(), ctx);
  for (const Memory* m : memories) {
    ENGRAM_ASSIGN_OR_RETURN(auto near, reader.Of(*m, width));
    out.push_back(std::move(near));
  }
  return out;
}

Result<std::vector<VaultEntry>> SqliteStore::GetVault(
    const OpContext& ctx, const std::vector<std::string>& placeholders) {
  ReadConnection conn(this);
  return sqlite::SelectVault(conn.db(), VisiblePartitions(ctx.principal), placeholders);
}

Result<std::vector<MemoryLink>> SqliteStore::ListLinks(const OpContext& ctx, int64_t id) {
  ReadConnection conn(this);
  ENGRAM_ASSIGN_OR_RETURN(Memory m, LoadVisible(conn.db(), ctx, id));
  return sqlite::SelectLinks(conn.db(), id);
}

}  // namespace engram::store::sqlite_internal
