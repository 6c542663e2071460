#include "src/recall/session_context.h"

#include <algorithm>
#include <unordered_map>

#include "engram/status_macros.h"
#include "src/recall/hit_order.h"

namespace engram::recall {

Status SpreadToNeighbours(store::Store& store, const store::OpContext& ctx,
                          const SpreadParams& params, std::vector<RecallHit>* hits) {
  if (params.before <= 0 && params.after <= 0) return Status::OK();
  std::unordered_map<int64_t, size_t> index;  // memory id -> position in *hits
  for (size_t i = 0; i < hits->size(); ++i) index[(*hits)[i].memory.id] = i;
  struct Loan {
    double amount = 0;
    int source_rank = 0;
    double lender_score = 0;  // the lending hit's score before any loan
  };
  std::unordered_map<int64_t, Loan> loans;
  std::unordered_map<int64_t, Memory> newcomers;
  const size_t sources = std::min<size_t>(hits->size(), std::max(params.sources, 0));
  std::vector<const Memory*> lenders;  // the lending hits' memories, read in one call
  std::vector<size_t> lender_rank;     // their positions in *hits
  for (size_t i = 0; i < sources; ++i) {
    if ((*hits)[i].memory.source.session_id.empty()) continue;
    lenders.push_back(&(*hits)[i].memory);
    lender_rank.push_back(i);
  }
  std::vector<std::vector<Memory>> all_near;
  if (!lenders.empty()) {
    ENGRAM_ASSIGN_OR_RETURN(all_near, store.ListSessionNeighborsOf(ctx, lenders, params.width));
    if (all_near.size() != lenders.size()) {
      return Status::Internal("session neighbours: one list per memory expected");
    }
  }
  for (size_t l = 0; l < lenders.size(); ++l) {
    const size_t i = lender_rank[l];
    const RecallHit& h = (*hits)[i];
    auto& near = all_near[l];
    // Neighbours come in session order; find each one's distance from the lending hit.
    int first_after = 0;
    while (first_after < static_cast<int>(near.size()) && near[first_after].id < h.memory.id) {
      ++first_after;
    }
    for (int j = 0; j < static_cast<int>(near.size()); ++j) {
      Memory& m = near[j];
      bool before = j < first_after;
      int distance = before ? first_after - j : j - first_after + 1;
      double amount = (before ? params.before : params.after) / distance * h.score;
      Loan& loan = loans[m.id];
      if (amount > loan.amount) loan = Loan{amount, static_cast<int>(i + 1), h.score};
      if (!index.count(m.id)) newcomers.emplace(m.id, std::move(m));
    }
  }
  for (auto& [id, loan] : loans) {
    if (loan.amount <= 0) continue;
    auto it = index.find(id);
    if (it == index.end()) {
      RecallHit h;
      h.memory = std::move(newcomers.at(id));
      h.explanation.rrf = 0;
      h.explanation.age_ms = 0;
      index[id] = hits->size();
      hits->push_back(std::move(h));
      it = index.find(id);
    }
    RecallHit& h = (*hits)[it->second];
    double amount = loan.amount;
    // A loan never lifts a turn above the hit that lent it: the match first, its neighbour
    // right behind it.
    const double below_lender = loan.lender_score * (1 - 1e-9);
    if (h.score < below_lender) amount = std::min(amount, below_lender - h.score);
    h.explanation.context = amount;
    h.score += amount;
    h.channels["context"] = ChannelScore{loan.source_rank, amount};
  }
  SortByScore(hits);
  return Status::OK();
}

}  // namespace engram::recall
