// The `result` column of an outbox entry marked done, shared by the backends that store it
// as text (SQLite, PostgreSQL): {"memories": [ids], "reinforced", "outranked",
// "candidates", "reviews": [ids], "entity_links": [{...}]}. Rows written before session 6
// hold the bare id list of the memories; DecodeOutboxResult reads both. Pure functions.
#ifndef ENGRAM_STORE_OUTBOX_RESULT_H_
#define ENGRAM_STORE_OUTBOX_RESULT_H_

#include <string>

#include "src/store/store.h"

namespace engram::store {

std::string EncodeOutboxResult(const IngestOutcome& outcome);

// Fills e's memory_ids, reinforced, outranked, candidates, reviews and entity_links from
// `text`; leaves them empty for malformed text.
void DecodeOutboxResult(const std::string& text, OutboxEntry* e);

}  // namespace engram::store

#endif  // ENGRAM_STORE_OUTBOX_RESULT_H_
