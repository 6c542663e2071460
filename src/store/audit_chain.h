// The audit log's hash chain: each record's hash covers the previous record's hash and the
// record's canonical form, so editing or dropping any record breaks every hash after it.
// Format: docs/formats/audit.md. Pure functions, thread-safe.
#ifndef ENGRAM_STORE_AUDIT_CHAIN_H_
#define ENGRAM_STORE_AUDIT_CHAIN_H_

#include <string>

#include "src/store/store.h"

namespace engram::store {

// Hash of the first record's predecessor: 64 zeros.
const std::string& AuditGenesisHash();

// The canonical form: fields joined by '\n' in a fixed order (see docs/formats/audit.md).
std::string AuditCanonical(const AuditRecord& r);

// BLAKE2b-256 hex of prev_hash + '\n' + canonical form. Ignores r.prev_hash and r.hash.
std::string AuditHash(const std::string& prev_hash, const AuditRecord& r);

// A record of `entry` made by ctx's principal at ctx.now, without seq, prev_hash and hash
// (the log's to set).
AuditRecord NewAuditRecord(const OpContext& ctx, const AuditEntry& entry);

// "[1,2,3]" and back; ParseIdList returns an empty list on malformed input.
std::string FormatIdList(const std::vector<int64_t>& ids);
std::vector<int64_t> ParseIdList(const std::string& text);

}  // namespace engram::store

#endif  // ENGRAM_STORE_AUDIT_CHAIN_H_
