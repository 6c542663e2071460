#include "src/store/memory/entity_tables.h"

#include <algorithm>

#include "engram/status_macros.h"
#include "src/store/access.h"
#include "src/store/entity_checks.h"
#include "src/store/versions.h"
#include "src/text/normalize.h"

namespace engram::store {
namespace {

Status EntityNotFound(int64_t id) {
  return Status::NotFound("store: entity " + std::to_string(id) + " not found");
}

}  // namespace

EntityImportOutcome MemoryEntityTables::Upsert(const std::vector<EntityRecord>& entries,
                                               const Instant& now) {
  EntityImportOutcome out;
  for (EntityRecord e : entries) {
    e.origin = "directory";
    const std::string key = ScopeKey(e.scope);
    EntityRecord* found = nullptr;
    for (auto& [id, x] : entities_) {
      if (ScopeKey(x.scope) == key && !e.external_id.empty() && x.external_id == e.external_id) {
        found = &x;
        break;
      }
    }
    for (auto it = entities_.begin(); !found && it != entities_.end(); ++it) {
      EntityRecord& x = it->second;
      if (ScopeKey(x.scope) == key && x.type == e.type && x.name == e.name) found = &x;
    }
    if (found) {
      e.id = found->id;
      e.created_at = found->created_at;
      ++out.updated;
    } else {
      e.id = next_id_++;
      e.created_at = now;
      ++out.created;
    }
    entities_[e.id] = e;
    names_[e.id] = EntityNameRows(e);
    out.entities.push_back(std::move(e));
  }
  return out;
}

Result<std::vector<EntityLinkOutcome>> MemoryEntityTables::Link(
    const Principal& p, const IngestBatch& batch, const std::vector<Memory>& memories,
    const Instant& now) {
  // Checked first: nothing changes on error.
  for (const EntityLinkDraft& d : batch.entity_links) {
    if (d.memory_index < 0 || d.memory_index >= static_cast<int>(memories.size())) {
      return Status::InvalidArgument("ingest: entity link to memory " +
                                     std::to_string(d.memory_index) + " of the batch");
    }
    if (d.entity_id != 0) {
      auto it = entities_.find(d.entity_id);
      if (it == entities_.end() || !CanSee(p, it->second.scope)) {
        return Status::InvalidArgument("ingest: entity " + std::to_string(d.entity_id) +
                                       " is not visible");
      }
    } else if (d.name.empty()) {
      return Status::InvalidArgument("ingest: new entity without a name");
    }
  }
  std::vector<EntityLinkOutcome> out;
  const std::string key = ScopeKey(batch.scope);
  for (const EntityLinkDraft& d : batch.entity_links) {
    EntityLinkOutcome o;
    o.memory_id = memories[d.memory_index].id;
    o.surface = d.surface;
    o.confidence = d.confidence;
    int64_t id = d.entity_id;
    if (id == 0) {
      const std::string folded = text::FoldForSearch(d.name);
      for (const auto& [eid, rows] : names_) {
        if (ScopeKey(entities_.at(eid).scope) != key) continue;
        if (std::any_of(rows.begin(), rows.end(), [&](const auto& r) {
              return r.second == "name" && r.first == folded;
            })) {
          id = eid;
          break;
        }
      }
    }
    if (id == 0) {
      EntityRecord e;
      e.id = id = next_id_++;
      e.scope = batch.scope;
      e.scope.agent_id.clear();
      e.type = d.type.empty() ? "other" : d.type;
      e.name = d.name;
      e.origin = "extracted";
      e.created_at = now;
      names_[e.id] = EntityNameRows(e);
      entities_[e.id] = std::move(e);
      o.created = true;
    }
    o.entity_id = id;
    o.name = entities_.at(id).name;
    o.type = entities_.at(id).type;
    LinkRow& row = links_[{o.memory_id, id}];
    row.confidence = std::max(row.confidence, o.confidence);
    if (row.surface.empty()) row.surface = o.surface;
    out.push_back(std::move(o));
  }
  return out;
}

void MemoryEntityTables::CopyLinks(int64_t from_id, int64_t to_id) {
  std::vector<std::pair<std::pair<int64_t, int64_t>, LinkRow>> copies;
  for (const auto& [k, row] : links_) {
    if (k.first == from_id) copies.push_back({{to_id, k.second}, row});
  }
  for (auto& [k, row] : copies) links_.emplace(k, row);
}

void MemoryEntityTables::AddRelations(const IngestBatch& batch, const IngestOutcome& out) {
  for (const RelationDraft& r : batch.relations) {
    if (!WritesRelation(batch, out, r)) continue;
    RelationRow row;
    row.subject_id = out.entity_links[r.subject_link].entity_id;
    row.predicate = r.predicate;
    if (r.object_link >= 0) {
      row.object_id = out.entity_links[r.object_link].entity_id;
    } else {
      row.literal = r.object_literal;
    }
    row.memory_id = out.memories[r.memory_index].id;
    relations_.push_back(std::move(row));
  }
}

void MemoryEntityTables::CloseRelations(int64_t memory_id, const Instant& /*at*/) {
  for (RelationRow& r : relations_) {
    if (r.memory_id == memory_id) r.open = false;
  }
}

void MemoryEntityTables::ForgetMemories(const std::set<int64_t>& ids) {
  std::erase_if(relations_, [&](const RelationRow& r) { return ids.count(r.memory_id) > 0; });
  std::set<int64_t> touched;
  for (auto it = links_.begin(); it != links_.end();) {
    if (ids.count(it->first.first)) {
      touched.insert(it->first.second);
      it = links_.erase(it);
    } else {
      ++it;
    }
  }
  for (int64_t eid : touched) {
    auto e = entities_.find(eid);
    if (e == entities_.end() || e->second.origin != "extracted") continue;
    bool linked = std::any_of(links_.begin(), links_.end(),
                              [&](const auto& l) { return l.first.second == eid; });
    if (!linked) {
      entities_.erase(e);
      names_.erase(eid);
    }
  }
}

void MemoryEntityTables::EraseUser(const std::string& user_id,
                                   const std::set<int64_t>& memory_ids) {
  std::set<int64_t> gone;
  for (const auto& [id, e] : entities_) {
    if (e.scope.user_id == user_id) gone.insert(id);
  }
  std::erase_if(relations_, [&](const RelationRow& r) {
    return memory_ids.count(r.memory_id) || gone.count(r.subject_id) || gone.count(r.object_id);
  });
  for (auto it = links_.begin(); it != links_.end();) {
    bool drop = memory_ids.count(it->first.first) || gone.count(it->first.second);
    it = drop ? links_.erase(it) : std::next(it);
  }
  for (int64_t id : gone) {
    entities_.erase(id);
    names_.erase(id);
  }
}

std::vector<EntityName> MemoryEntityTables::Names(const Principal& p,
                                                  const std::vector<std::string>& names) const {
  const std::set<std::string> wanted(names.begin(), names.end());
  std::vector<EntityName> out;
  for (const auto& [id, e] : entities_) {
    if (!CanSee(p, e.scope)) continue;
    for (const auto& [name, kind] : names_.at(id)) {
      if (wanted.count(name)) out.push_back({id, name, kind, e.name, e.type, e.origin});
    }
  }
  return out;
}

std::vector<EntityRecord> MemoryEntityTables::List(const Principal& p,
                                                   const EntityQuery& q) const {
  std::vector<EntityRecord> out;
  for (auto it = entities_.upper_bound(q.after_id);
       it != entities_.end() && static_cast<int>(out.size()) < q.limit; ++it) {
    const EntityRecord& e = it->second;
    if (!CanSee(p, e.scope) || (!q.type.empty() && e.type != q.type)) continue;
    if (!q.query.empty()) {
      const auto& rows = names_.at(e.id);
      if (std::none_of(rows.begin(), rows.end(), [&](const auto& r) {
            return r.first.find(q.query) != std::string::npos;
          })) {
        continue;
      }
    }
    out.push_back(e);
  }
  return out;
}

Result<EntityRecord> MemoryEntityTables::Get(const Principal& p, int64_t id) const {
  auto it = entities_.find(id);
  if (it == entities_.end() || !CanSee(p, it->second.scope)) return EntityNotFound(id);
  return it->second;
}

std::vector<EntityLinkOutcome> MemoryEntityTables::MemoryLinks(const Principal& p,
                                                               int64_t memory_id) const {
  std::vector<EntityLinkOutcome> out;
  for (auto it = links_.lower_bound({memory_id, 0});
       it != links_.end() && it->first.first == memory_id; ++it) {
    auto e = entities_.find(it->first.second);
    if (e == entities_.end() || !CanSee(p, e->second.scope)) continue;
    out.push_back(EntityLinkOutcome{memory_id, e->first, e->second.name, e->second.type,
                                    it->second.surface, it->second.confidence, false});
  }
  return out;
}

Result<std::vector<EntityRelation>> MemoryEntityTables::Relations(
    const Principal& p, int64_t id, int limit, const SearchableFn& searchable) const {
  ENGRAM_RETURN_IF_ERROR(Get(p, id).status());
  std::vector<EntityRelation> stated, literal, incoming;
  for (auto it = relations_.rbegin(); it != relations_.rend(); ++it) {
    const bool in = it->object_id == id && it->subject_id != id;
    if ((it->subject_id != id && !in) || !it->open || !searchable(it->memory_id, false)) {
      continue;
    }
    EntityRelation r;
    r.predicate = it->predicate;
    r.memory_ids = {it->memory_id};
    r.incoming = in;
    if (in) {
      auto e = entities_.find(it->subject_id);
      if (e == entities_.end() || !CanSee(p, e->second.scope)) continue;
      r.object = e->second;
      incoming.push_back(std::move(r));
      continue;
    }
    if (it->object_id == 0) {
      r.object_literal = it->literal;
      literal.push_back(std::move(r));
      continue;
    }
    auto e = entities_.find(it->object_id);
    if (e == entities_.end() || !CanSee(p, e->second.scope)) continue;
    r.object = e->second;
    stated.push_back(std::move(r));
  }
  for (EntityRelation& r : literal) stated.push_back(std::move(r));
  for (EntityRelation& r : incoming) stated.push_back(std::move(r));
  if (static_cast<int>(stated.size()) >= limit) {
    stated.resize(std::max(0, limit));
    return stated;
  }
  std::map<int64_t, std::vector<int64_t>> shared;  // other entity -> memories
  for (const auto& [k, row] : links_) {
    if (k.second != id || !searchable(k.first, false)) continue;
    for (const auto& [k2, row2] : links_) {
      if (k2.first != k.first || k2.second == id) continue;
      auto e = entities_.find(k2.second);
      if (e != entities_.end() && CanSee(p, e->second.scope)) shared[k2.second].push_back(k.first);
    }
  }
  std::vector<EntityRelation> out;
  for (auto& [eid, mems] : shared) {
    EntityRelation r;
    r.object = entities_.at(eid);
    std::sort(mems.rbegin(), mems.rend());
    r.memory_ids = std::move(mems);
    out.push_back(std::move(r));
  }
  std::stable_sort(out.begin(), out.end(), [](const EntityRelation& a, const EntityRelation& b) {
    return a.memory_ids.size() > b.memory_ids.size();
  });
  const int room = limit - static_cast<int>(stated.size());
  if (static_cast<int>(out.size()) > room) out.resize(std::max(0, room));
  for (EntityRelation& r : out) stated.push_back(std::move(r));
  return stated;
}

GraphResult MemoryEntityTables::Graph(const Principal& p, const GraphQuery& q,
                                      const SearchableFn& searchable, int64_t total) const {
  GraphResult out;
  out.total = total;
  std::set<int64_t> wanted;
  for (int64_t id : q.entity_ids) {
    auto e = entities_.find(id);
    if (e != entities_.end() && CanSee(p, e->second.scope)) wanted.insert(id);
  }
  std::map<int64_t, std::vector<int64_t>> by_memory;
  for (const auto& [k, row] : links_) {
    if (std::find(q.entity_ids.begin(), q.entity_ids.end(), k.second) != q.entity_ids.end()) {
      ++out.links[k.second];
    }
    if (q.limit > 0 && wanted.count(k.second)) by_memory[k.first].push_back(k.second);
  }
  std::vector<std::pair<int64_t, std::vector<int64_t>>> rows(by_memory.begin(), by_memory.end());
  std::sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) {
    if (a.second.size() != b.second.size()) return a.second.size() > b.second.size();
    return a.first > b.first;
  });
  for (auto& [mid, ents] : rows) {
    if (static_cast<int>(out.hits.size()) >= q.limit) break;
    const Memory* m = searchable(mid, q.include_history);
    if (m) out.hits.push_back(GraphHit{*m, std::move(ents)});
  }
  return out;
}

}  // namespace engram::store
