// The coreference step of the write path on the engine side: resolved pronouns of a message
// (src/ingest/self_contained.h) link its episodic memory to the entities they name, through
// the same memory_entity rows as the names the message mentions.
//
// Thread safety: as the store it is given.
#ifndef ENGRAM_ENGINE_COREF_LINKS_H_
#define ENGRAM_ENGINE_COREF_LINKS_H_

#include <span>
#include <string_view>
#include <vector>

#include "engram/engine.h"
#include "engram/result.h"
#include "src/extract/coreference.h"
#include "src/store/store.h"

namespace engram::engine {

// Genders the entity directory gives the people the message and its history mention: an
// entity with a gendered name or alias ("李女士", "Mr Li") lends that gender to all its names
// ("李工"). Empty (and no store call) when the message has no third-person pronoun.
Result<std::vector<extract::GenderHint>> DirectoryGenderHints(
    store::Store& store, const store::OpContext& ctx, std::string_view text,
    std::span<const extract::CorefTurn> history);

// For each resolution, the indices into batch->entity_links of its antecedents (-1 = not
// linked). A resolved antecedent becomes a link of the batch's first memory: to the visible
// entity of that name (directory entries first; confidence x name 1.0 / alias 0.9 / role 0.8),
// else to a new extracted entity (confidence <= 0.6). An entity the memory already links is
// not linked twice. Quarantined memories are never linked.
Result<std::vector<std::vector<int>>> LinkCoreferences(
    store::Store& store, const store::OpContext& ctx,
    const std::vector<extract::CorefResolution>& coreferences, store::IngestBatch* batch);

// The caller's view, with entity ids from the committed links (`links`, in the batch order).
std::vector<CoreferenceView> CoreferenceViews(
    const std::vector<extract::CorefResolution>& coreferences,
    const std::vector<std::vector<int>>& link_indices,
    const std::vector<store::EntityLinkOutcome>& links);

// The views of a processed message from the readings the write path left in its
// context_json ("coref": see ingest::ApplySelfContained), for a queued request: entity ids
// are those of the visible entities the resolved antecedents name now (directory entries
// first), as LinkCoreferences would pick them.
Result<std::vector<CoreferenceView>> CoreferenceViewsFromContext(
    store::Store& store, const store::OpContext& ctx, std::string_view context_json);

// What Engine::GetQueued reports for a processed outbox entry: its message, the memories it
// made that ctx.principal still sees, the versions it retired, and its coreferences.
Result<RememberResult> QueuedResult(store::Store& store, const store::OpContext& ctx,
                                    const store::OutboxEntry& entry);

}  // namespace engram::engine

#endif  // ENGRAM_ENGINE_COREF_LINKS_H_
