// Registers Engram's CJK-aware tokenizer (src/text/tokenizer.h) with SQLite FTS5 under the
// name "engram", so `CREATE VIRTUAL TABLE ... USING fts5(..., tokenize='engram')` works.
// Also registers the FTS5 auxiliary function engram_bm25(memory_fts, rows, avgdl, dfs): the
// row's BM25 score (src/store/bm25.h, larger is better) under statistics the caller passes,
// so SQL ranks with per-scope statistics rather than FTS5's whole-table ones.
// Must be called on every connection before the FTS table is touched.
#ifndef ENGRAM_STORE_SQLITE_FTS5_TOKENIZER_H_
#define ENGRAM_STORE_SQLITE_FTS5_TOKENIZER_H_

#include <sqlite3.h>

#include "engram/status.h"

namespace engram::store::sqlite {

Status RegisterEngramTokenizer(sqlite3* db);

}  // namespace engram::store::sqlite

#endif  // ENGRAM_STORE_SQLITE_FTS5_TOKENIZER_H_
