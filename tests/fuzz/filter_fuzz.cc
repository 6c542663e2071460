// Fuzz entry for the metadata filter language (Mem0 syntax: keys, operators, AND/OR/NOT)
// as `recall --where`, REST filters.metadata and the Python package give it: compile the
// text, then evaluate it against a few metadata objects (and the fuzz text itself as one).
// Built by tests/fuzz/CMakeLists.txt with clang -fsanitize=fuzzer; run by fuzz_filter.
#include <cstddef>
#include <cstdint>
#include <string>

#include "src/store/memory_filter.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  engram::RecallFilter f;
  f.metadata_json.assign(reinterpret_cast<const char*>(data), size);
  auto filter = engram::store::MemoryFilter::Compile(f);
  if (!filter.ok()) return 0;
  static const char* kMetadata[] = {
      "{}", R"({"project":"apollo","n":3,"price":9.5,"tags":["a","b"],"ok":true})",
      R"({"city":"上海","note":"ＡＢＣ","nested":{"a":[1,{"b":null}]}})", "not json", "[]"};
  for (const char* m : kMetadata) {
    (void)filter->MatchesFields(engram::MemoryType::kSemantic, engram::MemoryKind::kFact, "", "",
                                m);
  }
  (void)filter->MatchesFields(engram::MemoryType::kSemantic, engram::MemoryKind::kFact, "", "",
                              f.metadata_json);
  return 0;
}
