// MemoryFilter: a RecallFilter checked and compiled once, then matched against memories.
//
//   auto f = store::MemoryFilter::Compile(request.filter);   // InvalidArgument if malformed
//   if (f->Matches(memory)) ...
//
// The metadata condition follows Mem0's filter syntax (see RecallFilter in engram/engine.h);
// a memory whose metadata_json is not a JSON object matches only conditions that hold on an
// empty object ("ne", "nin", "NOT").
//
// Thread safety: immutable after Compile; Matches may be called from many threads.
#ifndef ENGRAM_SRC_STORE_MEMORY_FILTER_H_
#define ENGRAM_SRC_STORE_MEMORY_FILTER_H_

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engram/engine.h"
#include "engram/result.h"
#include "engram/types.h"

namespace engram::store {

class MemoryFilter {
 public:
  MemoryFilter() = default;  // matches everything

  // Errors name the offending part: "filter.metadata.OR: must be a list of filter objects".
  static Result<MemoryFilter> Compile(const RecallFilter& filter);

  bool empty() const { return empty_; }
  bool Matches(const Memory& m) const;
  // The same test on the columns it reads (so a store can run it before loading a row).
  bool MatchesFields(MemoryType type, MemoryKind kind, std::string_view session_id,
                     std::string_view agent_id, std::string_view metadata_json) const;

  struct Node;  // compiled metadata condition (memory_filter.cc)

 private:
  bool empty_ = true;
  std::vector<MemoryType> types_;
  std::vector<MemoryKind> kinds_;
  std::string session_id_;
  std::string agent_id_;
  std::shared_ptr<const Node> metadata_;  // null = no metadata condition
};

}  // namespace engram::store

#endif  // ENGRAM_SRC_STORE_MEMORY_FILTER_H_
