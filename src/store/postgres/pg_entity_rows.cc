// Entity and relation rows of the PostgreSQL store: SQLite's entity_rows.cc, statement for
// statement, with every statement naming the tenant ($1).
#include "src/store/postgres/pg_entity_rows.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>
#include <map>
#include <optional>
#include <string_view>

#include "engram/status_macros.h"
#include "src/store/access.h"
#include "src/store/entity_checks.h"
#include "src/store/postgres/pg_entity_util.h"
#include "src/store/postgres/pg_rows.h"
#include "src/store/versions.h"
#include "src/text/normalize.h"

namespace engram::store::postgres {

const char* const kEntityColumns =
    "e.id, e.user_id, e.team_id, e.visibility, e.type, e.name, e.aliases, e.roles, "
    "e.external_id, e.origin, e.created_ms";

EntityRecord ReadEntity(const PgResult& r, int row, int c) {
  auto text = [&](int i) { return std::string(r.Text(row, c + i)); };
  EntityRecord e;
  e.id = r.Int64(row, c);
  e.scope.user_id = text(1);
  e.scope.team_id = text(2);
  e.scope.visibility = ParseVisibility(text(3)).value_or(Visibility::kPrivate);
  e.type = text(4);
  e.name = text(5);
  e.aliases = ParseJsonStrings(r.Text(row, c + 6));
  e.roles = ParseJsonStrings(r.Text(row, c + 7));
  e.external_id = text(8);
  e.origin = text(9);
  e.created_at = Instant{r.Int64(row, c + 10), 0};
  return e;
}

std::string EntityVisibleSql(int user_param, int teams_param) {
  std::string s = VisibleSql(user_param, teams_param);
  for (size_t i = s.find("m."); i != std::string::npos; i = s.find("m.", i + 2)) s[i] = 'e';
  return s;
}

std::vector<int64_t> ParseIdArray(std::string_view text) {
  std::vector<int64_t> out;
  if (text.size() < 2 || text.front() != '{' || text.back() != '}') return out;
  text = text.substr(1, text.size() - 2);
  while (!text.empty()) {
    const size_t comma = std::min(text.find(','), text.size());
    int64_t v = 0;
    const std::string_view item = text.substr(0, comma);
    if (std::from_chars(item.data(), item.data() + item.size(), v).ec == std::errc()) {
      out.push_back(v);
    }
    text.remove_prefix(std::min(comma + 1, text.size()));
  }
  return out;
}

std::string JsonStrings(const std::vector<std::string>& items) {
  nlohmann::json j = nlohmann::json::array();
  for (const std::string& s : items) j.push_back(s);
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::vector<std::string> ParseJsonStrings(std::string_view text) {
  std::vector<std::string> out;
  const auto j = nlohmann::json::parse(text, nullptr, false);
  if (!j.is_array()) return out;
  for (const auto& v : j) {
    if (v.is_string()) out.push_back(v.get<std::string>());
  }
  return out;
}

namespace {

Status WriteNames(PgConn& conn, const std::string& tenant, const EntityRecord& e) {
  auto del = conn.Exec("DELETE FROM entity_key WHERE tenant_id = $1 AND entity_id = $2",
                       {tenant, e.id});
  if (!del.ok()) return del.status().WithPrefix("entity names");
  for (const auto& [name, kind] : EntityNameRows(e)) {
    auto ins = conn.Exec(
        "INSERT INTO entity_key (tenant_id, entity_id, name, kind) VALUES ($1, $2, $3, $4) "
        "ON CONFLICT DO NOTHING",
        {tenant, e.id, name, kind});
    if (!ins.ok()) return ins.status().WithPrefix("entity names");
  }
  return Status::OK();
}

// Inserts `e` (id assigned) and its names.
Status InsertEntity(PgConn& conn, const std::string& tenant, EntityRecord* e,
                    const Instant& now) {
  auto r = conn.Exec(
      "INSERT INTO entity (tenant_id, scope_key, user_id, team_id, visibility, type, name, "
      "aliases, roles, external_id, origin, created_ms) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,"
      "$10,$11,$12) RETURNING id",
      {tenant, ScopeKey(e->scope), e->scope.user_id, e->scope.team_id,
       ToString(e->scope.visibility), e->type, e->name, JsonStrings(e->aliases),
       JsonStrings(e->roles), e->external_id, e->origin, now.unix_ms});
  if (!r.ok()) return r.status().WithPrefix("insert entity");
  e->id = r->Int64(0, 0);
  e->created_at = now;
  return WriteNames(conn, tenant, *e);
}

// The first entity row of `sql` (its columns from 0), if any.
Result<std::optional<EntityRecord>> FirstEntity(PgConn& conn, const std::string& sql,
                                                std::initializer_list<PgParam> params,
                                                const char* what) {
  auto r = conn.Exec(sql, params);
  if (!r.ok()) return r.status().WithPrefix(what);
  if (r->rows() == 0) return std::optional<EntityRecord>();
  return std::optional<EntityRecord>(ReadEntity(*r, 0));
}

}  // namespace

Result<EntityImportOutcome> UpsertEntities(PgConn& conn, const std::string& tenant,
                                           const std::vector<EntityRecord>& entries,
                                           const Instant& now) {
  EntityImportOutcome out;
  const std::string select = std::string("SELECT ") + kEntityColumns + " FROM entity e ";
  for (EntityRecord e : entries) {
    e.origin = "directory";
    const std::string key = ScopeKey(e.scope);
    std::optional<EntityRecord> found;
    if (!e.external_id.empty()) {
      ENGRAM_ASSIGN_OR_RETURN(
          found, FirstEntity(conn,
                             select + "WHERE e.tenant_id = $1 AND e.scope_key = $2 AND "
                                      "e.external_id = $3 AND e.external_id <> '' "
                                      "ORDER BY e.id LIMIT 1",
                             {tenant, key, e.external_id}, "import entities"));
    }
    if (!found) {
      ENGRAM_ASSIGN_OR_RETURN(
          found, FirstEntity(conn,
                             select + "WHERE e.tenant_id = $1 AND e.scope_key = $2 AND "
                                      "e.type = $3 AND e.name = $4 ORDER BY e.id LIMIT 1",
                             {tenant, key, e.type, e.name}, "import entities"));
    }
    if (found) {
      e.id = found->id;
      e.created_at = found->created_at;
      auto up = conn.Exec(
          "UPDATE entity SET type = $3, name = $4, aliases = $5, roles = $6, external_id = $7, "
          "origin = 'directory' WHERE tenant_id = $1 AND id = $2",
          {tenant, e.id, e.type, e.name, JsonStrings(e.aliases), JsonStrings(e.roles),
           e.external_id});
      if (!up.ok()) return up.status().WithPrefix("import entities");
      ENGRAM_RETURN_IF_ERROR(WriteNames(conn, tenant, e));
      ++out.updated;
    } else {
      ENGRAM_RETURN_IF_ERROR(InsertEntity(conn, tenant, &e, now));
      ++out.created;
    }
    out.entities.push_back(std::move(e));
  }
  return out;
}

Result<std::vector<EntityLinkOutcome>> InsertEntityLinks(PgConn& conn, const std::string& tenant,
                                                         const Principal& p,
                                                         const IngestBatch& batch,
                                                         const std::vector<Memory>& memories,
                                                         const Instant& now) {
  std::vector<EntityLinkOutcome> out;
  const std::string key = ScopeKey(batch.scope);
  const std::string select = std::string("SELECT ") + kEntityColumns + " FROM entity e ";
  // The named entities `p` may see, read in one statement.
  std::vector<int64_t> named;
  for (const EntityLinkDraft& d : batch.entity_links) {
    if (d.entity_id != 0) named.push_back(d.entity_id);
  }
  std::map<int64_t, EntityRecord> visible;
  if (!named.empty()) {
    auto r = conn.Exec(select + "WHERE e.tenant_id = $1 AND e.id = ANY($2::bigint[]) AND " +
                           EntityVisibleSql(3, 4),
                       {tenant, IdArray(named), UserParam(p), TeamsParam(p)});
    if (!r.ok()) return r.status().WithPrefix("link entity");
    for (int i = 0; i < r->rows(); ++i) {
      EntityRecord e = ReadEntity(*r, i);
      const int64_t id = e.id;
      visible.emplace(id, std::move(e));
    }
  }
  for (const EntityLinkDraft& d : batch.entity_links) {
    if (d.memory_index < 0 || d.memory_index >= static_cast<int>(memories.size())) {
      return Status::InvalidArgument("ingest: entity link to memory " +
                                     std::to_string(d.memory_index) + " of the batch");
    }
    EntityLinkOutcome o;
    o.memory_id = memories[d.memory_index].id;
    o.surface = d.surface;
    o.confidence = d.confidence;
    EntityRecord e;
    if (d.entity_id != 0) {
      auto known = visible.find(d.entity_id);
      if (known == visible.end()) {
        return Status::InvalidArgument("ingest: entity " + std::to_string(d.entity_id) +
                                       " is not visible");
      }
      e = known->second;
    } else {
      if (d.name.empty()) return Status::InvalidArgument("ingest: new entity without a name");
      ENGRAM_ASSIGN_OR_RETURN(
          auto same,
          FirstEntity(conn,
                      select + "JOIN entity_key n ON n.tenant_id = e.tenant_id AND "
                               "n.entity_id = e.id WHERE e.tenant_id = $1 AND e.scope_key = $2 "
                               "AND n.name = $3 AND n.kind = 'name' ORDER BY e.id LIMIT 1",
                      {tenant, key, text::FoldForSearch(d.name)}, "link entity"));
      if (same) {
        e = std::move(*same);
      } else {
        e.scope = batch.scope;
        e.scope.agent_id.clear();
        e.type = d.type.empty() ? "other" : d.type;
        e.name = d.name;
        e.origin = "extracted";
        ENGRAM_RETURN_IF_ERROR(InsertEntity(conn, tenant, &e, now));
        o.created = true;
      }
    }
    o.entity_id = e.id;
    o.name = e.name;
    o.type = e.type;
    ENGRAM_RETURN_IF_ERROR(conn.Defer(
        "INSERT INTO memory_entity (tenant_id, memory_id, entity_id, confidence, surface) "
        "VALUES ($1, $2, $3, $4, $5) ON CONFLICT (tenant_id, memory_id, entity_id) DO UPDATE "
        "SET confidence = GREATEST(memory_entity.confidence, EXCLUDED.confidence)",
        {tenant, o.memory_id, o.entity_id, o.confidence, o.surface}));
    out.push_back(std::move(o));
  }
  return out;
}

Status InsertRelations(PgConn& conn, const std::string& tenant, const IngestBatch& batch,
                       const IngestOutcome& out) {
  for (const RelationDraft& r : batch.relations) {
    if (!WritesRelation(batch, out, r)) continue;
    const Memory& m = out.memories[r.memory_index];
    const bool entity_object = r.object_link >= 0;
    ENGRAM_RETURN_IF_ERROR(conn.Defer(
        "INSERT INTO relation (tenant_id, subject_id, predicate, object_id, object_literal, "
        "memory_id, valid_from_ms, version) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        {tenant, out.entity_links[r.subject_link].entity_id, r.predicate,
         entity_object ? PgParam(out.entity_links[r.object_link].entity_id) : PgParam::Null(),
         entity_object ? PgParam::Null() : PgParam(r.object_literal), m.id, m.valid_from.unix_ms,
         int64_t{m.version}}));
  }
  return Status::OK();
}

Status CloseRelations(PgConn& conn, const std::string& tenant, int64_t memory_id,
                      const Instant& at) {
  return conn.Defer(
      "UPDATE relation SET valid_to_ms = $3 WHERE tenant_id = $1 AND memory_id = $2 AND "
      "valid_to_ms IS NULL",
      {tenant, memory_id, at.unix_ms});
}

Status CopyEntityLinks(PgConn& conn, const std::string& tenant, int64_t from, int64_t to) {
  return conn.Defer(
      "INSERT INTO memory_entity (tenant_id, memory_id, entity_id, confidence, surface) "
      "SELECT tenant_id, $3, entity_id, confidence, surface FROM memory_entity WHERE "
      "tenant_id = $1 AND memory_id = $2 ON CONFLICT DO NOTHING",
      {tenant, from, to});
}

Status DeleteLineageEntityLinks(PgConn& conn, const std::string& tenant, int64_t lineage_id) {
  constexpr const char* kWhat = "hard forget: entities";
  const std::string lineage =
      "(SELECT id FROM memory WHERE tenant_id = $1 AND lineage_id = $2)";
  auto linked = conn.Exec("SELECT DISTINCT entity_id FROM memory_entity WHERE tenant_id = $1 "
                          "AND memory_id IN " + lineage,
                          {tenant, lineage_id});
  if (!linked.ok()) return linked.status().WithPrefix(kWhat);
  std::vector<int64_t> entities;
  for (int i = 0; i < linked->rows(); ++i) entities.push_back(linked->Int64(i, 0));
  for (const char* table : {"memory_entity", "relation"}) {
    auto del = conn.Exec(std::string("DELETE FROM ") + table +
                             " WHERE tenant_id = $1 AND memory_id IN " + lineage,
                         {tenant, lineage_id});
    if (!del.ok()) return del.status().WithPrefix(kWhat);
  }
  if (entities.empty()) return Status::OK();
  // An extracted entity's name came from the erased text: it goes when nothing else
  // mentions it.
  auto orphans = conn.Exec(
      "SELECT e.id FROM entity e WHERE e.tenant_id = $1 AND e.id = ANY($2::bigint[]) AND "
      "e.origin = 'extracted' AND NOT EXISTS (SELECT 1 FROM memory_entity x WHERE "
      "x.tenant_id = $1 AND x.entity_id = e.id) AND NOT EXISTS (SELECT 1 FROM relation r "
      "WHERE r.tenant_id = $1 AND (r.subject_id = e.id OR r.object_id = e.id))",
      {tenant, IdArray(entities)});
  if (!orphans.ok()) return orphans.status().WithPrefix(kWhat);
  std::vector<int64_t> gone;
  for (int i = 0; i < orphans->rows(); ++i) gone.push_back(orphans->Int64(i, 0));
  if (gone.empty()) return Status::OK();
  for (const char* sql : {"DELETE FROM entity_key WHERE tenant_id = $1 AND "
                          "entity_id = ANY($2::bigint[])",
                          "DELETE FROM entity WHERE tenant_id = $1 AND id = ANY($2::bigint[])"}) {
    auto del = conn.Exec(sql, {tenant, IdArray(gone)});
    if (!del.ok()) return del.status().WithPrefix(kWhat);
  }
  return Status::OK();
}

}  // namespace engram::store::postgres
