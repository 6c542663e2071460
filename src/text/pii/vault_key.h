// Where the PII vault key comes from: the environment variable ENGRAM_VAULT_KEY, or a key file
// that is created on first use with mode 0600. Text form: 64 hex characters (what the key file
// holds, plus a trailing newline) or 44 characters of standard base64; surrounding whitespace
// is ignored.
//
// Thread safety: functions are thread-safe; concurrent first-use creation of the same file is
// safe (O_EXCL; the loser reads the winner's key).
#ifndef ENGRAM_SRC_TEXT_PII_VAULT_KEY_H_
#define ENGRAM_SRC_TEXT_PII_VAULT_KEY_H_

#include <optional>
#include <string>
#include <string_view>

#include "engram/result.h"
#include "src/text/pii/vault_crypto.h"

namespace engram::text::pii {

inline constexpr char kVaultKeyEnvVar[] = "ENGRAM_VAULT_KEY";

struct VaultKeyOptions {
  // Path of the key file. Default: empty (only the environment is consulted).
  std::string key_file;
  // Value of ENGRAM_VAULT_KEY, when set; it wins over the file. Callers pass
  // ReadVaultKeyEnv() (injected so tests stay hermetic). Default: unset.
  std::optional<std::string> env_value;
  // Create `key_file` with a fresh random key when it does not exist. Default: true.
  bool create_if_missing = true;
};

// Parses the text form. InvalidArgument when it is neither 64 hex nor base64 of 32 bytes.
Result<VaultKey> ParseVaultKey(std::string_view text);

// 64 lower-case hex characters and a newline: the key file content.
std::string FormatVaultKey(const VaultKey& key);

// getenv(kVaultKeyEnvVar), or nullopt when unset or empty.
std::optional<std::string> ReadVaultKeyEnv();

// Resolves the key: env_value if set; else the key file. Errors:
//   InvalidArgument     env value or file content is malformed ('vault key: ...');
//   PermissionDenied    the file is readable or writable by group/others, or owned by another
//                       user (message names the fix: chmod 600);
//   FailedPrecondition  neither source available, or the path is not a regular file;
//   NotFound            the file is missing and create_if_missing is false;
//   IOError             open/read/write/fsync failed.
Result<VaultKey> LoadVaultKey(const VaultKeyOptions& options);

}  // namespace engram::text::pii

#endif  // ENGRAM_SRC_TEXT_PII_VAULT_KEY_H_
