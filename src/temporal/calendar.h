// Calendars behind the temporal grammars: named festivals (Gregorian fixed dates, lunar
// festivals, weekday rules, 清明), and the mainland statutory holiday / make-up workday table
// (src/temporal/data/cn_holidays.tsv, embedded at build time; docs/formats/holidays.md).
//
// Thread safety: pure functions over constant data (the table is parsed once, thread-safely).
#ifndef ENGRAM_TEMPORAL_CALENDAR_H_
#define ENGRAM_TEMPORAL_CALENDAR_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "src/temporal/text_util.h"

namespace engram::temporal {

struct Festival;

// Matches the longest festival name at the cursor (simplified script); advances on success.
const Festival* MatchFestival(Cursor* c);
// Day number of the festival in `year` (the lunar year for lunar festivals); nullopt when
// out of the supported range. `calendar` selects locale variants (zh-TW 国庆 = 10-10).
std::optional<int64_t> FestivalDay(const Festival& f, int year, std::string_view calendar);
std::string_view FestivalName(const Festival& f);
bool FestivalIsLunar(const Festival& f);
// Solar terms (小雪, 大雪 ...) double as weather words; callers lower their confidence.
bool FestivalIsSolarTerm(const Festival& f);

// Day number of a season's start: 0 spring (立春), 1 summer (立夏), 2 autumn (立秋),
// 3 winter (立冬) of `year`.
int64_t SeasonStartDay(int season, int year);

// Statutory day kind in the zh-CN table: 1 = holiday off, 2 = make-up workday, 0 = neither.
int CnStatutoryKind(int64_t day);

}  // namespace engram::temporal

#endif  // ENGRAM_TEMPORAL_CALENDAR_H_
