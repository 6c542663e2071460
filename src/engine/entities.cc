#include "src/engine/entities.h"

#include <algorithm>

#include "engram/status_macros.h"
#include "src/base/utf8.h"
#include "src/extract/entity_extractor.h"
#include "src/extract/entity_linker.h"
#include "src/extract/guard.h"
#include "src/ingest/validate.h"
#include "src/text/normalize.h"
#include "src/text/pii/pii_detector.h"

namespace engram {

bool IsEntityType(const std::string& type) {
  auto t = extract::ParseEntityType(type);
  return t && *t != extract::EntityType::kMoney;
}

namespace engine {
namespace {

Entity ToEntity(store::EntityRecord r) {
  return Entity{r.id,         std::move(r.type),        std::move(r.name),
                std::move(r.aliases), std::move(r.roles), std::move(r.external_id),
                std::move(r.origin),  std::move(r.scope), r.created_at};
}

// A name, alias or role: valid UTF-8, 1..200 bytes, not only spaces.
Status CheckName(const std::string& where, const std::string& field, const std::string& v) {
  if (!base::IsValidUtf8(v)) return Status::InvalidArgument(where + field + ": invalid UTF-8");
  if (text::Normalize(v).empty()) return Status::InvalidArgument(where + field + ": empty");
  if (v.size() > 200) return Status::InvalidArgument(where + field + ": longer than 200 bytes");
  return Status::OK();
}

// A directory entry is shown as written to every reader of its scope (entity lists,
// relations, the links of recalled memories) and names are matched against messages, so
// it is neither sealed nor kept as quarantined evidence: an entry carrying a personal
// identifier (InvalidArgument) or text the guard would quarantine (PermissionDenied) is
// refused, naming the line and field but never the value.
Status CheckEntryContent(const std::string& where, const store::EntityRecord& r) {
  std::vector<std::pair<const char*, const std::string*>> fields{{"name", &r.name}};
  for (const std::string& a : r.aliases) fields.emplace_back("alias", &a);
  for (const std::string& x : r.roles) fields.emplace_back("role", &x);
  if (!r.external_id.empty()) fields.emplace_back("id", &r.external_id);
  std::string all;
  for (const auto& [field, value] : fields) {
    const auto found = text::pii::DetectPii(*value);
    if (!found.empty()) {
      return Status::InvalidArgument(
          where + field + ": holds a personal identifier (" +
          std::string(text::pii::PiiKindName(found.front().kind)) +
          "); entity names are shown to every reader of the scope and are not sealed: keep "
          "identifiers in memories, which seal them");
    }
    all += *value;
    all += '\n';
  }
  if (extract::Guard::Default().Check(all).verdict == extract::GuardVerdict::kQuarantine) {
    return Status::PermissionDenied(
        where + "guard: the entry reads as an injection or poisoning attempt; it was not "
                "imported");
  }
  return Status::OK();
}

Result<store::EntityRecord> ToRecord(const Principal& p, const EntityEntry& e, size_t index) {
  const std::string where =
      e.line > 0 ? "line " + std::to_string(e.line) + ": " : "entries[" + std::to_string(index) +
                                                                 "]: ";
  ENGRAM_RETURN_IF_ERROR(CheckName(where, "name", e.name));
  if (!IsEntityType(e.type)) {
    return Status::InvalidArgument(where + "type: unknown '" + e.type +
                                   "' (person, org, department, place, project, ticket, "
                                   "contract, role, other)");
  }
  if (e.aliases.size() > 100 || e.roles.size() > 100) {
    return Status::InvalidArgument(where + "more than 100 aliases or roles");
  }
  for (const std::string& a : e.aliases) {
    ENGRAM_RETURN_IF_ERROR(CheckName(where, "alias", a));
  }
  for (const std::string& r : e.roles) {
    ENGRAM_RETURN_IF_ERROR(CheckName(where, "role", r));
  }
  if (!e.external_id.empty()) {
    ENGRAM_RETURN_IF_ERROR(CheckName(where, "id", e.external_id));
  }
  if (e.visibility == Visibility::kTeam) {
    if (Status s = ingest::ValidateId("team", e.team_id, true); !s.ok()) {
      return s.WithPrefix(where.substr(0, where.size() - 2));
    }
  } else if (!e.team_id.empty()) {
    return Status::InvalidArgument(where + "team: given, but visibility is not 'team'");
  }
  store::EntityRecord r;
  r.scope = Scope{p.user_id, "", e.team_id, e.visibility};
  r.type = e.type;
  r.name = text::Normalize(e.name);
  for (const std::string& a : e.aliases) r.aliases.push_back(text::Normalize(a));
  for (const std::string& x : e.roles) r.roles.push_back(text::Normalize(x));
  r.external_id = text::Normalize(e.external_id);
  ENGRAM_RETURN_IF_ERROR(CheckEntryContent(where, r));
  return r;
}

}  // namespace

Result<ImportEntitiesResult> ImportEntities(store::Store& store, const store::OpContext& ctx,
                                            const ImportEntitiesRequest& request) {
  if (request.entries.empty()) return Status::InvalidArgument("entities: no entries");
  if (request.entries.size() > 10000) {
    return Status::InvalidArgument("entities: more than 10000 entries in one import");
  }
  std::vector<store::EntityRecord> records;
  for (size_t i = 0; i < request.entries.size(); ++i) {
    ENGRAM_ASSIGN_OR_RETURN(auto r, ToRecord(request.principal, request.entries[i], i));
    records.push_back(std::move(r));
  }
  ENGRAM_ASSIGN_OR_RETURN(auto out, store.PutEntities(ctx, records));
  ImportEntitiesResult result{ctx.request_id, out.created, out.updated, {}};
  for (store::EntityRecord& r : out.entities) result.entities.push_back(ToEntity(std::move(r)));
  return result;
}

Result<ListEntitiesResult> ListEntities(store::Store& store, const store::OpContext& ctx,
                                        const ListEntitiesRequest& request) {
  if (request.limit <= 0 || request.limit > 1000) {
    return Status::InvalidArgument("limit: must be 1..1000");
  }
  if (!base::IsValidUtf8(request.query) || request.query.size() > 200) {
    return Status::InvalidArgument("query: invalid UTF-8 or longer than 200 bytes");
  }
  if (!request.type.empty() && !IsEntityType(request.type)) {
    return Status::InvalidArgument("type: unknown '" + request.type + "'");
  }
  store::EntityQuery q{text::FoldForSearch(request.query), request.type, request.after_id,
                       request.limit + 1};
  ENGRAM_ASSIGN_OR_RETURN(auto rows, store.ListEntities(ctx, q));
  ListEntitiesResult out;
  for (store::EntityRecord& r : rows) out.entities.push_back(ToEntity(std::move(r)));
  if (static_cast<int>(out.entities.size()) > request.limit) {
    out.entities.resize(request.limit);
    out.next_after_id = out.entities.back().id;
  }
  return out;
}

Result<EntityRelationsResult> EntityRelations(store::Store& store, const store::OpContext& ctx,
                                              int64_t id, int limit) {
  if (limit <= 0 || limit > 1000) return Status::InvalidArgument("limit: must be 1..1000");
  ENGRAM_ASSIGN_OR_RETURN(auto entity, store.GetEntity(ctx, id));
  ENGRAM_ASSIGN_OR_RETURN(auto rows, store.ListEntityRelations(ctx, id, limit));
  EntityRelationsResult out{ToEntity(std::move(entity)), {}};
  for (store::EntityRelation& r : rows) {
    const char* direction = r.predicate == "co_mentioned" ? "mutual"
                            : r.incoming                  ? "incoming"
                                                          : "outgoing";
    out.relations.push_back(EntityRelationView{r.predicate, direction,
                                               ToEntity(std::move(r.object)),
                                               std::move(r.object_literal),
                                               std::move(r.memory_ids)});
  }
  return out;
}

Result<std::vector<EntityLinkView>> MemoryEntities(store::Store& store,
                                                   const store::OpContext& ctx, int64_t id) {
  ENGRAM_ASSIGN_OR_RETURN(const Memory m, store.GetMemory(ctx, id));  // NotFound as Get
  ENGRAM_ASSIGN_OR_RETURN(auto links, store.ListMemoryEntities(ctx, id));
  // The surface is the writer's own words; other readers get the entity, not the text.
  if (m.scope.user_id != ctx.principal.user_id) {
    for (store::EntityLinkOutcome& l : links) l.surface.clear();
  }
  return LinkViews(links);
}

Status LinkBatchEntities(store::Store& store, const store::OpContext& ctx,
                         store::IngestBatch* batch) {
  if (batch->memories.empty()) return Status::OK();
  const std::string& text = batch->message.content;
  const auto mentions = extract::FindEntityMentions(text);
  ENGRAM_ASSIGN_OR_RETURN(auto names,
                          store.FindEntityNames(ctx, extract::NameCandidates(text, mentions)));
  std::vector<extract::KnownName> known;
  known.reserve(names.size());
  for (store::EntityName& n : names) {
    known.push_back({n.entity_id, std::move(n.name), std::move(n.kind), n.origin != "extracted"});
  }
  const auto links = extract::LinkMentions(text, mentions, known, true);
  for (size_t i = 0; i < batch->memories.size(); ++i) {
    Memory& m = batch->memories[i];
    if (m.status == MemoryStatus::kQuarantined) continue;  // evidence, not knowledge
    for (const extract::EntityLink& l : links) {
      batch->entity_links.push_back({static_cast<int>(i), l.entity_id, l.type, l.name,
                                     l.surface, l.confidence});
      m.confidence.entity = std::min(m.confidence.entity, l.confidence);
    }
  }
  return Status::OK();
}

std::vector<EntityLinkView> LinkViews(const std::vector<store::EntityLinkOutcome>& links) {
  std::vector<EntityLinkView> out;
  for (const store::EntityLinkOutcome& l : links) {
    out.push_back({l.memory_id, l.entity_id, l.name, l.type, l.surface, l.confidence,
                   l.created});
  }
  return out;
}

}  // namespace engine
}  // namespace engram
