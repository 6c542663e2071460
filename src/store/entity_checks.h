// Checks and derived rows shared by the backends' entity calls. Pure functions.
#ifndef ENGRAM_STORE_ENTITY_CHECKS_H_
#define ENGRAM_STORE_ENTITY_CHECKS_H_

#include <string>
#include <utility>
#include <vector>

#include "engram/status.h"
#include "src/store/entity_types.h"
#include "src/store/store.h"

namespace engram::store {

// InvalidArgument for an empty name or type or a malformed scope; PermissionDenied when
// ctx.principal may not write the entry's scope.
Status CheckEntityEntry(const OpContext& ctx, const EntityRecord& e);

// The (folded name, kind) rows an entity answers to: its name, aliases, roles and external
// id, without duplicates (the first kind wins).
std::vector<std::pair<std::string, std::string>> EntityNameRows(const EntityRecord& e);

// The "{\"created\":N,\"updated\":M}" detail of an entities.import audit record.
std::string ImportAuditDetail(const EntityImportOutcome& out);

}  // namespace engram::store

#endif  // ENGRAM_STORE_ENTITY_CHECKS_H_
