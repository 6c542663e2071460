#include "src/recall/recaller.h"

#include "src/recall/query_terms.h"

namespace engram::recall {

Result<std::vector<RecallHit>> Recall(store::Store& store, const store::OpContext& ctx,
                                      std::string_view query, const RecallParams& params) {
  store::KeywordQuery kq;
  kq.terms = KeywordTerms(query);
  kq.limit = params.limit;
  kq.include_history = params.include_history;
  auto keyword = store.SearchKeyword(ctx, kq);
  if (!keyword.ok()) return keyword.status();
  std::vector<RecallHit> hits;
  hits.reserve(keyword->size());
  int rank = 0;
  for (store::KeywordHit& k : *keyword) {
    RecallHit h;
    h.score = k.score;
    h.channels["keyword"] = ChannelScore{++rank, k.score};
    h.memory = std::move(k.memory);
    hits.push_back(std::move(h));
  }
  return hits;
}

}  // namespace engram::recall
