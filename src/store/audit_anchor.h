// AuditAnchor: the audit chain's head kept outside the database, in a small file beside it
// (default "<db>.audit-head", mode 0600), tagged with the audit key. The store rewrites it
// after every commit that appended audit records; verification then knows how long the chain
// was and what its last record was, so a cut tail (or a database rolled back past the anchor)
// shows. Format: docs/formats/audit.md.
//
// The anchor never moves backwards: Write keeps a file that already vouches for a later
// record. It is written after the commit (never ahead of the database), in place, under an
// exclusive lock on the file (an open-file-description fcntl lock) that covers the read, the
// check and the write; Read takes a shared lock. So concurrent writers (threads or several
// processes on one database) never see a half-written anchor nor move it back. A new anchor
// appears whole (written under a temporary name, then linked).
//
// Thread safety: const methods may be called concurrently.
#ifndef ENGRAM_STORE_AUDIT_ANCHOR_H_
#define ENGRAM_STORE_AUDIT_ANCHOR_H_

#include <optional>
#include <string>

#include "engram/result.h"
#include "src/store/audit_chain.h"

namespace engram::store {

class AuditAnchor {
 public:
  // REQUIRES: key is the 32-byte audit key.
  AuditAnchor(std::string path, std::string key);

  // The anchored head, or nullopt when the file does not exist. Corruption when the file is
  // malformed or its tag does not match (edited, or written under another key); IOError when
  // it cannot be read.
  Result<std::optional<AuditHead>> Read() const;

  // Replaces the file with `head` unless it already holds a head with the same keyed_from
  // and a later or equal seq. A missing file is created only when `create` (a new or newly
  // keyed database): otherwise FailedPrecondition, since a deleted anchor is evidence of
  // tampering that a rewrite would erase. Corruption (left in place, for the same reason)
  // when the existing file cannot be trusted; IOError on failure.
  Status Write(const AuditHead& head, bool create) const;

  const std::string& path() const { return path_; }

 private:
  std::string Tag(const std::string& body) const;
  // The head `text` holds; Corruption when it is not one written with this key.
  Result<std::optional<AuditHead>> Parse(const std::string& text) const;
  // Creates the file holding `text`; AlreadyExists when it exists.
  Status CreateWith(const std::string& text) const;

  std::string path_;
  std::string key_;
};

}  // namespace engram::store

#endif  // ENGRAM_STORE_AUDIT_ANCHOR_H_
