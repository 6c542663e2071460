// Values of the engine's lifecycle calls: consolidation (Engine::Compact) and erasure of a
// user (Engine::EraseUser). See engine.h for the calls.
//
// Thread safety: plain values; distinct objects may be used from distinct threads.
#ifndef ENGRAM_LIFECYCLE_H_
#define ENGRAM_LIFECYCLE_H_

#include <cstdint>
#include <string>
#include <vector>

#include "engram/types.h"

namespace engram {

struct CompactRequest {
  Principal principal;   // consolidates the scopes it may write; every scope for "admin"
  bool dry_run = false;  // plan and report, write nothing (still audited)
};

// A link between two memories of one scope:
//   "reinforces"  from a memory merged into `to_id` (which states the same thing),
//   "complements" same subject or event, other details (lower id -> higher id),
//   "summarizes"  from a summary memory to one of its sources.
struct MemoryLinkView {
  int64_t from_id = 0;
  int64_t to_id = 0;
  std::string kind;
  Instant created_at;
};

// One survivor of a merge: the memories merged into it stopped being current (never
// deleted; History still shows them), the ids reinforcing it are recorded in its metadata
// "reinforced_by", and its confidence.consistency rose to `consistency`.
struct CompactMerge {
  int64_t survivor_id = 0;
  std::vector<int64_t> merged_ids;      // current memories retired into the survivor
  std::vector<int64_t> reinforced_by;   // every reinforcing id recorded so far
  double consistency = 1.0;
};

struct CompactReport {
  std::string request_id;
  bool dry_run = false;
  int64_t scanned = 0;                   // memory versions looked at
  std::vector<CompactMerge> merges;
  std::vector<MemoryLinkView> links;     // links added (dry run: planned)
  std::vector<Memory> summaries;         // summary memories written (dry run: drafts, id 0)
  std::vector<int64_t> summaries_replaced;  // summary versions a revised summary superseded
};

// What Engine::EraseUser removed. Only the audit log keeps a trace: the user's earlier
// records (ids, no text) and one "erase" record with these counts.
struct EraseReport {
  std::string request_id;
  std::string user_id;
  int64_t memories = 0;        // memory versions (the user's, and summaries citing them)
  int64_t messages = 0;
  int64_t vault_entries = 0;
  int64_t review_items = 0;
  int64_t outbox_entries = 0;
  int64_t api_keys = 0;
  int64_t links = 0;
  int64_t embedding_cache_entries = 0;  // the whole cache is dropped (it refills on demand)
  bool storage_compacted = false;       // the files were rewritten (VACUUM + WAL truncated)
};

}  // namespace engram

#endif  // ENGRAM_LIFECYCLE_H_
