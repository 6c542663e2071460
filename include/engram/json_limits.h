// A cheap scan of JSON text for its nesting depth, run BEFORE any JSON library sees the text:
// parsing, copying, printing and destroying a JSON value recurse once per level, so a small
// body nested 100,000 deep would overflow the stack. Every edge that parses JSON from a user
// (REST bodies, MCP JSON-RPC, metadata, filters, `--where`, imports) calls CheckJsonDepth
// first. Pure functions; thread-safe.
#ifndef ENGRAM_JSON_LIMITS_H_
#define ENGRAM_JSON_LIMITS_H_

#include <string_view>

#include "engram/status.h"

namespace engram {

// The deepest nesting any user-supplied JSON document may have (objects and arrays together).
inline constexpr int kMaxJsonDepth = 64;

// The nesting depth of `text` read as JSON: the most `[` / `{` open at once, outside string
// literals (escapes honoured). Stops counting once the depth passes `stop_above` and returns
// stop_above + 1. Malformed text is scanned all the same; the parser rejects it later.
int JsonNestingDepth(std::string_view text, int stop_above = kMaxJsonDepth);

// OK when `text` nests at most `max_depth` deep; otherwise InvalidArgument
// "<what>: JSON nested deeper than <max_depth> levels".
Status CheckJsonDepth(std::string_view text, std::string_view what,
                      int max_depth = kMaxJsonDepth);

}  // namespace engram

#endif  // ENGRAM_JSON_LIMITS_H_
