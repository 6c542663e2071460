// Copying a whole Engram store into another store, of any backend, and checking the copy
// (`engram migrate SRC DST`; docs/scale-out.md, "Migrating a store").
//
//   engram::MigrateOptions m;
//   m.source.store = "sqlite:/data/engram.db";
//   m.destination.store = "postgres://engram@127.0.0.1:5432/engram?schema=engram&tenant=acme";
//   auto report = engram::Migrate(m);   // Result<MigrateReport>; check report->ok
//
// Thread safety: Migrate may be called from any thread; it opens stores of its own.
#ifndef ENGRAM_MIGRATE_H_
#define ENGRAM_MIGRATE_H_

#include <cstdint>
#include <string>
#include <vector>

#include "engram/options.h"
#include "engram/result.h"

namespace engram {

struct MigrateOptions {
  // The store to copy (Options::store or backend/db_path). It is only read: it must exist
  // (create_if_missing is ignored) and its audit chain must verify under its vault key.
  Options source;
  // The store to fill: created when missing, and it must be empty. Its vault key must be the
  // source's ($ENGRAM_VAULT_KEY, or vault_key_file): sealed identifiers and the keyed audit
  // chain are carried as stored. The embedder settings (embedder, e5_model_path, ...) are
  // used on both sides for the ranking sample.
  Options destination;
  // Recalls compared between the two stores after the copy (queries drawn from the source's
  // current memories, spread evenly over them); 0 = no ranking sample. Default: 20
  int sample_queries = 20;
  // Hits per sampled recall. Default: 10
  int sample_limit = 10;
};

struct MigrateTable {
  std::string table;
  int64_t source_rows = 0;
  int64_t destination_rows = 0;
  bool same = true;  // counts and an order-independent digest of the rows agree
};

struct MigrateReport {
  std::vector<MigrateTable> tables;  // every portable table (src/store/table_rows.h)
  int64_t rows = 0;                  // rows copied
  double copy_seconds = 0;           // export + import, one transaction
  double verify_seconds = 0;         // re-reading the copy, the audit chain and the sample
  // The source chain's head, which the destination's "migrate" audit record names.
  int64_t source_audit_seq = 0;
  std::string source_audit_hash;
  bool audit_intact = false;         // the destination's chain, after the "migrate" record
  int64_t audit_records = 0;         // in the destination, the "migrate" record included
  int sample_queries = 0;            // recalls compared
  int sample_matches = 0;            // with the same ids in the same order
  std::vector<std::string> problems;  // every mismatch, one line each
  bool ok = false;                    // no problem
};

// Copies everything a user would miss (messages; memories with every version, status, TTL
// and dormancy; vectors and their change log; entities, links and relations; review items;
// recall log and feedback; API keys; PII vault entries; the audit chain; queued outbox
// entries; the embedding cache) with its ids, in one transaction of the destination; then
// compares every table (counts and digests), verifies the destination's audit chain, runs
// the ranking sample, and appends a "migrate" audit record to the destination naming the
// source's head.
// Errors (nothing copied): InvalidArgument for a malformed or unknown store; NotFound for a
// missing source; FailedPrecondition for a source whose audit chain does not verify (a
// wrong vault key), a destination with another vault key, or a non-empty destination;
// NotSupported for a backend that cannot export or import rows (memory). A copy that does
// not verify is reported with ok = false and its problems (the rows stay written).
Result<MigrateReport> Migrate(const MigrateOptions& options);

}  // namespace engram

#endif  // ENGRAM_MIGRATE_H_
