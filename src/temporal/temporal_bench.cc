// Micro-benchmarks for ParseTime: a ~100-character mixed Chinese/English sentence, plus
// Chinese-only and English-only sentences. Counters: expressions/s and sentences/s.
#include <benchmark/benchmark.h>

#include "engram/temporal.h"
#include "src/base/utf8.h"

namespace {

const engram::Instant kRef{1718157600000, 480};  // 2024-06-12T10:00:00+08:00

// 100 code points, 6 time expressions.
const char kMixed[] =
    "张工说下个月15号之前把方案发给财务，大前天下午的会改到下周五上午十点，"
    "另外 next Friday at 3pm we review Q3 numbers, two weeks ago 的数据也要对。";
const char kZh[] =
    "我们约在下周二下午三点半开会，月底前提交报告，春节前后休假，"
    "3个工作日后给答复，本季度目标在上半年复盘时再看。";
const char kEn[] =
    "Let's meet next Friday at 3pm, then review the numbers by the end of the month "
    "and plan the third quarter two weeks from now.";

void Run(benchmark::State& state, const char* text) {
  size_t found = 0;
  for (auto _ : state) {
    auto r = engram::ParseTime(text, kRef);
    benchmark::DoNotOptimize(r);
    found += r.ok() ? r->size() : 0;
  }
  state.counters["chars"] = static_cast<double>(engram::base::CountCodePoints(text));
  state.counters["expr/s"] =
      benchmark::Counter(static_cast<double>(found), benchmark::Counter::kIsRate);
  state.counters["sentences/s"] =
      benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}

void BM_ParseTimeMixed100(benchmark::State& state) { Run(state, kMixed); }
void BM_ParseTimeZh(benchmark::State& state) { Run(state, kZh); }
void BM_ParseTimeEn(benchmark::State& state) { Run(state, kEn); }

BENCHMARK(BM_ParseTimeMixed100);
BENCHMARK(BM_ParseTimeZh);
BENCHMARK(BM_ParseTimeEn);

}  // namespace

BENCHMARK_MAIN();
