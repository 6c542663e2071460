// Vector index benchmark driver (not a test): recall@k of the HNSW index against exact
// ground truth under a scope filter, search latency p50/p95, build time and RSS.
//
//   vector_bench [--n 1000000] [--queries 500] [--k 10] [--ef 96] [--m 16] [--efc 200]
//                [--spread 1.0] [--clusters 1000] [--flat_queries 50] [--fetch 10,64,128]
//
// Data: n unit vectors of 384 dimensions from a mixture of Gaussian clusters (spread = noise
// per dimension relative to the centers; spread >= 4 is close to uniform noise). Partitions
// mimic scopes: "p" 60%, "t:eng" 30%, and 1000 private "u:<i>" partitions with the rest.
// Each query may see "t:eng" and one user partition, and every other query also "p".
#include <cblas.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include "src/index/flat_partition.h"
#include "src/index/index_test_util.h"
#include "src/index/vector_index.h"

namespace engram::index {
namespace {

using Clock = std::chrono::steady_clock;
constexpr int kDim = 384;
constexpr int kUsers = 1000;

double Since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

long RssMb() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind("VmRSS:", 0) == 0) return std::atol(line.c_str() + 6) / 1024;
  }
  return -1;
}

// 0 = "p", 1 = "t:eng", 2 + u = "u:<u>".
int PartitionOf(int64_t id) {
  const int64_t r = id % 10;
  if (r < 6) return 0;
  if (r < 9) return 1;
  return 2 + static_cast<int>((id / 10) % kUsers);
}

std::string Key(int p) { return p == 0 ? "p" : p == 1 ? "t:eng" : "u:" + std::to_string(p - 2); }

std::vector<int> Visible(int q) {
  std::vector<int> v = {1, 2 + (q * 7919) % kUsers};
  if (q % 2 == 0) v.push_back(0);
  return v;
}

// Exact top-k for every query under its filter, with sgemm over row blocks.
std::vector<std::vector<VectorHit>> GroundTruth(const std::vector<float>& data, size_t n,
                                                const std::vector<float>& queries, size_t nq,
                                                size_t k) {
  std::vector<std::vector<VectorHit>> best(nq);
  std::vector<std::vector<char>> allowed(nq);
  for (size_t q = 0; q < nq; ++q) {
    allowed[q].assign(2 + kUsers, 0);
    for (int p : Visible(static_cast<int>(q))) allowed[q][p] = 1;
  }
  const size_t block = 16384;
  std::vector<float> scores(nq * block);
  for (size_t start = 0; start < n; start += block) {
    const size_t rows = std::min(block, n - start);
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, static_cast<int>(nq),
                static_cast<int>(rows), kDim, 1.0f, queries.data(), kDim,
                data.data() + start * kDim, kDim, 0.0f, scores.data(), static_cast<int>(rows));
    for (size_t q = 0; q < nq; ++q) {
      for (size_t r = 0; r < rows; ++r) {
        const int64_t id = static_cast<int64_t>(start + r);
        if (allowed[q][PartitionOf(id)]) best[q].push_back({id, scores[q * rows + r]});
      }
      KeepBest(k, &best[q]);
    }
  }
  return best;
}

void Percentiles(const char* what, std::vector<double> ms) {
  std::sort(ms.begin(), ms.end());
  std::printf("%s: p50 %.3f ms  p95 %.3f ms  (n=%zu)\n", what, ms[ms.size() / 2],
              ms[ms.size() * 95 / 100], ms.size());
}

int Run(int argc, char** argv) {
  size_t n = 1000000, nq = 500, k = 10, flat_queries = 50;
  VectorIndexOptions options;
  options.dimension = kDim;
  std::vector<size_t> fetches = {10};
  float spread = 1.0f;
  int clusters = 1000;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string flag = argv[i];
    const double v = std::atof(argv[i + 1]);
    if (flag == "--n") n = static_cast<size_t>(v);
    if (flag == "--queries") nq = static_cast<size_t>(v);
    if (flag == "--k") k = static_cast<size_t>(v);
    if (flag == "--ef") options.hnsw_ef_search = static_cast<size_t>(v);
    if (flag == "--m") options.hnsw_m = static_cast<size_t>(v);
    if (flag == "--efc") options.hnsw_ef_construction = static_cast<size_t>(v);
    if (flag == "--spread") spread = static_cast<float>(v);
    if (flag == "--clusters") clusters = static_cast<int>(v);
    if (flag == "--flat_queries") flat_queries = static_cast<size_t>(v);
    if (flag == "--fetch") {
      fetches.clear();
      std::string list = argv[i + 1];
      for (size_t pos = 0; pos < list.size();) {
        fetches.push_back(static_cast<size_t>(std::atol(list.c_str() + pos)));
        const size_t comma = list.find(',', pos);
        pos = comma == std::string::npos ? list.size() : comma + 1;
      }
    }
  }
  std::printf("n=%zu dim=%d queries=%zu k=%zu M=%zu efC=%zu ef=%zu spread=%.2f clusters=%d\n", n,
              kDim, nq, k, options.hnsw_m, options.hnsw_ef_construction, options.hnsw_ef_search,
              spread, clusters);
  testing::ClusteredVectors gen(kDim, clusters, spread, 42);
  std::vector<float> data = gen.Many(n);
  std::vector<float> queries = gen.Many(nq);
  std::vector<std::vector<int64_t>> ids(2 + kUsers);
  std::vector<std::vector<float>> rows(2 + kUsers);
  for (size_t id = 0; id < n; ++id) {
    const int p = PartitionOf(static_cast<int64_t>(id));
    ids[p].push_back(static_cast<int64_t>(id));
    rows[p].insert(rows[p].end(), data.begin() + id * kDim, data.begin() + (id + 1) * kDim);
  }
  const long rss_before = RssMb();

  auto hnsw = NewHnswVectorIndex(options);
  auto t = Clock::now();
  for (int p = 0; p < 2 + kUsers; ++p) {
    if (ids[p].empty()) continue;
    Status s = hnsw->AddBatch(Key(p), ids[p], rows[p]);
    if (!s.ok()) {
      std::fprintf(stderr, "%s\n", s.ToString().c_str());
      return 1;
    }
  }
  const double build_s = Since(t);
  const long rss_after = RssMb();
  std::printf("hnsw build: %.1f s (%.0f vectors/s, %d threads)\n", build_s, n / build_s,
              options.build_threads);
  std::printf("RSS: %ld MB total, %ld MB for the index (data copy excluded)\n", rss_after,
              rss_after - rss_before);

  t = Clock::now();
  auto truth = GroundTruth(data, n, queries, nq, k);
  std::printf("ground truth (sgemm): %.1f s\n", Since(t));

  // hnswlib searches with ef = max(ef_search, fetch): asking for `fetch` results and keeping
  // the best k measures recall and latency at several search efforts on one build.
  std::vector<double> ms;
  for (size_t fetch : fetches) {
    fetch = std::max(fetch, k);
    ms.clear();
    size_t found = 0, total = 0;
    for (size_t q = 0; q < nq; ++q) {
      SearchFilter filter;
      for (int p : Visible(static_cast<int>(q))) filter.partitions.push_back(Key(p));
      std::span<const float> query(queries.data() + q * kDim, kDim);
      auto start = Clock::now();
      auto hits = hnsw->Search(query, fetch, filter);
      if (!hits.ok()) return 1;
      hits->resize(std::min(hits->size(), k));
      ms.push_back(Since(start) * 1e3);
      std::set<int64_t> want;
      for (const VectorHit& h : truth[q]) want.insert(h.id);
      for (const VectorHit& h : *hits) found += want.count(h.id);
      total += truth[q].size();
    }
    const size_t ef = std::max(options.hnsw_ef_search, fetch);
    std::printf("ef=%4zu: hnsw recall@%zu with scope filter %.4f; ", ef, k,
                double(found) / double(total));
    Percentiles("search latency", ms);
  }

  hnsw.reset();
  auto flat = NewFlatVectorIndex(options);
  for (int p = 0; p < 2 + kUsers; ++p) {
    if (!ids[p].empty() && !flat->AddBatch(Key(p), ids[p], rows[p]).ok()) return 1;
  }
  ms.clear();
  for (size_t q = 0; q < std::min(nq, flat_queries); ++q) {
    SearchFilter filter;
    for (int p : Visible(static_cast<int>(q))) filter.partitions.push_back(Key(p));
    auto start = Clock::now();
    auto hits = flat->Search(std::span<const float>(queries.data() + q * kDim, kDim), k, filter);
    ms.push_back(Since(start) * 1e3);
    if (!hits.ok()) return 1;
  }
  Percentiles("flat (exact) search latency", ms);
  return 0;
}

}  // namespace
}  // namespace engram::index

int main(int argc, char** argv) { return engram::index::Run(argc, argv); }
