#include "src/engine/write_checks.h"

#include <nlohmann/json.hpp>

#include "engram/json_limits.h"
#include "engram/status_macros.h"
#include "src/extract/guard.h"
#include "src/ingest/validate.h"
#include "src/store/access.h"
#include "src/text/normalize.h"
#include "src/text/pii/pii_masker.h"

namespace engram::engine {

using nlohmann::json;

namespace {

// Seals the keys of one metadata object: a key that carries an identifier (or a ⟦ ⟧
// bracket, which could pose as a placeholder) is renamed to its sealed form. Other keys are
// kept byte for byte (filters name them). True when a key was renamed. InvalidArgument when
// two keys seal to the same name ("13912345678" and "139 1234 5678").
Result<bool> SealKeys(const PiiVault& vault, const std::string& scope_key, json* object,
                      std::vector<store::VaultEntry>* sealed) {
  std::vector<std::pair<std::string, std::string>> renames;  // old key -> sealed key
  for (auto it = object->begin(); it != object->end(); ++it) {
    const std::string& key = it.key();
    ENGRAM_ASSIGN_OR_RETURN(auto s, vault.Seal(scope_key, key));
    const bool bracket =
        key.find("⟦") != std::string::npos || key.find("⟧") != std::string::npos;
    if (s.kinds.empty() && !bracket) continue;
    renames.emplace_back(key, std::move(s.text));
    for (auto& e : s.vault) sealed->push_back(std::move(e));
  }
  std::vector<json> values;
  for (const auto& [from, to] : renames) {
    values.push_back(std::move((*object)[from]));
    object->erase(from);
  }
  for (size_t i = 0; i < renames.size(); ++i) {
    if (object->contains(renames[i].second)) {
      return Status::InvalidArgument(
          "metadata: two keys name the same personal identifier; keep one");
    }
    (*object)[renames[i].second] = std::move(values[i]);
  }
  return !renames.empty();
}

}  // namespace

Result<std::string> SealMetadata(const PiiVault& vault, const std::string& scope_key,
                                 const std::string& metadata_json,
                                 std::vector<store::VaultEntry>* sealed) {
  if (metadata_json.empty() || metadata_json == "{}") return metadata_json;
  ENGRAM_RETURN_IF_ERROR(CheckJsonDepth(metadata_json, "metadata"));
  json j = json::parse(metadata_json, nullptr, /*allow_exceptions=*/false);
  if (!j.is_object()) return Status::InvalidArgument("metadata: must be a JSON object");
  bool changed = false;
  std::vector<json*> todo{&j};  // iterative: no recursion on user-shaped data
  while (!todo.empty()) {
    json* v = todo.back();
    todo.pop_back();
    if (v->is_object()) {
      ENGRAM_ASSIGN_OR_RETURN(bool renamed, SealKeys(vault, scope_key, v, sealed));
      changed = changed || renamed;
    }
    if (v->is_object() || v->is_array()) {
      for (auto& e : *v) todo.push_back(&e);
      continue;
    }
    std::string text;
    if (v->is_string()) {
      text = v->get<std::string>();
    } else if (v->is_number_integer()) {  // a phone or card number written as a number
      text = v->dump();
    } else {
      continue;
    }
    ENGRAM_ASSIGN_OR_RETURN(auto s, vault.Seal(scope_key, text));
    if (s.text == text) continue;
    *v = s.text;
    changed = true;
    for (auto& e : s.vault) sealed->push_back(std::move(e));
  }
  if (!changed) return metadata_json;
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

std::string RequestScopeKey(const RememberRequest& r) {
  return store::ScopeKey(
      Scope{r.principal.user_id, r.principal.agent_id, r.team_id, r.visibility});
}

Status SealRequest(const PiiVault& vault, RememberRequest* r,
                   std::vector<store::VaultEntry>* sealed) {
  const std::string scope_key = RequestScopeKey(*r);
  for (std::string* field : {&r->text, &r->value}) {
    ENGRAM_ASSIGN_OR_RETURN(auto s, vault.Seal(scope_key, *field));
    *field = std::move(s.text);
    for (auto& e : s.vault) sealed->push_back(std::move(e));
  }
  ENGRAM_ASSIGN_OR_RETURN(auto meta, SealMetadata(vault, scope_key, r->metadata_json, sealed));
  r->metadata_json = std::move(meta);
  return Status::OK();
}

Status CheckQueueable(const RememberRequest& r, size_t max_text_bytes) {
  ENGRAM_RETURN_IF_ERROR(ingest::ValidatePrincipal(r.principal));
  ENGRAM_RETURN_IF_ERROR(ingest::ValidateText("text", r.text, max_text_bytes));
  if (!r.metadata_json.empty()) {
    ENGRAM_RETURN_IF_ERROR(ingest::ValidateMetadata(r.metadata_json));
  }
  const Scope scope{r.principal.user_id, r.principal.agent_id, r.team_id, r.visibility};
  ENGRAM_RETURN_IF_ERROR(store::ValidateScope(scope));
  return store::CheckCanWrite(r.principal, scope);
}

void HidePlaceholderIds(Memory* m) {
  for (std::string* t : {&m->content, &m->value, &m->metadata_json}) {
    if (t->find("⟦") != std::string::npos) *t = text::pii::WithoutPlaceholderIds(*t);
  }
}

void HidePlaceholderIds(std::vector<Memory>* memories) {
  for (Memory& m : *memories) HidePlaceholderIds(&m);
}

Status GuardRewrite(std::string_view text, std::string_view value,
                    std::string_view metadata_json) {
  std::string all(text);
  if (!value.empty() && value != text) all += "\n" + std::string(value);
  const std::string meta = ingest::MetadataText(metadata_json);
  if (!meta.empty()) all += "\n" + meta;
  const extract::GuardResult g = extract::Guard::Default().CheckFolded(
      text::FoldForSearch(text::pii::WithoutPlaceholderIds(all)));
  if (g.verdict != extract::GuardVerdict::kQuarantine) return Status::OK();
  return Status::PermissionDenied(
      "guard: the new text reads as an injection or poisoning attempt; it was not written "
      "(remember it as a new message to have it reviewed)");
}

}  // namespace engram::engine
