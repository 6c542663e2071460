#include "src/recall/rrf.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

namespace engram::recall {

std::vector<FusedItem> FuseRrf(const std::vector<RankedList>& lists, double k) {
  std::unordered_map<int64_t, FusedItem> acc;
  for (const RankedList& list : lists) {
    std::unordered_set<int64_t> seen;
    int rank = 0;
    for (int64_t id : list.ids) {
      if (!seen.insert(id).second) continue;
      ++rank;
      FusedItem& item = acc[id];
      item.id = id;
      item.score += list.weight / (k + rank);
      if (item.best_rank == 0 || rank < item.best_rank) item.best_rank = rank;
    }
  }
  std::vector<FusedItem> out;
  out.reserve(acc.size());
  for (auto& [id, item] : acc) out.push_back(item);
  std::sort(out.begin(), out.end(), [](const FusedItem& a, const FusedItem& b) {
    if (a.score != b.score) return a.score > b.score;
    if (a.best_rank != b.best_rank) return a.best_rank < b.best_rank;
    return a.id < b.id;
  });
  return out;
}

}  // namespace engram::recall
