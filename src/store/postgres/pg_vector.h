// Vector search inside PostgreSQL with pgvector (Store::SearchVectors of the postgres
// backend; docs/formats/postgres_schema.md, migration 2).
//
// The visible set of a search is the tenant's live vectors of one model in the caller's
// partitions (scope keys: "u:…", "t:…", "p", their cold "z:" twins). Two paths, chosen here
// rather than left to the planner:
//   - exact, when the visible set holds at most `exact_max` vectors (counted on the partial
//     btree memory_vector_part, the count stopping at exact_max + 1): the rows are read into
//     a MATERIALIZED CTE, so the HNSW index cannot be used, and sorted by cosine distance;
//   - HNSW otherwise: the per-dimension partial expression index memory_vector_hnsw_<d>
//     (`(embedding::vector(d)) vector_cosine_ops WHERE live AND vector_dims(embedding) = d`),
//     with SET LOCAL hnsw.iterative_scan = relaxed_order (pgvector >= 0.8: the scan goes on
//     until enough rows pass the scope filter) and hnsw.ef_search >= the rows asked for;
//     when it still returns fewer rows than asked (hnsw.max_scan_tuples reached), the exact
//     path answers instead. So a search never returns fewer than min(k, visible) rows.
// The count and the exact search are single statements; the HNSW search runs in a read-only
// transaction, its settings changed only by SET LOCAL (pg_conn.h).
//
// Thread safety: the functions use only the connection passed in.
#ifndef ENGRAM_STORE_POSTGRES_PG_VECTOR_H_
#define ENGRAM_STORE_POSTGRES_PG_VECTOR_H_

#include <cstdint>
#include <string>
#include <vector>

#include "engram/result.h"
#include "engram/status.h"
#include "src/store/postgres/pg_conn.h"
#include "src/store/store.h"

namespace engram::store::postgres {

struct PgVectorSearchOptions {
  // Visible sets of at most this many vectors are searched exactly; 0 sends every search
  // through HNSW (tests). Default: 10000, as the in-process index's exact_search_max (measured:
  // src/store/postgres/README.md).
  int64_t exact_max = 10000;
  // The least hnsw.ef_search of an HNSW search (raised to the rows asked for). Default: 100.
  int ef_search = 100;
};

// Which path answered a search (for tests and benchmarks).
enum class PgVectorPath { kExact, kHnsw, kHnswThenExact };

// The k live vectors of `model` in `partitions` of `tenant` nearest to `query` by cosine
// distance, nearest first (ties: smaller id first on the exact path), with their stored
// bytes. Without the dimension's HNSW index (EnsurePgVectorIndex) the HNSW path is an exact
// scan of the whole visible set, slower but as correct. InvalidArgument: empty, non-finite or zero query, k < 0. REQUIRES: no transaction open on
// `conn`; the store's schema first in its search_path.
Result<std::vector<VectorCandidate>> PgSearchVectors(PgConn& conn, const std::string& tenant,
                                                     const std::string& model,
                                                     const std::vector<float>& query, int k,
                                                     const std::vector<std::string>& partitions,
                                                     const PgVectorSearchOptions& options,
                                                     PgVectorPath* path = nullptr);

// The number of live vectors of `model` in `partitions` of `tenant`, counting no further than
// `limit` (< 0: no limit).
Result<int64_t> PgCountVectors(PgConn& conn, const std::string& tenant, const std::string& model,
                               const std::vector<std::string>& partitions, int64_t limit = -1);

// Creates memory_vector_hnsw_<dimension> when it does not exist (migration 2 creates the one
// of 384). Safe against another server creating it at the same time. Outside a transaction.
// InvalidArgument: dimension outside 1..2000 (pgvector's HNSW limit for vector).
Status EnsurePgVectorIndex(PgConn& conn, int dimension);

}  // namespace engram::store::postgres

#endif  // ENGRAM_STORE_POSTGRES_PG_VECTOR_H_
