#include "src/extract/guard.h"

#include <algorithm>
#include <array>
#include <utility>

#include "src/extract/deobfuscate.h"
#include "src/text/normalize.h"

namespace engram::extract {

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
  std::array<double, 9> best{};  // per category: highest weight (lowest for kMitigation)
  double strongest = 0;
  for (const Compiled& rule : rules_) {
    if (rule.matcher.empty()) continue;
    std::optional<PhraseSpan> span = rule.matcher.Match(indexed);
    // Letters spaced out one by one lose their word boundaries when joined; try again
    // without boundaries only when de-obfuscation changed the text.
    if (!span && obfuscated) span = rule.matcher.Match(indexed, true);
    if (!span) continue;
    const GuardRuleSpec& spec = *rule.spec;
    result.matches.push_back(GuardMatch{spec.id, spec.category, spec.weight,
                                        plain.source[span->begin], plain.source[span->end]});
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
  } else if (result.score >= options_.suspicious_threshold) {
    result.verdict = GuardVerdict::kSuspicious;
  }
  return result;
}

}  // namespace engram::extract
