// One memory per fact (seed 003 §3.1): a message that says again what a current record of the
// same scope says is not added as a second memory; that record is reinforced instead
// (store::IngestBatch::duplicate_of) and the message itself is still logged.
//
// A restatement is a record whose (normalized) text equals the new one, or whose vector is at
// least kDuplicateCosine similar to the new record's while the new record brings no content
// word the old one lacks (no new value, no other subject), e.g. another case or punctuation.
//
// Thread safety: stateless; the store and index are thread-safe.
#ifndef ENGRAM_ENGINE_DEDUP_H_
#define ENGRAM_ENGINE_DEDUP_H_

#include <cstdint>
#include <map>
#include <string>
#include <string_view>

#include "engram/result.h"
#include "src/index/vector_index.h"
#include "src/store/store.h"

namespace engram::engine {

inline constexpr double kDuplicateCosine = 0.92;

// Whether `newer` says nothing that `older` does not: equal after folding, or it restates it
// in other words (recall/relevance.h Restates).
bool SaysNothingNew(std::string_view newer, std::string_view older);

// The current record of `batch`'s scope that batch.memories[0] restates, or 0. Uses the
// store's index of record texts, then the record's vector (batch.embeddings[0]) to find
// candidates in the scope's partition of `index` (skipped without a vector or an index).
// REQUIRES: batch.memories is non-empty.
Result<int64_t> FindRestatedRecord(store::Store& store, const store::OpContext& ctx,
                                   index::VectorIndex* index, const store::IngestBatch& batch);

// The key of batch.memories[0] among records committed earlier in one run of writes that the
// index has not seen yet: scope key and folded text.
std::string RestatementKey(const store::IngestBatch& batch);

// Sets batch->duplicate_of to the record batch->memories[0] restates: one of `earlier` (by
// RestatementKey) or one FindRestatedRecord finds; leaves it 0 otherwise. No-op for a batch
// without memories.
Status MarkRestatement(store::Store& store, const store::OpContext& ctx,
                       index::VectorIndex* index,
                       const std::map<std::string, int64_t>& earlier, store::IngestBatch* batch);

}  // namespace engram::engine

#endif  // ENGRAM_ENGINE_DEDUP_H_
