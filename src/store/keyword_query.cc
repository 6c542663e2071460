#include "src/store/keyword_query.h"

#include "engram/status_macros.h"
#include "src/text/tokenizer.h"

namespace engram::store {

std::vector<KeywordTerm> TokenizeKeywordTerms(const std::vector<std::string>& texts) {
  std::vector<KeywordTerm> terms;
  for (const std::string& text : texts) {
    std::vector<text::Token> toks;
    text::Tokenize(text, text::TokenizeMode::kQuery, &toks);
    if (toks.empty()) continue;
    KeywordTerm t{text, {}};
    for (text::Token& tok : toks) t.tokens.push_back(std::move(tok.text));
    terms.push_back(std::move(t));
  }
  return terms;
}

bool AllSingleTokens(const std::vector<KeywordTerm>& terms) {
  for (const KeywordTerm& t : terms) {
    if (t.tokens.size() != 1) return false;
  }
  return true;
}

Result<std::vector<KeywordHit>> TakeBestHits(std::vector<ScoredDoc>* docs, size_t limit,
                                             const KeywordRecheck& fetch) {
  std::vector<KeywordHit> hits;
  size_t batch = limit + 8;  // most candidates pass; a short batch grows fourfold
  for (size_t done = 0; done < docs->size() && hits.size() < limit; batch *= 4) {
    const size_t end = OrderNext(docs, done, batch);
    std::vector<int64_t> ids;
    for (size_t i = done; i < end; ++i) ids.push_back((*docs)[i].id);
    ENGRAM_ASSIGN_OR_RETURN(auto rows, fetch(ids));
    for (size_t i = done; i < end && hits.size() < limit; ++i) {
      auto it = rows.find((*docs)[i].id);
      if (it != rows.end()) hits.push_back(KeywordHit{std::move(it->second), (*docs)[i].score});
    }
    done = end;
  }
  return hits;
}

}  // namespace engram::store
