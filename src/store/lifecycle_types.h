// Values of the store's lifecycle calls (see the end of store.h): consolidation plans and
// their outcome, links between memories, and what erasing a user removed.
//
// Thread safety: plain values.
#ifndef ENGRAM_STORE_LIFECYCLE_TYPES_H_
#define ENGRAM_STORE_LIFECYCLE_TYPES_H_

#include <cstdint>
#include <string>
#include <vector>

#include "engram/types.h"

namespace engram::store {

// A directed link between two memories of the same scope (table memory_link):
//   "reinforces"  from a memory merged into to (a survivor stating the same thing),
//   "complements" from the lower id to the higher (same subject / event, other details),
//   "summarizes"  from a summary memory to one of its sources.
struct MemoryLink {
  int64_t from_id = 0;
  int64_t to_id = 0;
  std::string kind;
  Instant created_at;
};

// Which memories a consolidation run may look at (ListConsolidatable).
struct ConsolidationQuery {
  int64_t after_id = 0;  // ids ascending, the page starts after this id
  int limit = 1000;
};

// `duplicate_ids` (current memories of the survivor's scope stating the same thing) stop
// being current: superseded_at is set (valid_to is not: they still hold) and each gets a
// "reinforces" link to the survivor. The survivor stays current; its consistency and its
// metadata (with "reinforced_by") are replaced by the given values.
struct MergePlan {
  int64_t survivor_id = 0;
  std::vector<int64_t> duplicate_ids;
  double consistency = 1.0;
  std::string survivor_metadata_json;
};

struct LinkPlan {
  int64_t from_id = 0;
  int64_t to_id = 0;
  std::string kind;  // "complements" (reinforces/summarizes links come with merges/summaries)
};

// A new summary memory (draft: scope, type, kind, content, times, confidence, metadata) and
// the memories it summarizes (same scope). With `replaces`, the summary is written as the
// next version of that (current) summary instead of a new lineage.
struct SummaryPlan {
  Memory draft;
  std::vector<int64_t> sources;
  int64_t replaces = 0;
  std::string embedding;  // optional encoded vector (model in ConsolidationPlan)
};

struct ConsolidationPlan {
  std::vector<MergePlan> merges;
  std::vector<LinkPlan> links;
  std::vector<SummaryPlan> summaries;
  std::string embedding_model;
};

struct ConsolidationOutcome {
  std::vector<int64_t> retired;          // duplicates that stopped being current
  std::vector<int64_t> reinforced;       // survivors
  std::vector<MemoryLink> links_added;   // new links (existing ones are not repeated)
  std::vector<Memory> summaries;         // as stored
  std::vector<int64_t> summaries_replaced;
};

// What EraseUser removed.
struct EraseOutcome {
  std::vector<int64_t> memory_ids;  // every version erased (the user's, and summaries of them)
  int64_t messages = 0;
  int64_t vault_entries = 0;
  int64_t review_items = 0;
  int64_t outbox_entries = 0;
  int64_t api_keys = 0;
  int64_t links = 0;
  int64_t embedding_cache_entries = 0;
};

}  // namespace engram::store

#endif  // ENGRAM_STORE_LIFECYCLE_TYPES_H_
