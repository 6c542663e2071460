// The graph channel of recall: memories linked to the entities the question names.
//
// The question is matched against every entity name the caller may see (names, aliases,
// roles and external ids of the directory, and entities found in earlier messages; see
// src/extract/entity_linker.h); the store returns the visible, searchable memories linked to
// those entities, most named entities first, then newest. An entity linked to more than
// kMaxGraphShare of all memories (for example the speaker named in every turn) tells nothing
// and is dropped (the channel is empty when every named entity is that common).
//
// Thread safety: stateless; the store is thread-safe.
#ifndef ENGRAM_RECALL_GRAPH_CHANNEL_H_
#define ENGRAM_RECALL_GRAPH_CHANNEL_H_

#include <string_view>
#include <vector>

#include "engram/result.h"
#include "src/store/store.h"

namespace engram::recall {

inline constexpr double kMaxGraphShare = 0.1;
// Entities with at most this many links are never dropped as too common.
inline constexpr int64_t kMinCommonLinks = 20;

// Ranked graph hits (best first, at most `limit`). Empty when the question names no entity.
Result<std::vector<store::GraphHit>> GraphCandidates(store::Store& store,
                                                     const store::OpContext& ctx,
                                                     std::string_view query, int limit,
                                                     bool include_history);

}  // namespace engram::recall

#endif  // ENGRAM_RECALL_GRAPH_CHANNEL_H_
