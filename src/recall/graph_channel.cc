#include "src/recall/graph_channel.h"

#include <algorithm>
#include <string>

#include "engram/status_macros.h"
#include "src/extract/entity_extractor.h"
#include "src/extract/entity_linker.h"

namespace engram::recall {
Result<std::vector<store::GraphHit>> GraphCandidates(store::Store& store,
                                                     const store::OpContext& ctx,
                                                     std::string_view query, int limit,
                                                     bool include_history) {
  const auto mentions = extract::FindEntityMentions(query);
  ENGRAM_ASSIGN_OR_RETURN(auto names,
                          store.FindEntityNames(ctx, extract::NameCandidates(query, mentions)));
  if (names.empty()) return std::vector<store::GraphHit>{};
  std::vector<extract::KnownName> known;
  known.reserve(names.size());
  for (store::EntityName& n : names) {
    known.push_back({n.entity_id, std::move(n.name), std::move(n.kind), n.origin != "extracted"});
  }
  store::GraphQuery q;
  q.limit = limit;
  q.include_history = include_history;
  for (const extract::EntityLink& l : extract::LinkMentions(query, mentions, known, false)) {
    q.entity_ids.push_back(l.entity_id);
  }
  if (q.entity_ids.empty()) return std::vector<store::GraphHit>{};
  // Link counts first (limit 0): a common entity is dropped before its memories are ranked.
  store::GraphQuery counts = q;
  counts.limit = 0;
  ENGRAM_ASSIGN_OR_RETURN(auto stats, store.SearchGraph(ctx, counts));
  const int64_t common = std::max<int64_t>(
      kMinCommonLinks, static_cast<int64_t>(kMaxGraphShare * static_cast<double>(stats.total)));
  std::vector<int64_t> useful;
  for (int64_t id : q.entity_ids) {
    auto it = stats.links.find(id);
    if (it == stats.links.end() || it->second <= common) useful.push_back(id);
  }
  if (useful.empty()) return std::vector<store::GraphHit>{};
  q.entity_ids = std::move(useful);
  ENGRAM_ASSIGN_OR_RETURN(auto found, store.SearchGraph(ctx, q));
  return std::move(found.hits);
}

}  // namespace engram::recall
