#include "src/govern/token_sets.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <unordered_map>

#include "src/text/tokenizer.h"

namespace engram::govern {

std::vector<std::string> TokenSet(std::string_view text) {
  std::vector<text::Token> tokens;
  text::Tokenize(text, text::TokenizeMode::kQuery, &tokens);
  std::vector<std::string> out;
  out.reserve(tokens.size());
  for (text::Token& t : tokens) out.push_back(std::move(t.text));
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

double Jaccard(const std::vector<std::string>& a, const std::vector<std::string>& b) {
  if (a.empty() && b.empty()) return 0;
  size_t common = 0;
  for (size_t i = 0, j = 0; i < a.size() && j < b.size();) {
    int c = a[i].compare(b[j]);
    if (c == 0) {
      ++common;
      ++i;
      ++j;
    } else if (c < 0) {
      ++i;
    } else {
      ++j;
    }
  }
  return static_cast<double>(common) / static_cast<double>(a.size() + b.size() - common);
}

std::vector<std::pair<size_t, size_t>> SimilarPairs(
    const std::vector<std::vector<std::string>>& sets, double threshold) {
  std::vector<std::pair<size_t, size_t>> out;
  if (threshold <= 0 || threshold > 1) return out;
  std::unordered_map<std::string, size_t> freq;
  for (const auto& s : sets) {
    for (const std::string& t : s) ++freq[t];
  }
  // Each set's tokens, rarest first (ties by text, so the order is global).
  auto rarer = [&](const std::string& x, const std::string& y) {
    size_t fx = freq[x], fy = freq[y];
    return fx != fy ? fx < fy : x < y;
  };
  std::map<std::string, std::vector<size_t>, decltype(rarer)> index(rarer);
  std::set<std::pair<size_t, size_t>> candidates;
  for (size_t i = 0; i < sets.size(); ++i) {
    if (sets[i].empty()) continue;
    std::vector<std::string> ordered = sets[i];
    std::sort(ordered.begin(), ordered.end(), rarer);
    const size_t n = ordered.size();
    const size_t keep = n - static_cast<size_t>(std::ceil(threshold * n - 1e-9)) + 1;
    for (size_t k = 0; k < std::min(keep, n); ++k) {
      std::vector<size_t>& seen = index[ordered[k]];
      for (size_t j : seen) candidates.insert({j, i});
      seen.push_back(i);
    }
  }
  for (const auto& [i, j] : candidates) {
    if (Jaccard(sets[i], sets[j]) >= threshold - 1e-12) out.emplace_back(i, j);
  }
  return out;
}

}  // namespace engram::govern
