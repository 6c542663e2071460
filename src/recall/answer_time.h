// Whether a memory gives a time, for a question that asks when something is or what time
// (answer_kind.h, kind "time"). Reads folded text (text::FoldForSearch).
//
// Thread safety: pure functions.
#ifndef ENGRAM_RECALL_ANSWER_TIME_H_
#define ENGRAM_RECALL_ANSWER_TIME_H_

#include <string_view>

namespace engram::recall {

// Whether folded `text` gives a time for the folded question `query`: a number that may be a
// time (at most four digits, not ending a Latin word, no sum, share or count of things, not
// the number of a thing: "field 2"), a day of a month (3号), a time word ("星期", "tomorrow",
// "next"; not "next to"), a day or part of a day that recurs ("sundays"). A time word the
// question says names what is asked about, not the answer ("what time is saturday's game").
// Asked what time of day (几点, "what time", no day named), only a time of day answers.
bool CarriesTime(std::string_view text, std::string_view query);

// Whether folded `text` names only other days of the week than the folded question `query`
// names ("sunday roasted 64 sacks, record" asked how many sacks were roasted saturday; 周六 /
// 星期天): it tells of another day.
bool NamesAnotherWeekday(std::string_view text, std::string_view query);

}  // namespace engram::recall

#endif  // ENGRAM_RECALL_ANSWER_TIME_H_
