// Mem0's JSON shapes (the platform API that mem0ai's MemoryClient speaks), from engine values.
//
// A Mem0 memory id is the lineage id of an Engram memory as a string: it stays the same when
// the memory gets a new version (update, a superseding statement), as Mem0's ids do. The
// same shapes as the Python package's (python/src/engramdb/_shape.py), without "hash".
//
// Thread safety: pure functions.
#ifndef ENGRAM_APPS_SERVE_MEM0_JSON_H_
#define ENGRAM_APPS_SERVE_MEM0_JSON_H_

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "engram/engine.h"

namespace engram::serve {

// {"id", "memory", "metadata", "created_at", "updated_at", "user_id"?, "agent_id"?,
//  "run_id"?, "categories", ...Engram's "version", "version_id", "current", "status",
//  "type", "kind"}. `created_at` is the first version's time ("" = this version's).
nlohmann::json Mem0Item(const Memory& m, const std::string& created_at = "");

// A search hit: Mem0Item plus "score" (RecallHit::relevance, what "threshold" is compared
// with), "state" and "superseded_by".
nlohmann::json Mem0Hit(const RecallHit& h);

// Mem0's event for a memory a remember returned: NONE when the message repeated a current
// memory (reinforced), UPDATE when it is a new version of an earlier one (not outranked),
// else ADD.
std::string Mem0AddEvent(const Memory& m, const RememberResult& r);

// Mem0's history rows (ADD, UPDATE..., then DELETE when forgotten) from every version of a
// memory, oldest first.
nlohmann::json Mem0History(const std::vector<Memory>& versions);

}  // namespace engram::serve

#endif  // ENGRAM_APPS_SERVE_MEM0_JSON_H_
