#include "src/engine/coref_links.h"

#include <nlohmann/json.hpp>

#include <algorithm>

#include "engram/status_macros.h"
#include "src/engine/entities.h"
#include "src/extract/entity_extractor.h"
#include "src/text/normalize.h"

namespace engram::engine {
namespace {

double ViaConfidence(const std::string& kind) {
  if (kind == "alias") return 0.9;
  if (kind == "role") return 0.8;
  return 1.0;
}

// The entity a folded antecedent name stands for: directory entries before extracted ones,
// then name before alias before role. Null when none.
const store::EntityName* BestName(const std::vector<store::EntityName>& names,
                                  const std::string& key) {
  const store::EntityName* best = nullptr;
  for (const store::EntityName& n : names) {
    if (n.name != key) continue;
    const bool better =
        best == nullptr || (n.origin != "extracted" && best->origin == "extracted") ||
        (n.origin == best->origin && ViaConfidence(n.kind) > ViaConfidence(best->kind));
    if (better) best = &n;
  }
  return best;
}

}  // namespace

Result<std::vector<extract::GenderHint>> DirectoryGenderHints(
    store::Store& store, const store::OpContext& ctx, std::string_view text,
    std::span<const extract::CorefTurn> history) {
  std::vector<extract::GenderHint> hints;
  if (!extract::HasThirdPersonPronoun(text)) return hints;
  std::vector<std::string> keys;
  auto add_keys = [&](std::string_view t) {
    for (const extract::EntityMention& m : extract::FindEntityMentions(t)) {
      if (m.type == extract::EntityType::kPerson) keys.push_back(text::FoldForSearch(m.key));
    }
  };
  add_keys(text);
  for (size_t i = 0; i < history.size() && i < extract::kCorefMaxTurns; ++i) {
    add_keys(history[i].text);
  }
  if (keys.empty()) return hints;
  std::sort(keys.begin(), keys.end());
  keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
  ENGRAM_ASSIGN_OR_RETURN(auto names, store.FindEntityNames(ctx, keys));
  std::vector<int64_t> seen;
  for (const store::EntityName& n : names) {
    if (std::find(seen.begin(), seen.end(), n.entity_id) != seen.end()) continue;
    seen.push_back(n.entity_id);
    auto entity = store.GetEntity(ctx, n.entity_id);
    if (!entity.ok()) continue;  // gone since: no hint
    extract::Gender gender = extract::NameGender(entity->name);
    for (const std::string& a : entity->aliases) {
      if (gender == extract::Gender::kUnknown) gender = extract::NameGender(a);
    }
    if (gender == extract::Gender::kUnknown) continue;
    for (const store::EntityName& same : names) {
      if (same.entity_id == n.entity_id) hints.push_back({same.name, gender});
    }
  }
  return hints;
}

Result<std::vector<std::vector<int>>> LinkCoreferences(
    store::Store& store, const store::OpContext& ctx,
    const std::vector<extract::CorefResolution>& coreferences, store::IngestBatch* batch) {
  std::vector<std::vector<int>> out(coreferences.size());
  if (batch->memories.empty() || batch->memories.front().status == MemoryStatus::kQuarantined) {
    return out;
  }
  std::vector<std::string> folded;
  for (const extract::CorefResolution& r : coreferences) {
    if (!r.resolved) continue;
    for (const extract::CorefAntecedent& a : r.antecedents) {
      folded.push_back(text::FoldForSearch(a.name));
    }
  }
  if (folded.empty()) return out;
  std::sort(folded.begin(), folded.end());
  folded.erase(std::unique(folded.begin(), folded.end()), folded.end());
  ENGRAM_ASSIGN_OR_RETURN(auto names, store.FindEntityNames(ctx, folded));
  Memory& memory = batch->memories.front();
  for (size_t i = 0; i < coreferences.size(); ++i) {
    const extract::CorefResolution& r = coreferences[i];
    if (!r.resolved) continue;
    for (const extract::CorefAntecedent& a : r.antecedents) {
      const store::EntityName* best = BestName(names, text::FoldForSearch(a.name));
      store::EntityLinkDraft draft{0, 0, a.type, a.name, r.pronoun, 0};
      if (best != nullptr) {
        draft.entity_id = best->entity_id;
        draft.confidence = r.confidence * ViaConfidence(best->kind);
      } else {
        draft.confidence = std::min(0.6, r.confidence);
      }
      // Already linked (named in the message, or by an earlier pronoun)?
      auto& links = batch->entity_links;
      auto same = std::find_if(links.begin(), links.end(), [&](const store::EntityLinkDraft& l) {
        return l.memory_index == 0 &&
               (draft.entity_id != 0 ? l.entity_id == draft.entity_id
                                     : l.entity_id == 0 && l.name == draft.name);
      });
      if (same != links.end()) {
        out[i].push_back(static_cast<int>(same - links.begin()));
        continue;
      }
      out[i].push_back(static_cast<int>(links.size()));
      memory.confidence.entity = std::min(memory.confidence.entity, draft.confidence);
      links.push_back(std::move(draft));
    }
  }
  return out;
}

std::vector<CoreferenceView> CoreferenceViews(
    const std::vector<extract::CorefResolution>& coreferences,
    const std::vector<std::vector<int>>& link_indices,
    const std::vector<store::EntityLinkOutcome>& links) {
  std::vector<CoreferenceView> out;
  for (size_t i = 0; i < coreferences.size(); ++i) {
    const extract::CorefResolution& r = coreferences[i];
    CoreferenceView v{r.pronoun, {}, {}, r.confidence, r.resolved, r.reason};
    for (const extract::CorefAntecedent& a : r.antecedents) v.antecedents.push_back(a.name);
    if (i < link_indices.size()) {
      for (int k : link_indices[i]) {
        if (k >= 0 && static_cast<size_t>(k) < links.size()) {
          v.entity_ids.push_back(links[k].entity_id);
        }
      }
    }
    out.push_back(std::move(v));
  }
  return out;
}

Result<std::vector<CoreferenceView>> CoreferenceViewsFromContext(
    store::Store& store, const store::OpContext& ctx, std::string_view context_json) {
  std::vector<CoreferenceView> out;
  const nlohmann::json context = nlohmann::json::parse(context_json, nullptr, false);
  if (!context.is_object() || !context.contains("coref") || !context["coref"].is_array()) {
    return out;
  }
  std::vector<std::string> folded;
  for (const nlohmann::json& c : context["coref"]) {
    if (!c.is_object()) continue;
    CoreferenceView v;
    v.pronoun = c.value("pronoun", "");
    v.confidence = c.value("confidence", 0.0);
    v.resolved = c.value("resolved", false);
    v.reason = c.value("reason", "");
    if (c.contains("antecedents") && c["antecedents"].is_array()) {
      for (const nlohmann::json& a : c["antecedents"]) {
        if (!a.is_string()) continue;
        v.antecedents.push_back(a.get<std::string>());
        if (v.resolved) folded.push_back(text::FoldForSearch(v.antecedents.back()));
      }
    }
    out.push_back(std::move(v));
  }
  if (folded.empty()) return out;
  std::sort(folded.begin(), folded.end());
  folded.erase(std::unique(folded.begin(), folded.end()), folded.end());
  ENGRAM_ASSIGN_OR_RETURN(auto names, store.FindEntityNames(ctx, folded));
  for (CoreferenceView& v : out) {
    if (!v.resolved) continue;
    for (const std::string& a : v.antecedents) {
      const store::EntityName* best = BestName(names, text::FoldForSearch(a));
      if (best != nullptr) v.entity_ids.push_back(best->entity_id);
    }
  }
  return out;
}

Result<RememberResult> QueuedResult(store::Store& store, const store::OpContext& ctx,
                                    const store::OutboxEntry& entry) {
  RememberResult r{ctx.request_id, entry.message_id, {}, entry.superseded};
  for (int64_t id : entry.memory_ids) {
    auto m = store.GetMemory(ctx, id);
    if (m.ok()) r.memories.push_back(std::move(m).value());
  }
  r.reinforced = entry.reinforced;
  r.outranked = entry.outranked;
  r.candidates = entry.candidates;
  r.review_items = entry.reviews;
  r.entities = LinkViews(entry.entity_links);
  // The stages' verdicts, as the write path noted them in the message's context.
  const nlohmann::json context = nlohmann::json::parse(entry.message_context, nullptr, false);
  if (context.is_object()) {
    if (context.contains("guard") && context["guard"].is_string()) r.guard = context["guard"];
    if (context.contains("signals") && context["signals"].is_array()) {
      for (const nlohmann::json& s : context["signals"]) {
        if (s.is_string()) r.signals.push_back(s.get<std::string>());
      }
    }
    if (context.contains("event") && context["event"].is_object()) {
      const nlohmann::json& ev = context["event"];
      r.event_type = ev.value("type", "none");
      r.event_confidence = ev.value("confidence", 0.0);
      if (ev.contains("slots") && ev["slots"].is_object()) {
        for (const auto& [slot, v] : ev["slots"].items()) {
          if (v.is_object()) r.event_slots[slot] = v.value("value", "");
        }
      }
    }
  }
  ENGRAM_ASSIGN_OR_RETURN(auto corefs,
                          CoreferenceViewsFromContext(store, ctx, entry.message_context));
  r.coreferences = std::move(corefs);
  return r;
}

}  // namespace engram::engine
