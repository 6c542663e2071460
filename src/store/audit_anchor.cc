#include "src/store/audit_anchor.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <utility>

#include "engram/status_macros.h"
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

}  // namespace

AuditAnchor::AuditAnchor(std::string path, std::string key)
    : path_(std::move(path)), key_(std::move(key)) {}

std::string AuditAnchor::Tag(const std::string& body) const {
  return base::Blake2bKeyedHex(key_, "engram.audit.head.v1\n" + body);
}

Result<std::optional<AuditHead>> AuditAnchor::Read() const {
  std::ifstream in(path_, std::ios::binary);
  if (!in) {
    if (errno == ENOENT) return std::optional<AuditHead>();
    return Status::IOError("audit anchor: open '" + path_ + "': " + std::strerror(errno));
  }
  std::stringstream buf;
  buf << in.rdbuf();
  const std::string text = buf.str();
  const Status corrupt = Status::Corruption("audit anchor: '" + path_ + "' is not a valid head");
  const size_t tag_at = text.rfind("tag=");
  if (tag_at == std::string::npos || text.size() > 1024) return corrupt;
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
  auto current = Read();
  // An anchor that cannot be trusted is evidence: it stays until an operator looks at it.
  ENGRAM_RETURN_IF_ERROR(current.status());
  if (!*current && !create) {
    return Status::FailedPrecondition("audit anchor: '" + path_ + "' is missing");
  }
  if (*current && (*current)->keyed_from == head.keyed_from && (*current)->seq >= head.seq) {
    return Status::OK();
  }
  const std::string body = std::string(kMagic) + "\nkeyed_from=" +
                           std::to_string(head.keyed_from) + "\nseq=" + std::to_string(head.seq) +
                           "\nhash=" + head.hash + "\n";
  const std::string text = body + "tag=" + Tag(body) + "\n";
  std::string tmp = path_ + ".tmp.XXXXXX";
  const int fd = ::mkstemp(tmp.data());  // mode 0600
  if (fd < 0) {
    return Status::IOError("audit anchor: create '" + tmp + "': " + std::strerror(errno));
  }
  bool ok = ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
  ok = ::close(fd) == 0 && ok;
  if (!ok || std::rename(tmp.c_str(), path_.c_str()) != 0) {
    const std::string err = std::strerror(errno);
    std::remove(tmp.c_str());
    return Status::IOError("audit anchor: write '" + path_ + "': " + err);
  }
  return Status::OK();
}

}  // namespace engram::store
