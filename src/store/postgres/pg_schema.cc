#include "src/store/postgres/pg_schema.h"

#include <algorithm>
#include <string>
#include <vector>

#include "engram/status_macros.h"
#include "src/store/postgres/pg_txn.h"

#ifndef ENGRAM_VERSION_STRING
#define ENGRAM_VERSION_STRING "unknown"
#endif

namespace engram::store::postgres {
namespace {

// Both halves of the advisory lock that serializes migrations in a database ("engr", "migr").
constexpr int kLockClass = 0x656e6772;
constexpr int kLockId = 0x6d696772;

const std::vector<const char*>& Migrations() {
  static const std::vector<const char*>* kMigrations =
      new std::vector<const char*>{PgSchemaV1Sql(), PgSchemaV2Sql()};
  return *kMigrations;
}

std::string QuoteIdent(std::string_view id) {
  std::string q = "\"";
  for (char c : id) {
    if (c == '"') q.push_back('"');
    q.push_back(c);
  }
  return q + "\"";
}

// The schema holding the vector extension, creating the extension in `public` when missing.
Result<std::string> VectorSchema(PgConn& conn) {
  const char* kFind =
      "SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace "
      "WHERE e.extname = 'vector'";
  ENGRAM_ASSIGN_OR_RETURN(PgResult found, conn.Exec(kFind));
  if (found.rows() == 1) return std::string(found.Text(0, 0));
  Status s = conn.Exec("CREATE EXTENSION IF NOT EXISTS vector SCHEMA public").status();
  if (!s.ok()) {
    return Status::FailedPrecondition(
        "postgres: the vector extension (pgvector) is not installed in this database and this "
        "role cannot install it; run CREATE EXTENSION vector as its owner (" +
        s.message() + ")");
  }
  return std::string("public");
}

}  // namespace

int LatestPgSchemaVersion() { return static_cast<int>(Migrations().size()); }

Result<int> ReadPgSchemaVersion(PgConn& conn, std::string_view schema) {
  if (!IsValidPgSchemaName(schema)) {
    return Status::InvalidArgument("postgres: bad schema name '" + std::string(schema) + "'");
  }
  std::string table = QuoteIdent(schema) + ".schema_migrations";
  ENGRAM_ASSIGN_OR_RETURN(PgResult exists,
                          conn.Exec("SELECT to_regclass($1) IS NOT NULL", {PgParam(table)}));
  if (!exists.Bool(0, 0)) return 0;
  ENGRAM_ASSIGN_OR_RETURN(PgResult v, conn.Exec("SELECT coalesce(max(version), 0) FROM " + table));
  return static_cast<int>(v.Int64(0, 0));
}

Status MigratePgSchema(PgConn& conn, std::string_view schema) {
  ENGRAM_ASSIGN_OR_RETURN(int version, ReadPgSchemaVersion(conn, schema));
  const int latest = LatestPgSchemaVersion();
  auto newer = [&](int v) {
    return Status::FailedPrecondition(
        "postgres: schema '" + std::string(schema) + "' has version " + std::to_string(v) +
        ", newer than this build supports (" + std::to_string(latest) + "); upgrade engram");
  };
  if (version > latest) return newer(version);
  if (version == latest) return Status::OK();

  ENGRAM_ASSIGN_OR_RETURN(PgResult enc, conn.Exec("SELECT current_setting('server_encoding')"));
  if (enc.Text(0, 0) != "UTF8") {
    return Status::FailedPrecondition("postgres: the database encoding is " +
                                      std::string(enc.Text(0, 0)) + "; engram needs UTF8");
  }
  conn.AllowAdvisoryLocksForMigrations(true);
  struct Disallow {
    PgConn& c;
    ~Disallow() { c.AllowAdvisoryLocksForMigrations(false); }
  } disallow{conn};
  while (version < latest) {
    ENGRAM_ASSIGN_OR_RETURN(PgTxn txn, PgTxn::Begin(conn));
    ENGRAM_RETURN_IF_ERROR(
        conn.Exec("SELECT pg_advisory_xact_lock($1::int, $2::int)", {kLockClass, kLockId})
            .status());
    // Another process may have migrated while this one waited for the lock.
    ENGRAM_ASSIGN_OR_RETURN(version, ReadPgSchemaVersion(conn, schema));
    if (version > latest) return newer(version);
    if (version == latest) return txn.Commit();
    ENGRAM_ASSIGN_OR_RETURN(std::string vector_schema, VectorSchema(conn));
    ENGRAM_RETURN_IF_ERROR(conn.Exec("CREATE SCHEMA IF NOT EXISTS " + QuoteIdent(schema)).status());
    ENGRAM_RETURN_IF_ERROR(conn.Exec("SET LOCAL search_path = " + QuoteIdent(schema) + ", " +
                                     QuoteIdent(vector_schema))
                               .status());
    ENGRAM_RETURN_IF_ERROR(conn.ExecScript(Migrations()[version])
                               .WithPrefix("migrate to " + std::to_string(version + 1)));
    ENGRAM_RETURN_IF_ERROR(
        conn.Exec("INSERT INTO schema_migrations (version, applied_ms, engram) VALUES "
                  "($1, (extract(epoch FROM clock_timestamp()) * 1000)::bigint, $2)",
                  {version + 1, "engram " ENGRAM_VERSION_STRING})
            .status());
    ENGRAM_RETURN_IF_ERROR(txn.Commit());
    ++version;
  }
  return Status::OK();
}

}  // namespace engram::store::postgres
