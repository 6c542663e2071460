#include "src/engine/legacy_outbox.h"

#include <string>
#include <vector>

#include "engram/status_macros.h"
#include "src/engine/outbox_codec.h"
#include "src/engine/write_checks.h"

namespace engram::engine {
namespace {

// The sealed form of a legacy request, or why it has none.
Result<std::string> Sealed(const PiiVault& vault, const std::string& text) {
  ENGRAM_ASSIGN_OR_RETURN(RememberRequest request, DecodeRememberRequest(text));
  std::vector<store::VaultEntry> sealed;
  ENGRAM_RETURN_IF_ERROR(SealRequest(vault, &request, &sealed));
  return EncodeRememberRequest(request, &sealed);
}

}  // namespace

Result<int> SealLegacyQueued(store::Store& store, const PiiVault& vault, const Instant& now) {
  int rewritten = 0;
  int64_t after = 0;
  while (true) {
    ENGRAM_ASSIGN_OR_RETURN(auto page, store.ListQueued(after, 256));
    if (page.empty()) return rewritten;
    for (const store::OutboxEntry& e : page) {
      after = e.id;
      auto vault_entries = DecodeQueuedVault(e.request);
      if (vault_entries.ok() && vault_entries->has_value()) continue;  // sealed at Enqueue
      Result<std::string> sealed = vault_entries.ok()
                                       ? Sealed(vault, e.request)
                                       : Result<std::string>(vault_entries.status());
      Status s = sealed.ok() ? store.RewriteQueued(e.id, e.request, *sealed)
                             : store.FailOutbox(e.id, "", EncodeStatus(sealed.status()), now);
      if (s.code() == StatusCode::kConflict) continue;  // a worker took it meanwhile
      ENGRAM_RETURN_IF_ERROR(s.WithPrefix("engine: seal queued request " +
                                          std::to_string(e.id)));
      if (sealed.ok()) ++rewritten;
    }
  }
}

}  // namespace engram::engine
