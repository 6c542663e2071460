// Lifecycle cues: two small phrase classifiers the lifecycle uses on (folded) messages.
//
//   temporary state  "这周我在上海出差", "I'm sick today", "暂时不在办公室": a state that holds
//                    for days, not for good. Such a memory gets kind "state" and the short
//                    TTL of Options::ttl_hours_state.
//   context reload   "我之前说过", "as I said before": the user repeats something the agent
//                    should have remembered. Counted by the context-reload metric.
//
// Both take text folded by text::FoldForSearch (lower case, simplified Chinese).
//
// Thread safety: pure functions over immutable tables.
#ifndef ENGRAM_SRC_EXTRACT_LIFECYCLE_CUES_H_
#define ENGRAM_SRC_EXTRACT_LIFECYCLE_CUES_H_

#include <string_view>

namespace engram::extract {

bool IsTemporaryState(std::string_view folded);
bool IsContextReload(std::string_view folded);

}  // namespace engram::extract

#endif  // ENGRAM_SRC_EXTRACT_LIFECYCLE_CUES_H_
