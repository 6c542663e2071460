// Okapi BM25, the same formula SQLite FTS5 uses, for backends without a built-in ranker.
// Pure function, thread-safe.
#ifndef ENGRAM_STORE_MEMORY_BM25_H_
#define ENGRAM_STORE_MEMORY_BM25_H_

namespace engram::store {

struct Bm25Params {
  double k1 = 1.2;
  double b = 0.75;
};

// Contribution of one query term to one document's score.
//   tf: occurrences in the document; df: documents containing the term; n_docs: documents
//   in the collection; doc_len / avg_len: tokens in this document / on average.
// idf = ln((n_docs - df + 0.5) / (df + 0.5) + 1) is never negative.
double Bm25TermScore(double tf, double df, double n_docs, double doc_len, double avg_len,
                     const Bm25Params& params = {});

}  // namespace engram::store

#endif  // ENGRAM_STORE_MEMORY_BM25_H_
