#include "src/govern/metrics.h"

#include <algorithm>
#include <cstdio>
#include <set>
#include <sstream>
#include <vector>

#include "src/base/hash.h"
#include "src/text/tokenizer.h"

namespace engram::govern {
namespace {

std::vector<std::string> Split(std::string_view fp) {
  std::vector<std::string> out;
  std::istringstream in{std::string(fp)};
  for (std::string h; in >> h;) out.push_back(h);
  return out;  // already sorted and unique
}

double Rate(int64_t num, int64_t den) { return den > 0 ? static_cast<double>(num) / den : 0; }

}  // namespace

std::string QueryFingerprint(std::string_view query) {
  std::vector<text::Token> tokens;
  text::Tokenize(query, text::TokenizeMode::kDocument, &tokens);
  std::set<std::string> hashes;
  for (const text::Token& t : tokens) hashes.insert(base::Blake2bHex(t.text).substr(0, 8));
  std::string out;
  for (const std::string& h : hashes) out += (out.empty() ? "" : " ") + h;
  return out;
}

double FingerprintSimilarity(std::string_view a, std::string_view b) {
  std::vector<std::string> x = Split(a), y = Split(b);
  if (x.empty() || y.empty()) return 0;
  std::vector<std::string> common;
  std::set_intersection(x.begin(), x.end(), y.begin(), y.end(), std::back_inserter(common));
  const size_t uni = x.size() + y.size() - common.size();
  return static_cast<double>(common.size()) / static_cast<double>(uni);
}

MetricsSummary Summarize(const store::MetricsCounts& counts, int64_t window_from_ms) {
  MetricsSummary m;
  const auto& r = counts.recalls;  // oldest first
  for (size_t i = 0; i < r.size(); ++i) {
    if (r[i].first < window_from_ms) continue;
    ++m.recalls;
    for (size_t j = i; j-- > 0;) {
      if (r[i].first - r[j].first > kRepeatWindowMs) break;
      if (FingerprintSimilarity(r[i].second, r[j].second) >= kRepeatSimilarity) {
        ++m.repeated_questions;
        break;
      }
    }
  }
  m.used = counts.used;
  m.hit_rate = Rate(m.used, m.recalls);
  m.repeated_question_rate = Rate(m.repeated_questions, m.recalls);
  m.messages = counts.messages;
  m.context_reloads = counts.context_reloads;
  m.context_reload_rate = Rate(m.context_reloads, m.messages);
  m.writes_by_signal = counts.writes_by_signal;
  m.review_open = counts.review_open;
  m.quarantined = counts.quarantined;
  m.quarantine_held = counts.quarantine_held;
  return m;
}

}  // namespace engram::govern
