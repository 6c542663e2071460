// Embedding throughput and latency of the local e5 model (a driver, not a test).
//   embed_bench [--model PATH] [--threads N]
// Prints texts/s for short texts and ~128-token passages at several batch sizes, and
// single-query latency p50/p95.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "src/embed/e5_embedder.h"

namespace {

using Clock = std::chrono::steady_clock;

double Seconds(Clock::time_point a, Clock::time_point b) {
  return std::chrono::duration<double>(b - a).count();
}

}  // namespace

int main(int argc, char** argv) {
  engram::embed::E5Options options;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (std::strcmp(argv[i], "--model") == 0) options.model_path = argv[i + 1];
    if (std::strcmp(argv[i], "--threads") == 0) options.num_threads = std::atoi(argv[i + 1]);
  }
  auto t0 = Clock::now();
  auto opened = engram::embed::E5Embedder::Open(options);
  if (!opened.ok()) {
    std::fprintf(stderr, "%s\n", opened.status().ToString().c_str());
    return 1;
  }
  auto& e5 = *opened;
  std::printf("open (mmap + BLAKE2b check): %.3f s\n", Seconds(t0, Clock::now()));

  // The sanity pairs of e5_embedder_test, with their cosines.
  auto cosine = [&](const std::string& query, const std::string& passage) {
    std::vector<std::string> q = {query}, p = {passage};
    auto a = e5->EmbedQueries(q);
    auto b = e5->EmbedPassages(p);
    float s = 0;
    for (int i = 0; a.ok() && b.ok() && i < a->dimension; ++i) s += a->values[i] * b->values[i];
    return s;
  };
  for (const auto& [q, p] : std::vector<std::pair<std::string, std::string>>{
           {"我爱喝拿铁", "喜欢咖啡"}, {"我爱喝拿铁", "明天开会"},
           {"my manager", "my boss"}, {"my manager", "my bicycle"},
           {"I like drinking coffee", "我喜欢喝咖啡"},
           {"I like drinking coffee", "明天下午三点开会"}}) {
    std::printf("cos(query: %s, passage: %s) = %.4f\n", q.c_str(), p.c_str(), cosine(q, p));
  }
  const std::vector<std::string> short_pool = {
      "my manager asked me to join the meeting tomorrow", "我爱喝拿铁",
      "remind me to call mom on Sunday", "明天下午三点在三楼开会", "likes oat milk in coffee"};
  // About 128 tokens with the "passage: " prefix.
  std::string passage;
  while (passage.size() < 560) {
    passage += "Alice moved to Berlin in 2021 and works as a data engineer at a startup. ";
  }
  std::vector<float> one(384);
  for (const auto& [name, pool] :
       {std::pair<const char*, std::vector<std::string>>{"short", short_pool},
        {"128-token", std::vector<std::string>{passage}}}) {
    for (size_t batch : {1, 8, 32}) {
      std::vector<std::string> texts;
      for (size_t i = 0; i < batch; ++i) texts.push_back(pool[i % pool.size()]);
      (void)e5->EmbedPassages(texts);
      size_t done = 0;
      auto start = Clock::now();
      while (Seconds(start, Clock::now()) < 3.0) {
        if (!e5->EmbedPassages(texts).ok()) return 1;
        done += batch;
      }
      std::printf("%-9s batch %2zu: %7.1f texts/s\n", name, batch,
                  done / Seconds(start, Clock::now()));
    }
  }
  std::vector<double> ms;
  for (int i = 0; i < 200; ++i) {
    std::vector<std::string> q = {short_pool[i % short_pool.size()] + " " + std::to_string(i)};
    auto a = Clock::now();
    if (!e5->EmbedQueries(q).ok()) return 1;
    ms.push_back(Seconds(a, Clock::now()) * 1e3);
  }
  std::sort(ms.begin(), ms.end());
  std::printf("query latency: p50 %.2f ms  p95 %.2f ms  (n=%zu)\n", ms[ms.size() / 2],
              ms[ms.size() * 95 / 100], ms.size());
  return 0;
}
