// The keyword channel of PostgresStore (pg_keyword.cc): the shared KeywordIndex
// (keyword_index.h) held by the store, kept level with the tenant's keyword documents, and
// ranked exactly as the SQLite backend ranks (src/store/sqlite/keyword_search.h): the same
// pruning, the same BM25 (bm25.h) under the caller's partitions' statistics, the same
// order. Private to src/store/postgres.
//
// Keeping the index level (several processes write one database): every write transaction
// increments the tenant's write_lock counter "writer" (pg_store.cc), and every write that
// removes keyword documents (a hard forget's EraseContent, an erasure's DeleteUserRows:
// PgWritePort calls NoteKeywordRemoval) increments "keyword_removed". A search reads both in
// its REPEATABLE READ snapshot: when "writer" did not move since the index was last brought
// level, nothing is read; when "keyword_removed" moved, the index is rebuilt from the memory
// table (as the SQLite backend rebuilds when FTS5's totals disagree); otherwise the documents
// above the index's highest id are added (a tenant's ids are taken under its writer lock, so
// they grow in commit order). No search counts rows: counting 100k documents took 35-170 ms
// on the test server. A keyword document is a memory row with keyword = true and
// content <> ''; its text is COALESCE(said, content), its partition its scope_key.
//
// Terms of several query tokens (a CJK run of three characters or more) are FTS5 phrases in
// the SQLite backend (adjacent positions): for those queries every candidate document is
// re-tokenized here and its phrase frequencies counted (PhraseFrequencies), so they rank as
// SQLite's SQL path ranks them.
//
// Thread safety: PgKeywordState is guarded by its owner (PostgresStore::keyword_mu_); the
// functions are otherwise pure.
#ifndef ENGRAM_STORE_POSTGRES_PG_KEYWORD_H_
#define ENGRAM_STORE_POSTGRES_PG_KEYWORD_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engram/status.h"
#include "src/store/keyword_index.h"
#include "src/store/postgres/pg_conn.h"

namespace engram::store::postgres {

// A store's keyword index and the counters it was last brought level at (-1: never).
struct PgKeywordState {
  KeywordIndex index;
  int64_t writes_seen = -1;
  int64_t removals_seen = -1;
};

// Counts a removal of keyword documents of `tenant` (see the file comment). Inside the write
// transaction that removes them.
Status NoteKeywordRemoval(PgConn& conn, const std::string& tenant);

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
