#include "src/store/sqlite/entity_rows.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <set>
#include <unordered_map>

#include "engram/status_macros.h"
#include "src/store/access.h"
#include "src/store/audit_chain.h"
#include "src/store/entity_checks.h"
#include "src/store/sqlite/memory_rows.h"
#include "src/store/sqlite/sqlite_util.h"
#include "src/store/versions.h"
#include "src/text/normalize.h"

namespace engram::store::sqlite {
namespace {

constexpr const char* kColumns =
    "e.id, e.user_id, e.team_id, e.visibility, e.type, e.name, e.aliases, e.roles, "
    "e.external_id, e.origin, e.created_ms";

// Visible to the principal bound at ?user and ?teams (alias "e").
std::string EntityVisibleSql(int user, int teams) {
  std::string s = VisibleSql(user, teams);
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s.compare(i, 2, "m.") == 0) {
      out += "e.";
      ++i;
    } else {
      out += s[i];
    }
  }
  return out;
}

std::vector<std::string> ParseList(const std::string& text) {
  auto j = nlohmann::json::parse(text, nullptr, false);
  std::vector<std::string> out;
  if (!j.is_array()) return out;
  for (const auto& v : j) {
    if (v.is_string()) out.push_back(v.get<std::string>());
  }
  return out;
}

EntityRecord ReadEntity(const Stmt& st) {
  EntityRecord e;
  e.id = st.Int(0);
  e.scope.user_id = st.Text(1);
  e.scope.team_id = st.Text(2);
  e.scope.visibility = ParseVisibility(st.Text(3)).value_or(Visibility::kPrivate);
  e.type = st.Text(4);
  e.name = st.Text(5);
  e.aliases = ParseList(st.Text(6));
  e.roles = ParseList(st.Text(7));
  e.external_id = st.Text(8);
  e.origin = st.Text(9);
  e.created_at = Instant{st.Int(10), 0};
  return e;
}

Status WriteNames(sqlite3* db, const EntityRecord& e) {
  Stmt del(db, "DELETE FROM entity_key WHERE entity_id = ?1");
  del.Bind(1, e.id);
  if (Status s = del.Run(); !s.ok()) return s.WithPrefix("entity names");
  Stmt ins(db, "INSERT OR IGNORE INTO entity_key (entity_id, name, kind) VALUES (?1, ?2, ?3)");
  for (const auto& [name, kind] : EntityNameRows(e)) {
    ins.Reset();
    ins.Bind(1, e.id).Bind(2, name).Bind(3, kind);
    if (Status s = ins.Run(); !s.ok()) return s.WithPrefix("entity names");
  }
  return Status::OK();
}

// Inserts `e` (id assigned) and its names.
Status InsertEntity(sqlite3* db, EntityRecord* e, const Instant& now) {
  Stmt st(db,
          "INSERT INTO entity (scope_key, user_id, team_id, visibility, type, name, aliases, "
          "roles, external_id, origin, created_ms) VALUES (?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11)");
  st.Bind(1, ScopeKey(e->scope)).Bind(2, e->scope.user_id).Bind(3, e->scope.team_id);
  st.Bind(4, ToString(e->scope.visibility)).Bind(5, e->type).Bind(6, e->name);
  st.Bind(7, JsonStringArray(e->aliases)).Bind(8, JsonStringArray(e->roles));
  st.Bind(9, e->external_id).Bind(10, e->origin).Bind(11, now.unix_ms);
  if (Status s = st.Run(); !s.ok()) return s.WithPrefix("insert entity");
  e->id = sqlite3_last_insert_rowid(db);
  e->created_at = now;
  return WriteNames(db, *e);
}

}  // namespace

Result<EntityImportOutcome> UpsertEntities(sqlite3* db, const std::vector<EntityRecord>& entries,
                                           const Instant& now) {
  EntityImportOutcome out;
  Stmt by_id(db, std::string("SELECT ") + kColumns +
                     " FROM entity e WHERE e.scope_key = ?1 AND e.external_id = ?2");
  Stmt by_name(db, std::string("SELECT ") + kColumns +
                       " FROM entity e WHERE e.scope_key = ?1 AND e.type = ?2 AND e.name = ?3 "
                       "ORDER BY e.id LIMIT 1");
  Stmt update(db,
              "UPDATE entity SET type = ?2, name = ?3, aliases = ?4, roles = ?5, "
              "external_id = ?6, origin = 'directory' WHERE id = ?1");
  for (EntityRecord e : entries) {
    e.origin = "directory";
    const std::string key = ScopeKey(e.scope);
    std::optional<EntityRecord> found;
    if (!e.external_id.empty()) {
      by_id.Reset();
      by_id.Bind(1, key).Bind(2, e.external_id);
      if (by_id.Step()) found = ReadEntity(by_id);
      if (!by_id.status().ok()) return by_id.status().WithPrefix("import entities");
    }
    if (!found) {
      by_name.Reset();
      by_name.Bind(1, key).Bind(2, e.type).Bind(3, e.name);
      if (by_name.Step()) found = ReadEntity(by_name);
      if (!by_name.status().ok()) return by_name.status().WithPrefix("import entities");
    }
    if (found) {
      e.id = found->id;
      e.created_at = found->created_at;
      update.Reset();
      update.Bind(1, e.id).Bind(2, e.type).Bind(3, e.name).Bind(4, JsonStringArray(e.aliases));
      update.Bind(5, JsonStringArray(e.roles)).Bind(6, e.external_id);
      if (Status s = update.Run(); !s.ok()) return s.WithPrefix("import entities");
      ENGRAM_RETURN_IF_ERROR(WriteNames(db, e));
      ++out.updated;
    } else {
      ENGRAM_RETURN_IF_ERROR(InsertEntity(db, &e, now));
      ++out.created;
    }
    out.entities.push_back(std::move(e));
  }
  return out;
}

Result<std::vector<EntityLinkOutcome>> InsertEntityLinks(sqlite3* db, const Principal& principal,
                                                         const IngestBatch& batch,
                                                         const std::vector<Memory>& memories,
                                                         const Instant& now) {
  std::vector<EntityLinkOutcome> out;
  const std::string key = ScopeKey(batch.scope);
  const std::string teams = JsonStringArray(principal.teams);
  Stmt known(db, std::string("SELECT ") + kColumns + " FROM entity e WHERE e.id = ?1 AND " +
                     EntityVisibleSql(2, 3));
  Stmt same(db, std::string("SELECT ") + kColumns +
                    " FROM entity e JOIN entity_key n ON n.entity_id = e.id WHERE "
                    "e.scope_key = ?1 AND n.name = ?2 AND n.kind = 'name' ORDER BY e.id LIMIT 1");
  Stmt link(db,
            "INSERT INTO memory_entity (memory_id, entity_id, confidence, surface) "
            "VALUES (?1, ?2, ?3, ?4) ON CONFLICT (memory_id, entity_id) DO UPDATE SET "
            "confidence = max(confidence, excluded.confidence)");
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
      known.Reset();
      known.Bind(1, d.entity_id).Bind(2, principal.user_id).Bind(3, teams);
      if (!known.Step()) {
        ENGRAM_RETURN_IF_ERROR(known.status());
        return Status::InvalidArgument("ingest: entity " + std::to_string(d.entity_id) +
                                       " is not visible");
      }
      e = ReadEntity(known);
    } else {
      if (d.name.empty()) return Status::InvalidArgument("ingest: new entity without a name");
      same.Reset();
      same.Bind(1, key).Bind(2, text::FoldForSearch(d.name));
      if (same.Step()) {
        e = ReadEntity(same);
      } else {
        ENGRAM_RETURN_IF_ERROR(same.status());
        e.scope = batch.scope;
        e.scope.agent_id.clear();
        e.type = d.type.empty() ? "other" : d.type;
        e.name = d.name;
        e.origin = "extracted";
        ENGRAM_RETURN_IF_ERROR(InsertEntity(db, &e, now));
        o.created = true;
      }
    }
    o.entity_id = e.id;
    o.name = e.name;
    o.type = e.type;
    link.Reset();
    link.Bind(1, o.memory_id).Bind(2, o.entity_id).Bind(3, o.confidence).Bind(4, o.surface);
    if (Status s = link.Run(); !s.ok()) return s.WithPrefix("link entity");
    out.push_back(std::move(o));
  }
  return out;
}

Status InsertRelations(sqlite3* db, const IngestBatch& batch, const IngestOutcome& out) {
  Stmt ins(db,
           "INSERT INTO relation (subject_id, predicate, object_id, object_literal, memory_id, "
           "valid_from_ms, version) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)");
  for (const RelationDraft& r : batch.relations) {
    if (!WritesRelation(batch, out, r)) continue;
    const Memory& m = out.memories[r.memory_index];
    ins.Reset();
    ins.Bind(1, out.entity_links[r.subject_link].entity_id).Bind(2, r.predicate);
    if (r.object_link >= 0) {
      ins.Bind(3, out.entity_links[r.object_link].entity_id).BindNull(4);
    } else {
      ins.BindNull(3).Bind(4, r.object_literal);
    }
    ins.Bind(5, m.id).Bind(6, m.valid_from.unix_ms).Bind(7, int64_t{m.version});
    if (Status s = ins.Run(); !s.ok()) return s.WithPrefix("insert relation");
  }
  return Status::OK();
}

Status CloseRelations(sqlite3* db, int64_t memory_id, const Instant& at) {
  Stmt st(db, "UPDATE relation SET valid_to_ms = ?2 WHERE memory_id = ?1 AND valid_to_ms IS NULL");
  st.Bind(1, memory_id).Bind(2, at.unix_ms);
  return st.Run().WithPrefix("close relations");
}

Status CopyEntityLinks(sqlite3* db, int64_t from_id, int64_t to_id) {
  Stmt st(db,
          "INSERT OR IGNORE INTO memory_entity (memory_id, entity_id, confidence, surface) "
          "SELECT ?2, entity_id, confidence, surface FROM memory_entity WHERE memory_id = ?1");
  st.Bind(1, from_id).Bind(2, to_id);
  return st.Run().WithPrefix("copy entity links");
}

Status DeleteLineageEntityLinks(sqlite3* db, int64_t lineage_id) {
  const char* kSteps[] = {
      "CREATE TEMP TABLE IF NOT EXISTS forget_entities (id INTEGER PRIMARY KEY); "
      "DELETE FROM temp.forget_entities;",
      "INSERT OR IGNORE INTO temp.forget_entities SELECT entity_id FROM memory_entity WHERE "
      "memory_id IN (SELECT id FROM memory WHERE lineage_id = ?1)",
      "DELETE FROM memory_entity WHERE memory_id IN (SELECT id FROM memory WHERE lineage_id = ?1)",
      "DELETE FROM relation WHERE memory_id IN (SELECT id FROM memory WHERE lineage_id = ?1)",
      // An extracted entity's name came from the erased text: it goes when nothing else
      // mentions it.
      "DELETE FROM temp.forget_entities WHERE id IN (SELECT id FROM entity WHERE origin <> "
      "'extracted') OR id IN (SELECT entity_id FROM memory_entity) OR id IN (SELECT subject_id "
      "FROM relation) OR id IN (SELECT object_id FROM relation WHERE object_id IS NOT NULL)",
      "DELETE FROM entity_key WHERE entity_id IN (SELECT id FROM temp.forget_entities)",
      "DELETE FROM entity WHERE id IN (SELECT id FROM temp.forget_entities)",
  };
  for (const char* sql : kSteps) {
    if (std::string_view(sql).find("?1") == std::string_view::npos) {
      ENGRAM_RETURN_IF_ERROR(Exec(db, sql, "hard forget: entities"));
      continue;
    }
    Stmt st(db, sql);
    st.Bind(1, lineage_id);
    if (Status s = st.Run(); !s.ok()) return s.WithPrefix("hard forget: entities");
  }
  return Status::OK();
}

Result<std::vector<EntityName>> SelectEntityNames(sqlite3* db, const Principal& p,
                                                  const std::vector<std::string>& names) {
  std::vector<EntityName> out;
  if (names.empty()) return out;
  Stmt st(db, "SELECT n.entity_id, n.name, n.kind, e.name, e.type, e.origin FROM entity_key n "
              "JOIN entity e ON e.id = n.entity_id WHERE n.name IN (SELECT value FROM "
              "json_each(?3)) AND " + EntityVisibleSql(1, 2) + " ORDER BY n.entity_id, n.name");
  st.Bind(1, p.user_id).Bind(2, JsonStringArray(p.teams)).Bind(3, JsonStringArray(names));
  while (st.Step()) {
    out.push_back({st.Int(0), st.Text(1), st.Text(2), st.Text(3), st.Text(4), st.Text(5)});
  }
  if (!st.status().ok()) return st.status().WithPrefix("entity names");
  return out;
}

Result<std::vector<EntityRecord>> SelectEntities(sqlite3* db, const Principal& p,
                                                 const EntityQuery& q) {
  Stmt st(db, std::string("SELECT ") + kColumns + " FROM entity e WHERE e.id > ?1 AND " +
                  EntityVisibleSql(2, 3) +
                  " AND (?4 = '' OR e.type = ?4) AND (?5 = '' OR EXISTS (SELECT 1 FROM "
                  "entity_key n WHERE n.entity_id = e.id AND instr(n.name, ?5) > 0)) "
                  "ORDER BY e.id LIMIT ?6");
  st.Bind(1, q.after_id).Bind(2, p.user_id).Bind(3, JsonStringArray(p.teams));
  st.Bind(4, q.type).Bind(5, q.query).Bind(6, int64_t{q.limit});
  std::vector<EntityRecord> out;
  while (st.Step()) out.push_back(ReadEntity(st));
  if (!st.status().ok()) return st.status().WithPrefix("list entities");
  return out;
}

Result<EntityRecord> SelectEntity(sqlite3* db, const Principal& p, int64_t id) {
  Stmt st(db, std::string("SELECT ") + kColumns + " FROM entity e WHERE e.id = ?1 AND " +
                  EntityVisibleSql(2, 3));
  st.Bind(1, id).Bind(2, p.user_id).Bind(3, JsonStringArray(p.teams));
  if (st.Step()) return ReadEntity(st);
  ENGRAM_RETURN_IF_ERROR(st.status());
  return Status::NotFound("store: entity " + std::to_string(id) + " not found");
}

Result<std::vector<EntityLinkOutcome>> SelectMemoryEntities(sqlite3* db, const Principal& p,
                                                            int64_t memory_id) {
  Stmt st(db, "SELECT e.id, e.name, e.type, l.surface, l.confidence FROM memory m JOIN "
              "memory_entity l ON l.memory_id = m.id JOIN entity e ON e.id = l.entity_id "
              "WHERE m.id = ?1 AND m.status <> 'deleted' AND " + VisibleSql(2, 3) + " AND " +
              EntityVisibleSql(2, 3) + " ORDER BY e.id");
  st.Bind(1, memory_id).Bind(2, p.user_id).Bind(3, JsonStringArray(p.teams));
  std::vector<EntityLinkOutcome> out;
  while (st.Step()) {
    out.push_back(EntityLinkOutcome{memory_id, st.Int(0), st.Text(1), st.Text(2), st.Text(3),
                                    st.Double(4), false});
  }
  if (!st.status().ok()) return st.status().WithPrefix("memory entities");
  return out;
}

Result<std::vector<EntityRelation>> SelectEntityRelations(sqlite3* db, const Principal& p,
                                                          const Instant& now, int64_t id,
                                                          int limit) {
  ENGRAM_ASSIGN_OR_RETURN(auto self, SelectEntity(db, p, id));
  std::vector<EntityRelation> out;
  // Stated relations: entity objects, then literal ones; newest first.
  const std::string stated =
      " FROM relation r JOIN memory m ON m.id = r.memory_id WHERE r.subject_id = ?1 AND "
      "r.valid_to_ms IS NULL AND " + VisibleSql(2, 3) +
      " AND m.current = 1 AND m.status IN ('active', 'dormant') AND "
      "(m.expires_ms IS NULL OR m.expires_ms > ?4)";
  // Entity ends: outgoing (the entity is the subject; `object` the object), or incoming.
  auto ends = [&](bool incoming, std::vector<EntityRelation>* into) -> Status {
    const std::string self_col = incoming ? "r.object_id" : "r.subject_id";
    const std::string other_col = incoming ? "r.subject_id" : "r.object_id";
    Stmt st(db, std::string("SELECT ") + kColumns + ", r.predicate, r.memory_id" +
                    " FROM relation r JOIN memory m ON m.id = r.memory_id JOIN entity e ON "
                    "e.id = " + other_col + " WHERE " + self_col + " = ?1 AND " +
                    (incoming ? "r.subject_id <> ?1 AND " : "") + "r.valid_to_ms IS NULL AND " + VisibleSql(2, 3) + " AND " +
                    EntityVisibleSql(2, 3) +
                    " AND m.current = 1 AND m.status IN ('active', 'dormant') AND "
                    "(m.expires_ms IS NULL OR m.expires_ms > ?4) ORDER BY r.id DESC LIMIT ?5");
    st.Bind(1, id).Bind(2, p.user_id).Bind(3, JsonStringArray(p.teams));
    st.Bind(4, now.unix_ms).Bind(5, int64_t{limit});
    while (st.Step()) {
      EntityRelation r;
      r.object = ReadEntity(st);
      r.predicate = st.Text(11);
      r.memory_ids = {st.Int(12)};
      r.incoming = incoming;
      into->push_back(std::move(r));
    }
    return st.status().ok() ? Status::OK() : st.status().WithPrefix("entity relations");
  };
  ENGRAM_RETURN_IF_ERROR(ends(false, &out));
  Stmt literals(db, "SELECT r.predicate, r.object_literal, r.memory_id" + stated +
                        " AND r.object_id IS NULL ORDER BY r.id DESC LIMIT ?5");
  literals.Bind(1, id).Bind(2, p.user_id).Bind(3, JsonStringArray(p.teams));
  literals.Bind(4, now.unix_ms).Bind(5, int64_t{limit});
  while (literals.Step()) {
    EntityRelation r;
    r.predicate = literals.Text(0);
    r.object_literal = literals.Text(1);
    r.memory_ids = {literals.Int(2)};
    out.push_back(std::move(r));
  }
  if (!literals.status().ok()) return literals.status().WithPrefix("entity relations");
  ENGRAM_RETURN_IF_ERROR(ends(true, &out));
  if (static_cast<int>(out.size()) >= limit) {
    out.resize(limit);
    return out;
  }
  Stmt st(db, std::string("SELECT ") + kColumns +
                  ", group_concat(o.memory_id) FROM memory_entity s JOIN memory_entity o ON "
                  "o.memory_id = s.memory_id AND o.entity_id <> s.entity_id JOIN memory m ON "
                  "m.id = s.memory_id JOIN entity e ON e.id = o.entity_id WHERE s.entity_id = "
                  "?1 AND " + VisibleSql(2, 3) + " AND " + EntityVisibleSql(2, 3) +
                  " AND m.current = 1 AND m.status IN ('active', 'dormant') AND "
                  "(m.expires_ms IS NULL OR m.expires_ms > ?4) GROUP BY o.entity_id "
                  "ORDER BY COUNT(*) DESC, o.entity_id LIMIT ?5");
  st.Bind(1, id).Bind(2, p.user_id).Bind(3, JsonStringArray(p.teams));
  st.Bind(4, now.unix_ms).Bind(5, int64_t{limit - static_cast<int>(out.size())});
  while (st.Step()) {
    EntityRelation r;
    r.object = ReadEntity(st);
    std::string ids = st.Text(11);
    for (size_t k = 0; k < ids.size();) {
      size_t comma = ids.find(',', k);
      r.memory_ids.push_back(std::stoll(ids.substr(k, comma - k)));
      k = comma == std::string::npos ? ids.size() : comma + 1;
    }
    std::sort(r.memory_ids.rbegin(), r.memory_ids.rend());
    out.push_back(std::move(r));
  }
  if (!st.status().ok()) return st.status().WithPrefix("entity relations");
  return out;
}

namespace {

// The hits of SelectGraph. `ids`: q.entity_ids as a JSON array.
//
// Ranked in C++ rather than in one GROUP BY: the links of the visible entities come from the
// (entity_id, memory_id) index alone, are counted per memory and ordered (most entities, then
// newest), and only the best candidates have their memory rows read and re-checked, in
// growing batches; with one entity only as many links are read as the hits need. One SQL
// statement joining every link to its memory row cost about 1.5 µs per link: 15 ms for an
// entity named in 10,000 memories.
Result<std::vector<GraphHit>> SelectGraphHits(sqlite3* db, StmtCache* cache, const Principal& p,
                                              const Instant& now, const GraphQuery& q,
                                              const std::string& ids) {
  std::vector<GraphHit> hits;
  const std::string teams = JsonStringArray(p.teams);
  std::vector<int64_t> entities;  // visible ones, ascending
  {
    Stmt st(db, cache,
            "SELECT e.id FROM entity e WHERE e.id IN (SELECT value FROM json_each(?1)) AND " +
                EntityVisibleSql(2, 3) + " ORDER BY e.id");
    st.Bind(1, ids).Bind(2, p.user_id).Bind(3, teams);
    while (st.Step()) entities.push_back(st.Int(0));
    if (!st.status().ok()) return st.status().WithPrefix("graph search");
  }
  if (entities.empty()) return hits;
  // (memory id, entity id) for every link of a visible entity, grouped by memory.
  std::vector<std::pair<int64_t, int64_t>> links;
  struct Candidate {
    int64_t memory_id;
    size_t first;  // its links are links[first, first + count)
    size_t count;
  };
  std::vector<Candidate> candidates;
  // One entity (the usual question): its links come newest first from the index and are
  // read only as far as the hits need. Several: all their links are counted first.
  const bool single = entities.size() == 1;
  Stmt st(db, cache,
          std::string("SELECT memory_id FROM memory_entity WHERE entity_id = ?1") +
              (single ? " ORDER BY memory_id DESC" : ""));
  bool exhausted = !single;
  if (single) {
    st.Bind(1, entities[0]);
  } else {
    for (int64_t e : entities) {
      st.Reset();
      st.Bind(1, e);
      while (st.Step()) links.emplace_back(st.Int(0), e);
      if (!st.status().ok()) return st.status().WithPrefix("graph search");
    }
    // Newest memory first; its entities ascending.
    std::sort(links.begin(), links.end(), [](const auto& a, const auto& b) {
      return a.first != b.first ? a.first > b.first : a.second < b.second;
    });
    for (size_t i = 0; i < links.size();) {
      size_t j = i;
      while (j < links.size() && links[j].first == links[i].first) ++j;
      candidates.push_back(Candidate{links[i].first, i, j - i});
      i = j;
    }
    // Most entities first, then newest (the order above).
    std::stable_sort(candidates.begin(), candidates.end(),
                     [](const Candidate& a, const Candidate& b) { return a.count > b.count; });
  }
  auto read_up_to = [&](size_t want) -> Status {
    while (!exhausted && candidates.size() < want) {
      if (!st.Step()) {
        exhausted = true;
        return st.status().WithPrefix("graph search");
      }
      links.emplace_back(st.Int(0), entities[0]);
      candidates.push_back(Candidate{links.back().first, links.size() - 1, 1});
    }
    return Status::OK();
  };
  Stmt row(db, cache,
           "SELECT " + MemoryColumns() +
               " FROM memory m WHERE m.id IN (SELECT value FROM json_each(?1)) AND " +
               VisibleSql(2, 3) +
               " AND (?4 = 1 OR m.current = 1) AND m.status IN ('active', 'dormant') AND "
               "(m.expires_ms IS NULL OR m.expires_ms > ?5)");
  const size_t limit = static_cast<size_t>(q.limit);
  size_t batch = limit + 8;  // most candidates pass; a short batch grows fourfold
  for (size_t done = 0; hits.size() < limit; batch *= 4) {
    ENGRAM_RETURN_IF_ERROR(read_up_to(done + batch));
    if (done >= candidates.size()) break;
    const size_t end = std::min(candidates.size(), done + batch);
    std::vector<int64_t> batch_ids;
    for (size_t i = done; i < end; ++i) batch_ids.push_back(candidates[i].memory_id);
    row.Reset();
    row.Bind(1, FormatIdList(batch_ids)).Bind(2, p.user_id).Bind(3, teams);
    row.Bind(4, q.include_history).Bind(5, now.unix_ms);
    std::unordered_map<int64_t, Memory> passed;
    while (row.Step()) {
      Memory m = ReadMemory(row);
      const int64_t id = m.id;
      passed.emplace(id, std::move(m));
    }
    if (!row.status().ok()) return row.status().WithPrefix("graph search");
    for (size_t i = done; i < end && hits.size() < limit; ++i) {
      auto it = passed.find(candidates[i].memory_id);
      if (it == passed.end()) continue;
      std::vector<int64_t> ents;
      for (size_t k = 0; k < candidates[i].count; ++k) {
        ents.push_back(links[candidates[i].first + k].second);
      }
      hits.push_back(GraphHit{std::move(it->second), std::move(ents)});
    }
    done = end;
  }
  return hits;
}

}  // namespace

Result<GraphResult> SelectGraph(sqlite3* db, StmtCache* cache, const Principal& p,
                                const Instant& now, const GraphQuery& q) {
  GraphResult out;
  if (q.entity_ids.empty()) return out;
  std::string ids = "[";
  for (size_t k = 0; k < q.entity_ids.size(); ++k) {
    ids += (k ? "," : "") + std::to_string(q.entity_ids[k]);
  }
  ids += "]";
  if (q.limit > 0) {
    ENGRAM_ASSIGN_OR_RETURN(auto hits, SelectGraphHits(db, cache, p, now, q, ids));
    out.hits = std::move(hits);
  }
  // Kept by triggers on memory_entity (schema migration 17).
  Stmt counts(db, cache, "SELECT entity_id, links FROM entity_link_count WHERE entity_id IN "
                  "(SELECT value FROM json_each(?1)) AND links > 0");
  counts.Bind(1, ids);
  while (counts.Step()) out.links[counts.Int(0)] = counts.Int(1);
  if (!counts.status().ok()) return counts.status().WithPrefix("graph search");
  Stmt total(db, cache, "SELECT COALESCE(MAX(id), 0) FROM memory");
  if (total.Step()) out.total = total.Int(0);
  ENGRAM_RETURN_IF_ERROR(total.status());
  return out;
}

}  // namespace engram::store::sqlite
