#include "python/bindings/entities.h"

#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engram/iso8601.h"
#include "engram/types.h"
#include "python/bindings/status.h"

namespace nb = nanobind;

namespace engram::python {
namespace {

nb::object OrNone(const std::string& s) { return s.empty() ? nb::none() : nb::cast(s); }

nb::dict EntityDict(const Entity& e) {
  nb::dict d;
  d["id"] = e.id;
  d["type"] = e.type;
  d["name"] = e.name;
  d["aliases"] = e.aliases;
  d["roles"] = e.roles;
  d["external_id"] = OrNone(e.external_id);
  d["origin"] = e.origin;
  nb::dict scope;
  scope["user"] = e.scope.user_id;
  scope["team"] = OrNone(e.scope.team_id);
  std::string_view visibility = ToString(e.scope.visibility);
  scope["visibility"] = nb::str(visibility.data(), visibility.size());
  d["scope"] = scope;
  d["created_at"] = FormatIso8601(e.created_at);
  return d;
}

nb::list EntityList(const std::vector<Entity>& entities) {
  nb::list out;
  for (const Entity& e : entities) out.append(EntityDict(e));
  return out;
}

// The value of one key of an entry; TypeError when it has another type.
template <typename T>
T Field(nb::handle value, const std::string& where, const char* expected) {
  T out;
  if (!nb::try_cast<T>(value, out)) {
    throw nb::type_error((where + ": must be " + expected).c_str());
  }
  return out;
}

}  // namespace

EntityEntry EntityEntryFromDict(nb::handle entry, size_t index) {
  const std::string where = "entries[" + std::to_string(index) + "]";
  if (!nb::isinstance<nb::dict>(entry)) {
    throw nb::type_error((where + ": must be a dict").c_str());
  }
  EntityEntry e;
  for (auto [key, value] : nb::borrow<nb::dict>(entry)) {
    const std::string k = Field<std::string>(key, where, "a dict with string keys");
    const std::string field = where + "." + k;
    using Strings = std::vector<std::string>;
    if (k == "name") {
      e.name = Field<std::string>(value, field, "a string");
    } else if (k == "type") {
      e.type = Field<std::string>(value, field, "a string");
    } else if (k == "aliases") {
      e.aliases = Field<Strings>(value, field, "a list of strings");
    } else if (k == "roles") {
      e.roles = Field<Strings>(value, field, "a list of strings");
    } else if (k == "external_id") {
      if (!value.is_none()) e.external_id = Field<std::string>(value, field, "a string");
    } else if (k == "visibility") {
      const std::string v = Field<std::string>(value, field, "a string");
      std::optional<Visibility> parsed = ParseVisibility(v);
      if (!parsed) ThrowStatus(Status::InvalidArgument(field + ": unknown value '" + v + "'"));
      e.visibility = *parsed;
    } else if (k == "team_id" || k == "team") {
      if (!value.is_none()) e.team_id = Field<std::string>(value, field, "a string");
    } else {
      ThrowStatus(Status::InvalidArgument(where + ": unknown key '" + k + "'"));
    }
  }
  return e;
}

void BindEntityTypes(nb::module_& m) {
  nb::class_<Entity>(m, "Entity", "An entry of the entity directory (engram/entities.h).")
      .def_ro("id", &Entity::id)
      .def_ro("type", &Entity::type)
      .def_ro("name", &Entity::name)
      .def_ro("aliases", &Entity::aliases)
      .def_ro("roles", &Entity::roles)
      .def_ro("external_id", &Entity::external_id)
      .def_ro("origin", &Entity::origin)
      .def_ro("scope", &Entity::scope)
      .def_ro("created_at", &Entity::created_at)
      .def("to_dict", &EntityDict, "The REST API's JSON shape of an entity.");
  nb::class_<ImportEntitiesResult>(m, "ImportEntitiesResult")
      .def_ro("request_id", &ImportEntitiesResult::request_id)
      .def_ro("created", &ImportEntitiesResult::created)
      .def_ro("updated", &ImportEntitiesResult::updated)
      .def_ro("entities", &ImportEntitiesResult::entities)
      .def("to_dict", [](const ImportEntitiesResult& r) {
        nb::dict d;
        d["request_id"] = r.request_id;
        d["created"] = r.created;
        d["updated"] = r.updated;
        d["entities"] = EntityList(r.entities);
        return d;
      });
  nb::class_<ListEntitiesResult>(m, "ListEntitiesResult")
      .def_ro("entities", &ListEntitiesResult::entities)
      .def_ro("next_after_id", &ListEntitiesResult::next_after_id)
      .def(
          "to_dict",
          [](const ListEntitiesResult& r) {
            nb::dict d;
            d["entities"] = EntityList(r.entities);
            d["next_after"] = r.next_after_id ? nb::cast(r.next_after_id) : nb::none();
            return d;
          },
          "{'entities', 'next_after'} as GET /v1/entities answers.");
  nb::class_<EntityRelationView>(m, "EntityRelation")
      .def_ro("predicate", &EntityRelationView::predicate)
      .def_ro("direction", &EntityRelationView::direction)
      .def_ro("object", &EntityRelationView::object)
      .def_ro("value", &EntityRelationView::value)
      .def_ro("memory_ids", &EntityRelationView::memory_ids);
  nb::class_<EntityRelationsResult>(m, "EntityRelationsResult")
      .def_ro("entity", &EntityRelationsResult::entity)
      .def_ro("relations", &EntityRelationsResult::relations)
      .def(
          "to_dict",
          [](const EntityRelationsResult& r) {
            nb::list relations;
            for (const EntityRelationView& v : r.relations) {
              nb::dict rel;
              rel["predicate"] = v.predicate;
              rel["direction"] = v.direction;
              rel["object"] = v.object.id ? nb::object(EntityDict(v.object)) : nb::none();
              rel["value"] = v.value.empty() ? nb::none() : nb::object(nb::cast(v.value));
              rel["memory_ids"] = v.memory_ids;
              relations.append(rel);
            }
            nb::dict d;
            d["entity"] = EntityDict(r.entity);
            d["relations"] = relations;
            return d;
          },
          "{'entity', 'relations': [{'predicate', 'direction', 'object', 'value', "
          "'memory_ids'}]} as GET /v1/entities/{id}/relations answers.");
}

}  // namespace engram::python
