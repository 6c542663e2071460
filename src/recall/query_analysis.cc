#include "src/recall/query_analysis.h"

#include <algorithm>

#include "engram/temporal.h"
#include "src/text/normalize.h"

namespace engram::recall {
namespace {

// Phrases that ask about the past states of something rather than its current value.
constexpr std::string_view kHistoryCues[] = {
    "以前", "之前是", "原来", "曾经", "历史", "变更", "改过", "变过", "过去的", "先前",
    "used to", "previously", "history", "formerly", "before it changed", "changed from",
    "was it before", "earlier value", "old value"};

// A window wider than this is no help in ranking ("this year", "2014年以后").
constexpr int64_t kMaxWindowMs = 400LL * 24 * 3600 * 1000;

}  // namespace

QueryAnalysis AnalyzeQuery(std::string_view query, const Instant& at) {
  QueryAnalysis out;
  std::string folded = text::FoldForSearch(query);
  for (std::string_view cue : kHistoryCues) {
    if (folded.find(cue) != std::string::npos) {
      out.wants_history = true;
      break;
    }
  }
  auto matches = ParseTime(query, at);
  if (!matches.ok()) return out;
  for (const TimeMatch& m : *matches) {
    if (!m.from || !m.to) continue;
    if (m.kind != TimeKind::kValue && m.kind != TimeKind::kInterval) continue;
    if (m.to->unix_ms - m.from->unix_ms > kMaxWindowMs) continue;
    out.windows.push_back(TimeWindow{*m.from, *m.to, m.confidence, m.text});
  }
  return out;
}

bool InWindows(const std::vector<TimeWindow>& windows, const Instant& t) {
  return std::any_of(windows.begin(), windows.end(), [&](const TimeWindow& w) {
    return t.unix_ms >= w.from.unix_ms && t.unix_ms < w.to.unix_ms;
  });
}

}  // namespace engram::recall
