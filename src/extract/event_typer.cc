#include "src/extract/event_typer.h"

#include <algorithm>
#include <array>

#include "src/extract/event_slots.h"

namespace engram::extract {
namespace {

using S = SlotName;

constexpr S kComplaintSlots[] = {S::kActor, S::kRole, S::kTarget, S::kTime, S::kValue,
                                 S::kSeverity};
constexpr S kApprovalSlots[] = {S::kActor, S::kRole, S::kObject, S::kTime, S::kValue,
                                S::kSeverity};
constexpr S kUpdateSlots[] = {S::kActor, S::kRole, S::kTarget, S::kTime, S::kValue};
constexpr S kInquirySlots[] = {S::kActor, S::kRole, S::kObject, S::kTime};
constexpr S kScheduleSlots[] = {S::kActor, S::kRole, S::kObject, S::kTime, S::kPlace,
                                S::kCount};
constexpr S kNotificationSlots[] = {S::kActor, S::kObject, S::kTime, S::kPlace, S::kSeverity};
constexpr S kCommitmentSlots[] = {S::kActor, S::kRole, S::kObject, S::kTime, S::kValue};
constexpr S kPreferenceSlots[] = {S::kActor, S::kObject, S::kTime};
constexpr S kTaskSlots[] = {S::kActor, S::kRole, S::kObject, S::kTime, S::kValue,
                            S::kSeverity};
constexpr S kDecisionSlots[] = {S::kActor, S::kRole, S::kObject, S::kTime, S::kValue};
constexpr S kRiskSlots[] = {S::kObject, S::kTime, S::kValue, S::kCount, S::kSeverity};
constexpr S kStatusSlots[] = {S::kActor, S::kTarget, S::kTime, S::kStatus};

// Ties between types go to the more specific one (lower rank).
constexpr std::array<int, kEventTypeCount> kTieRank = {
    /*none*/ 12, /*complaint*/ 1, /*approval*/ 0, /*update*/ 4, /*inquiry*/ 9, /*schedule*/ 7,
    /*notification*/ 8, /*commitment*/ 5, /*preference*/ 3, /*task*/ 6, /*decision*/ 10,
    /*risk*/ 11, /*status*/ 2};

bool EndsWith(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

bool IsQuestion(std::string_view folded) {
  while (!folded.empty() && (folded.back() == ' ' || folded.back() == '.' ||
                             folded.back() == '!' || folded.back() == '~')) {
    folded.remove_suffix(1);
  }
  if (EndsWith(folded, "?")) return true;
  for (std::string_view particle : {"吗", "呢", "么"}) {
    if (EndsWith(folded, particle)) return true;
  }
  return false;
}

}  // namespace

std::string_view EventTypeName(EventType type) {
  switch (type) {
    case EventType::kNone: return "none";
    case EventType::kComplaint: return "complaint";
    case EventType::kApproval: return "approval";
    case EventType::kUpdate: return "update";
    case EventType::kInquiry: return "inquiry";
    case EventType::kSchedule: return "schedule";
    case EventType::kNotification: return "notification";
    case EventType::kCommitment: return "commitment";
    case EventType::kPreference: return "preference";
    case EventType::kTask: return "task";
    case EventType::kDecision: return "decision";
    case EventType::kRisk: return "risk";
    case EventType::kStatus: return "status";
  }
  return "none";
}

std::string_view SlotNameString(SlotName name) {
  switch (name) {
    case S::kActor: return "actor";
    case S::kRole: return "role";
    case S::kObject: return "object";
    case S::kTarget: return "target";
    case S::kTime: return "time";
    case S::kPlace: return "place";
    case S::kValue: return "value";
    case S::kCount: return "count";
    case S::kSeverity: return "severity";
    case S::kStatus: return "status";
  }
  return "unknown";
}

std::span<const SlotName> SlotSchema(EventType type) {
  switch (type) {
    case EventType::kNone: return {};
    case EventType::kComplaint: return kComplaintSlots;
    case EventType::kApproval: return kApprovalSlots;
    case EventType::kUpdate: return kUpdateSlots;
    case EventType::kInquiry: return kInquirySlots;
    case EventType::kSchedule: return kScheduleSlots;
    case EventType::kNotification: return kNotificationSlots;
    case EventType::kCommitment: return kCommitmentSlots;
    case EventType::kPreference: return kPreferenceSlots;
    case EventType::kTask: return kTaskSlots;
    case EventType::kDecision: return kDecisionSlots;
    case EventType::kRisk: return kRiskSlots;
    case EventType::kStatus: return kStatusSlots;
  }
  return {};
}

const EventSlot* EventTyping::Slot(SlotName name) const {
  for (const EventSlot& s : slots) {
    if (s.name == name) return &s;
  }
  return nullptr;
}

EventTyper::EventTyper(std::span<const EventRuleSpec> rules, EventTyperOptions options)
    : options_(options) {
  rules_.reserve(rules.size());
  for (const EventRuleSpec& spec : rules) {
    rules_.push_back(Compiled{&spec, PhraseMatcher(spec.pattern, spec.max_gap)});
  }
}

const EventTyper& EventTyper::Default() {
  static const EventTyper* const kTyper = new EventTyper(DefaultEventRules());
  return *kTyper;
}

EventTyping EventTyper::Type(std::string_view folded, std::span<const TimeHint> times) const {
  EventTyping result;
  result.is_question = IsQuestion(folded);
  std::array<ScoredEventType, kEventTypeCount> acc;
  std::array<double, kEventTypeCount> miss;
  for (int k = 0; k < kEventTypeCount; ++k) {
    acc[k].type = static_cast<EventType>(k);
    miss[k] = 1;
  }
  const IndexedText indexed(folded);
  for (const Compiled& rule : rules_) {
    if (rule.matcher.empty()) continue;
    std::optional<PhraseSpan> span = rule.matcher.Match(indexed);
    if (!span) continue;
    const int k = static_cast<int>(rule.spec->type);
    if (acc[k].rules.empty()) acc[k].span = *span;
    acc[k].rules.push_back(rule.spec->id);
    miss[k] *= 1 - rule.spec->weight;
  }
  std::vector<ScoredEventType> scored;
  for (int k = 1; k < kEventTypeCount; ++k) {
    const bool inquiry = static_cast<EventType>(k) == EventType::kInquiry;
    if (acc[k].rules.empty() && !(inquiry && result.is_question)) continue;
    double confidence = 1 - miss[k];
    if (result.is_question) {
      // Asking is rarely stating; a bare question is an inquiry.
      confidence = inquiry ? 1 - (1 - confidence) * 0.4 : confidence * options_.question_damping;
    }
    acc[k].confidence = confidence;
    if (confidence >= options_.min_type_confidence) scored.push_back(std::move(acc[k]));
  }
  std::sort(scored.begin(), scored.end(),
            [](const ScoredEventType& a, const ScoredEventType& b) {
              if (a.confidence != b.confidence) return a.confidence > b.confidence;
              return kTieRank[static_cast<int>(a.type)] < kTieRank[static_cast<int>(b.type)];
            });
  if (scored.empty()) return result;
  result.type = scored.front().type;
  result.confidence = scored.front().confidence;
  result.runner_ups.assign(std::make_move_iterator(scored.begin() + 1),
                           std::make_move_iterator(scored.end()));
  result.slots = FillEventSlots(folded, result.type, times);
  return result;
}

EventTyping TypeEvent(std::string_view folded_text, std::span<const TimeHint> times) {
  return EventTyper::Default().Type(folded_text, times);
}

}  // namespace engram::extract
