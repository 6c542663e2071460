// How a RememberRequest is written into the ingestion outbox: a JSON object with every field
// (principal included), so a worker can replay it after a restart.
//
// Thread safety: pure functions.
#ifndef ENGRAM_ENGINE_OUTBOX_CODEC_H_
#define ENGRAM_ENGINE_OUTBOX_CODEC_H_

#include <string>

#include "engram/engine.h"

namespace engram::engine {

std::string EncodeRememberRequest(const RememberRequest& request);

// Corruption when the text is not what EncodeRememberRequest wrote.
Result<RememberRequest> DecodeRememberRequest(const std::string& text);

// "<Code>: <message>" and back (failed outbox entries keep their Status this way).
std::string EncodeStatus(const Status& status);
Status DecodeStatus(const std::string& text);

}  // namespace engram::engine

#endif  // ENGRAM_ENGINE_OUTBOX_CODEC_H_
