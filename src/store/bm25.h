// Okapi BM25 as SQLite FTS5's bm25() computes it, defined once for every backend: the
// memory backend, the SQLite backend's in-memory KeywordIndex and its SQL fallback
// (fts5_tokenizer.h's engram_bm25) all score with these two functions, so the backends rank
// identically. The statistics (rows, average length, document frequencies) are those of the
// partitions the caller can see (keyword_index.h), never of the whole store.
// Pure functions, thread-safe.
#ifndef ENGRAM_STORE_BM25_H_
#define ENGRAM_STORE_BM25_H_

namespace engram::store {

struct Bm25Params {
  double k1 = 1.2;
  double b = 0.75;
};

// idf = ln((rows - df + 0.5) / (df + 0.5)), floored at 1e-6 (FTS5's rule: a term in more
// than half the documents still counts, barely). rows: documents in the collection; df:
// those containing the term.
double Bm25Idf(double rows, double df);

// Contribution of one term to one document: idf * tf * (k1 + 1) / (tf + k1 * (1 - b + b *
// doc_len / avg_len)), in FTS5's operation order so the doubles match bm25()'s. 0 when tf
// is 0. avg_len <= 0 is taken as doc_len (a length factor of 1).
double Bm25TermScore(double idf, double tf, double doc_len, double avg_len,
                     const Bm25Params& params = {});

}  // namespace engram::store

#endif  // ENGRAM_STORE_BM25_H_
