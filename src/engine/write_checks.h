// Checks every write of memory content passes, whatever its path (remember, the queue,
// correct/PATCH, feedback corrections, explicit facts, metadata, imports): metadata values
// are sealed like text (PII into the vault), rewrites are guarded like new messages, and a
// queued request is checked and sanitized before it is acknowledged, so that the outbox
// never holds what a synchronous call would have refused or plaintext PII.
//
// Thread safety: pure functions over their arguments (PiiVault is thread-safe).
#ifndef ENGRAM_ENGINE_WRITE_CHECKS_H_
#define ENGRAM_ENGINE_WRITE_CHECKS_H_

#include <string>
#include <string_view>
#include <vector>

#include "engram/engine.h"
#include "src/engine/pii_vault.h"
#include "src/store/store.h"

namespace engram::engine {

// Replaces every personal identifier in the string (and integer) values of the metadata
// object `metadata_json` with its ⟦KIND:token⟧ placeholder of `scope_key`, appending the
// sealed originals to `vault`. "{}" and "" stay as they are. InvalidArgument when the text
// is not a JSON object (or is nested too deep).
Result<std::string> SealMetadata(const PiiVault& vault, const std::string& scope_key,
                                 const std::string& metadata_json,
                                 std::vector<store::VaultEntry>* sealed);

// Seals text, value and metadata of `request` in place (a sealed field stays sealed when
// sealed again, so the write path may seal it a second time). Appends the vault entries.
Status SealRequest(const PiiVault& vault, RememberRequest* request,
                   std::vector<store::VaultEntry>* sealed);

// The scope key a remember request writes into.
std::string RequestScopeKey(const RememberRequest& request);

// What a synchronous Remember would refuse before any work, checked before a request is
// acknowledged into the queue: principal and ids, text, metadata, scope shape, and the
// right to write there (PermissionDenied for a team the caller is not in, or a public
// write without the admin role).
Status CheckQueueable(const RememberRequest& request, size_t max_text_bytes);

// Drops the ids from the placeholders of memories returned to their writer as written
// (remember results): ⟦PHONE:oe74…⟧ -> ⟦PHONE⟧. Placeholder ids never reach a reader.
void HidePlaceholderIds(std::vector<Memory>* memories);
void HidePlaceholderIds(Memory* memory);

// A rewrite of an existing memory (correct, PATCH, feedback correction) is new content: it
// is read by the guard like a new message. PermissionDenied "guard: ..." when the guard would
// quarantine it (a rewrite cannot be kept as quarantined evidence of an active memory).
Status GuardRewrite(std::string_view text, std::string_view value,
                    std::string_view metadata_json);

}  // namespace engram::engine

#endif  // ENGRAM_ENGINE_WRITE_CHECKS_H_
