#include "src/store/memory/bm25.h"

#include <cmath>

namespace engram::store {

double Bm25TermScore(double tf, double df, double n_docs, double doc_len, double avg_len,
                     const Bm25Params& params) {
  if (tf <= 0 || n_docs <= 0) return 0;
  double idf = std::log((n_docs - df + 0.5) / (df + 0.5) + 1.0);
  double norm = avg_len > 0 ? doc_len / avg_len : 1.0;
  return idf * tf * (params.k1 + 1) / (tf + params.k1 * (1 - params.b + params.b * norm));
}

}  // namespace engram::store
