// ISO 8601 for Instant, for applications and bindings.
//
// Thread safety: pure functions.
#ifndef ENGRAM_ISO8601_H_
#define ENGRAM_ISO8601_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "engram/result.h"
#include "engram/types.h"

namespace engram {

// "2024-06-14", "2024-06-14T15:00", "2024-06-14T15:00:00.123+08:00", "...Z" (' ' may replace
// 'T'). Without an offset the time is read in `default_offset_minutes`.
// InvalidArgument for anything else.
Result<Instant> ParseIso8601(std::string_view text, int32_t default_offset_minutes = 0);

// "2024-06-14T15:00:00+08:00"; "Z" for offset 0; milliseconds only when non-zero.
std::string FormatIso8601(const Instant& t);

}  // namespace engram

#endif  // ENGRAM_ISO8601_H_
