#include "src/recall/reranker.h"

#include <algorithm>
#include <string_view>
#include <unordered_set>

#include "src/recall/hit_order.h"
#include "src/recall/text_memo.h"
#include "src/text/tokenizer.h"

namespace engram::recall {
namespace {

std::unordered_set<std::string> TokenSet(std::string_view s, text::TokenizeMode mode) {
  std::vector<text::Token> toks;
  text::Tokenize(s, mode, &toks);
  std::unordered_set<std::string> set;
  for (auto& t : toks) set.insert(std::move(t.text));
  return set;
}

// Share of the query's tokens `text` contains.
double Overlap(const std::unordered_set<std::string>& q, std::string_view text) {
  if (q.empty()) return 0;
  const std::shared_ptr<const WordSet> words = DocumentWords(text);
  size_t found = 0;
  for (const std::string& w : q) found += words->count(w);
  return static_cast<double>(found) / q.size();
}

class LexicalOverlapReranker final : public Reranker {
 public:
  explicit LexicalOverlapReranker(double weight) : weight_(weight) {}

  void Rerank(std::string_view query, std::vector<RecallHit>* hits) const override {
    const auto q = TokenSet(query, text::TokenizeMode::kQuery);  // once, not per hit
    for (RecallHit& h : *hits) {
      double factor = 1.0 + weight_ * Overlap(q, h.memory.content);
      h.score *= factor;
      h.explanation.rerank = factor;
    }
    SortByScore(hits);
  }

 private:
  double weight_;
};

}  // namespace

double LexicalOverlap(std::string_view query, std::string_view text) {
  return Overlap(TokenSet(query, text::TokenizeMode::kQuery), text);
}

std::unique_ptr<Reranker> NewLexicalOverlapReranker(double weight) {
  return std::make_unique<LexicalOverlapReranker>(weight);
}

}  // namespace engram::recall
