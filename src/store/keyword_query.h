// The parts of a keyword search that every backend holding a KeywordIndex repeats: a query's
// terms tokenized once, and the best-first re-check of scored documents against the store.
// Used by the SQLite backend (sqlite/keyword_search.cc) and the PostgreSQL backend
// (postgres/pg_keyword.cc), so that both select hits by the same rule.
//
// Thread safety: pure functions (`fetch` is the caller's).
#ifndef ENGRAM_STORE_KEYWORD_QUERY_H_
#define ENGRAM_STORE_KEYWORD_QUERY_H_

#include <cstdint>
#include <functional>
#include <string>
#include <unordered_map>
#include <vector>

#include "engram/result.h"
#include "src/store/keyword_index.h"
#include "src/store/store.h"

namespace engram::store {

struct KeywordTerm {
  std::string text;                 // the query's surface string
  std::vector<std::string> tokens;  // its query-mode tokens (Engram's tokenizer)
};

// The terms of `texts` that have at least one token, in order.
std::vector<KeywordTerm> TokenizeKeywordTerms(const std::vector<std::string>& texts);

// Whether every term is a single token (else some term is a phrase).
bool AllSingleTokens(const std::vector<KeywordTerm>& terms);

// The rows among `ids` that may be returned (visible, searchable, matching the filter), by id.
using KeywordRecheck =
    std::function<Result<std::unordered_map<int64_t, Memory>>(const std::vector<int64_t>& ids)>;

// The best `limit` of `docs` (any order; reordered in place) that `fetch` lets through, best
// first (BetterDoc), each with its score. Candidates are fetched in growing batches (limit + 8,
// then four times as many each round) until `limit` pass or none remain.
Result<std::vector<KeywordHit>> TakeBestHits(std::vector<ScoredDoc>* docs, size_t limit,
                                             const KeywordRecheck& fetch);

}  // namespace engram::store

#endif  // ENGRAM_STORE_KEYWORD_QUERY_H_
