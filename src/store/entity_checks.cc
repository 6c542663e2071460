#include "src/store/entity_checks.h"

#include <algorithm>

#include "engram/status_macros.h"
#include "src/store/access.h"
#include "src/text/normalize.h"

namespace engram::store {

Status CheckEntityEntry(const OpContext& ctx, const EntityRecord& e) {
  if (e.name.empty()) return Status::InvalidArgument("entity: empty name");
  if (e.type.empty()) return Status::InvalidArgument("entity '" + e.name + "': empty type");
  ENGRAM_RETURN_IF_ERROR(ValidateScope(e.scope));
  return CheckCanWrite(ctx.principal, e.scope);
}

std::vector<std::pair<std::string, std::string>> EntityNameRows(const EntityRecord& e) {
  std::vector<std::pair<std::string, std::string>> out;
  auto add = [&](const std::string& raw, const char* kind) {
    std::string folded = text::FoldForSearch(raw);
    if (folded.empty()) return;
    bool seen = std::any_of(out.begin(), out.end(),
                            [&](const auto& row) { return row.first == folded; });
    if (!seen) out.emplace_back(std::move(folded), kind);
  };
  add(e.name, "name");
  for (const std::string& a : e.aliases) add(a, "alias");
  for (const std::string& r : e.roles) add(r, "role");
  add(e.external_id, "id");
  return out;
}

std::string ImportAuditDetail(const EntityImportOutcome& out) {
  return "{\"created\":" + std::to_string(out.created) +
         ",\"updated\":" + std::to_string(out.updated) + "}";
}

}  // namespace engram::store
