// Engine values as plain Python dicts, in the JSON shape of the REST API (apps/serve
// json_codec: MemoryJson, HitJson, ...), so that engramdb shapes results from the in-process
// engine and from a server with the same code.
//
// Thread safety: callers must hold the GIL.
#ifndef ENGRAM_PYTHON_BINDINGS_DICTS_H_
#define ENGRAM_PYTHON_BINDINGS_DICTS_H_

#include <nanobind/nanobind.h>

#include <string>

#include "engram/engine.h"
#include "engram/types.h"

namespace engram::python {

// {"id", "content", "type", "kind", "status", "version", "current", "lineage_id",
//  "supersedes", "scope", "subject", "attribute", "value", "time", "valid_from", "valid_to",
//  "recorded_at", "superseded_at", "expires_at", "source", "confidence", "metadata"}
nanobind::dict MemoryDict(const Memory& m);

// MemoryDict plus "score", "channels" {name: {"rank", "score"}} and "explanation".
nanobind::dict HitDict(const RecallHit& h);

nanobind::dict StatsDict(const EngineStats& s);

// {"request_id", "message_id", "memories", "superseded", "reinforced", "outranked",
//  "candidates", "guard", "signals", "coreferences", "event", "review_items", "entities"}
nanobind::dict RememberDict(const RememberResult& r);

// A JSON object held as text, as a Python object (json.loads); {} when it does not parse.
nanobind::object JsonObject(const std::string& text);

}  // namespace engram::python

#endif  // ENGRAM_PYTHON_BINDINGS_DICTS_H_
