// KeywordIndex: an in-memory copy of the FTS5 table memory_fts, partitioned by scope key,
// that ranks exactly as FTS5's bm25() does but scores only the postings of the partitions
// asked for, without SQLite's per-row cursor, auxiliary-function and join machinery.
//
// Each document is tokenized with Engram's tokenizer in document mode, the way FTS5 feeds
// the 'engram' tokenizer's output into its index: a token marked colocated shares the
// previous token's position, the document's length is its number of positions, and a
// term's frequency is the number of positions holding it. Document frequencies are global
// (every partition), like FTS5's; the row count and token total come from FTS5 itself
// (Fts5Totals), so bm25() and Score() compute the same double from the same inputs:
//
//   idf(t)   = max(ln((rows - df(t) + 0.5) / (df(t) + 0.5)), 1e-6)
//   score(d) = sum over phrases t, in query order, of
//              idf(t) * (tf * (k1 + 1)) / (tf + k1 * (1 - b + b * len(d) / avgdl))
//   k1 = 1.2, b = 0.75, avgdl = tokens / rows
//
// The index is derived data and knows nothing of status, versions or expiry: the caller
// re-checks every hit in the store. It only ever sees documents added to it.
//
// Thread safety: none; the owner serializes access (SqliteStore holds its mutex).
#ifndef ENGRAM_STORE_SQLITE_KEYWORD_INDEX_H_
#define ENGRAM_STORE_SQLITE_KEYWORD_INDEX_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace engram::store::sqlite {

// What FTS5's averages record holds: rows in the table and their total token count.
struct Fts5Totals {
  int64_t rows = 0;
  int64_t tokens = 0;
};

struct ScoredDoc {
  int64_t id = 0;
  double score = 0;  // bm25, larger is better (FTS5's bm25() value negated)
};

// Best first: higher score, then higher id (the order of "ORDER BY bm25(..), id DESC").
inline bool BetterDoc(const ScoredDoc& a, const ScoredDoc& b) {
  return a.score != b.score ? a.score > b.score : a.id > b.id;
}

class KeywordIndex {
 public:
  // Adds a document. REQUIRES: id greater than every id added since the last Clear().
  void Add(int64_t id, std::string_view partition, std::string_view content);
  void Clear();

  int64_t max_id() const { return max_id_; }   // 0 when empty
  int64_t tokens() const { return tokens_; }   // sum of document lengths
  size_t size() const { return docs_.size(); }

  // Documents (in any partition) containing the token.
  int64_t DocFrequency(const std::string& token) const;

  // Every document of `partitions` containing at least one of `phrases` (single tokens,
  // distinct, in query order), with its bm25 score under `totals`. Unordered.
  std::vector<ScoredDoc> Score(const std::vector<std::string>& partitions,
                               const std::vector<std::string>& phrases,
                               const Fts5Totals& totals);

 private:
  struct Posting {
    uint32_t doc;  // index into docs_
    uint32_t tf;
  };
  struct Doc {
    int64_t id;
    uint32_t length;
  };
  using Postings = std::unordered_map<std::string, std::vector<Posting>>;

  std::vector<Doc> docs_;
  std::unordered_map<std::string, Postings> partitions_;  // scope key -> term -> postings
  std::unordered_map<std::string, int64_t> doc_freq_;
  int64_t max_id_ = 0;
  int64_t tokens_ = 0;
  std::vector<double> acc_;     // per doc, scratch of Score(); 0 outside a call
  std::vector<uint32_t> seen_;  // docs touched by the current Score()
};

// The next `n` best of docs[from, end) moved (in order) to docs[from, from + n).
// Returns the new end of the ordered prefix.
size_t OrderNext(std::vector<ScoredDoc>* docs, size_t from, size_t n);

}  // namespace engram::store::sqlite

#endif  // ENGRAM_STORE_SQLITE_KEYWORD_INDEX_H_
