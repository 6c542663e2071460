// Handlers of the lifecycle routes: consolidation and erasure of a user.
#include "apps/serve/json_codec.h"
#include "apps/serve/lifecycle_json.h"
#include "apps/serve/routes.h"
#include "engram/status_macros.h"

namespace engram::serve {

// POST /v1/compact {"dry_run"?: bool}: consolidates what the caller may write (every scope
// for the admin role).
Result<HttpReply> HandleCompact(HttpCall& call) {
  ENGRAM_ASSIGN_OR_RETURN(auto dry_run, OptBool(call.body, "dry_run"));
  CompactRequest request{call.principal, dry_run.value_or(false)};
  ENGRAM_ASSIGN_OR_RETURN(auto report, call.engine->Compact(request));
  return HttpReply{200, CompactReportJson(report)};
}

// DELETE /v1/users/{user_id}: erases everything of the user (the user themself or admin).
Result<HttpReply> HandleEraseUser(HttpCall& call) {
  ENGRAM_ASSIGN_OR_RETURN(
      auto report, call.engine->EraseUser(call.principal, call.params.at("user_id")));
  return HttpReply{200, EraseReportJson(report)};
}

}  // namespace engram::serve
