#include "eval/common/svg_chart.h"

#include <algorithm>
#include <cstdio>

namespace engram::eval {
namespace {

std::string Escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string Fmt(const char* f, double a, double b = 0, double c = 0, double d = 0) {
  char buf[160];
  std::snprintf(buf, sizeof buf, f, a, b, c, d);
  return buf;
}

const char* kColors[] = {"#4C78A8", "#F58518", "#54A24B", "#E45756", "#72B7B2", "#B279A2"};

}  // namespace

std::string RenderSvg(const BarChart& chart) {
  const double left = 50, top = 40, plot_h = 260, group_w = 24.0 * (chart.series.size() + 1.5);
  const double plot_w = std::max(200.0, group_w * chart.groups.size());
  const double width = left + plot_w + 20, height = top + plot_h + 80;
  const double max_v = chart.max_value > 0 ? chart.max_value : 1;
  std::string s = Fmt(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
      "font-family=\"sans-serif\" font-size=\"11\">\n",
      width, height);
  s += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  s += Fmt("<text x=\"%.0f\" y=\"20\" font-size=\"14\">", left) + Escape(chart.title) +
       "</text>\n";
  for (int i = 0; i <= 4; ++i) {  // horizontal grid and y labels
    double y = top + plot_h - plot_h * i / 4.0;
    s += Fmt("<line x1=\"%.0f\" y1=\"%.1f\" x2=\"%.0f\" y2=\"%.1f\" stroke=\"#ddd\"/>\n", left, y,
             left + plot_w, y);
    s += Fmt("<text x=\"%.0f\" y=\"%.1f\" text-anchor=\"end\">%.0f</text>\n", left - 4, y + 4,
             max_v * i / 4.0);
  }
  for (size_t g = 0; g < chart.groups.size(); ++g) {
    double gx = left + g * group_w + 12;
    for (size_t k = 0; k < chart.series.size(); ++k) {
      const auto& values = chart.series[k].values;
      double v = g < values.size() ? values[g] : 0;
      double h = plot_h * std::clamp(v / max_v, 0.0, 1.0);
      double x = gx + 24.0 * k, y = top + plot_h - h;
      s += Fmt("<rect x=\"%.1f\" y=\"%.1f\" width=\"20\" height=\"%.1f\" ", x, y, h) +
           "fill=\"" + kColors[k % 6] + "\"/>\n";
      s += Fmt("<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" font-size=\"8\">%.1f",
               x + 10, y - 2, v) +
           Escape(chart.unit) + "</text>\n";
    }
    s += Fmt("<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">", gx + 12.0 *
             chart.series.size(), top + plot_h + 16) + Escape(chart.groups[g]) + "</text>\n";
  }
  for (size_t k = 0; k < chart.series.size(); ++k) {  // legend
    double x = left + 110.0 * k, y = top + plot_h + 40;
    s += Fmt("<rect x=\"%.0f\" y=\"%.0f\" width=\"12\" height=\"12\" ", x, y) + "fill=\"" +
         kColors[k % 6] + "\"/>\n";
    s += Fmt("<text x=\"%.0f\" y=\"%.0f\">", x + 16, y + 10) + Escape(chart.series[k].name) +
         "</text>\n";
  }
  s += "</svg>\n";
  return s;
}

}  // namespace engram::eval
