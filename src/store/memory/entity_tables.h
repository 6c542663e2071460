// The memory backend's entity directory and memory-entity links, kept apart from its
// memories. Visibility and searchability of memories are judged by MemoryStore and passed in.
//
// Thread safety: none; MemoryStore calls it under its own mutex.
#ifndef ENGRAM_STORE_MEMORY_ENTITY_TABLES_H_
#define ENGRAM_STORE_MEMORY_ENTITY_TABLES_H_

#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "src/store/store.h"

namespace engram::store {

class MemoryEntityTables {
 public:
  // A memory as recall may return it to the caller (visible and searchable), or null.
  using SearchableFn = std::function<const Memory*(int64_t id, bool include_history)>;

  EntityImportOutcome Upsert(const std::vector<EntityRecord>& entries, const Instant& now);
  // Store::Ingest's links. InvalidArgument (nothing changed) as the SQLite backend.
  Result<std::vector<EntityLinkOutcome>> Link(const Principal& p, const IngestBatch& batch,
                                              const std::vector<Memory>& memories,
                                              const Instant& now);
  void CopyLinks(int64_t from_id, int64_t to_id);
  // Store::Ingest's relation rows (RelationDraft), after Link filled out.entity_links.
  void AddRelations(const IngestBatch& batch, const IngestOutcome& out);
  // A version retiring memory `memory_id` closes the relations it stated.
  void CloseRelations(int64_t memory_id, const Instant& at);
  // Hard forget of these memory versions.
  void ForgetMemories(const std::set<int64_t>& ids);
  // Erasure: the memories' links and the user's entities.
  void EraseUser(const std::string& user_id, const std::set<int64_t>& memory_ids);

  std::vector<EntityName> Names(const Principal& p, const std::vector<std::string>& names) const;
  std::vector<EntityRecord> List(const Principal& p, const EntityQuery& q) const;
  Result<EntityRecord> Get(const Principal& p, int64_t id) const;
  // Store::ListMemoryEntities, the memory's visibility judged by the caller.
  std::vector<EntityLinkOutcome> MemoryLinks(const Principal& p, int64_t memory_id) const;
  Result<std::vector<EntityRelation>> Relations(const Principal& p, int64_t id, int limit,
                                                const SearchableFn& searchable) const;
  GraphResult Graph(const Principal& p, const GraphQuery& q, const SearchableFn& searchable,
                    int64_t total) const;

 private:
  struct LinkRow {
    double confidence = 0;
    std::string surface;
  };
  std::map<int64_t, EntityRecord> entities_;
  std::map<int64_t, std::vector<std::pair<std::string, std::string>>> names_;  // folded, kind
  std::map<std::pair<int64_t, int64_t>, LinkRow> links_;  // (memory, entity)
  struct RelationRow {
    int64_t subject_id = 0;
    std::string predicate;
    int64_t object_id = 0;  // 0 = literal
    std::string literal;
    int64_t memory_id = 0;
    bool open = true;
  };
  std::vector<RelationRow> relations_;  // oldest first
  int64_t next_id_ = 1;
};

}  // namespace engram::store

#endif  // ENGRAM_STORE_MEMORY_ENTITY_TABLES_H_
