#include "src/store/keyword_index.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "src/store/bm25.h"
#include "src/text/tokenizer.h"

namespace engram::store {

void KeywordIndex::Add(int64_t id, std::string_view partition, std::string_view content) {
  Remove(id);
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
  auto [it, inserted] =
      index_of_.try_emplace(std::string(partition), static_cast<uint32_t>(names_.size()));
  if (inserted) {
    names_.emplace_back(partition);
    partitions_.emplace_back();
  }
  const uint32_t doc = static_cast<uint32_t>(docs_.size());
  docs_.push_back(Doc{id, it->second, true});
  length_.push_back(positions);
  doc_of_[id] = doc;
  acc_.push_back(0);
  max_id_ = std::max(max_id_, id);
  tokens_ += positions;
  ++live_;
  Partition& p = partitions_[it->second];
  ++p.rows;
  p.tokens += positions;
  for (auto& [term, f] : freq) p.postings[term].push_back(Posting{doc, f.tf});
}

void KeywordIndex::Remove(int64_t id) {
  auto it = doc_of_.find(id);
  if (it == doc_of_.end()) return;
  const uint32_t doc = it->second;
  doc_of_.erase(it);
  Doc& d = docs_[doc];
  d.live = false;
  Partition& p = partitions_[d.partition];
  --p.rows;
  p.tokens -= length_[doc];
  tokens_ -= length_[doc];
  --live_;
  for (auto t = p.postings.begin(); t != p.postings.end();) {
    std::vector<Posting>& list = t->second;
    list.erase(std::remove_if(list.begin(), list.end(),
                              [doc](const Posting& post) { return post.doc == doc; }),
               list.end());
    t = list.empty() ? p.postings.erase(t) : std::next(t);
  }
}

void KeywordIndex::Clear() { *this = KeywordIndex(); }

std::vector<const KeywordIndex::Partition*> KeywordIndex::Find(
    const std::vector<std::string>& names) const {
  std::vector<const Partition*> out;
  for (const std::string& name : names) {
    auto it = index_of_.find(name);
    if (it == index_of_.end()) continue;
    const Partition* p = &partitions_[it->second];
    if (std::find(out.begin(), out.end(), p) == out.end()) out.push_back(p);
  }
  return out;
}

KeywordStats KeywordIndex::Stats(const std::vector<std::string>& partitions) const {
  KeywordStats stats;
  for (const Partition* p : Find(partitions)) {
    stats.rows += p->rows;
    stats.tokens += p->tokens;
  }
  return stats;
}

int64_t KeywordIndex::DocFrequency(const std::vector<std::string>& partitions,
                                   const std::string& token) const {
  int64_t df = 0;
  for (const Partition* p : Find(partitions)) {
    auto t = p->postings.find(token);
    if (t != p->postings.end()) df += static_cast<int64_t>(t->second.size());
  }
  return df;
}

std::vector<ScoredDoc> KeywordIndex::Score(const std::vector<std::string>& partitions,
                                           const std::vector<std::string>& phrases) {
  std::vector<ScoredDoc> out;
  const KeywordStats stats = Stats(partitions);
  if (stats.rows <= 0 || phrases.empty()) return out;
  const double avgdl = static_cast<double>(stats.tokens) / static_cast<double>(stats.rows);
  std::vector<double> idf(phrases.size());
  for (size_t i = 0; i < phrases.size(); ++i) {
    idf[i] = Bm25Idf(static_cast<double>(stats.rows),
                     static_cast<double>(DocFrequency(partitions, phrases[i])));
  }
  seen_.clear();
  // A term's contribution depends only on (tf, length): most postings hold a small tf in a
  // short document, so each such pair is computed once per term (by the same function, so the
  // doubles are the same) and looked up after. NaN marks a pair not computed yet.
  constexpr uint32_t kTableTf = 4;
  constexpr uint32_t kTableLength = 256;
  std::vector<double> table(kTableTf * kTableLength);
  for (const Partition* p : Find(partitions)) {
    // Phrase by phrase, so each document sums its terms in query order, as bm25() does.
    for (size_t i = 0; i < phrases.size(); ++i) {
      auto t = p->postings.find(phrases[i]);
      if (t == p->postings.end()) continue;
      std::fill(table.begin(), table.end(), std::numeric_limits<double>::quiet_NaN());
      for (const Posting& post : t->second) {
        double& score = acc_[post.doc];
        if (score == 0) seen_.push_back(post.doc);
        const uint32_t length = length_[post.doc];
        double term;
        if (post.tf < kTableTf && length < kTableLength) {
          double& kept = table[post.tf * kTableLength + length];
          if (std::isnan(kept)) {
            kept = Bm25TermScore(idf[i], static_cast<double>(post.tf),
                                 static_cast<double>(length), avgdl);
          }
          term = kept;
        } else {
          term = Bm25TermScore(idf[i], static_cast<double>(post.tf),
                               static_cast<double>(length), avgdl);
        }
        score += term;
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

}  // namespace engram::store
