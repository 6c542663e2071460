// Fuzz entry for the JSON request edge: what `engram serve` does with a POST body before the
// engine sees it. The depth scan (engram/json_limits.h), the JSON parse, every request shape
// (remember, search with its metadata filter, correct, feedback), and the compiled filter
// evaluated on a metadata object. Any crash, sanitizer report or uncaught exception fails.
// Built by tests/fuzz/CMakeLists.txt with clang -fsanitize=fuzzer; run by fuzz_json_request.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "apps/serve/json_codec.h"
#include "engram/json_limits.h"
#include "src/store/memory_filter.h"

using nlohmann::json;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  if (!engram::CheckJsonDepth(text, "body").ok()) return 0;  // the server answers 400 here
  const json body = json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (body.is_discarded()) return 0;
  const engram::Principal alice{"alice", "", {"sales"}, {}};
  (void)engram::serve::ParseRemember(body, alice);
  (void)engram::serve::ParseCorrect(body, alice, 1);
  (void)engram::serve::ParseFeedback(body, alice);
  auto recall = engram::serve::ParseRecall(body, alice);
  if (recall.ok()) {
    auto filter = engram::store::MemoryFilter::Compile(recall->filter);
    if (filter.ok()) {
      (void)filter->MatchesFields(engram::MemoryType::kEpisodic, engram::MemoryKind::kRaw, "s1",
                                  "", R"({"project":"apollo","n":3,"tags":["a","b"]})");
    }
  }
  return 0;
}
