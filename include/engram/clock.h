// Clock: the engine's only source of "now". Inject a fake one in tests.
//
// Thread safety: implementations must be safe to call from many threads at once.
#ifndef ENGRAM_CLOCK_H_
#define ENGRAM_CLOCK_H_

#include <cstdint>

namespace engram {

class Clock {
 public:
  virtual ~Clock() = default;
  // Microseconds since the Unix epoch, UTC.
  virtual int64_t NowMicros() const = 0;
  // The UTC offset, in minutes, that "now" is rendered in when a caller gives no time.
  virtual int32_t LocalOffsetMinutes() const { return 0; }
};

// The process-wide wall clock (UTC). Never null; lives forever; not owned by the caller.
Clock* SystemClock();

}  // namespace engram

#endif  // ENGRAM_CLOCK_H_
