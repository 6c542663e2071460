// Plain driver for the temporal fuzz entry point (for gcc + ASan in ctest): runs the files
// given on the command line, then --iterations N random inputs (default 10000) drawn from a
// fixed seed and a dictionary of time words, so that grammar paths are reached.
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

namespace {

const char* kPieces[] = {
    "下个月", "15号", "大前天", "下午", "上周五", "月底", "Q3", "本季度", "第一个工作日",
    "3个工作日后", "next", "friday", "at", "3pm", "two", "weeks", "ago", "end of the", "month",
    "点", "半", "二十三", "两周", "十一点半", "三刻", "礼拜", "上上周", "下下个月", "上旬",
    "年初", "今晚", "凌晨", "傍晚", "半夜", "春节", "中秋", "除夕", "农历", "闰四月", "到",
    "至", "-", "/", ":", "2024", "12", "31", "0", "99999999999", "年", "月", "日", "周",
    "以前", "以后", "每", "前", "后", "内", "from", "to", "between", "and", "last", "in",
    "\xff", "\xe4\xb8", " ", ",", "第", "个", "天", "季度", "上半年", "h2", "最后", "号"};

}  // namespace

int main(int argc, char** argv) {
  long iterations = 10000;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--iterations") == 0 && i + 1 < argc) {
      iterations = std::atol(argv[++i]);
      continue;
    }
    std::ifstream in(argv[i], std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    std::string s = ss.str();
    LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(s.data()), s.size());
  }
  std::mt19937_64 rng(12345);
  const size_t n_pieces = sizeof(kPieces) / sizeof(kPieces[0]);
  for (long it = 0; it < iterations; ++it) {
    std::string s;
    s.push_back(static_cast<char>(rng()));
    s.push_back(static_cast<char>(rng()));
    int parts = static_cast<int>(rng() % 8);
    for (int k = 0; k < parts; ++k) {
      if (rng() % 5 == 0) {
        s.push_back(static_cast<char>(rng()));
      } else {
        s += kPieces[rng() % n_pieces];
      }
    }
    LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(s.data()), s.size());
  }
  std::cout << "temporal_fuzz_driver: " << iterations << " random inputs, no crash\n";
  return 0;
}
