// Request metrics in the Prometheus text format: a counter per (method, route, status) and a
// latency histogram per (method, route).
//
// Thread safety: all methods may be called concurrently.
#ifndef ENGRAM_APPS_SERVE_METRICS_H_
#define ENGRAM_APPS_SERVE_METRICS_H_

#include <array>
#include <map>
#include <mutex>
#include <string>
#include <tuple>

namespace engram::serve {

class Metrics {
 public:
  // `route` is the route's template ("/v1/memories/{id}"), never the raw path, so label
  // cardinality stays bounded.
  void Observe(const std::string& method, const std::string& route, int status, double seconds);

  // engram_http_requests_total, engram_http_request_duration_seconds (histogram) and
  // engram_http_in_flight; plus any extra gauges the caller passes as ready-made lines.
  std::string Render(const std::string& extra = "") const;

  void AddInFlight(int delta);

  static constexpr std::array<double, 12> kBuckets = {0.001, 0.0025, 0.005, 0.01, 0.025, 0.05,
                                                      0.1,   0.25,   0.5,   1,    2.5,   10};

 private:
  struct Histogram {
    std::array<uint64_t, kBuckets.size()> counts{};  // per bucket, not cumulative
    uint64_t count = 0;
    double sum = 0;
  };
  mutable std::mutex mu_;
  std::map<std::tuple<std::string, std::string, int>, uint64_t> requests_;
  std::map<std::pair<std::string, std::string>, Histogram> latency_;
  int64_t in_flight_ = 0;
};

}  // namespace engram::serve

#endif  // ENGRAM_APPS_SERVE_METRICS_H_
