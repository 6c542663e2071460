// JSON shapes of the lifecycle calls (compact, erase), shared by the server and the CLI.
// Thread safety: pure functions.
#ifndef ENGRAM_APPS_SERVE_LIFECYCLE_JSON_H_
#define ENGRAM_APPS_SERVE_LIFECYCLE_JSON_H_

#include <nlohmann/json.hpp>

#include "engram/engine.h"

namespace engram::serve {

// {"request_id", "dry_run", "scanned", "merges": [{"survivor_id", "merged_ids",
//  "reinforced_by", "consistency"}], "links": [{"from_id", "to_id", "kind"}],
//  "summaries": [memory], "summaries_replaced": [id]}
nlohmann::json CompactReportJson(const CompactReport& r);

// {"request_id", "user_id", "erased": {"memories", "messages", "vault_entries",
//  "review_items", "outbox_entries", "api_keys", "links", "embedding_cache_entries"},
//  "storage_compacted"}
nlohmann::json EraseReportJson(const EraseReport& r);

}  // namespace engram::serve

#endif  // ENGRAM_APPS_SERVE_LIFECYCLE_JSON_H_
