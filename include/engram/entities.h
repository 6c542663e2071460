// Values of the engine's entity calls: the entity directory (Engine::ImportEntities,
// ListEntities), its relations (Engine::EntityRelations) and the links a remembered message
// made (RememberResult::entities). See engine.h for the calls.
//
// Thread safety: plain values; distinct objects may be used from distinct threads.
#ifndef ENGRAM_ENTITIES_H_
#define ENGRAM_ENTITIES_H_

#include <cstdint>
#include <string>
#include <vector>

#include "engram/types.h"

namespace engram {

// Entity types: person, org, department, place, project, ticket, contract, role, other.
bool IsEntityType(const std::string& type);

// One entry of a directory to import.
struct EntityEntry {
  std::string name;                  // required
  std::string type = "person";       // an entity type (above)
  std::vector<std::string> aliases;  // other names it goes by ("张工", "Zhang")
  std::vector<std::string> roles;    // roles that name it ("财务总监")
  std::string external_id;           // the directory's id; re-importing it updates the entry
  Visibility visibility = Visibility::kPrivate;
  std::string team_id;               // required iff visibility == kTeam
  int line = 0;                      // where it came from, for error messages; 0 = unknown
};

struct ImportEntitiesRequest {
  Principal principal;
  std::vector<EntityEntry> entries;  // 1..10000
};

struct Entity {
  int64_t id = 0;
  std::string type;
  std::string name;
  std::vector<std::string> aliases;
  std::vector<std::string> roles;
  std::string external_id;
  std::string origin;   // "directory" (imported) or "extracted" (found in a message)
  Scope scope;
  Instant created_at;
};

struct ImportEntitiesResult {
  std::string request_id;
  int64_t created = 0;
  int64_t updated = 0;
  std::vector<Entity> entities;  // as stored, in input order
};

struct ListEntitiesRequest {
  Principal principal;
  std::string query;        // "" = all; else part of a name, alias, role or external id
  std::string type;         // "" = any
  int64_t after_id = 0;     // the page starts after this id
  int limit = 50;           // 1..1000
};

struct ListEntitiesResult {
  std::vector<Entity> entities;
  int64_t next_after_id = 0;  // 0 when this was the last page
};

// A relation of an entity: one a fact stated (predicate from the relation whitelist:
// worksAt, reportsTo, memberOf, hasTitle, hasEmail, ...; the object another entity or a
// literal `value`; memory_ids = the fact), or another entity mentioned in the same memories
// ("co_mentioned", with those memories).
struct EntityRelationView {
  std::string predicate;
  // "outgoing": the entity is the subject ("张工 reportsTo 李总" listed for 张工);
  // "incoming": it is the object, and `object` is the subject (the same edge listed for 李总);
  // "mutual" for co_mentioned.
  std::string direction = "outgoing";
  Entity object;                    // id 0 when the object is a literal value
  std::string value;                // the literal object, "" for an entity
  std::vector<int64_t> memory_ids;  // newest first
};

struct EntityRelationsResult {
  Entity entity;
  std::vector<EntityRelationView> relations;  // most shared memories first
};

// An entity a remembered memory mentions.
struct EntityLinkView {
  int64_t memory_id = 0;
  int64_t entity_id = 0;
  std::string name;
  std::string type;
  std::string surface;       // the words of the message that named it
  double confidence = 1.0;   // name 1.0, alias 0.9, role 0.8, new entity <= 0.6
  bool created = false;      // a new entity (an unknown mention)
};

}  // namespace engram

#endif  // ENGRAM_ENTITIES_H_
