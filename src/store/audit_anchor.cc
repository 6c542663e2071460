#include "src/store/audit_anchor.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <sstream>
#include <utility>

#include "engram/status_macros.h"
#include "src/base/fd.h"
#include "src/base/hash.h"

namespace engram::store {
namespace {

constexpr char kMagic[] = "engram-audit-head v1";

// Parses "name=<int>" lines; false on anything else.
bool ParseInt(const std::string& line, const std::string& name, int64_t* out) {
  if (line.rfind(name + "=", 0) != 0) return false;
  const std::string digits = line.substr(name.size() + 1);
  if (digits.empty() || digits.size() > 18) return false;
  for (char c : digits) {
    if (c < '0' || c > '9') return false;
  }
  *out = std::stoll(digits);
  return true;
}

// An fcntl lock on the open file description (not the process), so two threads of one
// process exclude each other as two processes do. Released by close().
bool LockWhole(int fd, short type) {
  struct flock fl{};
  fl.l_type = type;
  fl.l_whence = SEEK_SET;
  while (::fcntl(fd, F_OFD_SETLKW, &fl) != 0) {
    if (errno != EINTR) return false;
  }
  return true;
}

// The file's bytes, at most kMaxAnchorBytes + 1 of them (more is not an anchor).
constexpr size_t kMaxAnchorBytes = 1024;
bool ReadAll(int fd, std::string* text) {
  text->assign(kMaxAnchorBytes + 1, '\0');
  size_t got = 0;
  while (got < text->size()) {
    const ssize_t n = ::pread(fd, text->data() + got, text->size() - got, static_cast<off_t>(got));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return false;
    if (n == 0) break;
    got += static_cast<size_t>(n);
  }
  text->resize(got);
  return true;
}

}  // namespace

AuditAnchor::AuditAnchor(std::string path, std::string key)
    : path_(std::move(path)), key_(std::move(key)) {}

std::string AuditAnchor::Tag(const std::string& body) const {
  return base::Blake2bKeyedHex(key_, "engram.audit.head.v1\n" + body);
}

Result<std::optional<AuditHead>> AuditAnchor::Read() const {
  base::Fd f(::open(path_.c_str(), O_RDONLY | O_CLOEXEC));
  if (f.get() < 0) {
    if (errno == ENOENT) return std::optional<AuditHead>();
    return Status::IOError("audit anchor: open '" + path_ + "': " + std::strerror(errno));
  }
  std::string text;
  if (!LockWhole(f.get(), F_RDLCK) || !ReadAll(f.get(), &text)) {
    return Status::IOError("audit anchor: read '" + path_ + "': " + std::strerror(errno));
  }
  return Parse(text);
}

Result<std::optional<AuditHead>> AuditAnchor::Parse(const std::string& text) const {
  const Status corrupt = Status::Corruption("audit anchor: '" + path_ + "' is not a valid head");
  const size_t tag_at = text.rfind("tag=");
  if (tag_at == std::string::npos || text.size() > kMaxAnchorBytes) return corrupt;
  const std::string body = text.substr(0, tag_at);
  std::string tag = text.substr(tag_at + 4);
  if (!tag.empty() && tag.back() == '\n') tag.pop_back();
  if (!base::ConstantTimeEquals(tag, Tag(body))) {
    return Status::Corruption("audit anchor: '" + path_ + "': tag does not match");
  }
  std::istringstream lines(body);
  std::string magic, keyed_from, seq, hash;
  AuditHead head;
  if (!std::getline(lines, magic) || magic != kMagic || !std::getline(lines, keyed_from) ||
      !ParseInt(keyed_from, "keyed_from", &head.keyed_from) || !std::getline(lines, seq) ||
      !ParseInt(seq, "seq", &head.seq) || !std::getline(lines, hash) ||
      hash.rfind("hash=", 0) != 0) {
    return corrupt;
  }
  head.hash = hash.substr(5);
  return std::optional<AuditHead>(std::move(head));
}

Status AuditAnchor::Write(const AuditHead& head, bool create) const {
  const std::string body = std::string(kMagic) + "\nkeyed_from=" +
                           std::to_string(head.keyed_from) + "\nseq=" + std::to_string(head.seq) +
                           "\nhash=" + head.hash + "\n";
  const std::string text = body + "tag=" + Tag(body) + "\n";
  base::Fd f(::open(path_.c_str(), O_RDWR | O_CLOEXEC));
  if (f.get() < 0 && errno == ENOENT) {
    if (!create) return Status::FailedPrecondition("audit anchor: '" + path_ + "' is missing");
    if (Status created = CreateWith(text); created.code() != StatusCode::kAlreadyExists) {
      return created;
    }
    f.reset(::open(path_.c_str(), O_RDWR | O_CLOEXEC));  // another writer created it first
  }
  const std::string where = "audit anchor: write '" + path_ + "': ";
  if (f.get() < 0) return Status::IOError(where + std::strerror(errno));
  // Read, check and rewrite under one lock, so the anchor never moves backwards even when
  // writers of several processes race, and no reader sees a half-written head.
  std::string old;
  if (!LockWhole(f.get(), F_WRLCK) || !ReadAll(f.get(), &old)) {
    return Status::IOError(where + std::strerror(errno));
  }
  // An anchor that cannot be trusted is evidence: it stays until an operator looks at it.
  ENGRAM_ASSIGN_OR_RETURN(std::optional<AuditHead> current, Parse(old));
  if (current && current->keyed_from == head.keyed_from && current->seq >= head.seq) {
    return Status::OK();
  }
  // In place: a rename over the old file would make ext4 start writing the new one back
  // at once (auto_da_alloc), ~0.3-0.6 ms per commit. The head only grows (seq never falls),
  // so the new text covers the old; a shorter one (another keyed_from) is cut to length.
  if (::pwrite(f.get(), text.data(), text.size(), 0) != static_cast<ssize_t>(text.size()) ||
      (old.size() > text.size() && ::ftruncate(f.get(), static_cast<off_t>(text.size())) != 0)) {
    return Status::IOError(where + std::strerror(errno));
  }
  return Status::OK();
}

Status AuditAnchor::CreateWith(const std::string& text) const {
  // Written whole under a temporary name, then linked to the anchor's name: link() fails
  // when the name exists, so two creators never both win and no reader sees an empty file.
  std::string tmp = path_ + ".tmp.XXXXXX";
  const int fd = ::mkstemp(tmp.data());  // mode 0600
  if (fd < 0) {
    return Status::IOError("audit anchor: create '" + tmp + "': " + std::strerror(errno));
  }
  bool ok = ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
  ok = ::close(fd) == 0 && ok;
  const int linked = ok ? ::link(tmp.c_str(), path_.c_str()) : -1;
  const int err = errno;
  std::remove(tmp.c_str());
  if (linked == 0) return Status::OK();
  if (ok && err == EEXIST) return Status::AlreadyExists("audit anchor: '" + path_ + "' exists");
  return Status::IOError("audit anchor: create '" + path_ + "': " + std::strerror(err));
}

}  // namespace engram::store
