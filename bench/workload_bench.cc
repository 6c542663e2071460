// engram_bench: a db_bench-like workload driver for the embedded engine.
//
// For each size N: a fresh SQLite database gets N synthetic Chinese/English messages through
// Engine::Remember (one transaction each, as an agent would write them), then Q keyword
// recalls run against it. Prints remember throughput and recall latency percentiles, as a
// table and (with --json) as JSON. Timings are wall-clock on this machine.
//
//   engram_bench [--sizes 10000,100000] [--queries 1000] [--dir /tmp] [--json]
//                [--query-kind zh|ticket|en|mixed] [--embedder none|hashing|e5] [--reuse]
//                [--dump PATH] [--store postgres://…]
//
// --store runs the same workload on a PostgreSQL store: each size in its own schema
// (bench_<N>, replacing any ?schema= of the URI); $ENGRAM_VAULT_KEY must be set. Without
// --reuse the schema's memories are not removed first: give it a fresh database. With
// --reuse a schema that already holds memories is not filled again (e.g. one copied from the
// SQLite run with `engram migrate sqlite:PATH postgres://…?schema=bench_<N>`).
//
// --reuse keeps each database after the run and, when it already exists, skips the writes
// (the query stream stays the same), so recall can be measured again without re-filling it.
// A reused database holding fewer than N messages (an interrupted fill) is refused.
// --dump writes each query and its hits (memory id:score, in rank order) to PATH, one line
// per recall, so that two builds' answers can be compared with diff.
//
// The default embedder is "none": this measures the store and the keyword channel. With
// "e5" every remember and recall also embeds its text (about 25 ms each on this machine).
// Besides wall-clock latency it prints the calling thread's CPU time per recall ("cpu"),
// which a shared machine's load does not inflate by the time spent waiting for a core (it
// leaves out OpenBLAS worker threads of an exact vector search).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "engram/engram.h"

namespace {

using Clock = std::chrono::steady_clock;

const std::vector<std::string> kPeople = {"张工", "李老师", "王经理", "财务总监", "林总",
                                          "陈博士", "Alice", "Bob", "Carol", "Dave"};
const std::vector<std::string> kZhActions = {"说下周二要验收", "提醒大家提交", "要求重写",
                                             "已经审核了", "明天下午讨论", "下个月上线"};
const std::vector<std::string> kZhObjects = {"接口文档", "预算报表", "测试用例", "合同草案",
                                             "季度总结", "发布计划", "风险清单", "采购申请"};
const std::vector<std::string> kEnActions = {"asked for", "approved", "will review",
                                             "wants to postpone", "shipped", "rejected"};
const std::vector<std::string> kEnObjects = {"the API docs", "the Q3 budget", "the test plan",
                                             "the vendor contract", "the release notes",
                                             "the onboarding guide", "the security audit"};

std::string Pick(const std::vector<std::string>& v, std::mt19937_64& rng) {
  return v[rng() % v.size()];
}

std::string Message(std::mt19937_64& rng) {
  std::string ticket = "T-" + std::to_string(100 + rng() % 5000);
  if (rng() % 2) {
    return Pick(kPeople, rng) + Pick(kZhActions, rng) + Pick(kZhObjects, rng) + "，工单" + ticket;
  }
  return Pick(kPeople, rng) + " " + Pick(kEnActions, rng) + " " + Pick(kEnObjects, rng) +
         " (ticket " + ticket + ")";
}

int g_query_kind = -1;  // -1 mixed, else 0 zh, 1 ticket, 2 en

std::string Query(std::mt19937_64& rng) {
  int kind = g_query_kind >= 0 ? g_query_kind : static_cast<int>(rng() % 3);
  switch (kind) {
    case 0: return Pick(kPeople, rng) + Pick(kZhObjects, rng);
    case 1: return "工单T-" + std::to_string(100 + rng() % 5000);
    default: return "who " + Pick(kEnActions, rng) + " " + Pick(kEnObjects, rng);
  }
}

double ThreadCpuMs() {
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
}

double Percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  size_t i = static_cast<size_t>(p * (v.size() - 1) + 0.5);
  return v[i];
}

std::vector<int> ParseSizes(const std::string& s) {
  std::vector<int> out;
  std::stringstream ss(s);
  std::string item;
  while (std::getline(ss, item, ',')) out.push_back(std::atoi(item.c_str()));
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<int> sizes = {10000, 100000};
  int queries = 1000;
  std::string dir = std::filesystem::temp_directory_path().string();
  bool json = false;
  bool reuse = false;
  std::string embedder = "none";
  std::string dump;
  std::string store;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--sizes" && i + 1 < argc) sizes = ParseSizes(argv[++i]);
    else if (a == "--queries" && i + 1 < argc) queries = std::atoi(argv[++i]);
    else if (a == "--dir" && i + 1 < argc) dir = argv[++i];
    else if (a == "--json") json = true;
    else if (a == "--reuse") reuse = true;
    else if (a == "--dump" && i + 1 < argc) dump = argv[++i];
    else if (a == "--embedder" && i + 1 < argc) embedder = argv[++i];
    else if (a == "--store" && i + 1 < argc) store = argv[++i];
    else if (a == "--query-kind" && i + 1 < argc) {
      std::string k = argv[++i];
      g_query_kind = k == "zh" ? 0 : k == "ticket" ? 1 : k == "en" ? 2 : -1;
    }
    else {
      std::fprintf(stderr, "usage: engram_bench [--sizes N,M] [--queries Q] [--dir D] [--query-kind zh|ticket|en|mixed] [--embedder none|hashing|e5] [--json] [--reuse] [--dump PATH] [--store postgres://...]\n");
      return 2;
    }
  }
  if (std::error_code ec; store.empty() && (std::filesystem::create_directories(dir, ec), ec)) {
    std::fprintf(stderr, "engram_bench: --dir %s: %s\n", dir.c_str(), ec.message().c_str());
    return 1;
  }
  engram::Principal user;
  user.user_id = "bench-user";
  std::string rows;
  std::printf("%-10s %14s %12s %12s %12s %8s %12s %12s\n", "memories", "remember/s",
              "recall p50", "recall p95", "recall p99", "hits/q", "cpu p50", "cpu p95");
  for (int n : sizes) {
    std::string path =
        dir + "/engram-bench-" + std::to_string(n) + (reuse ? "-" + embedder : "") + ".db";
    bool fill = !reuse || !std::filesystem::exists(path);
    engram::Options o;
    o.embedder = embedder;
    if (store.empty()) {
      for (const char* suffix : {"", "-wal", "-shm", ".vectors", ".key"}) {
        if (fill) std::filesystem::remove(path + suffix);
      }
      o.db_path = path;
    } else {
      o.store = store.substr(0, store.find('?')) + "?schema=bench_" + std::to_string(n);
    }
    auto opened = engram::Engine::Open(o);
    if (!opened.ok()) {
      std::fprintf(stderr, "engram_bench: %s\n", opened.status().ToString().c_str());
      return 1;
    }
    auto& engine = *opened;
    if (reuse) {
      // A reused database must hold the whole fill: an interrupted one is refused, not
      // measured as if it were full.
      auto stats = engine->Stats(user);
      fill = !stats.ok() || stats->messages == 0;
      if (!fill && stats->messages < n) {
        std::fprintf(stderr,
                     "engram_bench: %s holds %lld messages, fewer than %d (an interrupted "
                     "fill?): remove it, or run without --reuse\n",
                     store.empty() ? path.c_str() : o.store.c_str(),
                     static_cast<long long>(stats->messages), n);
        return 1;
      }
    }
    std::mt19937_64 rng(42);
    auto start = Clock::now();
    for (int i = 0; i < n; ++i) {
      if (!fill) {
        Message(rng);  // same query stream as a filling run
        continue;
      }
      engram::RememberRequest r;
      r.principal = user;
      r.session_id = "s" + std::to_string(i / 50);
      r.text = Message(rng);
      auto res = engine->Remember(r);
      if (!res.ok()) {
        std::fprintf(stderr, "engram_bench: remember: %s\n", res.status().ToString().c_str());
        return 1;
      }
    }
    double write_s = std::chrono::duration<double>(Clock::now() - start).count();
    std::vector<double> lat_ms;
    std::vector<double> cpu_ms;
    int64_t total_hits = 0;
    std::FILE* dump_file = dump.empty() ? nullptr : std::fopen(dump.c_str(), "w");
    for (int q = 0; q < queries; ++q) {
      engram::RecallRequest r;
      r.principal = user;
      r.query = Query(rng);
      r.limit = 10;
      auto t0 = Clock::now();
      const double c0 = ThreadCpuMs();
      auto res = engine->Recall(r);
      cpu_ms.push_back(ThreadCpuMs() - c0);
      lat_ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
      if (!res.ok()) {
        std::fprintf(stderr, "engram_bench: recall: %s\n", res.status().ToString().c_str());
        return 1;
      }
      total_hits += static_cast<int64_t>(res->hits.size());
      if (dump_file) {
        std::fprintf(dump_file, "%s", r.query.c_str());
        for (const auto& h : res->hits) {
          std::fprintf(dump_file, "\t%lld:%.17g", static_cast<long long>(h.memory.id), h.score);
        }
        std::fprintf(dump_file, "\n");
      }
    }
    if (dump_file) std::fclose(dump_file);
    double rate = fill ? n / write_s : 0;
    double p50 = Percentile(lat_ms, 0.50), p95 = Percentile(lat_ms, 0.95),
           p99 = Percentile(lat_ms, 0.99);
    const double cpu50 = Percentile(cpu_ms, 0.50), cpu95 = Percentile(cpu_ms, 0.95);
    std::printf("%-10d %14.0f %10.2fms %10.2fms %10.2fms %8.1f %10.2fms %10.2fms\n", n, rate,
                p50, p95, p99, static_cast<double>(total_hits) / queries, cpu50, cpu95);
    char buf[320];
    std::snprintf(buf, sizeof buf,
                  "%s{\"memories\":%d,\"remember_per_s\":%.1f,\"recall_ms\":{\"p50\":%.3f,"
                  "\"p95\":%.3f,\"p99\":%.3f},\"recall_cpu_ms\":{\"p50\":%.3f,\"p95\":%.3f},"
                  "\"queries\":%d}",
                  rows.empty() ? "" : ",", n, rate, p50, p95, p99, cpu50, cpu95, queries);
    rows += buf;
    engine.reset();
    for (const char* suffix : {"", "-wal", "-shm", ".vectors", ".key"}) {
      if (!reuse && store.empty()) std::filesystem::remove(path + suffix);
    }
  }
  if (json) std::printf("{\"bench\":\"workload\",\"results\":[%s]}\n", rows.c_str());
  return 0;
}
