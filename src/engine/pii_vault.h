// The engine's side of PII protection (docs/formats/pii_vault.md): at write time personal
// identifiers are replaced by ⟦KIND:token⟧ placeholders and their originals sealed for the
// pii_vault table; at read time placeholders are rendered for the reader: the owner of the
// scope sees the original (each such reveal is audited), anyone else who may read the
// memory sees a masked form (139****5432).
//
// Thread safety: immutable after Open; all methods may be called concurrently.
#ifndef ENGRAM_ENGINE_PII_VAULT_H_
#define ENGRAM_ENGINE_PII_VAULT_H_

#include <memory>
#include <string>
#include <vector>

#include "engram/options.h"
#include "engram/result.h"
#include "src/store/store.h"
#include "src/text/pii/vault_crypto.h"

namespace engram::engine {

class PiiVault {
 public:
  // The key: $ENGRAM_VAULT_KEY, else Options::vault_key_file (default <db_path>.key, created
  // 0600 on first use); the memory backend without the variable uses a random key.
  static Result<std::unique_ptr<PiiVault>> Open(const Options& options);

  struct Sealed {
    std::string text;                      // with placeholders
    std::vector<store::VaultEntry> vault;  // one per distinct identifier
    std::vector<std::string> kinds;        // kinds found, in order
  };
  // Sanitizes one text for the scope `scope_key`. The same value gets the same placeholder
  // in every message of the scope.
  Result<Sealed> Seal(const std::string& scope_key, std::string_view text) const;

  // The audit chain's MAC key, derived from the vault key (store::DeriveAuditKey): the
  // chain is keyed by the same secret that protects the vault, kept in the same place.
  std::string AuditKey() const;

  // Renders the placeholders of `texts` in place for ctx.principal. Returns how many
  // placeholders were revealed in plaintext (the caller audits them).
  // `owner_scopes[i]`: the scope key of the memory texts[i] belongs to when ctx.principal
  // wrote that memory, "" when someone else did: only then, and only for identifiers sealed
  // in that scope, is the plaintext shown; everything else is masked (139****5432). Whether
  // the reader once wrote the same value elsewhere never matters, so that writing
  // candidates cannot test which value another member's memory holds. Without
  // `owner_scopes` (a text not tied to one memory, as a context block) only identifiers the
  // reader sealed in their private scope are shown in plaintext. A placeholder that cannot
  // be opened shows its kind only (⟦PHONE⟧): no placeholder id ever reaches a reader.
  // `json_texts[i]`: texts[i] is a JSON document (metadata) whose placeholders sit inside
  // strings; what replaces them is escaped for a JSON string (a URL may hold a backslash).
  Result<int> Render(store::Store& store, const store::OpContext& ctx,
                     const std::vector<std::string*>& texts,
                     const std::vector<std::string>& owner_scopes = {},
                     const std::vector<bool>& json_texts = {}) const;

 private:
  explicit PiiVault(text::pii::VaultKey key) : key_(std::move(key)) {}
  text::pii::VaultKey key_;
};

}  // namespace engram::engine

#endif  // ENGRAM_ENGINE_PII_VAULT_H_
