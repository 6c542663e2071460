// The upgrade of an ingestion outbox written by a build that queued raw requests: every
// queued request without sealed vault entries (outbox_codec.h DecodeQueuedVault) is sealed
// as Enqueue seals a new one (write_checks.h SealRequest: identifiers in text, value and
// metadata replaced by placeholders, the originals kept encrypted beside the request), so no
// identifier stays in plaintext in the queue until a worker gets to it. Processed requests
// of such a build are dropped by the store's own schema upgrade.
//
// Thread safety: safe to run while workers claim entries (a rewrite only applies to an entry
// still queued with the request it read).
#ifndef ENGRAM_ENGINE_LEGACY_OUTBOX_H_
#define ENGRAM_ENGINE_LEGACY_OUTBOX_H_

#include "engram/result.h"
#include "engram/types.h"
#include "src/engine/pii_vault.h"
#include "src/store/store.h"

namespace engram::engine {

// Seals the store's legacy queued requests with `vault`; returns how many were rewritten. A
// request that cannot be read or sealed (it would fail when processed) is marked failed,
// which empties it. Errors of the store.
Result<int> SealLegacyQueued(store::Store& store, const PiiVault& vault, const Instant& now);

}  // namespace engram::engine

#endif  // ENGRAM_ENGINE_LEGACY_OUTBOX_H_
