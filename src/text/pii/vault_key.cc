#include "src/text/pii/vault_key.h"

#include <fcntl.h>
#include <sodium.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "src/base/fd.h"

namespace engram::text::pii {
namespace {

std::string Where(const std::string& path) { return "vault key: '" + path + "'"; }

std::string ErrnoText() { return std::strerror(errno); }

std::string_view Trim(std::string_view s) {
  while (!s.empty() && std::strchr(" \t\r\n", s.front()) != nullptr) s.remove_prefix(1);
  while (!s.empty() && std::strchr(" \t\r\n", s.back()) != nullptr) s.remove_suffix(1);
  return s;
}

using base::Fd;

Result<VaultKey> ReadKeyFile(const std::string& path) {
  Fd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW));
  if (fd.get() < 0) {
    if (errno == ENOENT) return Status::NotFound(Where(path) + ": no such file");
    return Status::IOError(Where(path) + ": open: " + ErrnoText());
  }
  struct stat st;
  if (::fstat(fd.get(), &st) != 0) return Status::IOError(Where(path) + ": stat: " + ErrnoText());
  if (!S_ISREG(st.st_mode)) return Status::FailedPrecondition(Where(path) + ": not a regular file");
  if ((st.st_mode & 077) != 0) {
    char mode[8];
    std::snprintf(mode, sizeof(mode), "%04o", static_cast<unsigned>(st.st_mode & 07777));
    return Status::PermissionDenied(Where(path) + ": mode " + mode +
                                    " lets other users read it; must be 0600 (chmod 600 '" +
                                    path + "')");
  }
  if (st.st_uid != ::geteuid()) {
    return Status::PermissionDenied(Where(path) + ": owned by uid " + std::to_string(st.st_uid) +
                                    ", not by this process's user");
  }
  char buf[256];
  ssize_t n = 0;
  size_t total = 0;
  while ((n = ::read(fd.get(), buf + total, sizeof(buf) - total)) > 0) {
    total += static_cast<size_t>(n);
    if (total == sizeof(buf)) break;
  }
  if (n < 0) return Status::IOError(Where(path) + ": read: " + ErrnoText());
  Result<VaultKey> key = ParseVaultKey(std::string_view(buf, total));
  sodium_memzero(buf, sizeof(buf));
  if (!key.ok()) return key.status().WithPrefix(Where(path));
  return key;
}

// Writes a fresh key to a private temporary file, then link()s it into place, so no reader
// ever sees a partial file. AlreadyExists when another process created the key first.
Result<VaultKey> CreateKeyFile(const std::string& path) {
  const std::string tmp = path + ".tmp." + std::to_string(::getpid());
  VaultKey key = VaultKey::Generate();
  {
    Fd fd(::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0600));
    if (fd.get() < 0) return Status::IOError(Where(tmp) + ": create: " + ErrnoText());
    std::string text = FormatVaultKey(key);
    const bool ok = ::fchmod(fd.get(), 0600) == 0 &&
                    ::write(fd.get(), text.data(), text.size()) ==
                        static_cast<ssize_t>(text.size()) &&
                    ::fsync(fd.get()) == 0;
    sodium_memzero(text.data(), text.size());
    if (!ok) {
      const std::string err = ErrnoText();
      ::unlink(tmp.c_str());
      return Status::IOError(Where(tmp) + ": write: " + err);
    }
  }
  const int rc = ::link(tmp.c_str(), path.c_str());
  const int link_errno = errno;
  ::unlink(tmp.c_str());
  if (rc != 0) {
    if (link_errno == EEXIST) return Status::AlreadyExists(Where(path) + ": exists");
    return Status::IOError(Where(path) + ": create: " + std::strerror(link_errno));
  }
  return key;
}

}  // namespace

Result<VaultKey> ParseVaultKey(std::string_view text) {
  if (sodium_init() < 0) return Status::Internal("vault key: libsodium failed to initialize");
  text = Trim(text);
  unsigned char bytes[kVaultKeyBytes];
  size_t len = 0;
  int rc = -1;
  if (text.size() == 2 * kVaultKeyBytes) {
    rc = sodium_hex2bin(bytes, sizeof(bytes), text.data(), text.size(), nullptr, &len, nullptr);
  } else if (text.size() == sodium_base64_ENCODED_LEN(kVaultKeyBytes,
                                                      sodium_base64_VARIANT_ORIGINAL) - 1) {
    rc = sodium_base642bin(bytes, sizeof(bytes), text.data(), text.size(), nullptr, &len, nullptr,
                           sodium_base64_VARIANT_ORIGINAL);
  }
  if (rc != 0 || len != kVaultKeyBytes) {
    sodium_memzero(bytes, sizeof(bytes));
    return Status::InvalidArgument(
        "vault key: expected 64 hex characters or 44 base64 characters (32 bytes)");
  }
  Result<VaultKey> key =
      VaultKey::FromBytes(std::string_view(reinterpret_cast<const char*>(bytes), len));
  sodium_memzero(bytes, sizeof(bytes));
  return key;
}

std::string FormatVaultKey(const VaultKey& key) {
  char hex[2 * kVaultKeyBytes + 1];
  sodium_bin2hex(hex, sizeof(hex), key.data(), kVaultKeyBytes);
  std::string out(hex, 2 * kVaultKeyBytes);
  sodium_memzero(hex, sizeof(hex));
  out.push_back('\n');
  return out;
}

std::optional<std::string> ReadVaultKeyEnv() {
  const char* v = std::getenv(kVaultKeyEnvVar);
  if (v == nullptr || *v == '\0') return std::nullopt;
  return std::string(v);
}

Result<VaultKey> LoadVaultKey(const VaultKeyOptions& options) {
  if (options.env_value.has_value()) {
    Result<VaultKey> key = ParseVaultKey(*options.env_value);
    if (!key.ok()) return key.status().WithPrefix(std::string(kVaultKeyEnvVar));
    return key;
  }
  if (options.key_file.empty()) {
    return Status::FailedPrecondition(std::string("vault key: neither ") + kVaultKeyEnvVar +
                                      " nor a key file is configured");
  }
  Result<VaultKey> key = ReadKeyFile(options.key_file);
  if (key.ok() || key.status().code() != StatusCode::kNotFound || !options.create_if_missing) {
    return key;
  }
  key = CreateKeyFile(options.key_file);
  if (!key.ok() && key.status().code() == StatusCode::kAlreadyExists) {
    return ReadKeyFile(options.key_file);  // lost a creation race
  }
  return key;
}

}  // namespace engram::text::pii
