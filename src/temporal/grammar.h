// The rule grammars. Each Match* tries to read one time expression starting exactly at code
// point `start` of the normalized text and returns its end (0 when nothing matches).
//
// Thread safety: pure functions.
#ifndef ENGRAM_TEMPORAL_GRAMMAR_H_
#define ENGRAM_TEMPORAL_GRAMMAR_H_

#include <cstddef>
#include <optional>
#include <string>

#include "src/temporal/span.h"
#include "src/temporal/text_util.h"

namespace engram::temporal {

// Chinese (also reads the digit formats shared with English, e.g. 2015-03-03, 15:30).
size_t MatchZh(const std::u32string& s, size_t start, const Context& ctx, Span* out);
// English (word-boundary aligned).
size_t MatchEn(const std::u32string& s, size_t start, const Context& ctx, Span* out);

// A point expression in Chinese: date fields, part of day and clock time. Day-grain special
// forms (festivals, nth weekday, workdays) become abs_day; coarser ones (quarters, 月底, 上旬,
// weekends) are returned in *special and end the expression.
bool ParseZhPoint(Cursor* c, const Context& ctx, Fields* f, std::optional<Span>* special);

// Digit-only date/time forms: 2015-03-03, 2015/3/3, 20240307, 3/3/2015, 2/15, 2014-10,
// 15:30[:20], 18:59 after a date. Fills fields; returns false when nothing was read.
bool ParseNumericDate(Cursor* c, const Context& ctx, Fields* f, bool month_first);
bool ParseColonTime(Cursor* c, Fields* f);

// Year from a two-digit form: the candidate closest to the reference year.
int ExpandTwoDigitYear(int yy, int ref_year);

// Unit words shared by the duration rules.
bool ReadZhUnit(Cursor* c, Grain* g, bool* workday);
// Span for "last/next n units" (Duckling): unit-aligned, excluding the current unit.
Span LastNextUnits(const Context& ctx, Grain g, int64_t n);
// ref shifted by n units (n may be negative), truncated per Duckling's one-finer grain.
Span ShiftedPoint(const Context& ctx, Grain g, int64_t n, bool zh_style);
// n-th workday after (n > 0) or before (n < 0) `day`.
int64_t AddWorkdays(int64_t day, int n, const std::string& calendar);

}  // namespace engram::temporal

#endif  // ENGRAM_TEMPORAL_GRAMMAR_H_
