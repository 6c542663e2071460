// Values of the Store's entity calls (store.h): the entity directory, the links between
// memories and the entities they mention, and the graph channel's query.
//
// Thread safety: plain values.
#ifndef ENGRAM_STORE_ENTITY_TYPES_H_
#define ENGRAM_STORE_ENTITY_TYPES_H_

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "engram/types.h"

namespace engram::store {

// One entity of the directory. Its scope decides who sees it, as for memories.
struct EntityRecord {
  int64_t id = 0;
  Scope scope;                       // agent_id is not kept
  std::string type = "person";       // person, org, department, place, project, ticket, ...
  std::string name;
  std::vector<std::string> aliases;
  std::vector<std::string> roles;    // 财务总监, CTO, ...
  std::string external_id;           // the directory's own id, "" = none
  std::string origin = "directory";  // directory (imported) | extracted (found in a message)
  Instant created_at;
};

// A name a visible entity answers to, folded (text::FoldForSearch).
struct EntityName {
  int64_t entity_id = 0;
  std::string name;          // folded
  std::string kind;          // name | alias | role | id
  std::string entity_name;   // the entity's canonical name
  std::string entity_type;
  std::string origin;        // directory | extracted
};

// A mention of an entity by one memory of an IngestBatch.
struct EntityLinkDraft {
  int memory_index = 0;      // into IngestBatch::memories
  int64_t entity_id = 0;     // a known entity the writer may see; 0 = a new one (below)
  std::string type;          // new entity: its type and name; it is created in the batch's
  std::string name;          //   scope, or the scope's extracted entity of that name reused
  std::string surface;       // the text that mentioned it
  double confidence = 1.0;
};

// A whitelisted relation one memory of an IngestBatch states (the relation table): its
// subject, and its object when that is an entity, are links of the same batch. Written only
// for a memory the batch makes current (not when it reinforced or was outranked); a version
// that retires the memory closes its relations (valid_to).
struct RelationDraft {
  int memory_index = 0;
  int subject_link = 0;        // index into IngestBatch::entity_links
  int object_link = -1;        // index into IngestBatch::entity_links; -1 = object_literal
  std::string predicate;       // worksAt, reportsTo, memberOf, hasTitle, hasEmail, ...
  std::string object_literal;  // the value when the object is not an entity
};

struct EntityLinkOutcome {
  int64_t memory_id = 0;
  int64_t entity_id = 0;
  std::string name;
  std::string type;
  std::string surface;
  double confidence = 1.0;
  bool created = false;      // the entity was created by this batch
};

struct EntityQuery {
  std::string query;         // folded; "" = all, else a substring of the name or an alias
  std::string type;          // "" = any
  int64_t after_id = 0;
  int limit = 50;
};

struct GraphQuery {
  std::vector<int64_t> entity_ids;
  int limit = 30;
  bool include_history = false;
};

struct GraphHit {
  Memory memory;
  std::vector<int64_t> entity_ids;  // the query's entities it mentions
};

// Memories linked to the query's entities: visible, searchable (as SearchKeyword), most
// query entities first, then newest. `links` counts every memory linked to each entity
// (any scope: a rough document frequency), `total` approximates the number of memories.
// A query with limit 0 gets `links` and `total` only (no hits).
struct GraphResult {
  std::vector<GraphHit> hits;
  std::map<int64_t, int64_t> links;
  int64_t total = 0;
};

// A relation of an entity: a stated one (a relation row: predicate from the whitelist, the
// object an entity or a literal value, memory_ids = the fact stating it), or another entity
// mentioned together with it ("co_mentioned", memory_ids = the memories mentioning both).
struct EntityRelation {
  std::string predicate = "co_mentioned";
  // A stated relation whose object is the listed entity ("李总" for "张工 reportsTo 李总"
  // listed for 李总): `object` is then its subject (张工).
  bool incoming = false;
  EntityRecord object;              // id 0 for a literal object
  std::string object_literal;       // the value, for a literal object
  std::vector<int64_t> memory_ids;  // visible, current memories, newest first
};

struct EntityImportOutcome {
  std::vector<EntityRecord> entities;  // as stored, in input order
  int64_t created = 0;
  int64_t updated = 0;
};

}  // namespace engram::store

#endif  // ENGRAM_STORE_ENTITY_TYPES_H_
