#include "src/ingest/stages.h"

#include <nlohmann/json.hpp>

#include <algorithm>

#include "engram/temporal.h"
#include "src/extract/guard.h"
#include "src/extract/signal.h"
#include "src/text/normalize.h"

namespace engram::ingest {
namespace {

using nlohmann::json;

void Guard(const std::string& folded, store::IngestBatch* batch, StageReport* report) {
  extract::GuardResult g = extract::Guard::Default().CheckFolded(folded);
  report->guard = std::string(extract::GuardVerdictName(g.verdict));
  report->guard_score = g.score;
  json rules = json::array();
  for (const extract::GuardMatch& m : g.matches) {
    std::string category(extract::GuardCategoryName(m.category));
    if (std::find(report->guard_categories.begin(), report->guard_categories.end(),
                  category) == report->guard_categories.end()) {
      report->guard_categories.push_back(category);
    }
    rules.push_back(std::string(m.rule_id));
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

}  // namespace

StageReport ApplyStages(const Instant& at, store::IngestBatch* batch) {
  StageReport report;
  if (batch->memories.empty()) return report;
  std::string folded = text::FoldForSearch(batch->message.content);
  Guard(folded, batch, &report);
  extract::SignalResult s = extract::SignalClassifier::Default().ClassifyFolded(folded);
  report.worth_remembering = s.worth_remembering;
  for (const extract::Signal& sig : s.signals) {
    report.signals.push_back(std::string(extract::SignalKindName(sig.kind)));
  }
  Anchor(at, batch);
  return report;
}

}  // namespace engram::ingest
