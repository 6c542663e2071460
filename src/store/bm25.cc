#include "src/store/bm25.h"

#include <cmath>

namespace engram::store {

double Bm25Idf(double rows, double df) {
  double idf = std::log((rows - df + 0.5) / (df + 0.5));
  return idf <= 0.0 ? 1e-6 : idf;
}

double Bm25TermScore(double idf, double tf, double doc_len, double avg_len,
                     const Bm25Params& params) {
  if (tf <= 0) return 0;
  const double k1 = params.k1;
  const double b = params.b;
  const double avgdl = avg_len > 0 ? avg_len : doc_len > 0 ? doc_len : 1.0;
  return idf * ((tf * (k1 + 1.0)) / (tf + k1 * (1 - b + b * doc_len / avgdl)));
}

}  // namespace engram::store
