// Rendering of a LocomoReport: JSON, a text table per variant, and an SVG chart.
#include <nlohmann/json.hpp>

#include <cstdio>

#include "eval/common/svg_chart.h"
#include "eval/locomo/locomo_eval.h"

namespace engram::eval {
namespace {

using nlohmann::json;

const char* CategoryName(int c) {
  switch (c) {
    case 1: return "multi-hop";
    case 2: return "temporal";
    case 3: return "open-domain";
    case 4: return "single-hop";
    case 5: return "adversarial";
  }
  return "other";
}

json ScoresJson(const RecallScores& s) {
  json rec = json::object(), cor = json::object();
  for (const auto& [k, v] : s.recall) rec["@" + std::to_string(k)] = v;
  for (const auto& [k, v] : s.corrected) cor["@" + std::to_string(k)] = v;
  return json{{"questions", s.questions}, {"recall", rec}, {"recall_corrected", cor}};
}

void PrintRun(const LocomoRun& run, std::ostream& out) {
  char line[256];
  out << "[" << run.name << "]\n";
  out << "category            n    ";
  for (const auto& [k, v] : run.overall.recall) out << "  R@" << k << (k < 10 ? " " : "");
  out << "   |  corrected evidence\n";
  auto row = [&](const std::string& name, const RecallScores& s) {
    std::snprintf(line, sizeof line, "%-16s %5d    ", name.c_str(), s.questions);
    out << line;
    for (const auto& [k, v] : s.recall) {
      std::snprintf(line, sizeof line, " %5.1f", 100 * v);
      out << line;
    }
    out << "   | ";
    for (const auto& [k, v] : s.corrected) {
      std::snprintf(line, sizeof line, " %5.1f", 100 * v);
      out << line;
    }
    out << "\n";
  };
  for (const auto& [c, s] : run.by_category) row(std::to_string(c) + " " + CategoryName(c), s);
  row("overall", run.overall);
  std::snprintf(line, sizeof line, "recall latency p50 %.2f ms, p95 %.2f ms\n", run.recall_p50_ms,
                run.recall_p95_ms);
  out << line;
  if (run.negative_questions > 0) {
    std::snprintf(line, sizeof line,
                  "abstention: %.1f%% of %d questions asked of another conversation got a hit\n",
                  100 * run.negatives_with_hits, run.negative_questions);
    out << line;
  }
}

}  // namespace

std::string LocomoReportJson(const LocomoReport& r) {
  json runs = json::array();
  for (const LocomoRun& run : r.runs) {
    json cats = json::object();
    for (const auto& [c, s] : run.by_category) {
      json j = ScoresJson(s);
      j["name"] = CategoryName(c);
      cats[std::to_string(c)] = j;
    }
    runs.push_back({{"variant", run.name},
                    {"overall", ScoresJson(run.overall)},
                    {"categories", cats},
                    {"recall_latency_ms", {{"p50", run.recall_p50_ms},
                                           {"p95", run.recall_p95_ms}}},
                    {"negatives", {{"questions", run.negative_questions},
                                   {"with_hits", run.negatives_with_hits}}}});
  }
  json out = {{"benchmark", "locomo"},
              {"conversations", r.conversations},
              {"turns", r.turns},
              {"questions_total", r.questions_total},
              {"corrected_questions", r.corrected_questions},
              {"ingest_seconds", r.ingest_seconds},
              {"runs", runs}};
  return out.dump(2);
}

void PrintLocomoReport(const LocomoReport& r, std::ostream& out) {
  char line[256];
  int scored = r.runs.empty() ? 0 : r.runs.front().overall.questions;
  std::snprintf(line, sizeof line,
                "LoCoMo: %d conversations, %d turns, %d questions (%d scored); ingest %.1f s\n",
                r.conversations, r.turns, r.questions_total, scored, r.ingest_seconds);
  out << line;
  for (const LocomoRun& run : r.runs) PrintRun(run, out);
}

std::string LocomoChartSvg(const LocomoReport& r, int k) {
  BarChart chart;
  chart.title = "LoCoMo evidence recall@" + std::to_string(k) + " (%)";
  if (!r.runs.empty()) {
    for (const auto& [c, s] : r.runs.front().by_category) chart.groups.push_back(CategoryName(c));
  }
  chart.groups.push_back("overall");
  for (const LocomoRun& run : r.runs) {
    BarSeries s{run.name, {}};
    for (const auto& [c, scores] : run.by_category) {
      auto it = scores.recall.find(k);
      s.values.push_back(it == scores.recall.end() ? 0 : 100 * it->second);
    }
    auto it = run.overall.recall.find(k);
    s.values.push_back(it == run.overall.recall.end() ? 0 : 100 * it->second);
    chart.series.push_back(std::move(s));
  }
  return RenderSvg(chart);
}

}  // namespace engram::eval
