// KeywordIndex: the keyword ranking every backend shares. An in-memory inverted index
// partitioned by scope key ("u:<user>", "t:<team>", "p"), scored with BM25 (bm25.h) whose
// statistics are those of the partitions asked for, never of the whole store.
//
// Per-scope statistics: a search over partitions P (the caller's VisiblePartitions) uses
//   rows   = documents in P,      avgdl = (tokens in P) / rows,
//   df(t)  = documents in P containing t,
// so a document written into a partition the caller cannot see changes neither the caller's
// scores nor its ranking, and a score reveals nothing about other tenants' words. Writes by
// people who share a partition with the caller (a team, public) do change them: those
// documents are the caller's to see. Each partition keeps its own counters, so the cost is
// one lookup per partition and term.
//
// Each document is tokenized with Engram's tokenizer in document mode, the way FTS5 feeds
// the 'engram' tokenizer's output into its index: a token marked colocated shares the
// previous token's position, the document's length is its number of positions, and a
// term's frequency is the number of positions holding it. The SQLite backend keeps one level
// with memory_fts; the memory backend keeps one as its keyword table.
//
// The index is derived data and knows nothing of status, versions or expiry: the caller
// re-checks every hit in the store.
//
// Thread safety: none; the owner serializes access.
#ifndef ENGRAM_STORE_KEYWORD_INDEX_H_
#define ENGRAM_STORE_KEYWORD_INDEX_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace engram::store {

struct ScoredDoc {
  int64_t id = 0;
  double score = 0;  // bm25, larger is better (FTS5's bm25() value negated)
};

// Best first: higher score, then higher id (the order of "ORDER BY bm25(..), id DESC").
inline bool BetterDoc(const ScoredDoc& a, const ScoredDoc& b) {
  return a.score != b.score ? a.score > b.score : a.id > b.id;
}

// Documents and tokens in a set of partitions.
struct KeywordStats {
  int64_t rows = 0;
  int64_t tokens = 0;
};

class KeywordIndex {
 public:
  // Adds a document. A document already present under `id` is replaced.
  void Add(int64_t id, std::string_view partition, std::string_view content);
  // Removes the document `id`, if present. Cost: the postings of its partition.
  void Remove(int64_t id);
  void Clear();

  int64_t max_id() const { return max_id_; }   // highest id ever added; 0 when empty
  int64_t tokens() const { return tokens_; }   // sum of document lengths, every partition
  size_t size() const { return live_; }        // documents, every partition

  // Rows and tokens of `partitions` (duplicates counted once).
  KeywordStats Stats(const std::vector<std::string>& partitions) const;

  // Documents of `partitions` (duplicates counted once) containing the token.
  int64_t DocFrequency(const std::vector<std::string>& partitions,
                       const std::string& token) const;

  // Every document of `partitions` containing at least one of `phrases` (single tokens,
  // distinct, in query order), with its bm25 score under the statistics of `partitions`.
  // Unordered.
  std::vector<ScoredDoc> Score(const std::vector<std::string>& partitions,
                               const std::vector<std::string>& phrases);

 private:
  struct Posting {
    uint32_t doc;  // index into docs_
    uint32_t tf;
  };
  struct Doc {
    int64_t id;
    uint32_t partition;  // index into names_
    bool live;
  };
  struct Partition {
    int64_t rows = 0;
    int64_t tokens = 0;
    std::unordered_map<std::string, std::vector<Posting>> postings;  // term -> postings
  };

  // The distinct, known partitions of `names`, in first-seen order.
  std::vector<const Partition*> Find(const std::vector<std::string>& names) const;

  std::vector<Doc> docs_;
  std::vector<uint32_t> length_;  // per doc: its positions; apart, so Score() reads few bytes
  std::unordered_map<int64_t, uint32_t> doc_of_;  // id -> index into docs_ (live documents)
  std::vector<std::string> names_;                // partition names by index
  std::unordered_map<std::string, uint32_t> index_of_;
  std::vector<Partition> partitions_;
  int64_t max_id_ = 0;
  int64_t tokens_ = 0;
  size_t live_ = 0;
  std::vector<double> acc_;     // per doc, scratch of Score(); 0 outside a call
  std::vector<uint32_t> seen_;  // docs touched by the current Score()
};

// The next `n` best of docs[from, end) moved (in order) to docs[from, from + n).
// Returns the new end of the ordered prefix.
size_t OrderNext(std::vector<ScoredDoc>* docs, size_t from, size_t n);

}  // namespace engram::store

#endif  // ENGRAM_STORE_KEYWORD_INDEX_H_
