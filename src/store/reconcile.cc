#include "src/store/reconcile.h"

#include <algorithm>
#include <string>
#include <vector>

#include "src/text/normalize.h"

namespace engram::store {
namespace {

// Code points of `s` (UTF-8); malformed bytes count as one unit each.
std::vector<std::string> Chars(const std::string& s) {
  std::vector<std::string> out;
  for (size_t i = 0; i < s.size();) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    size_t n = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 1;
    n = std::min(n, s.size() - i);
    if (c != ' ') out.push_back(s.substr(i, n));
    i += n;
  }
  return out;
}

std::vector<std::string> Bigrams(std::string_view text) {
  const std::vector<std::string> chars = Chars(text::FoldForSearch(text));
  std::vector<std::string> grams;
  if (chars.size() == 1) grams.push_back(chars[0]);
  for (size_t i = 0; i + 1 < chars.size(); ++i) grams.push_back(chars[i] + chars[i + 1]);
  std::sort(grams.begin(), grams.end());
  return grams;
}

std::string Digits(std::string_view s) {
  std::string d;
  for (char c : s) {
    if (c >= '0' && c <= '9') d += c;
  }
  return d;
}

}  // namespace

bool SameStatement(const Memory& a, const Memory& b) {
  if (a.value.empty() != b.value.empty()) return false;
  if (!a.value.empty()) {
    // Similar wording with other numbers ("20万" / "25万") is another value.
    if (Digits(a.value) != Digits(b.value)) return false;
    if (text::FoldForSearch(a.value) == text::FoldForSearch(b.value)) return true;
    return TextSimilarity(a.value, b.value) >= kReinforceSimilarity;
  }
  return TextSimilarity(a.content, b.content) >= kReinforceSimilarity;
}

double TextSimilarity(std::string_view a, std::string_view b) {
  const std::vector<std::string> x = Bigrams(a);
  const std::vector<std::string> y = Bigrams(b);
  if (x.empty() || y.empty()) return 0;
  std::vector<std::string> common;
  std::set_intersection(x.begin(), x.end(), y.begin(), y.end(), std::back_inserter(common));
  return 2.0 * static_cast<double>(common.size()) / static_cast<double>(x.size() + y.size());
}

ReconcileDecision Reconcile(const Memory& current, const Memory& draft, bool correction) {
  if (SameStatement(current, draft)) return {ReconcileAction::kReinforce, 1.0};
  if (correction) return {ReconcileAction::kSupersede, 1.0};
  if (draft.valid_from.unix_ms != current.valid_from.unix_ms) {
    // A later statement is a change in the world, not a contradiction.
    return draft.valid_from.unix_ms > current.valid_from.unix_ms
               ? ReconcileDecision{ReconcileAction::kSupersede, 1.0}
               : ReconcileDecision{ReconcileAction::kOutranked, kConsistencyOutranked};
  }
  return draft.confidence.source >= current.confidence.source
             ? ReconcileDecision{ReconcileAction::kSupersede, 1.0}
             : ReconcileDecision{ReconcileAction::kOutranked, kConsistencyOutranked};
}

void StampDraft(const ReconcileDecision& d, const Memory& current, const Instant& now,
                Memory* draft) {
  draft->confidence.consistency = d.consistency;
  draft->confidence.overall = std::clamp(draft->confidence.overall * d.consistency, 0.0, 1.0);
  if (d.action != ReconcileAction::kOutranked) return;
  draft->current = false;
  draft->superseded_at = now;
  if (current.valid_from.unix_ms > draft->valid_from.unix_ms) {
    draft->valid_to = current.valid_from;
  }
}

void Reinforce(const Memory& draft, Memory* current) {
  current->reinforced += 1;
  if (!current->last_seen || current->last_seen->unix_ms < draft.source.at.unix_ms) {
    current->last_seen = draft.source.at;
  }
}

}  // namespace engram::store
