#include "src/store/sqlite/memory_rows.h"

#include <cstdio>
#include <set>

#include "src/store/memory_columns.h"
#include "src/store/versions.h"
#include "src/store/weak_fusion.h"

namespace engram::store::sqlite {
namespace {

constexpr const auto& kColumns = kMemoryColumns;
constexpr int kCount = kMemoryColumnCount;

std::optional<Instant> OptInstant(const Stmt& st, int col, int32_t offset) {
  if (st.IsNull(col)) return std::nullopt;
  return Instant{st.Int(col), offset};
}

}  // namespace

const std::string& MemoryColumns() { return MemoryColumnList(); }

int MemoryColumnCount() { return kCount; }

Memory ReadMemory(const Stmt& st, int c) {
  Memory m;
  const int32_t offset = static_cast<int32_t>(st.Int(c + 24));
  m.id = st.Int(c + 0);
  m.lineage_id = st.Int(c + 1);
  m.version = static_cast<int32_t>(st.Int(c + 2));
  m.supersedes = st.IsNull(c + 3) ? 0 : st.Int(c + 3);
  m.current = st.Int(c + 4) != 0;
  m.scope.user_id = st.Text(c + 5);
  m.scope.agent_id = st.Text(c + 6);
  m.scope.team_id = st.Text(c + 7);
  m.scope.visibility = ParseVisibility(st.Text(c + 8)).value_or(Visibility::kPrivate);
  m.type = ParseMemoryType(st.Text(c + 9)).value_or(MemoryType::kEpisodic);
  m.kind = ParseMemoryKind(st.Text(c + 10)).value_or(MemoryKind::kRaw);
  m.status = ParseMemoryStatus(st.Text(c + 11)).value_or(MemoryStatus::kActive);
  m.content = st.Text(c + 12);
  m.subject = st.Text(c + 13);
  m.attribute = st.Text(c + 14);
  m.value = st.Text(c + 15);
  if (!st.IsNull(c + 16) && !st.IsNull(c + 17)) {
    TimeSpan span;
    span.from = Instant{st.Int(c + 16), offset};
    span.to = Instant{st.Int(c + 17), offset};
    span.grain = ParseGrain(st.Text(c + 18)).value_or(Grain::kDay);
    m.event_time = span;
  }
  m.valid_from = Instant{st.Int(c + 19), offset};
  m.valid_to = OptInstant(st, c + 20, offset);
  m.recorded_at = Instant{st.Int(c + 21), offset};
  m.superseded_at = OptInstant(st, c + 22, offset);
  m.expires_at = OptInstant(st, c + 23, offset);
  m.confidence.temporal = st.Double(c + 25);
  m.confidence.entity = st.Double(c + 26);
  m.confidence.event_type = st.Double(c + 27);
  m.confidence.source = st.Double(c + 28);
  m.confidence.consistency = st.Double(c + 29);
  m.confidence.overall = st.Double(c + 30);
  m.source.session_id = st.Text(c + 31);
  m.source.message_id = st.IsNull(c + 32) ? 0 : st.Int(c + 32);
  m.source.type = ParseSourceType(st.Text(c + 33)).value_or(SourceType::kChat);
  m.source.actor = st.Text(c + 34);
  m.source.at = Instant{st.Int(c + 35), offset};
  m.access_count = st.Int(c + 36);
  m.last_access = OptInstant(st, c + 37, offset);
  m.metadata_json = st.Text(c + 38);
  m.reinforced = st.Int(c + 39);
  m.last_seen = OptInstant(st, c + 40, offset);
  return m;
}

Status InsertMemory(sqlite3* db, const Memory& m, const std::string& scope_key,
                    std::string_view said) {
  bool keyword = true;
  if (m.type == MemoryType::kSemantic && m.source.message_id != 0) {
    Stmt rec(db,
             "SELECT content FROM memory WHERE message_id = ?1 AND type = 'episodic' AND "
             "current = 1 ORDER BY id DESC LIMIT 1");
    rec.Bind(1, m.source.message_id);
    keyword = IsKeywordDocument(m, rec.Step() ? rec.Text(0) : std::string());
    if (!rec.status().ok()) return rec.status().WithPrefix("insert memory");
  }
  std::string sql = "INSERT INTO memory (scope_key, keyword, said";
  for (int i = 0; i < kCount; ++i) sql += std::string(", ") + kColumns[i];
  sql += ") VALUES (?, ?, ?";
  for (int i = 0; i < kCount; ++i) sql += ", ?";
  sql += ")";
  Stmt st(db, sql);
  auto opt = [](const std::optional<Instant>& t) {
    return t ? std::optional<int64_t>(t->unix_ms) : std::nullopt;
  };
  int i = 0;
  auto bind = [&](const auto& v) { st.Bind(++i, v); };
  auto null = [&] { st.BindNull(++i); };
  bind(scope_key);
  bind(int64_t{keyword});
  if (said.empty()) null(); else bind(said);
  bind(m.id);
  bind(m.lineage_id);
  bind(int64_t{m.version});
  if (m.supersedes) bind(m.supersedes); else null();
  bind(m.current);
  bind(m.scope.user_id);
  bind(m.scope.agent_id);
  bind(m.scope.team_id);
  bind(ToString(m.scope.visibility));
  bind(ToString(m.type));
  bind(ToString(m.kind));
  bind(ToString(m.status));
  bind(m.content);
  bind(m.subject);
  bind(m.attribute);
  bind(m.value);
  if (m.event_time) {
    bind(m.event_time->from.unix_ms);
    bind(m.event_time->to.unix_ms);
    bind(ToString(m.event_time->grain));
  } else {
    null();
    null();
    null();
  }
  bind(m.valid_from.unix_ms);
  bind(opt(m.valid_to));
  bind(m.recorded_at.unix_ms);
  bind(opt(m.superseded_at));
  bind(opt(m.expires_at));
  bind(int64_t{m.source.at.offset_minutes});
  for (double c : {m.confidence.temporal, m.confidence.entity, m.confidence.event_type,
                   m.confidence.source, m.confidence.consistency, m.confidence.overall}) {
    bind(c);
  }
  bind(m.source.session_id);
  if (m.source.message_id) bind(m.source.message_id); else null();
  bind(ToString(m.source.type));
  bind(m.source.actor);
  bind(m.source.at.unix_ms);
  bind(m.access_count);
  bind(opt(m.last_access));
  bind(m.metadata_json);
  bind(m.reinforced);
  bind(opt(m.last_seen));
  if (Status s = st.Run(); !s.ok()) return s.WithPrefix("insert memory");
  if (!keyword) return Status::OK();
  Stmt fts(db, "INSERT INTO memory_fts(rowid, content) VALUES (?1, ?2)");
  fts.Bind(1, m.id).Bind(2, said.empty() ? std::string_view(m.content) : said);
  return fts.Run();
}

std::string VisibleSql(int user_param, int teams_param) {
  char buf[256];
  std::snprintf(buf, sizeof buf,
                "(m.visibility = 'public' OR (m.visibility = 'private' AND m.user_id = ?%d) OR "
                "(m.visibility = 'team' AND m.team_id IN (SELECT value FROM json_each(?%d))))",
                user_param, teams_param);
  return buf;
}

std::string JsonStringArray(const std::vector<std::string>& items) {
  std::string out = "[";
  for (size_t k = 0; k < items.size(); ++k) {
    if (k) out += ',';
    out += '"';
    for (unsigned char ch : items[k]) {
      if (ch == '"' || ch == '\\') {
        out += '\\';
        out += static_cast<char>(ch);
      } else if (ch < 0x20) {
        char esc[8];
        std::snprintf(esc, sizeof esc, "\\u%04x", ch);
        out += esc;
      } else {
        out += static_cast<char>(ch);
      }
    }
    out += '"';
  }
  out += ']';
  return out;
}

}  // namespace engram::store::sqlite
