// Reciprocal Rank Fusion (Cormack et al., 2009), weighted per channel. Pure, thread-safe.
//
//   fused(d) = sum over channels c containing d of  weight_c / (k + rank_c(d))
//
// with 1-based ranks. Documents missing from a channel get nothing from it.
#ifndef ENGRAM_RECALL_RRF_H_
#define ENGRAM_RECALL_RRF_H_

#include <cstdint>
#include <string>
#include <vector>

namespace engram::recall {

struct RankedList {
  std::string channel;
  double weight = 1.0;
  std::vector<int64_t> ids;  // best first; duplicates after the first are ignored
};

struct FusedItem {
  int64_t id = 0;
  double score = 0;
  int best_rank = 0;  // smallest rank over the channels (ties broken by it, then by id)
};

// Items in descending fused score; ties: better best rank first, then smaller id.
// REQUIRES: k >= 0.
std::vector<FusedItem> FuseRrf(const std::vector<RankedList>& lists, double k);

}  // namespace engram::recall

#endif  // ENGRAM_RECALL_RRF_H_
