// Micro-benchmarks for Tokenize in document mode (what the keyword index and recall's word
// sets read): a Chinese message, an English one, and a mixed one with a traditional phrase.
// Counters: tokens/s and texts/s. Under `valgrind --tool=callgrind` the instruction count
// per text is the stable figure on a shared machine.
#include <benchmark/benchmark.h>

#include <vector>

#include "src/text/tokenizer.h"

namespace {

const char kZh[] = "张工说下周二要验收接口文档，工单T-1234，财务总监已经审核了预算报表";
const char kEn[] = "Alice asked for the vendor contract (ticket T-2345) and wants to postpone the review";
const char kMixed[] = "昨天下午三点，客户張工說下週二要驗收 API 文檔, then Bob shipped the release notes";

void Run(benchmark::State& state, const char* text) {
  std::vector<engram::text::Token> tokens;
  size_t emitted = 0;
  for (auto _ : state) {
    engram::text::Tokenize(text, engram::text::TokenizeMode::kDocument, &tokens);
    benchmark::DoNotOptimize(tokens.data());
    emitted += tokens.size();
  }
  state.counters["tokens/s"] =
      benchmark::Counter(static_cast<double>(emitted), benchmark::Counter::kIsRate);
  state.counters["texts/s"] =
      benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}

void BM_TokenizeZh(benchmark::State& state) { Run(state, kZh); }
void BM_TokenizeEn(benchmark::State& state) { Run(state, kEn); }
void BM_TokenizeMixed(benchmark::State& state) { Run(state, kMixed); }

BENCHMARK(BM_TokenizeZh);
BENCHMARK(BM_TokenizeEn);
BENCHMARK(BM_TokenizeMixed);

}  // namespace

int main(int argc, char** argv) {
  // Loads the Han converter's dictionaries before any benchmark runs.
  std::vector<engram::text::Token> warm;
  engram::text::Tokenize("張", engram::text::TokenizeMode::kDocument, &warm);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
