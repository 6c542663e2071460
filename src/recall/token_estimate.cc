#include "src/recall/token_estimate.h"

#include "src/base/utf8.h"

namespace engram::recall {
namespace {

bool IsCjk(char32_t c) {
  return (c >= 0x3040 && c <= 0x30FF) || (c >= 0x3400 && c <= 0x4DBF) ||
         (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0xAC00 && c <= 0xD7AF) ||
         (c >= 0xF900 && c <= 0xFAFF) || (c >= 0x20000 && c <= 0x3FFFF) ||
         (c >= 0x3000 && c <= 0x303F) || (c >= 0xFF00 && c <= 0xFFEF);
}

}  // namespace

int EstimateTokens(std::string_view s) {
  int tokens = 0;
  int run_bytes = 0;
  auto flush = [&] {
    tokens += (run_bytes + 3) / 4;
    run_bytes = 0;
  };
  for (size_t i = 0; i < s.size();) {
    size_t start = i;
    char32_t c = base::DecodeUtf8(s, &i);
    if (IsCjk(c)) {
      flush();
      ++tokens;
    } else {
      run_bytes += static_cast<int>(i - start);
    }
  }
  flush();
  return tokens;
}

}  // namespace engram::recall
