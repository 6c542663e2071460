// FakeClock: a Clock that only moves when told to. For tests.
//
// Thread safety: safe to read and advance from many threads.
#ifndef ENGRAM_TESTING_FAKE_CLOCK_H_
#define ENGRAM_TESTING_FAKE_CLOCK_H_

#include <atomic>
#include <cstdint>

#include "engram/clock.h"

namespace engram::testing {

class FakeClock final : public Clock {
 public:
  // Starts at 2024-06-14T15:00:00+08:00 unless told otherwise.
  explicit FakeClock(int64_t now_micros = 1718348400000000, int32_t offset_minutes = 480)
      : now_(now_micros), offset_(offset_minutes) {}
  int64_t NowMicros() const override { return now_.load(); }
  int32_t LocalOffsetMinutes() const override { return offset_; }
  void Advance(int64_t micros) { now_ += micros; }
  void Set(int64_t micros) { now_ = micros; }

 private:
  std::atomic<int64_t> now_;
  int32_t offset_;
};

}  // namespace engram::testing

#endif  // ENGRAM_TESTING_FAKE_CLOCK_H_
