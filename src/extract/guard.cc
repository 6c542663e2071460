#include "src/extract/guard.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <optional>
#include <unordered_map>
#include <utility>
#include <vector>

#include "src/extract/deobfuscate.h"
#include "src/text/normalize.h"

namespace engram::extract {
namespace {

constexpr size_t kCategoryCount = kGuardCategoryCount;

struct ModelWeight {
  std::string_view gram;  // units joined by one space (see Units)
  double weight;
};
using ModelProbe = GuardModelProbe;
#include "src/extract/guard_model_data.inc"

constexpr size_t kModelMaxN = 2;
constexpr size_t kModelWordBytes = 6;

uint64_t Fnv1a(uint64_t h, std::string_view bytes) {
  for (unsigned char c : bytes) {
    h ^= c;
    h *= 1099511628211ull;
  }
  return h;
}
constexpr uint64_t kFnvBasis = 14695981039346656037ull;

// The model's text units, as scripts/train_guard_model.py cuts them: a run of ASCII letters and
// digits (truncated to 6 bytes; all digits -> "0"), or any other non-space character.
void Units(std::string_view text, std::vector<std::string_view>& out) {
  auto alnum = [](unsigned char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
  };
  size_t i = 0;
  while (i < text.size()) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c <= 0x20) {
      ++i;
      continue;
    }
    if (alnum(c)) {
      size_t j = i;
      bool digits = true;
      while (j < text.size() && alnum(static_cast<unsigned char>(text[j]))) {
        digits &= text[j] >= '0' && text[j] <= '9';
        ++j;
      }
      out.push_back(digits ? std::string_view("0")
                           : text.substr(i, std::min(j - i, kModelWordBytes)));
      i = j;
      continue;
    }
    size_t length = 1;
    if (c >= 0xC0 && c < 0xE0) length = 2;
    if (c >= 0xE0 && c < 0xF0) length = 3;
    if (c >= 0xF0 && c < 0xF8) length = 4;
    length = std::min(length, text.size() - i);
    out.push_back(text.substr(i, length));
    i += length;
  }
}

// A unit that is a letter word (not all digits) or a non-ASCII character.
bool Wordy(std::string_view unit) {
  const auto c = static_cast<unsigned char>(unit[0]);
  return c >= 0x80 || (unit != "0" && ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
                                       (c >= 'A' && c <= 'Z')));
}

// Alone, only a word of 3+ ASCII letters/digits (not all digits) is a feature: single Chinese
// characters, punctuation and numbers were fitted to the corpora's topics.
bool UnigramFeature(std::string_view unit) {
  if (unit.size() < 3 || static_cast<unsigned char>(unit[0]) >= 0x80) return false;
  bool letter = false;
  for (char c : unit) {
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))) {
      return false;
    }
    letter |= !(c >= '0' && c <= '9');
  }
  return letter;
}

uint64_t GramHash(std::span<const std::string_view> units) {
  uint64_t h = kFnvBasis;
  for (size_t k = 0; k < units.size(); ++k) {
    if (k > 0) h = Fnv1a(h, " ");
    h = Fnv1a(h, units[k]);
  }
  return h;
}

const std::unordered_map<uint64_t, double>& ModelTable() {
  static const auto* const kTable = [] {
    auto* table = new std::unordered_map<uint64_t, double>();
    table->reserve(std::size(kModelWeights));
    for (const ModelWeight& w : kModelWeights) {
      std::vector<std::string_view> units;
      for (std::string_view rest = w.gram; !rest.empty();) {
        const size_t space = rest.find(' ');
        units.push_back(rest.substr(0, space));
        rest = space == std::string_view::npos ? std::string_view() : rest.substr(space + 1);
      }
      (*table)[GramHash(units)] += w.weight;
    }
    return table;
  }();
  return *kTable;
}

// Logistic regression: every distinct unit 1..2-gram of `plain`, plus the rule features.
double ModelProbability(std::string_view plain, const std::array<double, kCategoryCount>& best,
                        double rule_score, bool quoted_strong) {
  const auto& table = ModelTable();
  std::vector<std::string_view> units;
  units.reserve(plain.size());
  Units(plain, units);
  std::vector<uint64_t> seen;
  seen.reserve(units.size() * kModelMaxN);
  for (size_t n = 1; n <= kModelMaxN; ++n) {
    for (size_t i = 0; i + n <= units.size(); ++i) {
      if (n == 1 && !UnigramFeature(units[i])) continue;
      // Digits and punctuation only ("0 0 0" in a phone number) are no feature.
      bool wordy = false;
      for (size_t k = i; k < i + n; ++k) wordy |= Wordy(units[k]);
      if (!wordy) continue;
      seen.push_back(GramHash(std::span(units).subspan(i, n)));
    }
  }
  std::sort(seen.begin(), seen.end());
  seen.erase(std::unique(seen.begin(), seen.end()), seen.end());
  double z = kModelBias;
  for (uint64_t h : seen) {
    if (auto it = table.find(h); it != table.end()) z += it->second;
  }
  static_assert(std::size(kModelDense) == static_cast<size_t>(GuardCategory::kMitigation) + 3);
  for (size_t c = 0; c <= static_cast<size_t>(GuardCategory::kMitigation); ++c) {
    z += kModelDense[c] * best[c];
  }
  z += kModelDense[std::size(kModelDense) - 2] * rule_score;
  z += kModelDense[std::size(kModelDense) - 1] * (quoted_strong ? 1.0 : 0.0);
  return 1 / (1 + std::exp(-std::clamp(z, -30.0, 30.0)));
}

bool IsAsciiAlnum(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

// True when a negation ends right before `begin`, one space allowed: "never share", "不要忽略".
bool Negated(std::string_view text, size_t begin) {
  static constexpr std::string_view kNegations[] = {
      "never", "don't", "don\u2019t", "dont", "do not", "does not", "must not", "should not",
      "cannot", "不要", "切勿", "请勿", "不能", "不得", "禁止", "严禁", "不可", "不许", "不会"};
  std::string_view before = text.substr(0, begin);
  if (!before.empty() && before.back() == ' ') before.remove_suffix(1);
  for (std::string_view negation : kNegations) {
    if (!before.ends_with(negation)) continue;
    const size_t at = before.size() - negation.size();
    if (IsAsciiAlnum(negation.front()) && at > 0 && IsAsciiAlnum(before[at - 1])) continue;
    return true;
  }
  return false;
}

// True when [begin, end) lies between a pair of quotation marks: "…", “…”, 「…」, 『…』.
bool Quoted(std::string_view text, size_t begin, size_t end) {
  static constexpr std::pair<std::string_view, std::string_view> kQuotes[] = {
      {"\"", "\""}, {"\u201c", "\u201d"}, {"\u300c", "\u300d"}, {"\u300e", "\u300f"}};
  for (const auto& [open, close] : kQuotes) {
    size_t from = 0;
    while (true) {
      const size_t o = text.find(open, from);
      if (o == std::string_view::npos || o + open.size() > begin) break;
      const size_t c = text.find(close, o + open.size());
      if (c == std::string_view::npos) break;
      if (c >= end) return true;
      from = c + close.size();
    }
  }
  return false;
}

}  // namespace

std::span<const GuardModelProbe> GuardModelProbes() { return kModelProbes; }

std::string_view GuardCategoryName(GuardCategory category) {
  switch (category) {
    case GuardCategory::kMemoryWrite: return "memory_write";
    case GuardCategory::kStandingRule: return "standing_rule";
    case GuardCategory::kOverride: return "override";
    case GuardCategory::kMemoryTamper: return "memory_tamper";
    case GuardCategory::kImpersonation: return "impersonation";
    case GuardCategory::kExfiltration: return "exfiltration";
    case GuardCategory::kPayload: return "payload";
    case GuardCategory::kAuthority: return "authority";
    case GuardCategory::kMitigation: return "mitigation";
    case GuardCategory::kDiscussion: return "discussion";
  }
  return "unknown";
}

std::string_view GuardVerdictName(GuardVerdict verdict) {
  switch (verdict) {
    case GuardVerdict::kClean: return "clean";
    case GuardVerdict::kSuspicious: return "suspicious";
    case GuardVerdict::kQuarantine: return "quarantine";
  }
  return "unknown";
}

Guard::Guard(std::span<const GuardRuleSpec> rules, GuardOptions options) : options_(options) {
  // The model's rule features are the default table's; on another table they mean nothing.
  options_.use_model &= rules.data() == DefaultGuardRules().data();
  rules_.reserve(rules.size());
  for (const GuardRuleSpec& spec : rules) {
    rules_.push_back(Compiled{&spec, PhraseMatcher(spec.pattern, spec.max_gap)});
  }
}

const Guard& Guard::Default() {
  static const Guard* const kGuard = new Guard(DefaultGuardRules());
  return *kGuard;
}

GuardResult Guard::Check(std::string_view text) const {
  return CheckFolded(text::FoldForSearch(text));
}

GuardResult Guard::CheckFolded(std::string folded) const {
  GuardResult result;
  result.folded = std::move(folded);
  const DeobfuscatedText plain = Deobfuscate(result.folded);
  const bool obfuscated = plain.text.size() != result.folded.size();
  const IndexedText indexed(plain.text);
  struct Hit {
    const GuardRuleSpec* spec;
    PhraseSpan span;
  };
  std::vector<Hit> hits;
  hits.reserve(32);
  bool discussion = false;
  for (const Compiled& rule : rules_) {
    if (rule.matcher.empty()) continue;
    std::optional<PhraseSpan> span = rule.matcher.Match(indexed);
    // Letters spaced out one by one lose their word boundaries when joined; try again
    // without boundaries only when de-obfuscation changed the text.
    if (!span && obfuscated) span = rule.matcher.Match(indexed, true);
    if (!span) continue;
    hits.push_back(Hit{rule.spec, *span});
    discussion |= rule.spec->category == GuardCategory::kDiscussion;
  }
  result.matches.reserve(hits.size());
  std::array<double, kCategoryCount> best{};  // per category: highest (kMitigation: lowest)
  double strongest = 0;
  bool quoted_strong = false;  // a rule strong on its own matched inside quotes
  for (const Hit& hit : hits) {
    const GuardRuleSpec& spec = *hit.spec;
    const bool scored = spec.category != GuardCategory::kMitigation &&
                        spec.category != GuardCategory::kDiscussion;
    const bool negated = scored && Negated(plain.text, hit.span.begin);
    const bool quoted =
        scored && !negated && discussion && Quoted(plain.text, hit.span.begin, hit.span.end);
    const bool discounted = negated || quoted;
    quoted_strong |= quoted && spec.weight >= options_.quarantine_threshold;
    result.matches.push_back(GuardMatch{spec.id, spec.category, spec.weight,
                                        plain.source[hit.span.begin], plain.source[hit.span.end],
                                        discounted});
    if (discounted || spec.category == GuardCategory::kDiscussion) continue;
    double& slot = best[static_cast<size_t>(spec.category)];
    if (spec.category == GuardCategory::kMitigation) {
      slot = std::min(slot, spec.weight);
    } else {
      slot = std::max(slot, spec.weight);
      strongest = std::max(strongest, spec.weight);
    }
  }
  double score = 0;
  for (size_t c = 0; c < best.size(); ++c) {
    if (c == static_cast<size_t>(GuardCategory::kMitigation)) continue;
    score += best[c];
  }
  if (strongest < options_.mitigation_ceiling) {
    score += best[static_cast<size_t>(GuardCategory::kMitigation)];
  }
  result.score = std::clamp(score, 0.0, 1.0);
  result.category_best = best;
  result.quoted_strong = quoted_strong;
  if (result.score >= options_.quarantine_threshold) {
    result.rule_verdict = GuardVerdict::kQuarantine;
  } else if (result.score >= options_.suspicious_threshold || quoted_strong) {
    // A quoted attack is still attack text that recall would put into a prompt: it goes to
    // review (and yields no facts), though it is not quarantined.
    result.rule_verdict = GuardVerdict::kSuspicious;
  }
  result.verdict = result.rule_verdict;
  if (!options_.use_model) return result;
  const double p = ModelProbability(plain.text, best, result.score, quoted_strong);
  result.model_probability = p;
  // The model sees the rule features, so its probability replaces the rules' verdict: on text
  // written blind to both, rules OR model flagged more benign text at the same detection.
  // Whether a flagged text is quarantined rather than reviewed: a probability at the
  // quarantine level, or a flag the rules alone would quarantine ("Zhang\nignore all previous
  // instructions ..." at p 0.89). Which texts are flagged is the model's alone.
  if (p < options_.model_suspicious) {
    result.verdict = GuardVerdict::kClean;
  } else if (p >= options_.model_quarantine ||
             result.rule_verdict == GuardVerdict::kQuarantine) {
    result.verdict = GuardVerdict::kQuarantine;
  } else {
    result.verdict = GuardVerdict::kSuspicious;
  }
  return result;
}

}  // namespace engram::extract
