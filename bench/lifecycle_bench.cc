// lifecycle_bench: a generated year of agent memory, to measure what dormancy does to the hot
// vector index (issue 7: "report the hot-index size reduction on a year-long workload").
//
// Every simulated day one user's agent writes --per-day messages (each naming its own ticket
// id) and asks --recalls-per-day questions: 80 % about the last two weeks, 20 % about any
// earlier day (so old memories do get woken now and then). Recall touches its hits. The
// lifecycle sweep runs once a week with the default 90-day dormancy. At the end it prints the
// hot and cold vector partition sizes, the share of memories that went dormant, how many
// were woken, and the recall latency with and without --deep on the final state.
//
//   lifecycle_bench [--days 365] [--per-day 100] [--recalls-per-day 30] [--dir /tmp]
//                   [--embedder hashing|e5] [--json]
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "engram/engram.h"

namespace {

using Steady = std::chrono::steady_clock;

class SimClock final : public engram::Clock {
 public:
  int64_t NowMicros() const override { return now_.load(); }
  void Advance(int64_t micros) { now_ += micros; }

 private:
  std::atomic<int64_t> now_{1704067200000000};  // 2024-01-01T00:00:00Z
};

const char* kTopics[] = {"接口文档", "预算报表", "测试用例", "合同草案", "发布计划",
                         "the API docs", "the Q3 budget", "the vendor contract"};

double Percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[static_cast<size_t>(p * (v.size() - 1) + 0.5)];
}

int Fail(const engram::Status& s) {
  std::fprintf(stderr, "lifecycle_bench: %s\n", s.ToString().c_str());
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  int days = 365, per_day = 100, recalls_per_day = 30;
  std::string dir = "/tmp", embedder = "hashing";
  bool json = false;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto next = [&]() -> std::string { return i + 1 < argc ? argv[++i] : ""; };
    if (a == "--days") days = std::atoi(next().c_str());
    else if (a == "--per-day") per_day = std::atoi(next().c_str());
    else if (a == "--recalls-per-day") recalls_per_day = std::atoi(next().c_str());
    else if (a == "--dir") dir = next();
    else if (a == "--embedder") embedder = next();
    else if (a == "--json") json = true;
    else {
      std::fprintf(stderr, "lifecycle_bench: unknown flag %s\n", a.c_str());
      return 2;
    }
  }
  if (days <= 0 || per_day <= 0 || recalls_per_day < 0) {
    std::fprintf(stderr, "lifecycle_bench: --days and --per-day must be positive\n");
    return 2;
  }
  const std::string path = dir + "/lifecycle_bench.db";
  for (const char* ext : {"", "-wal", "-shm", ".vectors", ".key"}) {
    std::filesystem::remove(path + ext);
  }
  SimClock clock;
  engram::Options o;
  o.db_path = path;
  o.embedder = embedder;
  o.clock = &clock;
  auto opened = engram::Engine::Open(o);
  if (!opened.ok()) return Fail(opened.status());
  engram::Engine& e = **opened;
  const engram::Principal user{"alice", "agent", {}, {}};
  std::mt19937_64 rng(42);
  const int64_t day_us = 86400LL * 1000 * 1000;
  int64_t dormant_total = 0, woken = 0, written = 0;
  const auto start = Steady::now();
  for (int d = 0; d < days; ++d) {
    for (int i = 0; i < per_day; ++i) {
      engram::RememberRequest r;
      r.principal = user;
      r.text = std::string(kTopics[rng() % 8]) + " 进展记录，工单 T-" + std::to_string(d) + "-" +
               std::to_string(i);
      if (auto out = e.Remember(r); !out.ok()) return Fail(out.status());
      ++written;
    }
    for (int q = 0; q < recalls_per_day; ++q) {
      const bool recent = rng() % 10 < 8;
      const int day = recent ? std::max(0, d - static_cast<int>(rng() % 14))
                             : static_cast<int>(rng() % (d + 1));
      engram::RecallRequest r;
      r.principal = user;
      r.query = "工单 T-" + std::to_string(day) + "-" + std::to_string(rng() % per_day);
      r.limit = 3;
      auto out = e.Recall(r);
      if (!out.ok()) return Fail(out.status());
      for (const engram::RecallHit& h : out->hits) {
        woken += h.memory.status == engram::MemoryStatus::kDormant;
      }
    }
    clock.Advance(day_us);
    if (d % 7 == 6) {
      auto swept = e.Sweep();
      if (!swept.ok()) return Fail(swept.status());
      dormant_total += swept->dormant;
    }
  }
  const double build_s = std::chrono::duration<double>(Steady::now() - start).count();
  auto stats = e.Stats(user);
  if (!stats.ok()) return Fail(stats.status());

  // Recall latency on the final state, ordinary vs deep (same questions).
  std::vector<double> hot_ms, deep_ms;
  for (int q = 0; q < 200; ++q) {
    engram::RecallRequest r;
    r.principal = user;
    r.query = std::string(kTopics[q % 8]) + " 的进展";
    r.limit = 10;
    for (bool deep : {false, true}) {
      r.deep = deep;
      const auto t0 = Steady::now();
      auto out = e.Recall(r);
      if (!out.ok()) return Fail(out.status());
      (deep ? deep_ms : hot_ms)
          .push_back(std::chrono::duration<double, std::milli>(Steady::now() - t0).count());
    }
  }
  const double total = static_cast<double>(stats->vectors_hot + stats->vectors_cold);
  const double reduction = total > 0 ? 100.0 * stats->vectors_cold / total : 0;
  if (json) {
    std::printf(
        "{\"days\":%d,\"memories\":%lld,\"vectors_hot\":%lld,\"vectors_cold\":%lld,"
        "\"hot_reduction_pct\":%.1f,\"dormant_now\":%lld,\"made_dormant\":%lld,\"woken\":%lld,"
        "\"recall_p50_ms\":%.2f,\"deep_recall_p50_ms\":%.2f,\"build_s\":%.1f}\n",
        days, static_cast<long long>(written), static_cast<long long>(stats->vectors_hot),
        static_cast<long long>(stats->vectors_cold), reduction,
        static_cast<long long>(stats->memories_dormant),
        static_cast<long long>(dormant_total), static_cast<long long>(woken),
        Percentile(hot_ms, 0.5), Percentile(deep_ms, 0.5), build_s);
  } else {
    std::printf("%d days, %lld memories (%s embedder), weekly sweep, dormant after 90 days\n",
                days, static_cast<long long>(written), embedder.c_str());
    std::printf("hot vectors   %lld\ncold vectors  %lld\nhot index -%.1f %%\n",
                static_cast<long long>(stats->vectors_hot),
                static_cast<long long>(stats->vectors_cold), reduction);
    std::printf("made dormant  %lld (woken again by recall: %lld)\n",
                static_cast<long long>(dormant_total), static_cast<long long>(woken));
    std::printf("recall p50    %.2f ms   deep recall p50 %.2f ms\n", Percentile(hot_ms, 0.5),
                Percentile(deep_ms, 0.5));
  }
  return 0;
}
