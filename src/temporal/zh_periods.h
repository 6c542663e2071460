// Chinese period rules (quarters, halves, parts and ordinals of periods). Internal.
//
// Thread safety: pure functions.
#ifndef ENGRAM_TEMPORAL_ZH_PERIODS_H_
#define ENGRAM_TEMPORAL_ZH_PERIODS_H_

#include "src/temporal/span.h"
#include "src/temporal/text_util.h"

namespace engram::temporal {

// Q3 / 第三季度 / 本季度 / 上半年 / H2, in year f.year when set.
bool ParseZhQuarter(Cursor* c, const Context& ctx, const Fields& f, Span* out);
// 月初 / 上旬 / 年底 / 季度初 applied to a month, year or quarter span.
bool ApplyZhPeriodPart(Cursor* c, const Context& ctx, Span* s);
// 第2周 / 第一个星期一 / 最后一个工作日 / 第一天 / 最后五天 within `parent`. Day results go to
// *abs_day, coarser ones to *out.
bool ApplyZhOrdinal(Cursor* c, const Context& ctx, const Span& parent, Span* out,
                    int64_t* abs_day);

}  // namespace engram::temporal

#endif  // ENGRAM_TEMPORAL_ZH_PERIODS_H_
