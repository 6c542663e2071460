#include "src/recall/query_terms.h"

#include <unordered_set>

#include "src/recall/relevance.h"
#include "src/text/tokenizer.h"

namespace engram::recall {

std::vector<std::string> KeywordTerms(std::string_view query) {
  std::vector<text::Token> tokens;
  text::Tokenize(query, text::TokenizeMode::kQuery, &tokens);
  std::vector<std::string> terms;
  std::vector<std::string> asking;  // function and question words, kept only if alone
  std::unordered_set<std::string> seen;
  for (const text::Token& t : tokens) {
    if (!seen.insert(t.text).second) continue;
    (IsContentToken(t.text) ? terms : asking).emplace_back(query.substr(t.begin, t.end - t.begin));
  }
  return terms.empty() ? asking : terms;
}

}  // namespace engram::recall
