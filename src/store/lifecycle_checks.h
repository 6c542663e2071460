// Checks and helpers the backends share for the lifecycle calls (consolidation, erasure,
// hard forget), so that memory and SQLite cannot drift. Pure functions, thread-safe.
#ifndef ENGRAM_STORE_LIFECYCLE_CHECKS_H_
#define ENGRAM_STORE_LIFECYCLE_CHECKS_H_

#include <string>
#include <string_view>
#include <vector>

#include "engram/status.h"
#include "src/store/store.h"

namespace engram::store {

// InvalidArgument when a plan names a memory in two roles that exclude each other (a
// duplicate twice, a survivor that is also a duplicate, a self link, an unknown link kind,
// a summary without sources or with empty content).
Status ValidatePlanShape(const ConsolidationPlan& plan);

// PermissionDenied unless `principal` is `user_id` or has the admin role; InvalidArgument
// for an empty user id.
Status CheckCanErase(const Principal& principal, const std::string& user_id);

// The distinct ⟦KIND:ID⟧ vault placeholders in `text`, in order of first appearance.
std::vector<std::string> VaultPlaceholders(std::string_view text);

// The JSON detail of an "erase" audit record: the user id and the counts (no text).
std::string EraseAuditDetail(const std::string& user_id, const EraseOutcome& out);

// The JSON detail of a "compact" audit record (counts only).
std::string CompactAuditDetail(const ConsolidationOutcome& out);

}  // namespace engram::store

#endif  // ENGRAM_STORE_LIFECYCLE_CHECKS_H_
