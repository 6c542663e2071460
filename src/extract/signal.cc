#include "src/extract/signal.h"

#include <algorithm>
#include <array>
#include <initializer_list>

#include "src/text/normalize.h"

namespace engram::extract {
namespace {

bool EndsWith(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

// Trailing punctuation, then: '?', or a Chinese question particle.
bool IsQuestion(std::string_view folded) {
  while (!folded.empty() && (folded.back() == ' ' || folded.back() == '.' ||
                             folded.back() == '!' || folded.back() == '~')) {
    folded.remove_suffix(1);
  }
  if (EndsWith(folded, "?")) return true;
  for (std::string_view particle : {"吗", "呢", "么", "吧?"}) {
    if (EndsWith(folded, particle)) return true;
  }
  return false;
}

// A one-off request about the current conversation (translate, polish...): not a memory.
bool IsTransientRequest(std::string_view folded) {
  for (std::string_view cue :
       {"翻译", "润色", "总结", "解释", "改写", "帮我写", "帮我查", "查一下", "看看", "translate",
        "polish", "summarize", "summarise", "explain", "rewrite", "proofread", "write a",
        "find the", "can you"}) {
    if (folded.find(cue) != std::string_view::npos) return true;
  }
  return false;
}

bool ContainsAny(std::string_view folded, std::initializer_list<std::string_view> cues) {
  for (std::string_view cue : cues) {
    if (folded.find(cue) != std::string_view::npos) return true;
  }
  return false;
}

// A declarative statement with a concrete anchor (a time, a number or a business noun) is
// probably worth keeping even when no rule names its signal.
bool IsInformativeStatement(std::string_view folded) {
  if (folded.size() < 18 || IsTransientRequest(folded)) return false;
  if (ContainsAny(folded, {"see you", "bye", "good night", "再见", "晚安", "回头见"})) return false;
  if (ContainsAny(folded, {"什么", "怎么", "为什么", "哪", "谁", "几", "多少", "what", "how ",
                           "why", "where", "who", "when", "which"})) {
    return false;
  }
  bool digit = false;
  for (char c : folded) digit = digit || (c >= '0' && c <= '9');
  return digit ||
         ContainsAny(folded, {"昨天", "明天", "后天", "上周", "下周", "本周", "这周", "上个月",
                              "下个月", "月底", "年底", "周一", "周二", "周三", "周四", "周五",
                              "上午", "下午", "晚上", "客户", "供应商", "合同", "交付", "项目",
                              "方案", "预算", "报价", "发票", "工单", "团队", "公司", "部门",
                              "yesterday", "tomorrow", "next week", "last week", "this week",
                              "last month", "next month", "monday", "tuesday", "wednesday",
                              "thursday", "friday", "tonight", "last night", "client",
                              "customer", "supplier", "vendor", "contract", "delivery",
                              "project", "budget", "quote", "invoice", "ticket", "department"});
}

constexpr std::string_view kInformativeRule = "heuristic.informative_statement";
constexpr double kInformativeConfidence = 0.55;

}  // namespace

std::string_view SignalKindName(SignalKind kind) {
  switch (kind) {
    case SignalKind::kPreference: return "preference";
    case SignalKind::kCommitment: return "commitment";
    case SignalKind::kStateChange: return "state_change";
    case SignalKind::kFact: return "fact";
    case SignalKind::kEvent: return "event";
    case SignalKind::kTask: return "task";
    case SignalKind::kDecision: return "decision";
    case SignalKind::kRisk: return "risk";
  }
  return "unknown";
}

SignalClassifier::SignalClassifier(std::span<const SignalRuleSpec> rules, SignalOptions options)
    : options_(options) {
  rules_.reserve(rules.size());
  for (const SignalRuleSpec& spec : rules) {
    rules_.push_back(Compiled{&spec, PhraseMatcher(spec.pattern, spec.max_gap)});
  }
}

const SignalClassifier& SignalClassifier::Default() {
  static const SignalClassifier* const kClassifier = new SignalClassifier(DefaultSignalRules());
  return *kClassifier;
}

SignalResult SignalClassifier::Classify(std::string_view text) const {
  return ClassifyFolded(text::FoldForSearch(text));
}

SignalResult SignalClassifier::ClassifyFolded(std::string_view folded) const {
  SignalResult result;
  result.is_question = IsQuestion(folded);
  std::array<Signal, kSignalKindCount> acc;
  std::array<double, kSignalKindCount> miss;  // product of (1 - weight)
  for (int k = 0; k < kSignalKindCount; ++k) {
    acc[k] = Signal{static_cast<SignalKind>(k), 0, {}, {}};
    miss[k] = 1;
  }
  const IndexedText indexed(folded);
  for (const Compiled& rule : rules_) {
    if (rule.matcher.empty()) continue;
    std::optional<PhraseSpan> span = rule.matcher.Match(indexed);
    if (!span) continue;
    const int k = static_cast<int>(rule.spec->kind);
    if (acc[k].rules.empty()) acc[k].span = *span;
    acc[k].rules.push_back(rule.spec->id);
    miss[k] *= 1 - rule.spec->weight;
  }
  for (int k = 0; k < kSignalKindCount; ++k) {
    if (acc[k].rules.empty()) continue;
    double confidence = 1 - miss[k];
    if (result.is_question) confidence *= options_.question_damping;
    acc[k].confidence = confidence;
    if (confidence >= options_.threshold) result.signals.push_back(std::move(acc[k]));
  }
  if (result.signals.empty() && !result.is_question && IsInformativeStatement(folded) &&
      kInformativeConfidence >= options_.threshold) {
    result.signals.push_back(
        Signal{SignalKind::kFact, kInformativeConfidence, {kInformativeRule}, {0, folded.size()}});
  }
  std::stable_sort(result.signals.begin(), result.signals.end(),
                   [](const Signal& a, const Signal& b) { return a.confidence > b.confidence; });
  result.worth_remembering = !result.signals.empty();
  return result;
}

}  // namespace engram::extract
