#include "src/store/term_pruning.h"

#include <algorithm>
#include <cstddef>

namespace engram::store {

std::vector<bool> KeepTerms(const std::vector<int64_t>& doc_freq, int64_t n_docs,
                            const PruningParams& params) {
  std::vector<bool> keep(doc_freq.size());
  bool any_rare = false;
  const bool prune = n_docs >= params.min_docs;
  for (std::size_t i = 0; i < doc_freq.size(); ++i) {
    bool common = prune && static_cast<double>(doc_freq[i]) > params.max_share * n_docs;
    if (doc_freq[i] > 0 && !common) any_rare = true;
  }
  for (std::size_t i = 0; i < doc_freq.size(); ++i) {
    bool common = prune && static_cast<double>(doc_freq[i]) > params.max_share * n_docs;
    keep[i] = doc_freq[i] > 0 && (!common || !any_rare);
  }
  std::vector<std::size_t> kept;
  for (std::size_t i = 0; i < keep.size(); ++i) {
    if (keep[i]) kept.push_back(i);
  }
  if (kept.size() > params.max_terms) {
    std::stable_sort(kept.begin(), kept.end(), [&](std::size_t a, std::size_t b) {
      return doc_freq[a] < doc_freq[b];
    });
    for (std::size_t j = params.max_terms; j < kept.size(); ++j) keep[kept[j]] = false;
  }
  return keep;
}

}  // namespace engram::store
