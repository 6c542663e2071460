// The engine's lifecycle calls (Engine::Compact, Engine::EraseUser): the store calls, the
// consolidation planner of src/govern and the vector index upkeep around them.
//
// Thread safety: as the store and Vectors they are given.
#ifndef ENGRAM_ENGINE_LIFECYCLE_H_
#define ENGRAM_ENGINE_LIFECYCLE_H_

#include <string>

#include "engram/lifecycle.h"
#include "engram/result.h"
#include "src/engine/vectors.h"
#include "src/govern/summary_writer.h"
#include "src/store/store.h"

namespace engram::engine {

// Plans and applies one consolidation for ctx.principal (retrying a plan that raced with
// writers up to three times). `vectors` may be null (no embedder). With `quiet`, a run that
// finds nothing to do appends no audit record (the background job).
// `writer` writes the summaries (nullptr = the rule-based extractive writer).
Result<CompactReport> RunCompaction(store::Store& store, Vectors* vectors,
                                    const store::OpContext& ctx, bool dry_run, bool quiet,
                                    const govern::SummaryWriter* writer = nullptr);

// Erases the user in the store, removes their vectors from the index and its file, and
// compacts the database file.
Result<EraseReport> RunErasure(store::Store& store, Vectors* vectors,
                               const store::OpContext& ctx, const std::string& user_id);

Result<std::vector<MemoryLinkView>> ListLinks(store::Store& store, const store::OpContext& ctx,
                                              int64_t id);

}  // namespace engram::engine

#endif  // ENGRAM_ENGINE_LIFECYCLE_H_
