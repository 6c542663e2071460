#include "src/extract/guard.h"

#include <algorithm>
#include <array>
#include <optional>
#include <utility>
#include <vector>

#include "src/extract/deobfuscate.h"
#include "src/text/normalize.h"

namespace engram::extract {
namespace {

constexpr size_t kCategoryCount = static_cast<size_t>(GuardCategory::kDiscussion) + 1;

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
  if (result.score >= options_.quarantine_threshold) {
    result.verdict = GuardVerdict::kQuarantine;
  } else if (result.score >= options_.suspicious_threshold || quoted_strong) {
    // A quoted attack is still attack text that recall would put into a prompt: it goes to
    // review (and yields no facts), though it is not quarantined.
    result.verdict = GuardVerdict::kSuspicious;
  }
  return result;
}

}  // namespace engram::extract
