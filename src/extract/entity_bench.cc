// Entity mention finding on ~100-character messages (zh, en, mixed). The write path's rule
// target is >= 2,000 messages/s for all stages together.
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "src/extract/entity_extractor.h"
#include "src/text/normalize.h"

namespace engram::extract {
namespace {

const std::vector<std::string>& Messages() {
  static const std::vector<std::string>* const kMessages = new std::vector<std::string>{
      text::Normalize("张工的手机号换成了新的，以后有事直接联系他，另外T-102工单还在等财务总监审批，"
                      "预算20万，下周二之前要给客户答复，别忘了提醒我一下李老师那边的合同HT-2024-007。"),
      text::Normalize("Alice said Bob Chen from Acme Inc will send the contract CT-2231 to Dr. "
                      "Smith in London before Friday; budget is $30k."),
      text::Normalize("上周五会议提到了三个风险点：人手不足、预算超支、供应商延迟，林总决定下周一开始"
                      "执行B方案，研发VP和财务部会在周三前把详细计划发给大家，星火项目不能再延期。"),
      text::Normalize("ok thanks, sounds good to me, see you tomorrow at the standup then, have a "
                      "nice evening all!"),
  };
  return *kMessages;
}

void BM_FindEntityMentions(benchmark::State& state) {
  size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(FindEntityMentions(Messages()[i++ % Messages().size()]));
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_FindEntityMentions);

}  // namespace
}  // namespace engram::extract

BENCHMARK_MAIN();
