// The entity directory's values from Python (include/engram/entities.h): Entity and the
// results of Engine.import_entities / list_entities / entity_relations, read-only, each with
// to_dict() in the REST API's JSON shape (apps/serve entity_json), and the conversion of an
// import entry given as a dict.
//
// Thread safety: callers must hold the GIL.
#ifndef ENGRAM_PYTHON_BINDINGS_ENTITIES_H_
#define ENGRAM_PYTHON_BINDINGS_ENTITIES_H_

#include <nanobind/nanobind.h>

#include <cstddef>

#include "engram/entities.h"

namespace engram::python {

// Registers the entity value types (called once, at import).
void BindEntityTypes(nanobind::module_& m);

// An import entry from {"name", "type"?, "aliases"?, "roles"?, "external_id"?,
// "visibility"? ("private" | "team" | "public"), "team_id"?}; `index` is its place in the
// list (for messages). InvalidArgumentError for an unknown key or visibility, TypeError for
// a wrong type.
EntityEntry EntityEntryFromDict(nanobind::handle entry, size_t index);

}  // namespace engram::python

#endif  // ENGRAM_PYTHON_BINDINGS_ENTITIES_H_
