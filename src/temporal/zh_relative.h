// Chinese relative rules: amounts and units, shifts and durations, vague spans, centuries,
// first/last units of a period. Internal to src/temporal.
//
// Thread safety: pure functions.
#ifndef ENGRAM_TEMPORAL_ZH_RELATIVE_H_
#define ENGRAM_TEMPORAL_ZH_RELATIVE_H_

#include "src/temporal/span.h"
#include "src/temporal/text_util.h"

namespace engram::temporal {

// Amount in half units: "两个半" = 5, "半" = 1, "3" = 6; *fuzzy for 几 / 多.
bool ReadAmount(Cursor* c, int64_t* halves, bool* fuzzy);
// 前两个月 / 后三天 / 最后两周 inside `parent`: its first or last n units.
bool FirstLastUnits(Cursor* c, const Span& parent, Span* out);
// 上世纪80年代 / 十九世纪七十年代末期 / 11世纪初 / 80年代.
bool MatchCentury(Cursor* c, const Context& ctx, Span* out);
// 最近 / 前段时间 / 一段时间: low confidence; the last is unresolved.
bool MatchVague(Cursor* c, const Context& ctx, Span* out);
// 现在 / 此刻 / 当前.
bool MatchNow(Cursor* c, const Context& ctx, Span* out);
// 上两天 / 近三个月 / 未来48小时 / 三天后 / 两周前 / 60日内 / 3个工作日后 / 三个小时.
bool MatchRelative(Cursor* c, const Context& ctx, Span* out);

}  // namespace engram::temporal

#endif  // ENGRAM_TEMPORAL_ZH_RELATIVE_H_
