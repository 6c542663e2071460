// Signal: decides whether a (sanitized) message is worth remembering (DESIGN.md §2, stage 3).
//
// Recognized signals: preference, commitment/promise, state change, new fact or entity
// (contact details arrive as PII placeholders and count as facts), event, task/todo, decision
// and risk. A message with none of them above the threshold is chit-chat: the pipeline keeps
// it as an episodic record only. Matching uses a phrase-rule table (signal_rules.cc) on
// text::FoldForSearch'ed text; a message that is a question ("…吗？", "…?") has its
// confidences damped, since asking is rarely stating.
//
// Thread safety: a SignalClassifier is immutable after construction; Classify is
// thread-safe.
#ifndef ENGRAM_SRC_EXTRACT_SIGNAL_H_
#define ENGRAM_SRC_EXTRACT_SIGNAL_H_

#include <span>
#include <string_view>
#include <vector>

#include "src/extract/phrase_matcher.h"

namespace engram::extract {

enum class SignalKind {
  kPreference,
  kCommitment,
  kStateChange,
  kFact,
  kEvent,
  kTask,
  kDecision,
  kRisk,
};
inline constexpr int kSignalKindCount = 8;

// "preference", "commitment", "state_change", "fact", "event", "task", "decision", "risk".
std::string_view SignalKindName(SignalKind kind);

struct SignalRuleSpec {
  std::string_view id;
  SignalKind kind;
  double weight;  // in (0, 1]
  std::string_view pattern;  // PhraseMatcher syntax
  size_t max_gap = 24;
};

std::span<const SignalRuleSpec> DefaultSignalRules();

struct SignalOptions {
  // A signal counts when its confidence reaches this. Default: 0.5.
  double threshold = 0.5;
  // Multiplier applied to every confidence of a question. Default: 0.6.
  double question_damping = 0.6;
};

struct Signal {
  SignalKind kind;
  double confidence;                     // noisy-OR of the matched rule weights, damped
  std::vector<std::string_view> rules;   // ids of the matched rules (views into the table)
  PhraseSpan span;                       // first match, byte span in the folded text
};

struct SignalResult {
  std::vector<Signal> signals;  // those >= threshold, by descending confidence
  bool worth_remembering = false;
  bool is_question = false;
};

class SignalClassifier {
 public:
  // REQUIRES: `rules` outlives the classifier.
  explicit SignalClassifier(std::span<const SignalRuleSpec> rules, SignalOptions options = {});

  // The process-wide classifier over DefaultSignalRules() (built on first use).
  static const SignalClassifier& Default();

  // `text` is the sanitized message (PII already replaced by ⟦KIND:ID⟧ placeholders). Never
  // fails.
  SignalResult Classify(std::string_view text) const;

  // As Classify, for callers that already folded the text (see Guard::CheckFolded).
  // REQUIRES: folded == text::FoldForSearch(x) for some x.
  SignalResult ClassifyFolded(std::string_view folded) const;

 private:
  struct Compiled {
    const SignalRuleSpec* spec;
    PhraseMatcher matcher;
  };
  std::vector<Compiled> rules_;
  SignalOptions options_;
};

}  // namespace engram::extract

#endif  // ENGRAM_SRC_EXTRACT_SIGNAL_H_
