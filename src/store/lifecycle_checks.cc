#include "src/store/lifecycle_checks.h"

#include <set>

namespace engram::store {
namespace {

std::string JsonString(const std::string& s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c < 0x20) {
      static const char kHex[] = "0123456789abcdef";
      out += "\\u00";
      out += kHex[c >> 4];
      out += kHex[c & 15];
    } else {
      out += static_cast<char>(c);
    }
  }
  return out + "\"";
}

}  // namespace

Status ValidatePlanShape(const ConsolidationPlan& plan) {
  auto bad = [](const std::string& why) {
    return Status::InvalidArgument("consolidation plan: " + why);
  };
  std::set<int64_t> retired, survivors;
  for (const MergePlan& m : plan.merges) {
    if (m.survivor_id <= 0) return bad("merge without a survivor");
    if (!survivors.insert(m.survivor_id).second) return bad("survivor listed twice");
    if (m.consistency < 0 || m.consistency > 1) return bad("consistency outside [0, 1]");
    for (int64_t d : m.duplicate_ids) {
      if (d == m.survivor_id || !retired.insert(d).second) return bad("duplicate listed twice");
    }
  }
  for (int64_t s : survivors) {
    if (retired.count(s)) return bad("a survivor is also merged away");
  }
  for (const LinkPlan& l : plan.links) {
    if (l.from_id == l.to_id) return bad("a memory linked to itself");
    if (l.kind != "complements") return bad("unknown link kind '" + l.kind + "'");
  }
  for (const SummaryPlan& s : plan.summaries) {
    if (s.sources.empty()) return bad("summary without sources");
    if (s.draft.content.empty()) return bad("summary without content");
    if (!s.embedding.empty() && plan.embedding_model.empty()) {
      return bad("summary vector without a model id");
    }
  }
  return Status::OK();
}

Status CheckCanErase(const Principal& principal, const std::string& user_id) {
  if (user_id.empty()) return Status::InvalidArgument("erase: user id is required");
  if (principal.user_id.empty()) return Status::PermissionDenied("access: no principal");
  if (principal.user_id != user_id && !principal.HasRole("admin")) {
    return Status::PermissionDenied("access: only the user or an admin may erase a user");
  }
  return Status::OK();
}

std::vector<std::string> VaultPlaceholders(std::string_view text) {
  static constexpr std::string_view kOpen = "\xE2\x9F\xA6";   // U+27E6
  static constexpr std::string_view kClose = "\xE2\x9F\xA7";  // U+27E7
  std::vector<std::string> out;
  std::set<std::string> seen;
  size_t pos = 0;
  while ((pos = text.find(kOpen, pos)) != std::string_view::npos) {
    size_t end = text.find(kClose, pos + kOpen.size());
    if (end == std::string_view::npos) break;
    std::string p(text.substr(pos, end + kClose.size() - pos));
    if (seen.insert(p).second) out.push_back(std::move(p));
    pos = end + kClose.size();
  }
  return out;
}

std::string EraseAuditDetail(const std::string& user_id, const EraseOutcome& out) {
  return "{\"user\":" + JsonString(user_id) +
         ",\"memories\":" + std::to_string(out.memory_ids.size()) +
         ",\"messages\":" + std::to_string(out.messages) +
         ",\"vault_entries\":" + std::to_string(out.vault_entries) +
         ",\"review_items\":" + std::to_string(out.review_items) +
         ",\"outbox_entries\":" + std::to_string(out.outbox_entries) +
         ",\"api_keys\":" + std::to_string(out.api_keys) +
         ",\"links\":" + std::to_string(out.links) + "}";
}

std::string CompactAuditDetail(const ConsolidationOutcome& out) {
  return "{\"merged\":" + std::to_string(out.retired.size()) +
         ",\"reinforced\":" + std::to_string(out.reinforced.size()) +
         ",\"links\":" + std::to_string(out.links_added.size()) +
         ",\"summaries\":" + std::to_string(out.summaries.size()) +
         ",\"summaries_replaced\":" + std::to_string(out.summaries_replaced.size()) + "}";
}

}  // namespace engram::store
