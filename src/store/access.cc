#include "src/store/access.h"

namespace engram::store {

bool CanSee(const Principal& p, const Scope& s) {
  switch (s.visibility) {
    case Visibility::kPrivate: return !p.user_id.empty() && s.user_id == p.user_id;
    case Visibility::kTeam: return !s.team_id.empty() && p.InTeam(s.team_id);
    case Visibility::kPublic: return true;
  }
  return false;
}

Status CheckCanWrite(const Principal& p, const Scope& s) {
  if (p.user_id.empty()) return Status::PermissionDenied("access: principal has no user id");
  switch (s.visibility) {
    case Visibility::kPrivate:
      if (s.user_id != p.user_id) {
        return Status::PermissionDenied("access: private memory belongs to another user");
      }
      return Status::OK();
    case Visibility::kTeam:
      if (!p.InTeam(s.team_id)) {
        return Status::PermissionDenied("access: not a member of team '" + s.team_id + "'");
      }
      return Status::OK();
    case Visibility::kPublic:
      if (!p.HasRole("admin")) {
        return Status::PermissionDenied("access: public memories are written by admins only");
      }
      return Status::OK();
  }
  return Status::PermissionDenied("access: unknown visibility");
}

Status CheckCanConsolidate(const Principal& p, const Scope& s) {
  if (p.HasRole("admin") && !p.user_id.empty()) return Status::OK();
  return CheckCanWrite(p, s);
}

std::string ScopeKey(const Scope& s) {
  switch (s.visibility) {
    case Visibility::kPrivate: return "u:" + s.user_id;
    case Visibility::kTeam: return "t:" + s.team_id;
    case Visibility::kPublic: return "p";
  }
  return "?";
}

std::string ReviewerUser(const Principal& p) {
  // The roles that review other users' items (src/engine/review_policy.h).
  const bool reviewer = p.HasRole("admin") || p.HasRole("reviewer");
  return reviewer ? std::string() : p.user_id;
}

std::vector<std::string> VisiblePartitions(const Principal& p) {
  std::vector<std::string> keys{"u:" + p.user_id};
  for (const std::string& t : p.teams) keys.push_back("t:" + t);
  keys.push_back("p");
  return keys;
}

Status ValidateScope(const Scope& s) {
  if (s.user_id.empty()) return Status::InvalidArgument("scope: user id is required");
  if (s.visibility == Visibility::kTeam && s.team_id.empty()) {
    return Status::InvalidArgument("scope: team visibility needs a team");
  }
  if (s.visibility != Visibility::kTeam && !s.team_id.empty()) {
    return Status::InvalidArgument("scope: a team is given but visibility is not 'team'");
  }
  return Status::OK();
}

}  // namespace engram::store

#include "engram/status_macros.h"
#include "src/store/store.h"

namespace engram::store {

Status ValidateIngest(const OpContext& ctx, const IngestBatch& batch) {
  ENGRAM_RETURN_IF_ERROR(ValidateScope(batch.scope));
  if (batch.scope.user_id != ctx.principal.user_id) {
    return Status::PermissionDenied("access: a message is owned by the principal's own user");
  }
  ENGRAM_RETURN_IF_ERROR(CheckCanWrite(ctx.principal, batch.scope));
  if (batch.message.content.empty()) return Status::InvalidArgument("store: empty message");
  if (!batch.embeddings.empty() &&
      (batch.embeddings.size() != batch.memories.size() || batch.embedding_model.empty())) {
    return Status::InvalidArgument("store: one embedding per memory, with a model id");
  }
  for (const Memory& m : batch.memories) {
    if (m.content.empty()) return Status::InvalidArgument("store: empty memory content");
    if (!m.attribute.empty() && m.subject.empty()) {
      return Status::InvalidArgument("store: a fact with an attribute needs a subject");
    }
  }
  return Status::OK();
}

std::string ColdPartition(const std::string& scope_key) { return "z:" + scope_key; }

}  // namespace engram::store
