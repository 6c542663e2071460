// Fuzz entry point over ParseTime: arbitrary bytes as text, options and reference derived
// from the first bytes. No crash, no hang, no sanitizer report is the property.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "engram/temporal.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  engram::TimeParseOptions options;
  int64_t ref_ms = 1360650600000;  // 2013-02-12T04:30:00-02:00
  int32_t offset = -120;
  if (size >= 2) {
    static const char* kLangs[] = {"auto", "zh", "en"};
    options.language = kLangs[data[0] % 3];
    options.calendar = (data[0] & 4) ? "zh-CN" : "";
    options.fiscal_year_start_month = 1 + data[1] % 12;
    ref_ms += static_cast<int64_t>(static_cast<int8_t>(data[1])) * 86400000LL * 97;
    offset = (data[0] & 8) ? 480 : -120;
    data += 2;
    size -= 2;
  }
  std::string_view text(reinterpret_cast<const char*>(data), size);
  auto result = engram::ParseTime(text, engram::Instant{ref_ms, offset}, options);
  if (result.ok()) {
    for (const auto& m : *result) {
      if (m.end < m.start || m.end > text.size()) __builtin_trap();
      (void)engram::TimeMatchToJson(m);
    }
  }
  return 0;
}
