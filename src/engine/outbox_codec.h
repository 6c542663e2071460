// How a RememberRequest is written into the ingestion outbox: a JSON object with every field
// (principal included), so a worker can replay it after a restart.
//
// Thread safety: pure functions.
#ifndef ENGRAM_ENGINE_OUTBOX_CODEC_H_
#define ENGRAM_ENGINE_OUTBOX_CODEC_H_

#include <string>

#include <vector>

#include "engram/engine.h"
#include "src/store/store.h"

namespace engram::engine {

// `vault`: the sealed originals of the placeholders in the (already sanitized) request; the
// outbox never holds a personal identifier in plaintext (write_checks.h).
std::string EncodeRememberRequest(const RememberRequest& request,
                                  const std::vector<store::VaultEntry>& vault = {});

// Corruption when the text is not what EncodeRememberRequest wrote.
Result<RememberRequest> DecodeRememberRequest(const std::string& text);

// The vault entries EncodeRememberRequest wrote beside the request (none for rows written
// before they were kept). Corruption when unreadable.
Result<std::vector<store::VaultEntry>> DecodeQueuedVault(const std::string& text);

// "<Code>: <message>" and back (failed outbox entries keep their Status this way).
std::string EncodeStatus(const Status& status);
Status DecodeStatus(const std::string& text);

}  // namespace engram::engine

#endif  // ENGRAM_ENGINE_OUTBOX_CODEC_H_
