// engram::Migrate (engram/migrate.h): a store copied row for row through the portable rows
// of src/store/table_rows.h, then checked: every table's count and digest, the audit chain,
// and a ranking sample. Generic over Store: no backend is named here (the registry opens
// them).
#include "engram/migrate.h"

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "engram/status_macros.h"
#include "src/base/hash.h"
#include "src/base/time.h"
#include "src/base/utf8.h"
#include "engram/clock.h"
#include "src/engine/engine_impl_internal.h"
#include "src/engine/legacy_outbox.h"
#include "src/engine/pii_vault.h"
#include "src/engine/registry.h"
#include "src/engine/vectors.h"
#include "src/store/audit_chain.h"
#include "src/store/table_rows.h"
#include "src/text/pii/pii_masker.h"

namespace engram {

namespace {

using Steady = std::chrono::steady_clock;

double Since(Steady::time_point t) {
  return std::chrono::duration<double>(Steady::now() - t).count();
}

int ColumnIndex(const store::PortableTable& t, std::string_view name) {
  for (size_t c = 0; c < t.columns.size(); ++c) {
    if (name == t.columns[c].name) return static_cast<int>(c);
  }
  return -1;
}

// A store URI without its password, for messages and the audit record.
std::string Redacted(const Options& o) {
  std::string uri = o.store.empty() ? o.backend + ":" + o.db_path : o.store;
  const size_t scheme = uri.find("://");
  if (scheme == std::string::npos) return uri;
  const size_t at = uri.find('@', scheme + 3);
  const size_t slash = uri.find('/', scheme + 3);
  if (at == std::string::npos || (slash != std::string::npos && slash < at)) return uri;
  const size_t colon = uri.find(':', scheme + 3);
  if (colon != std::string::npos && colon < at) uri.erase(colon, at - colon);
  return uri;
}

// One side of the migration: its vault and its store.
struct Side {
  std::unique_ptr<engine::PiiVault> vault;
  std::unique_ptr<store::Store> store;
};

Result<Side> OpenSide(const Options& options, const char* which) {
  Side side;
  auto store = engine::OpenStore(options, [&]() -> Result<std::string> {
    ENGRAM_ASSIGN_OR_RETURN(side.vault, engine::PiiVault::Open(options));
    return side.vault->AuditKey();
  });
  if (!store.ok()) return store.status().WithPrefix(std::string("migrate: ") + which);
  side.store = std::move(store).value();
  return side;
}

// What the copy remembers of the source's rows: their digest, and the current memories the
// ranking sample draws its queries from.
class SourceTee final : public store::RowSink {
 public:
  explicit SourceTee(store::RowSink& out) : out_(out) {}

  Status Write(const store::RowBatch& batch) override {
    digest.Add(batch);
    const std::string_view name = batch.table->name;
    if (name == "memory") Remember(batch);
    if (name == "audit_head" && !batch.rows.empty() && batch.rows[0].size() == 3) {
      head_seq = batch.rows[0][1].i;
      head_hash = batch.rows[0][2].s;
    }
    return out_.Write(batch);
  }

  struct Candidate {
    Principal principal;
    std::string text;
  };
  store::RowDigest digest;
  std::vector<Candidate> candidates;
  int64_t latest_ms = 0;
  int64_t head_seq = 0;
  std::string head_hash;

 private:
  void Remember(const store::RowBatch& batch) {
    const store::PortableTable& t = *batch.table;
    static const char* kNeeded[] = {"current", "status", "content", "user_id", "agent_id",
                                    "team_id", "visibility", "recorded_ms"};
    int col[8];
    for (int k = 0; k < 8; ++k) col[k] = ColumnIndex(t, kNeeded[k]);
    for (const auto& row : batch.rows) {
      latest_ms = std::max(latest_ms, row[col[7]].i);
      if (row[col[0]].i != 1 || row[col[1]].s != "active" || row[col[2]].s.empty()) continue;
      Principal p{row[col[3]].s, row[col[4]].s, {}, {}};
      if (row[col[6]].s == "team" && !row[col[5]].s.empty()) p.teams.push_back(row[col[5]].s);
      candidates.push_back({std::move(p), row[col[2]].s});
    }
  }

  store::RowSink& out_;
};

// The first words of a memory's text (at most 12 words and ~120 bytes, whole characters).
std::string QueryOf(const std::string& text) {
  size_t pos = 0;
  size_t end = 0;
  int words = 0;
  while (pos < text.size() && pos <= 120) {
    const size_t at = pos;
    const char32_t cp = base::DecodeUtf8(text, &pos);
    if (pos <= at) break;
    if (cp == U' ' && ++words >= 12) break;
    end = pos;
  }
  return text.substr(0, end);
}

void CompareDigests(const store::RowDigest& src, const store::RowDigest& dst,
                    MigrateReport* report) {
  for (const store::PortableTable& t : store::PortableTables()) {
    MigrateTable row;
    row.table = t.name;
    const auto s = src.tables().find(t.name);
    const auto d = dst.tables().find(t.name);
    const store::RowDigest::Table none;
    const auto& st = s == src.tables().end() ? none : s->second;
    const auto& dt = d == dst.tables().end() ? none : d->second;
    row.source_rows = st.rows;
    row.destination_rows = dt.rows;
    row.same = st.rows == dt.rows && st.sum == dt.sum;
    if (!row.same) {
      report->problems.push_back(
          std::string("table ") + t.name + ": source " + std::to_string(st.rows) +
          " rows, destination " + std::to_string(dt.rows) +
          (st.rows == dt.rows ? " (same count, different content)" : ""));
    }
    report->tables.push_back(std::move(row));
  }
}

// An engine over `side`'s store (which it takes) with `o`'s embedder; the vector index is
// rebuilt in memory from the store's log and the embedding cache is only read, so neither
// the store nor a file beside it changes.
Result<std::unique_ptr<engine::EngineImpl>> EngineOver(const Options& o, Side& side,
                                                       const char* which) {
  ENGRAM_ASSIGN_OR_RETURN(auto embedder, engine::OpenEmbedder(o));
  std::unique_ptr<engine::Vectors> vectors;
  if (embedder) {
    auto v = engine::Vectors::Open(std::move(embedder), side.store.get(), "",
                                   /*store_search=*/false, /*read_only=*/true);
    if (!v.ok()) return v.status().WithPrefix(std::string("migrate: ") + which + " vectors");
    vectors = std::move(v).value();
  }
  return std::make_unique<engine::EngineImpl>(o, std::move(side.store), std::move(vectors),
                                              std::move(side.vault));
}

// Recalls the same queries on both engines, as the memories' owners, at one time, with
// Search: nothing is written to either store.
void RankingSample(const MigrateOptions& options, const SourceTee& tee,
                   engine::EngineImpl& src, engine::EngineImpl& dst, MigrateReport* report) {
  if (options.sample_queries <= 0 || tee.candidates.empty()) return;
  const Instant at{tee.latest_ms + 1000, 0};
  const size_t n = tee.candidates.size();
  const size_t queries = std::min(n, static_cast<size_t>(options.sample_queries));
  for (size_t q = 0; q < queries; ++q) {
    const auto& c = tee.candidates[q * n / queries];
    RecallRequest request;
    request.principal = c.principal;
    request.query = QueryOf(c.text);
    request.at = at;
    request.limit = options.sample_limit;
    if (request.query.empty()) continue;
    const store::OpContext ctx{c.principal, "migrate-sample", at};
    auto a = src.Search(ctx, request);
    auto b = dst.Search(ctx, request);
    ++report->sample_queries;
    std::vector<int64_t> ia, ib;
    if (a.ok()) {
      for (const RecallHit& h : *a) ia.push_back(h.memory.id);
    }
    if (b.ok()) {
      for (const RecallHit& h : *b) ib.push_back(h.memory.id);
    }
    if (a.ok() && b.ok() && ia == ib) {
      ++report->sample_matches;
      continue;
    }
    // The query is sealed text: its placeholders are named without their ids, as in any output.
    std::string line = "recall '" + text::pii::WithoutPlaceholderIds(request.query) + "' as " +
                       c.principal.user_id + ": ";
    if (!a.ok()) line += "source failed (" + a.status().ToString() + ") ";
    if (!b.ok()) line += "destination failed (" + b.status().ToString() + ") ";
    if (a.ok() && b.ok()) {
      line += "source ids " + store::FormatIdList(ia) + ", destination ids " +
              store::FormatIdList(ib);
    }
    report->problems.push_back(line);
  }
}

}  // namespace

Result<MigrateReport> Migrate(const MigrateOptions& options) {
  MigrateReport report;
  Options src_options = options.source;
  src_options.create_if_missing = false;
  Options dst_options = options.destination;
  dst_options.create_if_missing = true;

  {  // A source file without its key: opening would create a new key file beside it.
    ENGRAM_ASSIGN_OR_RETURN(engine::StoreLocation loc, engine::ResolveStore(src_options));
    const std::string local = engine::LocalStorePath(loc);
    if (!local.empty() && src_options.vault_key_file.empty() &&
        std::getenv("ENGRAM_VAULT_KEY") == nullptr && std::filesystem::exists(local) &&
        !std::filesystem::exists(local + ".key")) {
      return Status::FailedPrecondition("migrate: no vault key for the source '" + local +
                                        "': set $ENGRAM_VAULT_KEY or --source-key-file (its "
                                        "key file '" + local + ".key' does not exist)");
    }
  }
  ENGRAM_ASSIGN_OR_RETURN(Side src, OpenSide(src_options, "source"));
  // The source's chain must verify under the key given: otherwise the key is wrong (and
  // every copy of the chain would be broken) or the source was tampered with.
  ENGRAM_ASSIGN_OR_RETURN(auto src_audit, src.store->VerifyAudit());
  if (!src_audit.intact) {
    return Status::FailedPrecondition(
        "migrate: the source's audit chain does not verify under this vault key (" +
        src_audit.problem +
        "); give the source's key ($ENGRAM_VAULT_KEY or --vault-key-file); nothing copied");
  }
  {  // A new local destination without a key would get a fresh one (a key file written
     // beside it) that differs from the source's by construction: refused before that.
    ENGRAM_ASSIGN_OR_RETURN(engine::StoreLocation loc, engine::ResolveStore(dst_options));
    const std::string local = engine::LocalStorePath(loc);
    if (!local.empty() && dst_options.vault_key_file.empty() &&
        std::getenv("ENGRAM_VAULT_KEY") == nullptr && !std::filesystem::exists(local + ".key")) {
      return Status::FailedPrecondition(
          "migrate: the destination's vault key differs from the source's: '" + local +
          "' has no key file and $ENGRAM_VAULT_KEY is not set, so it would get a new key; "
          "give the source's key ($ENGRAM_VAULT_KEY or --dest-key-file); nothing copied");
    }
  }
  {  // The destination's key, before its store is opened (a PostgreSQL store records it).
    auto dst_vault = engine::PiiVault::Open(dst_options);
    if (!dst_vault.ok()) return dst_vault.status().WithPrefix("migrate: destination");
    if (!base::ConstantTimeEquals((*dst_vault)->AuditKey(), src.vault->AuditKey())) {
      return Status::FailedPrecondition(
          "migrate: the destination's vault key differs from the source's; sealed "
          "identifiers and the keyed audit chain need the same key: set $ENGRAM_VAULT_KEY "
          "(or --vault-key-file) to the source's key; nothing copied");
    }
  }
  // A queue an older build wrote holds raw requests: they are sealed in the source first, as
  // opening it with the engine does, so that none is copied in plaintext.
  ENGRAM_RETURN_IF_ERROR(
      engine::SealLegacyQueued(*src.store, *src.vault,
                               base::InstantFromMicros(SystemClock()->NowMicros(), 0))
          .status()
          .WithPrefix("migrate: source"));
  ENGRAM_ASSIGN_OR_RETURN(Side dst, OpenSide(dst_options, "destination"));
  {
    store::RowDigest before;
    ENGRAM_RETURN_IF_ERROR(dst.store->ExportRows(before).WithPrefix("migrate: destination"));
    if (before.total_rows() > 0) {
      return Status::FailedPrecondition("migrate: the destination " + Redacted(dst_options) +
                                        " is not empty (" + std::to_string(before.total_rows()) +
                                        " rows); migrate into an empty store");
    }
  }

  // The copy: the source's rows stream into one transaction of the destination.
  auto start = Steady::now();
  std::unique_ptr<SourceTee> tee;
  ENGRAM_RETURN_IF_ERROR(dst.store
                             ->ImportRows([&](store::RowSink& out) -> Status {
                               tee = std::make_unique<SourceTee>(out);
                               return src.store->ExportRows(*tee).WithPrefix("migrate: source");
                             })
                             .WithPrefix("migrate: destination"));
  report.copy_seconds = Since(start);
  report.rows = tee->digest.total_rows();
  report.source_audit_seq = tee->head_seq;
  report.source_audit_hash = tee->head_hash;

  // Verification: every table again, read back from the destination.
  start = Steady::now();
  store::RowDigest copied;
  ENGRAM_RETURN_IF_ERROR(dst.store->ExportRows(copied).WithPrefix("migrate: verify"));
  CompareDigests(tee->digest, copied, &report);
  store::Store* dst_store = dst.store.get();  // owned by dst_engine below
  ENGRAM_ASSIGN_OR_RETURN(auto src_engine, EngineOver(dst_options, src, "source"));
  ENGRAM_ASSIGN_OR_RETURN(auto dst_engine, EngineOver(dst_options, dst, "destination"));
  RankingSample(options, *tee, *src_engine, *dst_engine, &report);

  // The destination's chain records the migration, naming the source's head; it must then
  // verify whole.
  const bool record = report.problems.empty();
  if (record) {
    nlohmann::json detail = {{"source", Redacted(src_options)},
                             {"source_audit_seq", report.source_audit_seq},
                             {"source_audit_hash", report.source_audit_hash},
                             {"rows", report.rows}};
    const store::OpContext ctx{Principal{"engram:migrate", "", {}, {"admin"}},
                               base::RandomHexId(),
                               base::InstantFromMicros(SystemClock()->NowMicros(), 0)};
    ENGRAM_RETURN_IF_ERROR(
        dst_store->AppendAudit(ctx, {"migrate", {}, detail.dump()}).WithPrefix("migrate"));
  }
  ENGRAM_ASSIGN_OR_RETURN(auto dst_audit, dst_store->VerifyAudit());
  report.audit_intact = dst_audit.intact;
  report.audit_records = dst_audit.records;
  if (!dst_audit.intact) {
    report.problems.push_back("the destination's audit chain does not verify: " +
                              dst_audit.problem);
  }
  const int64_t expected = src_audit.records + (record ? 1 : 0);
  if (dst_audit.intact && dst_audit.records != expected) {
    report.problems.push_back("the destination's audit chain has " +
                              std::to_string(dst_audit.records) + " records, expected " +
                              std::to_string(expected));
  }
  report.verify_seconds = Since(start);
  report.ok = report.problems.empty();
  return report;
}

}  // namespace engram
