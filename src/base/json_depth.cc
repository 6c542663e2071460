#include "engram/json_limits.h"

#include <string>

namespace engram {

int JsonNestingDepth(std::string_view text, int stop_above) {
  int depth = 0;
  int deepest = 0;
  bool in_string = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\') {
        ++i;  // the escaped character cannot end the string
      } else if (c == '"') {
        in_string = false;
      }
      continue;
    }
    switch (c) {
      case '"':
        in_string = true;
        break;
      case '[':
      case '{':
        if (++depth > deepest) {
          deepest = depth;
          if (deepest > stop_above) return stop_above + 1;
        }
        break;
      case ']':
      case '}':
        if (depth > 0) --depth;
        break;
      default:
        break;
    }
  }
  return deepest;
}

Status CheckJsonDepth(std::string_view text, std::string_view what, int max_depth) {
  if (JsonNestingDepth(text, max_depth) <= max_depth) return Status::OK();
  return Status::InvalidArgument(std::string(what) + ": JSON nested deeper than " +
                                 std::to_string(max_depth) + " levels");
}

}  // namespace engram
