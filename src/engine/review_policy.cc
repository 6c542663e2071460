#include "src/engine/review_policy.h"

#include <nlohmann/json.hpp>


namespace engram::engine {
namespace {

bool IsReviewer(const Principal& p) { return p.HasRole("admin") || p.HasRole("reviewer"); }

bool IsGuardItem(const store::ReviewItem& item) {
  return item.kind == "quarantine" || item.kind == "suspicious";
}

}  // namespace

Status CheckCanResolve(const Principal& principal, const store::ReviewItem& item,
                       const std::string& resolution) {
  if (item.kind != "quarantine" || resolution != "approve") return Status::OK();
  if (!IsReviewer(principal)) {
    return Status::PermissionDenied(
        "review: a quarantine is approved by a reviewer or an admin, not by its writer");
  }
  if (item.user_id == principal.user_id) {
    return Status::PermissionDenied(
        "review: a reviewer cannot approve the quarantine of their own message");
  }
  return Status::OK();
}

void RedactReviewItem(const Principal& principal, store::ReviewItem* item) {
  if (!IsGuardItem(*item) || IsReviewer(principal)) return;
  const nlohmann::json payload = nlohmann::json::parse(item->payload_json, nullptr, false);
  nlohmann::json kept = nlohmann::json::object();
  if (payload.is_object() && payload.contains("categories")) {
    kept["categories"] = payload["categories"];
  }
  item->payload_json = kept.dump();
}

void WithholdQuarantined(const Principal& principal, Memory* memory) {
  if (memory->status != MemoryStatus::kQuarantined) return;
  if (memory->scope.user_id == principal.user_id || IsReviewer(principal)) return;
  memory->content = "[quarantined: withheld until a reviewer approves it]";
  memory->value.clear();
  memory->metadata_json = "{}";
}

}  // namespace engram::engine
