// Helpers of the staleness tests (staleness_test.cc, statement_cues_test.cc): records of one
// owner and the cue rules' answers for them. Test-only.
#ifndef ENGRAM_RECALL_STALENESS_TEST_UTIL_H_
#define ENGRAM_RECALL_STALENESS_TEST_UTIL_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

#include "src/recall/staleness.h"

namespace engram::recall {

inline Memory Record(int64_t id, int64_t message, int64_t at_ms, std::string content) {
  Memory m;
  m.id = id;
  m.type = MemoryType::kEpisodic;
  m.scope.user_id = "u";
  m.source.message_id = message;
  m.source.at = Instant{at_ms, 0};
  m.content = std::move(content);
  return m;
}

inline StatementCues Cue(std::string_view text) { return ReadCues(text); }

// Both statements answer the question; `shared` of the older one's words said again.
inline Topic Both(double shared = 0) { return Topic{1, 1, shared}; }

// Asked for a value now: whether the later of two statements replaces the earlier one, when
// both answer the question fully (relevance 1).
inline int OutdatedFor(std::string_view question, std::string older, std::string newer) {
  const Memory a = Record(1, 1, 1000, std::move(older));
  const Memory b = Record(2, 2, 2000, std::move(newer));
  return OutdatedByCues({&a, &b}, {1, 1}, "", false, true, question)[0];
}

}  // namespace engram::recall

#endif  // ENGRAM_RECALL_STALENESS_TEST_UTIL_H_
