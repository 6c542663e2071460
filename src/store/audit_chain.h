// The audit log's hash chain: each record's hash covers the previous record's hash and the
// record's canonical form, so editing or dropping any record breaks every hash after it.
// Records from `keyed_from` on are keyed (a BLAKE2b MAC under the audit key), so nobody
// without the key can recompute them, and the chain's head is anchored outside the database
// (audit_anchor.h), so a cut tail shows. Format: docs/formats/audit.md.
// Functions are pure and thread-safe; an AuditChainVerifier is used by one thread.
#ifndef ENGRAM_STORE_AUDIT_CHAIN_H_
#define ENGRAM_STORE_AUDIT_CHAIN_H_

#include <optional>
#include <string>

#include "src/store/store.h"

namespace engram::store {

// Hash of the first record's predecessor: 64 zeros.
const std::string& AuditGenesisHash();

// The canonical form: fields joined by '\n' in a fixed order (see docs/formats/audit.md).
std::string AuditCanonical(const AuditRecord& r);

// BLAKE2b-256 hex of prev_hash + '\n' + canonical form. Ignores r.prev_hash and r.hash.
// The unkeyed form: records written before the chain was keyed.
std::string AuditHash(const std::string& prev_hash, const AuditRecord& r);

// Keyed BLAKE2b-256 hex (a MAC under `key`, 32 bytes) of the same input. An empty key gives
// AuditHash (stores opened without a key, as before keying).
std::string AuditMac(const std::string& key, const std::string& prev_hash, const AuditRecord& r);

// The audit key derived from a 32-byte secret (the vault key): keyed BLAKE2b of a fixed
// label, so the vault key itself never signs audit records.
std::string DeriveAuditKey(const std::string& secret);

// The chain's head as the anchor holds it: records before `keyed_from` are unkeyed (they
// predate keying), the rest keyed; `seq` is the last record the anchor saw, `hash` its hash
// (the genesis hash when seq is 0).
struct AuditHead {
  int64_t keyed_from = 1;
  int64_t seq = 0;
  std::string hash;
};

// Checks records fed in seq order against the key and the anchored head.
class AuditChainVerifier {
 public:
  // `key` empty: every record is checked unkeyed (a store opened without a key), and the
  // anchor is not consulted. Otherwise `head` is the anchor's content (nullopt: none), and
  // a non-empty `anchor_problem` says the anchor exists but cannot be trusted (bad tag,
  // malformed): the chain is then reported broken with that problem.
  AuditChainVerifier(std::string key, std::optional<AuditHead> head, std::string anchor_problem);
  void Add(const AuditRecord& r);
  AuditVerification Finish();

 private:
  void Fail(int64_t seq, std::string problem);

  std::string key_;
  std::optional<AuditHead> head_;
  std::string anchor_problem_;
  std::string prev_;
  int64_t last_seq_ = 0;
  AuditVerification v_;
};

// A record of `entry` made by ctx's principal at ctx.now, without seq, prev_hash and hash
// (the log's to set).
AuditRecord NewAuditRecord(const OpContext& ctx, const AuditEntry& entry);

// "[1,2,3]" and back; ParseIdList returns an empty list on malformed input.
std::string FormatIdList(const std::vector<int64_t>& ids);
std::vector<int64_t> ParseIdList(const std::string& text);

}  // namespace engram::store

#endif  // ENGRAM_STORE_AUDIT_CHAIN_H_
