// Access rules for scopes: who may see and who may change a memory. Pure functions.
//
//   see:    private → owner; team → members of the team; public → everyone.
//   create: private → the principal itself; team → members; public → role "admin".
//   change: same as create (correct, forget).
#ifndef ENGRAM_STORE_ACCESS_H_
#define ENGRAM_STORE_ACCESS_H_

#include <string>
#include <vector>

#include "engram/status.h"
#include "engram/types.h"

namespace engram::store {

bool CanSee(const Principal& p, const Scope& s);

// OK, or PermissionDenied naming the rule that failed.
Status CheckCanWrite(const Principal& p, const Scope& s);

// "u:<user>", "t:<team>" or "p": the partition a memory lives in.
std::string ScopeKey(const Scope& s);

// Every partition the principal may read: its user's, each of its teams', and public.
std::vector<std::string> VisiblePartitions(const Principal& p);

// The cold vector partition of a scope key: dormant memories' vectors live there ("z:" +
// key), out of the hot partitions ordinary recall searches; deep recall searches both.
std::string ColdPartition(const std::string& scope_key);

// Whose review items the principal may list and resolve: "" (everyone's) for the roles
// "admin" and "reviewer", else its own user id. Approving a quarantine needs more (the
// engine's review policy: a reviewer other than the writer).
std::string ReviewerUser(const Principal& p);

// Who may consolidate (merge, link, summarize) memories of a scope: the admin role any
// scope, everyone else the scopes they may write. OK or PermissionDenied.
Status CheckCanConsolidate(const Principal& p, const Scope& s);

// Validates the shape of a scope: InvalidArgument when user_id is empty, or team_id is
// missing for team visibility or present otherwise.
Status ValidateScope(const Scope& s);

}  // namespace engram::store

namespace engram::store {
struct IngestBatch;
struct OpContext;
// The checks every backend runs before an Ingest writes anything: scope shape, write
// permission, non-empty content, owner = principal's user.
Status ValidateIngest(const OpContext& ctx, const IngestBatch& batch);
}  // namespace engram::store

#endif  // ENGRAM_STORE_ACCESS_H_
