// PostgresStore's entity directory and graph: SQLite's entity calls (sqlite_store.cc,
// entity_rows.cc), with every statement naming the tenant ($1). The import writes under the
// writer lock with its audit record; the reads take a pooled connection.
#include <algorithm>
#include <unordered_map>

#include "engram/status_macros.h"
#include "src/store/entity_checks.h"
#include "src/store/postgres/pg_entity_util.h"
#include "src/store/postgres/pg_rows.h"
#include "src/store/postgres/pg_store_internal.h"

namespace engram::store::postgres {
namespace {

// What recall may return of alias "m" at parameter $now: current and searchable.
std::string CurrentSearchableSql(int now_param) {
  const std::string n = "$" + std::to_string(now_param) + "::bigint";
  return "m.current AND m.status IN ('active', 'dormant') AND (m.expires_ms IS NULL OR "
         "m.expires_ms > " + n + ")";
}

Status EntityNotFound(int64_t id) {
  return Status::NotFound("store: entity " + std::to_string(id) + " not found");
}

// SearchGraph's hits, ranked as SQLite ranks them: most of the query's visible entities
// first, then newest; each hit lists its entities ascending. The candidates come from the
// links alone (memory_entity's (entity, memory) index; one entity: newest first, read only
// as far as needed), and only the best have their memory rows read and checked, in batches
// that grow fourfold when too many fail. Joining every link to its memory row first took
// 106 ms (median) for an entity linked to 10,000 memories.
Result<std::vector<GraphHit>> GraphHits(PgConn& conn, const std::string& tenant,
                                        const OpContext& ctx, const GraphQuery& query,
                                        const std::string& entities) {
  std::vector<GraphHit> hits;
  const Principal& p = ctx.principal;
  auto visible = conn.Exec("SELECT e.id FROM entity e WHERE e.tenant_id = $1 AND "
                           "e.id = ANY($2::bigint[]) AND " + EntityVisibleSql(3, 4) +
                               " ORDER BY e.id",
                           {tenant, entities, UserParam(p), TeamsParam(p)});
  if (!visible.ok()) return visible.status().WithPrefix("graph search");
  std::vector<int64_t> ids;
  for (int i = 0; i < visible->rows(); ++i) ids.push_back(visible->Int64(i, 0));
  if (ids.empty()) return hits;
  const std::string candidates =
      ids.size() == 1
          ? "SELECT memory_id, '{' || entity_id || '}' FROM memory_entity WHERE tenant_id = $1 "
            "AND entity_id = ($2::bigint[])[1] ORDER BY memory_id DESC LIMIT $3 OFFSET $4"
          : "SELECT memory_id, array_agg(entity_id ORDER BY entity_id) FROM memory_entity "
            "WHERE tenant_id = $1 AND entity_id = ANY($2::bigint[]) GROUP BY memory_id "
            "ORDER BY COUNT(*) DESC, memory_id DESC LIMIT $3 OFFSET $4";
  const std::string rows =
      "SELECT " + MemoryColumns() + " FROM memory m WHERE m.tenant_id = $1 AND "
      "m.id = ANY($2::bigint[]) AND " + VisibleSql(3, 4) +
      " AND ($5::boolean OR m.current) AND m.status IN ('active', 'dormant') AND "
      "(m.expires_ms IS NULL OR m.expires_ms > $6::bigint)";
  const size_t limit = static_cast<size_t>(query.limit);
  int64_t done = 0;
  for (int64_t batch = query.limit + 8; hits.size() < limit; batch *= 4) {
    auto c = conn.Exec(candidates, {tenant, IdArray(ids), batch, done});
    if (!c.ok()) return c.status().WithPrefix("graph search");
    if (c->rows() == 0) break;
    done += c->rows();
    std::vector<int64_t> batch_ids;
    for (int i = 0; i < c->rows(); ++i) batch_ids.push_back(c->Int64(i, 0));
    auto r = conn.Exec(rows, {tenant, IdArray(batch_ids), UserParam(p), TeamsParam(p),
                              query.include_history, ctx.now.unix_ms});
    if (!r.ok()) return r.status().WithPrefix("graph search");
    std::unordered_map<int64_t, Memory> passed;
    for (int i = 0; i < r->rows(); ++i) {
      Memory m = ReadMemory(*r, i);
      const int64_t id = m.id;
      passed.emplace(id, std::move(m));
    }
    for (int i = 0; i < c->rows() && hits.size() < limit; ++i) {
      auto it = passed.find(c->Int64(i, 0));
      if (it != passed.end()) {
        hits.push_back(GraphHit{std::move(it->second), ParseIdArray(c->Text(i, 1))});
      }
    }
    if (c->rows() < batch) break;
  }
  return hits;
}

}  // namespace

Result<EntityImportOutcome> PostgresStore::PutEntities(const OpContext& ctx,
                                                       const std::vector<EntityRecord>& entries) {
  for (const EntityRecord& e : entries) {
    ENGRAM_RETURN_IF_ERROR(CheckEntityEntry(ctx, e));
  }
  EntityImportOutcome out;
  const Status done = WithWriteTxn([&](PgConn& conn) -> Status {
    ENGRAM_ASSIGN_OR_RETURN(out, UpsertEntities(conn, tenant(), entries, ctx.now));
    return AppendAuditIn(conn, ctx, {"entities.import", {}, ImportAuditDetail(out)});
  });
  if (!done.ok()) return done;
  return out;
}

Result<std::vector<EntityName>> PostgresStore::FindEntityNames(
    const OpContext& ctx, const std::vector<std::string>& names) {
  std::vector<EntityName> out;
  if (names.empty()) return out;
  const Status done = WithConn([&](PgConn& conn) -> Status {
    auto r = conn.Exec(
        "SELECT n.entity_id, n.name, n.kind, e.name, e.type, e.origin FROM entity_key n JOIN "
        "entity e ON e.tenant_id = n.tenant_id AND e.id = n.entity_id WHERE n.tenant_id = $1 "
        "AND n.name = ANY($4::text[]) AND " + EntityVisibleSql(2, 3) +
            " ORDER BY n.entity_id, n.name COLLATE \"C\"",
        {tenant(), UserParam(ctx.principal), TeamsParam(ctx.principal), TextArray(names)});
    if (!r.ok()) return r.status().WithPrefix("entity names");
    for (int i = 0; i < r->rows(); ++i) {
      out.push_back({r->Int64(i, 0), std::string(r->Text(i, 1)), std::string(r->Text(i, 2)),
                     std::string(r->Text(i, 3)), std::string(r->Text(i, 4)),
                     std::string(r->Text(i, 5))});
    }
    return Status::OK();
  });
  if (!done.ok()) return done;
  return out;
}

Result<std::vector<EntityRecord>> PostgresStore::ListEntities(const OpContext& ctx,
                                                              const EntityQuery& query) {
  std::vector<EntityRecord> out;
  const Status done = WithConn([&](PgConn& conn) -> Status {
    auto r = conn.Exec(
        std::string("SELECT ") + kEntityColumns +
            " FROM entity e WHERE e.tenant_id = $1 AND e.id > $2 AND " + EntityVisibleSql(3, 4) +
            " AND ($5::text = '' OR e.type = $5) AND ($6::text = '' OR EXISTS (SELECT 1 FROM "
            "entity_key n WHERE n.tenant_id = e.tenant_id AND n.entity_id = e.id AND "
            "strpos(n.name, $6) > 0)) ORDER BY e.id LIMIT $7",
        {tenant(), query.after_id, UserParam(ctx.principal), TeamsParam(ctx.principal),
         query.type, query.query, int64_t{query.limit}});
    if (!r.ok()) return r.status().WithPrefix("list entities");
    for (int i = 0; i < r->rows(); ++i) out.push_back(ReadEntity(*r, i));
    return Status::OK();
  });
  if (!done.ok()) return done;
  return out;
}

Result<EntityRecord> PostgresStore::GetEntity(const OpContext& ctx, int64_t id) {
  std::optional<EntityRecord> found;
  const Status done = WithConn([&](PgConn& conn) -> Status {
    auto r = conn.Exec(std::string("SELECT ") + kEntityColumns +
                           " FROM entity e WHERE e.tenant_id = $1 AND e.id = $2 AND " +
                           EntityVisibleSql(3, 4),
                       {tenant(), id, UserParam(ctx.principal), TeamsParam(ctx.principal)});
    if (!r.ok()) return r.status().WithPrefix("entity");
    if (r->rows() > 0) found = ReadEntity(*r, 0);
    return Status::OK();
  });
  if (!done.ok()) return done;
  if (!found) return EntityNotFound(id);
  return *found;
}

Result<std::vector<EntityLinkOutcome>> PostgresStore::ListMemoryEntities(const OpContext& ctx,
                                                                        int64_t id) {
  std::vector<EntityLinkOutcome> out;
  ENGRAM_RETURN_IF_ERROR(WithConn([&](PgConn& conn) -> Status {
    auto r = conn.Exec(
        "SELECT e.id, e.name, e.type, l.surface, l.confidence FROM memory m JOIN memory_entity l "
        "ON l.tenant_id = m.tenant_id AND l.memory_id = m.id JOIN entity e ON e.tenant_id = "
        "l.tenant_id AND e.id = l.entity_id WHERE m.tenant_id = $1 AND m.id = $2 AND m.status "
        "<> 'deleted' AND " + VisibleSql(3, 4) + " AND " + EntityVisibleSql(3, 4) +
            " ORDER BY e.id",
        {tenant(), id, UserParam(ctx.principal), TeamsParam(ctx.principal)});
    if (!r.ok()) return r.status().WithPrefix("memory entities");
    for (int i = 0; i < r->rows(); ++i) {
      out.push_back(EntityLinkOutcome{id, r->Int64(i, 0), std::string(r->Text(i, 1)),
                                      std::string(r->Text(i, 2)), std::string(r->Text(i, 3)),
                                      r->Double(i, 4), false});
    }
    return Status::OK();
  }));
  return out;
}

Result<std::vector<EntityRelation>> PostgresStore::ListEntityRelations(const OpContext& ctx,
                                                                       int64_t id, int limit) {
  ENGRAM_RETURN_IF_ERROR(GetEntity(ctx, id).status());
  std::vector<EntityRelation> out;
  const Principal& p = ctx.principal;
  const Status done = WithConn([&](PgConn& conn) -> Status {
    // Parameters: $1 tenant, $2 the entity, $3/$4 the principal, $5 now, $6 the limit.
    const std::string memory_ok = " AND " + VisibleSql(3, 4) + " AND " + CurrentSearchableSql(5);
    // Entity ends: outgoing (the entity is the subject; `object` the object), or incoming.
    auto ends = [&](bool incoming) -> Status {
      const std::string self_col = incoming ? "r.object_id" : "r.subject_id";
      const std::string other_col = incoming ? "r.subject_id" : "r.object_id";
      auto r = conn.Exec(
          std::string("SELECT ") + kEntityColumns +
              ", r.predicate, r.memory_id FROM relation r JOIN memory m ON m.tenant_id = "
              "r.tenant_id AND m.id = r.memory_id JOIN entity e ON e.tenant_id = r.tenant_id "
              "AND e.id = " + other_col + " WHERE r.tenant_id = $1 AND " + self_col + " = $2 AND " +
              (incoming ? "r.subject_id <> $2 AND " : "") + "r.valid_to_ms IS NULL" + memory_ok +
              " AND " + EntityVisibleSql(3, 4) + " ORDER BY r.id DESC LIMIT $6",
          {tenant(), id, UserParam(p), TeamsParam(p), ctx.now.unix_ms, int64_t{limit}});
      if (!r.ok()) return r.status().WithPrefix("entity relations");
      for (int i = 0; i < r->rows(); ++i) {
        EntityRelation rel;
        rel.object = ReadEntity(*r, i);
        rel.predicate = std::string(r->Text(i, kEntityColumnCount));
        rel.memory_ids = {r->Int64(i, kEntityColumnCount + 1)};
        rel.incoming = incoming;
        out.push_back(std::move(rel));
      }
      return Status::OK();
    };
    ENGRAM_RETURN_IF_ERROR(ends(false));
    auto literals = conn.Exec(
        "SELECT r.predicate, r.object_literal, r.memory_id FROM relation r JOIN memory m ON "
        "m.tenant_id = r.tenant_id AND m.id = r.memory_id WHERE r.tenant_id = $1 AND "
        "r.subject_id = $2 AND r.valid_to_ms IS NULL" + memory_ok +
            " AND r.object_id IS NULL ORDER BY r.id DESC LIMIT $6",
        {tenant(), id, UserParam(p), TeamsParam(p), ctx.now.unix_ms, int64_t{limit}});
    if (!literals.ok()) return literals.status().WithPrefix("entity relations");
    for (int i = 0; i < literals->rows(); ++i) {
      EntityRelation rel;
      rel.predicate = std::string(literals->Text(i, 0));
      rel.object_literal = std::string(literals->Text(i, 1));
      rel.memory_ids = {literals->Int64(i, 2)};
      out.push_back(std::move(rel));
    }
    ENGRAM_RETURN_IF_ERROR(ends(true));
    if (static_cast<int>(out.size()) >= limit) {
      out.resize(limit);
      return Status::OK();
    }
    // Entities mentioned beside this one, most shared memories first.
    auto co = conn.Exec(
        std::string("SELECT ") + kEntityColumns +
            ", array_agg(o.memory_id ORDER BY o.memory_id DESC) FROM memory_entity s JOIN "
            "memory_entity o ON o.tenant_id = s.tenant_id AND o.memory_id = s.memory_id AND o.entity_id <> "
            "s.entity_id JOIN memory m ON m.tenant_id = s.tenant_id AND m.id = s.memory_id "
            "JOIN entity e ON e.tenant_id = o.tenant_id AND e.id = o.entity_id WHERE "
            "s.tenant_id = $1 AND s.entity_id = $2" + memory_ok + " AND " +
            EntityVisibleSql(3, 4) +
            " GROUP BY e.tenant_id, e.id ORDER BY COUNT(*) DESC, e.id LIMIT $6",
        {tenant(), id, UserParam(p), TeamsParam(p), ctx.now.unix_ms,
         int64_t{limit - static_cast<int>(out.size())}});
    if (!co.ok()) return co.status().WithPrefix("entity relations");
    for (int i = 0; i < co->rows(); ++i) {
      EntityRelation rel;
      rel.object = ReadEntity(*co, i);
      rel.memory_ids = ParseIdArray(co->Text(i, kEntityColumnCount));  // newest first
      out.push_back(std::move(rel));
    }
    return Status::OK();
  });
  if (!done.ok()) return done;
  return out;
}

Result<GraphResult> PostgresStore::SearchGraph(const OpContext& ctx, const GraphQuery& query) {
  GraphResult out;
  if (query.entity_ids.empty()) return out;
  const std::string entities = IdArray(query.entity_ids);
  const Status done = WithConn([&](PgConn& conn) -> Status {
    if (query.limit > 0) {
      ENGRAM_ASSIGN_OR_RETURN(out.hits, GraphHits(conn, tenant(), ctx, query, entities));
    }
    auto counts = conn.Exec(
        "SELECT entity_id, COUNT(*) FROM memory_entity WHERE tenant_id = $1 AND "
        "entity_id = ANY($2::bigint[]) GROUP BY entity_id",
        {tenant(), entities});
    if (!counts.ok()) return counts.status().WithPrefix("graph search");
    for (int i = 0; i < counts->rows(); ++i) out.links[counts->Int64(i, 0)] = counts->Int64(i, 1);
    auto total =
        conn.Exec("SELECT COALESCE(MAX(id), 0) FROM memory WHERE tenant_id = $1", {tenant()});
    if (!total.ok()) return total.status().WithPrefix("graph search");
    out.total = total->Int64(0, 0);
    return Status::OK();
  });
  if (!done.ok()) return done;
  return out;
}

}  // namespace engram::store::postgres
