// How a store stamps versions: the rules both backends share, so they cannot drift.
// Pure functions, thread-safe.
#ifndef ENGRAM_STORE_VERSIONS_H_
#define ENGRAM_STORE_VERSIONS_H_

#include <cstdint>
#include <string_view>

#include "engram/types.h"
#include "src/store/store.h"

namespace engram::store {

// The first version of a new memory from a batch's draft: id and lineage `id`, version 1,
// current, in `scope`, recorded now, from message `message_id`.
Memory FirstVersion(const Memory& draft, const Scope& scope, int64_t id, const Instant& now,
                    int64_t message_id);

// The version that supersedes `old` under `rev`: id `id`, version + 1, the revised content
// and value (or the old ones), the revised metadata (or the old), valid from rev.valid_from or
// now, recorded now, no access yet.
Memory NextVersion(const Memory& old, int64_t id, const Revision& rev, const Instant& now);

// Whether relation draft `r` is written: its links and memory are in range and the batch made
// that memory current (it neither reinforced another nor was outranked) or kept it as a weak
// candidate (the row is listed only once an approval makes the candidate current).
bool WritesRelation(const IngestBatch& batch, const IngestOutcome& out, const RelationDraft& r);

// Whether the batch's memory `index` is an explicit correction (IngestBatch::corrections).
bool IsCorrection(const IngestBatch& batch, size_t index);

// Whether `m` is a document of the keyword index. A semantic memory whose words are a part of
// the current record of its message (`record_text`, the episodic memory's content; empty when
// the message has none) is not: the record is that document already, and counting the clause
// twice would change every BM25 statistic (document count, average length, term frequencies)
// and so the ranks of messages without facts.
bool IsKeywordDocument(const Memory& m, std::string_view record_text);

}  // namespace engram::store

#endif  // ENGRAM_STORE_VERSIONS_H_
