#include "src/store/sqlite/keyword_index.h"

#include <algorithm>
#include <cmath>
#include <unordered_set>

#include "src/text/tokenizer.h"

namespace engram::store::sqlite {

void KeywordIndex::Add(int64_t id, std::string_view partition, std::string_view content) {
  std::vector<text::Token> tokens;
  text::Tokenize(content, text::TokenizeMode::kDocument, &tokens);
  // Positions as FTS5 assigns them (fts5StorageInsertCallback): a colocated token stays on
  // the previous position; the first token always opens position 0.
  struct Freq {
    uint32_t tf = 0;
    uint32_t last_pos = 0;
  };
  std::unordered_map<std::string, Freq> freq;
  uint32_t positions = 0;
  for (size_t i = 0; i < tokens.size(); ++i) {
    if (!tokens[i].colocated || positions == 0) ++positions;
    Freq& f = freq[tokens[i].text];
    if (f.tf == 0 || f.last_pos != positions) ++f.tf;
    f.last_pos = positions;
  }
  const uint32_t doc = static_cast<uint32_t>(docs_.size());
  docs_.push_back(Doc{id, positions});
  acc_.push_back(0);
  max_id_ = std::max(max_id_, id);
  tokens_ += positions;
  Postings& postings = partitions_[std::string(partition)];
  for (auto& [term, f] : freq) {
    postings[term].push_back(Posting{doc, f.tf});
    ++doc_freq_[term];
  }
}

void KeywordIndex::Clear() {
  docs_.clear();
  partitions_.clear();
  doc_freq_.clear();
  acc_.clear();
  seen_.clear();
  max_id_ = 0;
  tokens_ = 0;
}

int64_t KeywordIndex::DocFrequency(const std::string& token) const {
  auto it = doc_freq_.find(token);
  return it == doc_freq_.end() ? 0 : it->second;
}

std::vector<ScoredDoc> KeywordIndex::Score(const std::vector<std::string>& partitions,
                                           const std::vector<std::string>& phrases,
                                           const Fts5Totals& totals) {
  std::vector<ScoredDoc> out;
  if (totals.rows <= 0 || phrases.empty()) return out;
  // The expressions below are fts5Bm25Function's, term for term, so the doubles match.
  const double k1 = 1.2;
  const double b = 0.75;
  const double avgdl = static_cast<double>(totals.tokens) / static_cast<double>(totals.rows);
  const double n_row = static_cast<double>(totals.rows);
  std::vector<double> idf(phrases.size());
  for (size_t i = 0; i < phrases.size(); ++i) {
    const double n_hit = static_cast<double>(DocFrequency(phrases[i]));
    idf[i] = std::log((n_row - n_hit + 0.5) / (n_hit + 0.5));
    if (idf[i] <= 0.0) idf[i] = 1e-6;
  }
  seen_.clear();
  std::unordered_set<std::string> done;
  for (const std::string& partition : partitions) {
    if (!done.insert(partition).second) continue;
    auto p = partitions_.find(partition);
    if (p == partitions_.end()) continue;
    // Phrase by phrase, so each document sums its terms in query order, as bm25() does.
    for (size_t i = 0; i < phrases.size(); ++i) {
      auto t = p->second.find(phrases[i]);
      if (t == p->second.end()) continue;
      for (const Posting& post : t->second) {
        const double freq = static_cast<double>(post.tf);
        const double d = static_cast<double>(docs_[post.doc].length);
        double& score = acc_[post.doc];
        if (score == 0) seen_.push_back(post.doc);
        score += idf[i] * ((freq * (k1 + 1.0)) / (freq + k1 * (1 - b + b * d / avgdl)));
      }
    }
  }
  out.reserve(seen_.size());
  for (uint32_t doc : seen_) {
    out.push_back(ScoredDoc{docs_[doc].id, acc_[doc]});
    acc_[doc] = 0;
  }
  seen_.clear();
  return out;
}

size_t OrderNext(std::vector<ScoredDoc>* docs, size_t from, size_t n) {
  const size_t end = std::min(docs->size(), from + n);
  if (from >= end) return from;
  std::partial_sort(docs->begin() + static_cast<ptrdiff_t>(from),
                    docs->begin() + static_cast<ptrdiff_t>(end), docs->end(), BetterDoc);
  return end;
}

}  // namespace engram::store::sqlite
