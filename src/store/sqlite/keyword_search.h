// The keyword channel of SqliteStore: query terms pruned by document frequency, ranked by
// the in-memory KeywordIndex when it agrees with memory_fts (else in SQL by engram_bm25,
// fts5_tokenizer.h), and re-checked row by row against the memory table (scope, status,
// version, expiry). Both paths use the statistics of the caller's visible partitions only
// (keyword_index.h), for pruning and for scoring alike, and rank identically.
//
// Keeping the index level with the table: before each search the FTS5 averages record
// (row count, token total) is read; rows above the index's highest id are added; if the
// token totals still differ (a hard forget or an erase removed documents), the index is
// rebuilt from the memory table; if they differ even then, SQL answers and the rebuild is
// not retried until the totals change. Writes by other connections are seen the same way.
//
// Thread safety: the caller holds the store's mutex and owns `state`.
#ifndef ENGRAM_STORE_SQLITE_KEYWORD_SEARCH_H_
#define ENGRAM_STORE_SQLITE_KEYWORD_SEARCH_H_

#include <sqlite3.h>

#include <vector>

#include "engram/result.h"
#include "src/store/keyword_index.h"
#include "src/store/sqlite/sqlite_util.h"
#include "src/store/store.h"

namespace engram::store::sqlite {

// What FTS5's averages record holds: rows in the table and their total token count.
struct Fts5Totals {
  int64_t rows = 0;
  int64_t tokens = 0;
};

struct KeywordState {
  KeywordIndex index;
  int64_t unusable_tokens = -1;  // FTS5 token total at which a rebuild did not agree
  bool use_index = true;         // false: always rank in SQL (the oracle path, for tests)
};

// Reads memory_fts's averages record. Zeros for an empty table.
Result<Fts5Totals> ReadFts5Totals(StmtCache* cache);

// Best `query.limit` searchable, visible memories for the terms, best first (score
// descending, then newer id). REQUIRES: no transaction open on `db`.
Result<std::vector<KeywordHit>> SearchKeywordRows(sqlite3* db, StmtCache* cache,
                                                  KeywordState* state, const OpContext& ctx,
                                                  const KeywordQuery& query);

}  // namespace engram::store::sqlite

#endif  // ENGRAM_STORE_SQLITE_KEYWORD_SEARCH_H_
