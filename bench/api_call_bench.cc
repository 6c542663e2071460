// api_call_bench: the cost of single Engine calls from C++ (get, stats, recall, remember,
// embed), the baseline that bench/python_overhead.py compares the Python binding against. Same
// workload: hashing embedder, N short memories of one user, then `--iters` calls of each kind,
// each timed three times (the best run counts: the machine is shared).
//
//   api_call_bench --backend sqlite|memory --db /tmp/x.db --memories 2000 --iters 2000
//   (prints one JSON line of microseconds per call)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "engram/engine.h"

namespace {

using Clock = std::chrono::steady_clock;

std::string Text(int i) {
  static const char* kWords[] = {"invoice", "meeting", "Berlin", "tea", "deploy", "review",
                                 "Friday", "budget", "ticket", "travel", "lunch", "report"};
  return std::string("note ") + std::to_string(i) + " about " + kWords[i % 12] + " and " +
         kWords[(i * 7 + 3) % 12];
}

template <typename F>
double MicrosPerCall(int iters, F&& f) {
  double best = 1e300;
  for (int run = 0; run < 3; ++run) {
    const auto start = Clock::now();
    for (int i = 0; i < iters; ++i) f(i);
    const double us = std::chrono::duration<double, std::micro>(Clock::now() - start).count();
    best = std::min(best, us / iters);
  }
  return best;
}

void Check(bool ok, const char* what) {
  if (!ok) {
    std::fprintf(stderr, "api_call_bench: %s failed\n", what);
    std::exit(1);
  }
}

}  // namespace

int main(int argc, char** argv) {
  std::string backend = "sqlite";
  std::string db = "/tmp/api_call_bench.db";
  int memories = 2000;
  int iters = 2000;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string flag = argv[i];
    if (flag == "--backend") backend = argv[i + 1];
    if (flag == "--db") db = argv[i + 1];
    if (flag == "--memories") memories = std::atoi(argv[i + 1]);
    if (flag == "--iters") iters = std::atoi(argv[i + 1]);
  }
  engram::Options options;
  options.backend = backend;
  options.db_path = db;
  options.embedder = "hashing";
  auto opened = engram::Engine::Open(options);
  Check(opened.ok(), "open");
  engram::Engine& engine = **opened;
  const engram::Principal alice{"alice", "", {}, {}};
  std::vector<int64_t> ids;
  for (int i = 0; i < memories; ++i) {
    auto r = engine.Remember({.principal = alice, .text = Text(i)});
    Check(r.ok(), "remember");
    ids.push_back(r->memories[0].id);
  }
  const double get_us = MicrosPerCall(iters, [&](int i) {
    Check(engine.Get(alice, ids[i % ids.size()]).ok(), "get");
  });
  const double stats_us = MicrosPerCall(iters, [&](int) {
    Check(engine.Stats(alice).ok(), "stats");
  });
  const double recall_us = MicrosPerCall(iters / 4, [&](int i) {
    Check(engine.Recall({.principal = alice, .query = Text(i * 13), .limit = 10}).ok(), "recall");
  });
  const double remember_us = MicrosPerCall(iters / 4, [&](int i) {
    Check(engine.Remember({.principal = alice, .text = Text(memories + i)}).ok(), "remember");
  });
  const std::vector<std::string> one = {"a short query"};
  const double embed_us = MicrosPerCall(iters, [&](int) {
    Check(engine.Embed(engram::EmbedRole::kQuery, one).ok(), "embed");
  });
  std::printf(
      "{\"get_us\": %.2f, \"stats_us\": %.2f, \"recall_us\": %.2f, \"remember_us\": %.2f, "
      "\"embed_us\": %.2f}\n",
      get_us, stats_us, recall_us, remember_us, embed_us);
  return 0;
}
