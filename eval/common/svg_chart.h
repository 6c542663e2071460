// A grouped bar chart written as a self-contained SVG file (no plotting dependency).
//
//   BarChart c{"LoCoMo evidence recall@10", "%", {"multi-hop", "temporal"}, {}};
//   c.series.push_back({"hybrid", {61.2, 70.4}});
//   std::string svg = RenderSvg(c);
#ifndef ENGRAM_EVAL_COMMON_SVG_CHART_H_
#define ENGRAM_EVAL_COMMON_SVG_CHART_H_

#include <string>
#include <vector>

namespace engram::eval {

struct BarSeries {
  std::string name;
  std::vector<double> values;   // one per group; missing values are drawn as 0
};

struct BarChart {
  std::string title;
  std::string unit;                     // appended to value labels, e.g. "%"
  std::vector<std::string> groups;      // x-axis categories
  std::vector<BarSeries> series;        // one bar per series in each group
  double max_value = 100;               // top of the y axis
};

std::string RenderSvg(const BarChart& chart);

}  // namespace engram::eval

#endif  // ENGRAM_EVAL_COMMON_SVG_CHART_H_
