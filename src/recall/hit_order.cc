#include "src/recall/hit_order.h"

#include <algorithm>
#include <numeric>

namespace engram::recall {

void SortByScore(std::vector<RecallHit>* hits) {
  std::vector<size_t> order(hits->size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return (*hits)[a].score > (*hits)[b].score; });
  std::vector<RecallHit> sorted;
  sorted.reserve(hits->size());
  for (size_t i : order) sorted.push_back(std::move((*hits)[i]));
  *hits = std::move(sorted);
}

double VectorCosine(const RecallHit& h) {
  auto v = h.channels.find("vector");
  return v == h.channels.end() ? -2.0 : v->second.score;
}

bool IsCurrentRecord(const Memory& m) { return m.current && m.type == MemoryType::kEpisodic; }

}  // namespace engram::recall
