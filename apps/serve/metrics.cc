#include "apps/serve/metrics.h"

#include <cstdio>

namespace engram::serve {
namespace {

std::string Num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", v);
  return buf;
}

std::string Labels(const std::string& method, const std::string& route) {
  return "method=\"" + method + "\",route=\"" + route + "\"";
}

}  // namespace

void Metrics::Observe(const std::string& method, const std::string& route, int status,
                      double seconds) {
  std::lock_guard lock(mu_);
  ++requests_[{method, route, status}];
  Histogram& h = latency_[{method, route}];
  size_t b = 0;
  while (b < kBuckets.size() && seconds > kBuckets[b]) ++b;
  if (b < kBuckets.size()) ++h.counts[b];
  ++h.count;
  h.sum += seconds;
}

void Metrics::AddInFlight(int delta) {
  std::lock_guard lock(mu_);
  in_flight_ += delta;
}

std::string Metrics::Render(const std::string& extra) const {
  std::lock_guard lock(mu_);
  std::string out =
      "# HELP engram_http_requests_total HTTP requests by method, route and status.\n"
      "# TYPE engram_http_requests_total counter\n";
  for (const auto& [key, n] : requests_) {
    const auto& [method, route, status] = key;
    out += "engram_http_requests_total{" + Labels(method, route) + ",status=\"" +
           std::to_string(status) + "\"} " + std::to_string(n) + "\n";
  }
  out +=
      "# HELP engram_http_request_duration_seconds Time to answer a request.\n"
      "# TYPE engram_http_request_duration_seconds histogram\n";
  for (const auto& [key, h] : latency_) {
    const std::string labels = Labels(key.first, key.second);
    uint64_t cumulative = 0;
    for (size_t b = 0; b < kBuckets.size(); ++b) {
      cumulative += h.counts[b];
      out += "engram_http_request_duration_seconds_bucket{" + labels + ",le=\"" +
             Num(kBuckets[b]) + "\"} " + std::to_string(cumulative) + "\n";
    }
    out += "engram_http_request_duration_seconds_bucket{" + labels + ",le=\"+Inf\"} " +
           std::to_string(h.count) + "\n";
    out += "engram_http_request_duration_seconds_sum{" + labels + "} " + Num(h.sum) + "\n";
    out += "engram_http_request_duration_seconds_count{" + labels + "} " +
           std::to_string(h.count) + "\n";
  }
  out +=
      "# HELP engram_http_in_flight Requests being answered now.\n"
      "# TYPE engram_http_in_flight gauge\n"
      "engram_http_in_flight " + std::to_string(in_flight_) + "\n";
  return out + extra;
}

}  // namespace engram::serve
