// Event typing: the event type of a (sanitized, folded) message and its slots, each with a
// confidence (DESIGN.md §2, stage 5 "extract"; issue 6 §5).
//
// Types: complaint, approval (what needs someone's approval or grant: "申请开通测试环境权限",
// 报销, 采购, "need approval for", "requesting access to"), update, inquiry, schedule (schedule
// / meeting), notification, commitment, preference, task (to-dos and asks for work: "请帮忙
// 整理…", "asked us to"), decision, risk, status. The business classes are the seed's (000
// §3, §4.3: complaint, approval, update, inquiry, schedule, ...); a plain ask without an
// approval is a task, so there is no separate "request" type. The type comes from a
// phrase-rule table (event_rules.cc, PhraseMatcher syntax): its confidence is the noisy-OR of
// the weights of its matched rules; a question damps every type except inquiry, which it
// lifts. The runner-ups are the other types that scored.
//
// Slots are filled by cue rules and kept only at confidence >= kMinSlotConfidence (0.6); a
// slot below that is left empty for a later step (a person, an LLM) to fill:
//   actor     who acts or speaks: a named person before a speech/action verb ("客户张工说…" ->
//             张工, with role 客户), "user" for the first person (我 / I / we), else the
//             speaker implicitly for approvals, commitments, preferences and tasks (0.6);
//   role      the role noun in front of the actor (客户, 供应商, 老板, client...);
//   object    what is asked for, promised, delivered ("申请开通测试环境权限" -> 测试环境权限);
//   target    what a complaint is about ("客户投诉物流太慢" -> 物流);
//   time      the first time expression: a caller's TimeHint when given (anchored by the
//             temporal stage), else a built-in list of time words; the text span only;
//   place     "在3号会议室开会" -> 3号会议室;
//   value     money, percentages ("预算只能控制在20万" -> 20万);
//   count     "三个风险点" -> 3;
//   severity  high (紧急, 严重, urgent, critical…), medium (尽快, 太慢…), low (不急, no rush);
//   status    the new state of a work item ("状态改为待财务审批" -> 待财务审批).
// Which slots a type carries is a fixed schema (SlotSchema()).
//
// Thread safety: an EventTyper is immutable after construction; Type is thread-safe.
#ifndef ENGRAM_SRC_EXTRACT_EVENT_TYPER_H_
#define ENGRAM_SRC_EXTRACT_EVENT_TYPER_H_

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "src/extract/phrase_matcher.h"

namespace engram::extract {

enum class EventType {
  kNone,  // no rule matched
  kComplaint,
  kApproval,
  kUpdate,
  kInquiry,
  kSchedule,
  kNotification,
  kCommitment,
  kPreference,
  kTask,
  kDecision,
  kRisk,
  kStatus,
};
inline constexpr int kEventTypeCount = 13;  // including kNone

// "none", "complaint", "approval", "update", "inquiry", "schedule", "notification",
// "commitment", "preference", "task", "decision", "risk", "status".
std::string_view EventTypeName(EventType type);

enum class SlotName {
  kActor,
  kRole,
  kObject,
  kTarget,
  kTime,
  kPlace,
  kValue,
  kCount,
  kSeverity,
  kStatus,
};
inline constexpr int kSlotNameCount = 10;

// "actor", "role", "object", "target", "time", "place", "value", "count", "severity",
// "status".
std::string_view SlotNameString(SlotName name);

// The slots a type carries (the schema); empty for kNone.
std::span<const SlotName> SlotSchema(EventType type);

inline constexpr double kMinSlotConfidence = 0.6;

// A time expression the temporal stage found in the same message. `text` is matched
// (ASCII-lower-cased) against the folded text; the first hint found there fills the time slot.
struct TimeHint {
  std::string_view text;
  double confidence = 1.0;
};

struct EventSlot {
  SlotName name;
  // The slot text: a verbatim slice of the folded text ([begin, end) bytes), or a normalized
  // value ("user", "high", "3") whose span is the cue it came from.
  std::string value;
  size_t begin = 0;
  size_t end = 0;
  double confidence = 0;
};

struct ScoredEventType {
  EventType type = EventType::kNone;
  double confidence = 0;
  std::vector<std::string_view> rules;  // ids of the matched rules (views into the table)
  PhraseSpan span;                      // first matched rule, bytes in the folded text
};

struct EventTyping {
  EventType type = EventType::kNone;  // best type; kNone when nothing matched
  double confidence = 0;
  std::vector<ScoredEventType> runner_ups;  // other scoring types, by descending confidence
  std::vector<EventSlot> slots;             // in SlotName order, each >= kMinSlotConfidence
  bool is_question = false;

  // The slot named `name`, or nullptr.
  const EventSlot* Slot(SlotName name) const;
};

struct EventRuleSpec {
  std::string_view id;  // e.g. "zh.approval.apply"
  EventType type;
  double weight;  // in (0, 1]
  std::string_view pattern;  // PhraseMatcher syntax
  size_t max_gap = 24;
};

std::span<const EventRuleSpec> DefaultEventRules();

struct EventTyperOptions {
  // A type scores only at or above this confidence (runner-ups too). Default: 0.3.
  double min_type_confidence = 0.3;
  // Multiplier for every type except inquiry when the message is a question. Default: 0.7.
  double question_damping = 0.7;
};

class EventTyper {
 public:
  // REQUIRES: `rules` outlives the typer.
  explicit EventTyper(std::span<const EventRuleSpec> rules, EventTyperOptions options = {});

  // The process-wide typer over DefaultEventRules() (built on first use).
  static const EventTyper& Default();

  // `folded` is text::FoldForSearch of the sanitized message (PII as ⟦kind:id⟧). Never fails;
  // any input, including invalid UTF-8, yields some result.
  EventTyping Type(std::string_view folded, std::span<const TimeHint> times = {}) const;

 private:
  struct Compiled {
    const EventRuleSpec* spec;
    PhraseMatcher matcher;
  };
  std::vector<Compiled> rules_;
  EventTyperOptions options_;
};

// Convenience: EventTyper::Default().Type(folded_text, times).
EventTyping TypeEvent(std::string_view folded_text, std::span<const TimeHint> times = {});

}  // namespace engram::extract

#endif  // ENGRAM_SRC_EXTRACT_EVENT_TYPER_H_
