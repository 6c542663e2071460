// The memory backend's "complements" links at ingest (IngestBatch::complements), kept apart
// from MemoryStore: the same rule as the SQLite backend's sqlite::LinkComplements.
//
// Thread safety: none; MemoryStore calls it under its own mutex.
#ifndef ENGRAM_STORE_MEMORY_MEMORY_LINKS_H_
#define ENGRAM_STORE_MEMORY_MEMORY_LINKS_H_

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "src/store/store.h"

namespace engram::store {

// Links each current memory of `out` the batch names with the current fact of its subject and
// the other attribute in scope `scope_key` (lower id -> higher id); a link already in `links`
// is not written twice. Written links are appended to `links` and out->complements.
void LinkComplements(const IngestBatch& batch, const std::string& scope_key,
                     const std::map<int64_t, Memory>& memories, const Instant& now,
                     std::vector<MemoryLink>* links, IngestOutcome* out);

}  // namespace engram::store

#endif  // ENGRAM_STORE_MEMORY_MEMORY_LINKS_H_
