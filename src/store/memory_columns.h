// The memory table's columns as both SQL backends (sqlite/, postgres/) name them, in the
// order their row codecs read and write them (ReadMemory, InsertMemory).
// Thread safety: constants and an immutable string.
#ifndef ENGRAM_STORE_MEMORY_COLUMNS_H_
#define ENGRAM_STORE_MEMORY_COLUMNS_H_

#include <string>

namespace engram::store {

inline constexpr const char* kMemoryColumns[] = {
    "id", "lineage_id", "version", "supersedes", "current", "user_id", "agent_id", "team_id",
    "visibility", "type", "kind", "status", "content", "subject", "attribute", "value",
    "event_from_ms", "event_to_ms", "event_grain", "valid_from_ms", "valid_to_ms",
    "recorded_ms", "superseded_ms", "expires_ms", "time_offset", "conf_temporal",
    "conf_entity", "conf_event", "conf_source", "conf_consistency", "conf_overall",
    "session_id", "message_id", "source_type", "actor", "source_at_ms", "access_count",
    "last_access_ms", "metadata", "reinforced", "last_seen_ms"};
inline constexpr int kMemoryColumnCount = sizeof(kMemoryColumns) / sizeof(kMemoryColumns[0]);

// "m.id, m.lineage_id, ...": the columns for a query aliasing the table "m".
const std::string& MemoryColumnList();

}  // namespace engram::store

#endif  // ENGRAM_STORE_MEMORY_COLUMNS_H_
