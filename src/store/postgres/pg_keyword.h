// The keyword channel of PostgresStore (pg_keyword.cc): the shared KeywordIndex
// (keyword_index.h) held by the store, kept level with the tenant's keyword documents, and
// ranked exactly as the SQLite backend ranks (src/store/sqlite/keyword_search.h): the same
// pruning, the same BM25 (bm25.h) under the caller's partitions' statistics, the same
// order. Private to src/store/postgres.
//
// Keeping the index level (several processes write one database): every write transaction
// increments the tenant's write_lock "writer" counter n (pg_store.cc). A search reads n in
// its REPEATABLE READ snapshot; when n moved since the index was last brought level, the
// documents above the index's highest id are added (ids of a tenant are taken under the
// writer lock, so they grow in commit order), and the number of keyword documents is
// counted; when it differs from the index's (a hard forget or an erase removed documents),
// the index is rebuilt from the memory table. A keyword document is a memory row with
// keyword = true and content <> ''; its text is COALESCE(said, content).
//
// Terms of several query tokens (a CJK run of three characters or more) are FTS5 phrases in
// the SQLite backend (adjacent positions): for those queries every candidate document is
// re-tokenized here and its phrase frequencies counted (PhraseFrequencies), so they rank as
// SQLite's SQL path ranks them.
//
// Thread safety: pure functions.
#ifndef ENGRAM_STORE_POSTGRES_PG_KEYWORD_H_
#define ENGRAM_STORE_POSTGRES_PG_KEYWORD_H_

#include <string>
#include <string_view>
#include <vector>

namespace engram::store::postgres {

// The number of positions of `document` (document-mode tokens, colocated ones sharing the
// previous position, as KeywordIndex::Add counts them) and, for each phrase of `phrases`
// (each a list of query-mode tokens), how many positions p hold its first token with its
// k-th token at p + k (FTS5's phrase instances).
struct PhraseCounts {
  int64_t length = 0;
  std::vector<int64_t> tf;  // per phrase
};
PhraseCounts PhraseFrequencies(std::string_view document,
                               const std::vector<std::vector<std::string>>& phrases);

}  // namespace engram::store::postgres

#endif  // ENGRAM_STORE_POSTGRES_PG_KEYWORD_H_
