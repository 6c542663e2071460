#include "src/engine/pii_vault.h"

#include <map>
#include <optional>
#include <set>

#include <nlohmann/json.hpp>

#include "engram/status_macros.h"
#include "src/engine/registry.h"
#include "src/store/audit_chain.h"
#include "src/text/pii/pii_masker.h"
#include "src/text/pii/vault_key.h"

namespace engram::engine {

namespace pii = text::pii;

Result<std::unique_ptr<PiiVault>> PiiVault::Open(const Options& options) {
  pii::VaultKeyOptions ko;
  ko.env_value = pii::ReadVaultKeyEnv();
  ENGRAM_ASSIGN_OR_RETURN(StoreLocation loc, ResolveStore(options));
  const std::string local = LocalStorePath(loc);
  if (!options.vault_key_file.empty() || !local.empty()) {
    ko.key_file = options.vault_key_file.empty() ? local + ".key" : options.vault_key_file;
  } else if (NeedsSharedVaultKey(loc) && !ko.env_value) {
    // Every engine on a shared database must seal and open with the same key.
    return Status::FailedPrecondition(
        "engine: vault key: a PostgreSQL store needs the key every server shares: set "
        "$ENGRAM_VAULT_KEY or vault_key_file");
  } else if (!ko.env_value) {
    return std::unique_ptr<PiiVault>(new PiiVault(pii::VaultKey::Generate()));
  }
  auto key = pii::LoadVaultKey(ko);
  if (!key.ok()) return key.status().WithPrefix("engine: vault key");
  return std::unique_ptr<PiiVault>(new PiiVault(std::move(key).value()));
}

std::string PiiVault::AuditKey() const {
  return store::DeriveAuditKey(
      std::string(reinterpret_cast<const char*>(key_.data()), pii::kVaultKeyBytes));
}

Result<PiiVault::Sealed> PiiVault::Seal(const std::string& scope_key,
                                        std::string_view text) const {
  pii::SanitizedText s =
      pii::Sanitize(text, [&](pii::PiiKind kind, std::string_view canonical, int) {
        return pii::PiiTokenId(key_, scope_key, kind, canonical);
      });
  Sealed out;
  out.text = std::move(s.text);
  std::set<std::string> seen;
  for (const pii::PiiFinding& f : s.findings) {
    out.kinds.push_back(std::string(pii::PiiKindName(f.kind)));
    if (!seen.insert(f.placeholder).second) continue;
    ENGRAM_ASSIGN_OR_RETURN(
        auto sealed,
        pii::SealPii(key_, f.value, pii::VaultAssociatedData(scope_key, f.placeholder)));
    store::VaultEntry e;
    e.placeholder = f.placeholder;
    e.kind = std::string(pii::PiiKindName(f.kind));
    e.nonce = std::move(sealed.nonce);
    e.ciphertext = std::move(sealed.ciphertext);
    out.vault.push_back(std::move(e));
  }
  return out;
}

Result<int> PiiVault::Render(store::Store& store, const store::OpContext& ctx,
                             const std::vector<std::string*>& texts,
                             const std::vector<std::string>& owner_scopes,
                             const std::vector<bool>& json_texts) const {
  std::vector<std::string> wanted;
  for (const std::string* t : texts) {
    for (const pii::PlaceholderRef& ref : pii::FindPlaceholders(*t)) {
      wanted.emplace_back(ref.placeholder);
    }
  }
  if (wanted.empty()) return 0;
  ENGRAM_ASSIGN_OR_RETURN(auto rows, store.GetVault(ctx, wanted));
  struct Opened {
    std::string value;
    std::string scope_key;
    std::string writer;
  };
  std::multimap<std::string, Opened> opened;  // placeholder -> its originals, by scope
  for (const store::VaultEntry& e : rows) {
    auto value = pii::OpenPii(key_, {e.nonce, e.ciphertext},
                              pii::VaultAssociatedData(e.scope_key, e.placeholder));
    if (!value.ok()) continue;  // tampered or another key: stays a placeholder
    opened.emplace(e.placeholder, Opened{std::move(value).value(), e.scope_key, e.user_id});
  }
  const std::string private_scope = "u:" + ctx.principal.user_id;
  int revealed = 0;
  for (size_t i = 0; i < texts.size(); ++i) {
    const std::string* owner_scope = i < owner_scopes.size() ? &owner_scopes[i] : nullptr;
    auto lookup = [&](const pii::PlaceholderRef& ref) -> std::optional<std::string> {
      auto [begin, end] = opened.equal_range(std::string(ref.placeholder));
      if (begin == end) return "⟦" + std::string(pii::PiiKindName(ref.kind)) + "⟧";
      for (auto it = begin; it != end; ++it) {
        const Opened& o = it->second;
        const bool plain = owner_scope != nullptr
                               ? !owner_scope->empty() && o.scope_key == *owner_scope
                               : o.scope_key == private_scope &&
                                     o.writer == ctx.principal.user_id;
        if (plain) {
          ++revealed;
          return o.value;
        }
      }
      return pii::MaskValue(ref.kind, begin->second.value);
    };
    if (i < json_texts.size() && json_texts[i]) {
      auto escaped = [&](const pii::PlaceholderRef& ref) -> std::optional<std::string> {
        auto shown = lookup(ref);
        if (!shown) return shown;
        const std::string quoted = nlohmann::json(*shown).dump(
            -1, ' ', false, nlohmann::json::error_handler_t::replace);
        return quoted.substr(1, quoted.size() - 2);  // inside the string's quotes
      };
      *texts[i] = pii::RenderPlaceholders(*texts[i], pii::RenderMode::kPlaintext, escaped);
      continue;
    }
    *texts[i] = pii::RenderPlaceholders(*texts[i], pii::RenderMode::kPlaintext, lookup);
  }
  return revealed;
}

}  // namespace engram::engine
