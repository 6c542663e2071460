#include "src/store/postgres/pg_rows.h"

#include <optional>

#include "engram/status_macros.h"
#include "src/store/access.h"
#include "src/store/memory_columns.h"
#include "src/store/versions.h"

namespace engram::store::postgres {
namespace {

constexpr const auto& kColumns = kMemoryColumns;
constexpr int kCount = kMemoryColumnCount;

std::optional<Instant> OptInstant(const PgResult& r, int row, int col, int32_t offset) {
  if (r.IsNull(row, col)) return std::nullopt;
  return Instant{r.Int64(row, col), offset};
}

PgParam OptMs(const std::optional<Instant>& t) {
  return t ? PgParam(t->unix_ms) : PgParam::Null();
}

}  // namespace

const std::string& MemoryColumns() { return MemoryColumnList(); }

int MemoryColumnCount() { return kCount; }

Memory ReadMemory(const PgResult& r, int row, int c) {
  auto text = [&](int i) { return std::string(r.Text(row, c + i)); };
  auto i64 = [&](int i) { return r.Int64(row, c + i); };
  Memory m;
  const int32_t offset = static_cast<int32_t>(i64(24));
  m.id = i64(0);
  m.lineage_id = i64(1);
  m.version = static_cast<int32_t>(i64(2));
  m.supersedes = i64(3);
  m.current = r.Bool(row, c + 4);
  m.scope.user_id = text(5);
  m.scope.agent_id = text(6);
  m.scope.team_id = text(7);
  m.scope.visibility = ParseVisibility(text(8)).value_or(Visibility::kPrivate);
  m.type = ParseMemoryType(text(9)).value_or(MemoryType::kEpisodic);
  m.kind = ParseMemoryKind(text(10)).value_or(MemoryKind::kRaw);
  m.status = ParseMemoryStatus(text(11)).value_or(MemoryStatus::kActive);
  m.content = text(12);
  m.subject = text(13);
  m.attribute = text(14);
  m.value = text(15);
  if (!r.IsNull(row, c + 16) && !r.IsNull(row, c + 17)) {
    TimeSpan span;
    span.from = Instant{i64(16), offset};
    span.to = Instant{i64(17), offset};
    span.grain = ParseGrain(text(18)).value_or(Grain::kDay);
    m.event_time = span;
  }
  m.valid_from = Instant{i64(19), offset};
  m.valid_to = OptInstant(r, row, c + 20, offset);
  m.recorded_at = Instant{i64(21), offset};
  m.superseded_at = OptInstant(r, row, c + 22, offset);
  m.expires_at = OptInstant(r, row, c + 23, offset);
  m.confidence.temporal = r.Double(row, c + 25);
  m.confidence.entity = r.Double(row, c + 26);
  m.confidence.event_type = r.Double(row, c + 27);
  m.confidence.source = r.Double(row, c + 28);
  m.confidence.consistency = r.Double(row, c + 29);
  m.confidence.overall = r.Double(row, c + 30);
  m.source.session_id = text(31);
  m.source.message_id = i64(32);
  m.source.type = ParseSourceType(text(33)).value_or(SourceType::kChat);
  m.source.actor = text(34);
  m.source.at = Instant{i64(35), offset};
  m.access_count = i64(36);
  m.last_access = OptInstant(r, row, c + 37, offset);
  m.metadata_json = text(38);
  m.reinforced = i64(39);
  m.last_seen = OptInstant(r, row, c + 40, offset);
  return m;
}

std::vector<Memory> ReadMemories(const PgResult& r, int col) {
  std::vector<Memory> out;
  out.reserve(r.rows());
  for (int i = 0; i < r.rows(); ++i) out.push_back(ReadMemory(r, i, col));
  return out;
}

Status InsertMemoryRow(PgConn& conn, const std::string& tenant, Memory* m,
                       std::string_view said) {
  bool keyword = true;
  if (m->type == MemoryType::kSemantic && m->source.message_id != 0) {
    ENGRAM_ASSIGN_OR_RETURN(
        auto rec, conn.Exec("SELECT content FROM memory WHERE tenant_id = $1 AND message_id = $2 "
                            "AND type = 'episodic' AND current ORDER BY id DESC LIMIT 1",
                            {tenant, m->source.message_id}));
    keyword = IsKeywordDocument(*m, rec.rows() ? rec.Text(0, 0) : std::string_view());
  }
  // The id is allocated in the INSERT (one round trip): kColumns[0] is id, [1] lineage_id.
  std::string sql = "WITH n AS (SELECT nextval(pg_get_serial_sequence('memory', 'id')) AS id) "
                    "INSERT INTO memory (tenant_id, scope_key, keyword, said";
  for (int i = 0; i < kCount; ++i) sql += std::string(", ") + kColumns[i];
  sql += ") SELECT $1, $2, $3, $4, n.id, COALESCE($5::bigint, n.id)";
  for (int i = 2; i < kCount; ++i) sql += ", $" + std::to_string(i + 4);
  sql += " FROM n RETURNING id, lineage_id";
  std::vector<PgParam> p;
  p.reserve(kCount + 3);
  p.emplace_back(tenant);
  p.emplace_back(ScopeKey(m->scope));
  p.emplace_back(keyword);
  p.push_back(said.empty() ? PgParam::Null() : PgParam(said));
  p.push_back(m->lineage_id ? PgParam(m->lineage_id) : PgParam::Null());
  p.emplace_back(int64_t{m->version});
  p.push_back(m->supersedes ? PgParam(m->supersedes) : PgParam::Null());
  p.emplace_back(m->current);
  p.emplace_back(m->scope.user_id);
  p.emplace_back(m->scope.agent_id);
  p.emplace_back(m->scope.team_id);
  p.emplace_back(ToString(m->scope.visibility));
  p.emplace_back(ToString(m->type));
  p.emplace_back(ToString(m->kind));
  p.emplace_back(ToString(m->status));
  p.emplace_back(m->content);
  p.emplace_back(m->subject);
  p.emplace_back(m->attribute);
  p.emplace_back(m->value);
  if (m->event_time) {
    p.emplace_back(m->event_time->from.unix_ms);
    p.emplace_back(m->event_time->to.unix_ms);
    p.emplace_back(ToString(m->event_time->grain));
  } else {
    p.push_back(PgParam::Null());
    p.push_back(PgParam::Null());
    p.push_back(PgParam::Null());
  }
  p.emplace_back(m->valid_from.unix_ms);
  p.push_back(OptMs(m->valid_to));
  p.emplace_back(m->recorded_at.unix_ms);
  p.push_back(OptMs(m->superseded_at));
  p.push_back(OptMs(m->expires_at));
  p.emplace_back(int64_t{m->source.at.offset_minutes});
  for (double c : {m->confidence.temporal, m->confidence.entity, m->confidence.event_type,
                   m->confidence.source, m->confidence.consistency, m->confidence.overall}) {
    p.emplace_back(c);
  }
  p.emplace_back(m->source.session_id);
  p.push_back(m->source.message_id ? PgParam(m->source.message_id) : PgParam::Null());
  p.emplace_back(ToString(m->source.type));
  p.emplace_back(m->source.actor);
  p.emplace_back(m->source.at.unix_ms);
  p.emplace_back(m->access_count);
  p.push_back(OptMs(m->last_access));
  p.emplace_back(m->metadata_json);
  p.emplace_back(m->reinforced);
  p.push_back(OptMs(m->last_seen));
  auto done = conn.Exec(sql, p);
  if (!done.ok()) return done.status().WithPrefix("insert memory");
  m->id = done->Int64(0, 0);
  m->lineage_id = done->Int64(0, 1);
  return Status::OK();
}

std::string TextArray(const std::vector<std::string>& items) {
  std::string out = "{";
  for (size_t i = 0; i < items.size(); ++i) {
    if (i) out += ",";
    out += '"';
    for (char ch : items[i]) {
      if (ch == '"' || ch == '\\') out += '\\';
      out += ch;
    }
    out += '"';
  }
  return out + "}";
}

std::string IdArray(const std::vector<int64_t>& ids) {
  std::string out = "{";
  for (size_t i = 0; i < ids.size(); ++i) {
    if (i) out += ',';
    out += std::to_string(ids[i]);
  }
  return out + "}";
}

std::string VisibleSql(int user_param, int teams_param) {
  const std::string u = "$" + std::to_string(user_param);
  const std::string t = "$" + std::to_string(teams_param) + "::text[]";
  return "(m.visibility = 'public' OR (m.visibility = 'private' AND m.user_id = " + u +
         ") OR (m.visibility = 'team' AND m.team_id = ANY(" + t + ")))";
}

std::string SearchableSql(int now_param, int history_param) {
  const std::string n = "$" + std::to_string(now_param) + "::bigint";
  const std::string h = "$" + std::to_string(history_param) + "::boolean";
  return "(m.status IN ('active', 'dormant') AND (m.current OR " + h +
         ") AND (m.expires_ms IS NULL OR m.expires_ms > " + n + "))";
}

Status MemoryNotFound(int64_t id) {
  return Status::NotFound("store: memory " + std::to_string(id) + " not found");
}

}  // namespace engram::store::postgres
