#include "src/store/memory_columns.h"

namespace engram::store {

const std::string& MemoryColumnList() {
  static const std::string* cols = [] {
    auto* s = new std::string;
    for (int i = 0; i < kMemoryColumnCount; ++i) {
      if (i) *s += ", ";
      *s += "m.";
      *s += kMemoryColumns[i];
    }
    return s;
  }();
  return *cols;
}

}  // namespace engram::store
