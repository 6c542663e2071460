// Token sets of memory texts and their similarity, for finding memories that say the same
// thing. Tokens come from Engram's tokenizer in query mode (folded case, simplified Han,
// CJK bigrams, stemmed English words), so "I LIKE green tea" and "i like green tea" match.
//
// Thread safety: pure functions.
#ifndef ENGRAM_GOVERN_TOKEN_SETS_H_
#define ENGRAM_GOVERN_TOKEN_SETS_H_

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace engram::govern {

// The distinct tokens of `text`, sorted. Placeholders (⟦PHONE:k3v9⟧) count as their kind and
// token, so two texts with the same identifier share it.
std::vector<std::string> TokenSet(std::string_view text);

// |a ∩ b| / |a ∪ b| of two sorted, distinct token lists; 0 when both are empty.
double Jaccard(const std::vector<std::string>& a, const std::vector<std::string>& b);

// Every pair (i, j), i < j, of sets whose Jaccard similarity is at least `threshold`
// (0 < threshold <= 1), ascending. Prefix filtering (Bayardo et al., "Scaling up all pairs
// similarity search") keeps it near-linear on dissimilar texts: two sets with J >= t share a
// token among the |x| - ceil(t |x|) + 1 rarest tokens of each. Empty sets match nothing.
std::vector<std::pair<size_t, size_t>> SimilarPairs(
    const std::vector<std::vector<std::string>>& sets, double threshold);

}  // namespace engram::govern

#endif  // ENGRAM_GOVERN_TOKEN_SETS_H_
