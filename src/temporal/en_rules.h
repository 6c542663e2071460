// The English rule parser over tokens. Internal to src/temporal.
//
// Thread safety: an EnParser is used by one call; the functions are otherwise pure.
#ifndef ENGRAM_TEMPORAL_EN_RULES_H_
#define ENGRAM_TEMPORAL_EN_RULES_H_

#include <optional>
#include <vector>

#include "src/temporal/en_words.h"
#include "src/temporal/span.h"

namespace engram::temporal {

struct EnParser {
  const std::vector<Tok>& t;
  const Context& ctx;
  const std::u32string* text;

  bool Is(size_t k, std::u32string_view w) const;
  // Cardinal: digits, number words, "a"/"an" (when allow_a), "a couple of", "a few".
  bool Num(size_t* k, int64_t* v, bool allow_a) const;
  // Ordinal: 1st, 15th, first, twenty-first.
  bool Ordinal(size_t* k, int* v) const;

  // A full expression (ranges, open intervals, relative spans, points).
  bool Expr(size_t* k, Span* out) const;
  // A point: date fields, part of day and clock time in any order.
  bool Point(size_t* k, Span* out, Fields* f) const;
  bool Clock(size_t* k, Fields* f) const;
  bool Relative(size_t* k, Span* out) const;
  bool Boundary(size_t* k, Span* out) const;  // end of the month, EOM, mid March
  bool Nth(size_t* k, Span* out) const;       // first tuesday of october, last day of May
  // A period named by a relative or absolute phrase: "next week", "March", "2014".
  bool Period(size_t* k, Span* out) const;
  bool AmPm(size_t* k, int* pm) const;
  bool WeekdayPhrase(size_t* k, Fields* f) const;
  bool MonthDay(size_t* k, Fields* f) const;
  bool PartOfDayWords(size_t* k, Fields* f) const;
};

}  // namespace engram::temporal

#endif  // ENGRAM_TEMPORAL_EN_RULES_H_
