// Which OR-ed query terms are worth scoring. A term found in a large share of the documents
// adds almost nothing to BM25 (its idf is near zero) yet costs a scored row per document it
// is in; it is dropped when rarer terms remain. Small collections are left alone, since their
// shares say little. Pure function, thread-safe.
#ifndef ENGRAM_STORE_TERM_PRUNING_H_
#define ENGRAM_STORE_TERM_PRUNING_H_

#include <cstddef>
#include <cstdint>
#include <vector>

namespace engram::store {

struct PruningParams {
  int64_t min_docs = 1000;     // below this many documents nothing is pruned
  double max_share = 0.2;      // terms in more than this share of documents are dropped
  size_t max_terms = 32;       // at most this many terms, the rarest first
};

// Returns, for each term, whether to keep it. doc_freq[i] = documents containing term i.
// Terms with doc_freq 0 are dropped (they match nothing). If every matching term is
// common, all matching terms are kept (a query of common words still gets answers). Of the
// kept terms, at most max_terms survive: the ones in the fewest documents (earlier wins ties),
// so a long query (a whole dialogue) costs no more than a short one.
std::vector<bool> KeepTerms(const std::vector<int64_t>& doc_freq, int64_t n_docs,
                            const PruningParams& params = {});

}  // namespace engram::store

#endif  // ENGRAM_STORE_TERM_PRUNING_H_
