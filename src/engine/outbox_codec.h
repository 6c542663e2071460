// How a RememberRequest is written into the ingestion outbox: a JSON object with every field
// (principal included), so a worker can replay it after a restart.
//
// Thread safety: pure functions.
#ifndef ENGRAM_ENGINE_OUTBOX_CODEC_H_
#define ENGRAM_ENGINE_OUTBOX_CODEC_H_

#include <string>

#include <optional>
#include <vector>

#include "engram/engine.h"
#include "src/store/store.h"

namespace engram::engine {

// `sealed_vault`: given when the request is already sanitized (write_checks.h: the outbox
// never holds a personal identifier in plaintext), the sealed originals of its placeholders.
std::string EncodeRememberRequest(const RememberRequest& request,
                                  const std::vector<store::VaultEntry>* sealed_vault = nullptr);

// Corruption when the text is not what EncodeRememberRequest wrote.
Result<RememberRequest> DecodeRememberRequest(const std::string& text);

// The vault entries EncodeRememberRequest wrote beside a sanitized request; nullopt for a
// request written unsanitized (rows queued before requests were sealed at Enqueue), which
// must be sealed when it is processed. Corruption when unreadable.
Result<std::optional<std::vector<store::VaultEntry>>> DecodeQueuedVault(const std::string& text);

// "<Code>: <message>" and back (failed outbox entries keep their Status this way).
std::string EncodeStatus(const Status& status);
Status DecodeStatus(const std::string& text);

}  // namespace engram::engine

#endif  // ENGRAM_ENGINE_OUTBOX_CODEC_H_
