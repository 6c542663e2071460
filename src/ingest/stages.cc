#include "src/ingest/stages.h"

#include <nlohmann/json.hpp>

#include <algorithm>

#include "engram/temporal.h"
#include "src/extract/event_typer.h"
#include "src/extract/fact_extractor.h"
#include "src/extract/guard.h"
#include "src/extract/lifecycle_cues.h"
#include "src/extract/signal.h"
#include "src/ingest/validate.h"
#include "src/text/normalize.h"
#include "src/text/pii/pii_masker.h"

namespace engram::ingest {
namespace {

using nlohmann::json;

void Guard(const std::string& folded, store::IngestBatch* batch, StageReport* report) {
  extract::GuardResult g = extract::Guard::Default().CheckFolded(folded);
  report->guard = std::string(extract::GuardVerdictName(g.verdict));
  report->guard_score = g.score;
  json rules = json::array();
  for (const extract::GuardMatch& m : g.matches) {
    rules.push_back(std::string(m.rule_id));
    // Mitigating and discussion cues, and cues the guard discounted (negated, or quoted in
    // talk about attacks), are not reasons to flag.
    if (m.weight <= 0 || m.discounted) continue;
    std::string category(extract::GuardCategoryName(m.category));
    if (std::find(report->guard_categories.begin(), report->guard_categories.end(),
                  category) == report->guard_categories.end()) {
      report->guard_categories.push_back(category);
    }
  }
  if (g.verdict == extract::GuardVerdict::kClean) return;
  std::string cats;
  for (const std::string& c : report->guard_categories) cats += (cats.empty() ? "" : ", ") + c;
  json payload = {{"score", g.score}, {"categories", report->guard_categories}, {"rules", rules}};
  if (g.verdict == extract::GuardVerdict::kQuarantine) {
    // Kept as evidence, never as knowledge: one quarantined raw record, no fact.
    Memory& m = batch->memories.front();
    m.type = MemoryType::kEpisodic;
    m.kind = MemoryKind::kRaw;
    m.subject.clear();
    m.attribute.clear();
    m.value.clear();
    m.status = MemoryStatus::kQuarantined;
    batch->memories.resize(1);
    batch->reviews.push_back({"quarantine", "guard: possible injection or poisoning (" + cats +
                              ")", payload.dump(), 0});
  } else {
    batch->reviews.push_back({"suspicious", "guard: suspicious wording (" + cats + ")",
                              payload.dump(), 0});
  }
}

// What the guard reads: the message, and every other field a memory of it carries to a
// reader (an explicit fact's value, metadata keys and values), so that no field launders
// text the message itself would have quarantined.
std::string GuardText(const std::string& folded, const store::IngestBatch& batch) {
  std::string extra;
  for (const Memory& m : batch.memories) {
    if (!m.value.empty() && m.value != batch.message.content) extra += m.value + "\n";
  }
  extra += MetadataText(batch.memories.front().metadata_json);
  if (extra.empty()) return folded;
  return folded + "\n" + text::FoldForSearch(text::pii::WithoutPlaceholderIds(extra));
}

void Anchor(const Instant& at, store::IngestBatch* batch) {
  auto matches = ParseTime(batch->message.content, at);
  if (!matches.ok()) return;
  for (const TimeMatch& t : *matches) {
    if (!t.from || !t.to) continue;
    if (t.kind != TimeKind::kValue && t.kind != TimeKind::kInterval) continue;
    for (size_t i = 0; i < batch->memories.size(); ++i) {
      Memory& m = batch->memories[i];
      m.event_time = TimeSpan{*t.from, *t.to, t.grain};
      m.confidence.temporal = t.confidence;
      if (t.confidence < kReviewTemporalConfidence) {
        json payload = {{"text", t.text}, {"confidence", t.confidence},
                        {"from", t.from->unix_ms}, {"to", t.to->unix_ms}};
        batch->reviews.push_back({"low_temporal_confidence",
                                  "anchor: '" + t.text + "' resolved with low confidence",
                                  payload.dump(), static_cast<int>(i)});
      }
    }
    return;  // the first resolved expression dates the message
  }
}

MemoryKind KindFor(const StageReport& report, bool temporary) {
  if (temporary) return MemoryKind::kState;
  for (const std::string& s : report.signals) {  // strongest first
    if (s == "preference") return MemoryKind::kPreference;
    if (s == "task" || s == "commitment") return MemoryKind::kTask;
    if (s == "event") return MemoryKind::kEvent;
  }
  return MemoryKind::kRaw;
}

void Classify(const std::string& folded, bool infer, StageReport* report,
              store::IngestBatch* batch) {
  const bool temporary = extract::IsTemporaryState(folded);
  report->context_reload = extract::IsContextReload(folded);
  for (Memory& m : batch->memories) {
    if (infer && m.kind == MemoryKind::kRaw && m.status != MemoryStatus::kQuarantined) {
      m.kind = KindFor(*report, temporary);
    }
  }
}

void TypeEvent(const std::string& folded, StageReport* report, store::IngestBatch* batch,
               json* context) {
  extract::EventTyping typing = extract::TypeEvent(folded);
  if (typing.type == extract::EventType::kNone) return;
  report->event_type = std::string(extract::EventTypeName(typing.type));
  report->event_confidence = typing.confidence;
  json slots = json::object();
  for (const extract::EventSlot& s : typing.slots) {
    std::string name(extract::SlotNameString(s.name));
    report->event_slots.emplace_back(name, s.value);
    slots[name] = {{"value", s.value}, {"confidence", s.confidence}};
  }
  (*context)["event"] = {{"type", report->event_type},
                         {"confidence", typing.confidence},
                         {"slots", slots}};
  batch->memories.front().confidence.event_type = typing.confidence;
}

}  // namespace

double TtlPolicy::HoursFor(MemoryKind kind) const {
  switch (kind) {
    case MemoryKind::kState: return state;
    case MemoryKind::kPreference: return preference;
    case MemoryKind::kTask: return task;
    case MemoryKind::kEvent: return event;
    case MemoryKind::kFact: return fact;
    case MemoryKind::kRaw: return raw;
    case MemoryKind::kSummary: return 0;
  }
  return 0;
}

void ApplyTtl(const TtlPolicy& policy, const Instant& at, store::IngestBatch* batch) {
  for (Memory& m : batch->memories) {
    const double hours = policy.HoursFor(m.kind);
    if (hours <= 0) continue;
    int64_t start = at.unix_ms;
    if (m.event_time && m.event_time->to.unix_ms > start) start = m.event_time->to.unix_ms;
    const Instant ttl{start + static_cast<int64_t>(hours * 3600.0 * 1000.0), at.offset_minutes};
    if (!m.expires_at || ttl.unix_ms < m.expires_at->unix_ms) m.expires_at = ttl;
  }
}

StageReport ApplyStages(const Instant& at, store::IngestBatch* batch, bool infer,
                        bool extract_facts) {
  StageReport report;
  if (batch->memories.empty()) return report;
  std::string folded =
      text::FoldForSearch(text::pii::WithoutPlaceholderIds(batch->message.content));
  Guard(GuardText(folded, *batch), batch, &report);
  extract::SignalResult s = extract::SignalClassifier::Default().ClassifyFolded(folded);
  report.worth_remembering = s.worth_remembering;
  for (const extract::Signal& sig : s.signals) {
    report.signals.push_back(std::string(extract::SignalKindName(sig.kind)));
  }
  Anchor(at, batch);
  Classify(folded, infer, &report, batch);
  json context = json::object();
  context["guard"] = report.guard;
  context["signals"] = report.signals;
  if (report.context_reload) context["context_reload"] = true;
  TypeEvent(folded, &report, batch, &context);
  batch->message.context_json = context.dump();
  if (infer && extract_facts) ExtractFacts(&report, batch);
  return report;
}

namespace {

// The clause of a fact about someone it calls by a pronoun, with the name instead: the fact
// reads alone ("他在AI Lab负责大模型推理优化" of 张工 -> "张工在AI Lab负责大模型推理优化";
// "He reports to Li" of Tom -> "Tom reports to Li").
std::string NamedSubject(const std::string& clause, const std::string& subject) {
  if (subject.empty() || subject == "user") return clause;
  for (std::string_view pronoun : {"他", "她"}) {
    if (clause.starts_with(pronoun) && !clause.starts_with(std::string(pronoun) + "们") &&
        subject != pronoun) {
      return subject + clause.substr(pronoun.size());
    }
  }
  for (std::string_view pronoun : {"He ", "She ", "he ", "she "}) {
    if (clause.starts_with(pronoun)) return subject + clause.substr(pronoun.size() - 1);
  }
  return clause;
}

}  // namespace

void ExtractFacts(StageReport* report, store::IngestBatch* batch) {
  if (batch->memories.empty()) return;
  const Memory episode = batch->memories.front();
  if (episode.status == MemoryStatus::kQuarantined || report->guard != "clean") return;
  if (!episode.attribute.empty()) return;  // the caller stated the fact explicitly
  const std::string text = episode.content;  // as said, or its self-contained rewrite
  const bool confirmed = extract::IsExplicitConfirmation(text);
  std::vector<std::string> seen;  // one memory per (subject, attribute)
  for (const extract::ExtractedFact& f : extract::ExtractFacts(text)) {
    if (f.negative || f.value.empty() || f.subject.empty()) continue;
    const std::string attribute = extract::FactAttribute(f);
    const std::string key = f.subject + "\x1f" + attribute;
    if (std::find(seen.begin(), seen.end(), key) != seen.end()) continue;
    seen.push_back(key);
    Memory m = episode;
    m.type = MemoryType::kSemantic;
    m.kind = f.temporary                    ? MemoryKind::kState
             : f.attribute == "prefers"     ? MemoryKind::kPreference
                                            : MemoryKind::kFact;
    m.subject = text::Normalize(f.subject);
    m.attribute = attribute;
    m.value = text::Normalize(f.value);
    if (f.end > f.begin && f.end <= text.size()) {
      m.content = text.substr(f.begin, f.end - f.begin);  // the clause that states it
      m.content = NamedSubject(m.content, m.subject);
    }
    m.confidence.overall = std::min(1.0, f.confidence);
    const extract::AttributeSpec* spec = extract::FindAttribute(f.attribute);
    if (f.fusion == extract::FusionClass::kWeak && !f.self_stated && !confirmed && spec &&
        spec->min_mentions > 1) {  // a candidate until mentioned often enough (weak_fusion.h)
      batch->unconfirmed.emplace_back(static_cast<int>(batch->memories.size()),
                                      spec->min_mentions);
    }
    batch->memories.push_back(std::move(m));
    ++report->facts;
  }
  if (report->facts == 0) return;
  json context = json::parse(batch->message.context_json, nullptr, false);
  if (!context.is_object()) context = json::object();
  context["facts"] = report->facts;
  batch->message.context_json = context.dump();
}

}  // namespace engram::ingest
