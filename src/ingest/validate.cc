#include "src/ingest/validate.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "engram/json_limits.h"
#include "engram/status_macros.h"
#include "src/base/utf8.h"
#include "src/text/normalize.h"

namespace engram::ingest {
namespace {

// True when Normalize(text) cannot be empty: it keeps every ASCII letter and digit, and every
// code point from U+4000 to U+9FFF (CJK ideographs; lead byte E4..E9), unchanged. Saves the
// emptiness check a whole normalization of almost every message. REQUIRES: valid UTF-8.
bool SurelyNotEmptyWhenNormalized(std::string_view text) {
  for (char ch : text) {
    const unsigned char c = static_cast<unsigned char>(ch);
    if ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) return true;
    if (c >= 0xE4 && c <= 0xE9) return true;
  }
  return false;
}

}  // namespace

Status ValidateId(std::string_view field, std::string_view value, bool required) {
  auto bad = [&](std::string_view why) {
    return Status::InvalidArgument(std::string(field) + ": " + std::string(why));
  };
  if (value.empty()) return required ? bad("is required") : Status::OK();
  if (value.size() > 128) return bad("is longer than 128 bytes");
  if (!base::IsValidUtf8(value)) return bad("is not valid UTF-8");
  for (unsigned char c : value) {
    if (c < 0x20 || c == 0x7F) return bad("contains a control character");
  }
  return Status::OK();
}

Status ValidatePrincipal(const Principal& p) {
  ENGRAM_RETURN_IF_ERROR(ValidateId("user", p.user_id, true));
  ENGRAM_RETURN_IF_ERROR(ValidateId("agent", p.agent_id, false));
  for (const auto& t : p.teams) {
    ENGRAM_RETURN_IF_ERROR(ValidateId("team", t, true));
  }
  for (const auto& r : p.roles) {
    ENGRAM_RETURN_IF_ERROR(ValidateId("role", r, true));
  }
  return Status::OK();
}

Status ValidateText(std::string_view field, std::string_view text, size_t max_bytes) {
  std::string f(field);
  if (text.size() > max_bytes) {
    return Status::InvalidArgument(f + ": " + std::to_string(text.size()) +
                                   " bytes is over the limit of " + std::to_string(max_bytes));
  }
  size_t bad = base::FindInvalidUtf8(text);
  if (bad != std::string_view::npos) {
    return Status::InvalidArgument(f + ": invalid UTF-8 at byte " + std::to_string(bad));
  }
  if (!SurelyNotEmptyWhenNormalized(text) && text::Normalize(text).empty()) {
    return Status::InvalidArgument(f + ": is empty");
  }
  return Status::OK();
}

std::string NormalizeText(std::string_view text) { return text::Normalize(text); }

Status ValidateMetadata(std::string_view json) {
  if (json.size() > 16384) return Status::InvalidArgument("metadata: larger than 16 KiB");
  if (!base::IsValidUtf8(json)) return Status::InvalidArgument("metadata: invalid UTF-8");
  ENGRAM_RETURN_IF_ERROR(CheckJsonDepth(json, "metadata"));
  auto parsed = nlohmann::json::parse(json, nullptr, /*allow_exceptions=*/false);
  if (parsed.is_discarded() || !parsed.is_object()) {
    return Status::InvalidArgument("metadata: must be a JSON object");
  }
  return Status::OK();
}

std::string MetadataText(std::string_view json) {
  if (json.empty() || json == "{}" || !CheckJsonDepth(json, "metadata").ok()) return "";
  auto parsed = nlohmann::json::parse(json, nullptr, /*allow_exceptions=*/false);
  if (!parsed.is_object()) return "";
  std::string out;
  // Iterative walk: the depth is bounded, but the walk needs no recursion either way.
  std::vector<const nlohmann::json*> todo{&parsed};
  while (!todo.empty()) {
    const nlohmann::json* j = todo.back();
    todo.pop_back();
    if (j->is_object()) {
      for (auto it = j->begin(); it != j->end(); ++it) {
        out += it.key();
        out += '\n';
        todo.push_back(&it.value());
      }
    } else if (j->is_array()) {
      for (const auto& e : *j) todo.push_back(&e);
    } else if (j->is_string()) {
      out += j->get_ref<const std::string&>();
      out += '\n';
    } else if (j->is_number()) {
      out += j->dump();
      out += '\n';
    }
  }
  return out;
}

}  // namespace engram::ingest
