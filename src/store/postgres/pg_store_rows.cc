// PostgresStore's portable rows (table_rows.h): the tenant's store out, from one snapshot,
// and into an empty tenant in one transaction holding its writer lock (`engram migrate`).
// What the schema adds to the portable layout is derived here: tenant_id, memory_vector's
// part, live and pgvector embedding, the identity values of vector_log and audit (their seq),
// the audit_head row and the identity sequences.
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "engram/status_macros.h"
#include "src/store/audit_chain.h"
#include "src/store/postgres/pg_store_internal.h"
#include "src/store/row_import.h"
#include "src/store/postgres/pg_txn.h"

namespace engram::store::postgres {

namespace {

const char* CastOf(CellType type) {
  switch (type) {
    case CellType::kInt:
      return "::bigint";
    case CellType::kBool:
      return "::boolean";
    case CellType::kReal:
      return "::float8";
    case CellType::kText:
      return "::text";
    case CellType::kBlob:
      return "::bytea";
  }
  return "";
}

Cell ReadCell(const PgResult& r, int row, int col, CellType type) {
  if (r.IsNull(row, col)) return Cell::Null();
  switch (type) {
    case CellType::kInt:
      return Cell::Int(r.Int64(row, col));
    case CellType::kBool:
      return Cell::Int(r.Bool(row, col) ? 1 : 0);
    case CellType::kReal:
      return Cell::Real(r.Double(row, col));
    case CellType::kText:
      return Cell::Bytes(std::string(r.Text(row, col)));
    case CellType::kBlob:
      return Cell::Bytes(r.Bytea(row, col));
  }
  return Cell::Null();
}

PgParam ParamOf(const Cell& cell, CellType type) {
  if (cell.null) return PgParam::Null();
  switch (type) {
    case CellType::kInt:
      return PgParam(cell.i);
    case CellType::kBool:
      return PgParam(cell.i != 0);
    case CellType::kReal:
      return PgParam(cell.r);
    case CellType::kText:
      return PgParam(cell.s);
    case CellType::kBlob:
      return PgParam::Bytea(cell.s);
  }
  return PgParam::Null();
}

// The pgvector value of a stored float32 vector (as PutVectorIn), NULL for another encoding.
PgParam EmbeddingOf(const Cell& vector) {
  if (vector.null || vector.s.empty() || vector.s.size() % sizeof(float) != 0) {
    return PgParam::Null();
  }
  std::vector<float> v(vector.s.size() / sizeof(float));
  std::memcpy(v.data(), vector.s.data(), vector.s.size());
  return PgParam::Vector(v);
}

std::string IdArray(const std::vector<int64_t>& ids) {
  std::string out = "{";
  for (size_t k = 0; k < ids.size(); ++k) out += (k ? "," : "") + std::to_string(ids[k]);
  return out + "}";
}

// Inserts the batches it receives through `conn`, inside the import's transaction.
class ImportSink final : public RowImportSink {
 public:
  ImportSink(PgConn& conn, const std::string& tenant) : conn_(conn), tenant_(tenant) {}

  std::vector<int64_t> superseded_ids;  // memory rows whose supersedes is set at the end
  std::vector<int64_t> supersedes_ids;

 protected:
  Status WriteRows(const RowBatch& batch) override {
    const PortableTable* t = batch.table;
    const std::string name = t->name;
    // Extra columns: vector_log and audit take their seq as identity value; memory_vector
    // gets its pgvector copy (part and live follow in Finish).
    std::string extra_cols;
    if (name == "vector_log" || name == "audit") extra_cols = ", id";
    if (name == "memory_vector") extra_cols = ", part, embedding";
    const int supersedes = name == "memory" ? 3 : -1;  // column index of memory.supersedes
    std::vector<PgParam> params{PgParam(tenant_)};
    std::string sql =
        "INSERT INTO " + name + " (tenant_id, " + PortableColumnList(*t) + extra_cols + ") VALUES ";
    for (size_t r = 0; r < batch.rows.size(); ++r) {
      const auto& row = batch.rows[r];
      sql += r ? ",($1" : "($1";
      for (size_t c = 0; c < row.size(); ++c) {
        if (static_cast<int>(c) == supersedes && !row[c].null) {
          // Set after every memory row is in: a version may name a later one.
          superseded_ids.push_back(row[0].i);
          supersedes_ids.push_back(row[c].i);
          params.push_back(PgParam::Null());
        } else {
          params.push_back(ParamOf(row[c], t->columns[c].type));
        }
        sql += ",$" + std::to_string(params.size()) + CastOf(t->columns[c].type);
      }
      if (name == "vector_log" || name == "audit") {
        params.push_back(PgParam(row[0].i));
        sql += ",$" + std::to_string(params.size()) + "::bigint";
      } else if (name == "memory_vector") {
        params.push_back(PgParam(""));
        sql += ",$" + std::to_string(params.size()) + "::text";
        params.push_back(EmbeddingOf(row[2]));
        sql += ",$" + std::to_string(params.size()) + "::vector";
      }
      sql += ")";
    }
    auto done = conn_.Exec(sql, std::span<const PgParam>(params));
    return done.ok() ? Status::OK() : done.status().WithPrefix("postgres: import " + name);
  }

 private:
  PgConn& conn_;
  const std::string& tenant_;
};

Status Run(PgConn& conn, const std::string& what, std::string_view sql,
           std::initializer_list<PgParam> params) {
  auto r = conn.Exec(sql, params);
  return r.ok() ? Status::OK() : r.status().WithPrefix("postgres: import: " + what);
}

// What the import derives once every row is in.
Status Finish(PgConn& conn, const std::string& tenant, const ImportSink& sink) {
  if (!sink.superseded_ids.empty()) {
    ENGRAM_RETURN_IF_ERROR(Run(
        conn, "supersedes",
        "UPDATE memory m SET supersedes = v.s FROM unnest($2::bigint[], $3::bigint[]) AS "
        "v(id, s) WHERE m.tenant_id = $1 AND m.id = v.id",
        {tenant, IdArray(sink.superseded_ids), IdArray(sink.supersedes_ids)}));
  }
  // As the write port's SetLive: live while current and searchable, cold when dormant.
  ENGRAM_RETURN_IF_ERROR(
      Run(conn, "vector liveness",
          "UPDATE memory_vector v SET live = (m.current AND m.status IN ('active', "
          "'dormant')), part = CASE WHEN m.status = 'dormant' THEN 'z:' || m.scope_key "
          "ELSE m.scope_key END FROM memory m WHERE v.tenant_id = $1 AND m.tenant_id = $1 "
          "AND m.id = v.memory_id",
          {tenant}));
  ENGRAM_ASSIGN_OR_RETURN(auto last,
                          conn.Exec("SELECT seq, hash FROM audit WHERE tenant_id = $1 "
                                    "ORDER BY seq DESC LIMIT 1",
                                    {tenant}));
  const int64_t last_seq = last.rows() ? last.Int64(0, 0) : 0;
  const std::string last_hash = last.rows() ? std::string(last.Text(0, 1)) : AuditGenesisHash();
  ENGRAM_RETURN_IF_ERROR(
      CheckImportedHead(sink.head(), last_seq, last_hash).WithPrefix("postgres"));
  const int64_t keyed_from = sink.head() ? sink.head()->keyed_from : 1;
  if (keyed_from > 1 && last_seq >= 1) {
    return Status::FailedPrecondition(
        "postgres: import: the audit chain's records before seq " +
        std::to_string(keyed_from) +
        " predate keying (unkeyed); PostgreSQL verifies every record under the audit key, so "
        "this chain cannot be carried verbatim");
  }
  ENGRAM_RETURN_IF_ERROR(Run(conn, "audit head",
                             "INSERT INTO audit_head (tenant_id, seq, hash) VALUES ($1, $2, $3) "
                             "ON CONFLICT (tenant_id) DO UPDATE SET seq = EXCLUDED.seq, "
                             "hash = EXCLUDED.hash",
                             {tenant, last_seq, last_hash}));
  // New ids continue after the copied ones (the sequences are shared by the schema's
  // tenants: they only move forward).
  for (const PortableTable& t : PortableTables()) {
    if (std::string_view(t.id_column).empty()) continue;
    const std::string name = t.name;
    ENGRAM_RETURN_IF_ERROR(
        Run(conn, "sequence of " + name,
            "SELECT setval(s, GREATEST(COALESCE((SELECT max(id) FROM " + name +
                " WHERE tenant_id = $1), 0), nextval(s))) FROM pg_get_serial_sequence('" +
                name + "', 'id') AS s",
            {tenant}));
  }
  return Status::OK();
}

}  // namespace

Status PostgresStore::ExportRows(RowSink& sink) {
  PgTxnOptions snapshot;  // every table from one snapshot
  snapshot.isolation = PgIsolation::kRepeatableRead;
  snapshot.read_only = true;
  snapshot.max_attempts = 1;  // the sink has seen the rows: no rerun
  return RunInTransaction(*pool_, snapshot, [&](PgConn& conn) -> Status {
    for (const PortableTable& t : PortableTables()) {
      RowBatch batch{&t, {}};
      if (std::string_view(t.name) == "audit_head") {
        ENGRAM_ASSIGN_OR_RETURN(
            auto h, conn.Exec("SELECT seq, hash FROM audit_head WHERE tenant_id = $1",
                              {tenant()}));
        AuditHead head{1, 0, AuditGenesisHash()};
        if (h.rows() > 0) head = AuditHead{1, h.Int64(0, 0), std::string(h.Text(0, 1))};
        ENGRAM_RETURN_IF_ERROR(sink.Write(AuditHeadBatch(head)));
        continue;
      }
      const std::string name = t.name;
      auto declared = conn.Exec("DECLARE export_rows NO SCROLL CURSOR FOR SELECT " +
                                    PortableColumnList(t) + " FROM " + name +
                                    " WHERE tenant_id = $1 ORDER BY " + t.order_by,
                                {tenant()});
      if (!declared.ok()) return declared.status().WithPrefix("postgres: export " + name);
      for (;;) {
        auto r = conn.Exec("FETCH " + std::to_string(kRowBatchSize) + " FROM export_rows");
        if (!r.ok()) return r.status().WithPrefix("postgres: export " + name);
        if (r->rows() == 0) break;
        batch.rows.clear();
        for (int i = 0; i < r->rows(); ++i) {
          std::vector<Cell> row;
          row.reserve(t.columns.size());
          for (size_t c = 0; c < t.columns.size(); ++c) {
            row.push_back(ReadCell(*r, i, static_cast<int>(c), t.columns[c].type));
          }
          batch.rows.push_back(std::move(row));
        }
        ENGRAM_RETURN_IF_ERROR(sink.Write(batch));
      }
      auto closed = conn.Exec("CLOSE export_rows");
      if (!closed.ok()) return closed.status().WithPrefix("postgres: export " + name);
    }
    return Status::OK();
  });
}

Status PostgresStore::ImportRows(const std::function<Status(RowSink&)>& produce) {
  PgTxnOptions once;
  once.max_attempts = 1;  // `produce` is not rerun
  return RunInTransaction(*pool_, once, [&](PgConn& conn) -> Status {
    // The writer lock, as every write; the counter tells other processes' keyword indexes
    // to catch up.
    ENGRAM_RETURN_IF_ERROR(Run(conn, "writer lock",
                               "UPDATE write_lock SET n = n + 1 WHERE tenant_id = $1 AND "
                               "key = 'writer'",
                               {tenant()}));
    for (const PortableTable& t : PortableTables()) {
      if (std::string_view(t.name) == "audit_head") continue;
      ENGRAM_ASSIGN_OR_RETURN(auto any, conn.Exec(std::string("SELECT 1 FROM ") + t.name +
                                                      " WHERE tenant_id = $1 LIMIT 1",
                                                  {tenant()}));
      if (any.rows() > 0) {
        return Status::FailedPrecondition(
            "postgres: the store (schema '" + options_.schema + "', tenant '" + tenant() +
            "') is not empty (table " + t.name + " has rows): import into an empty store");
      }
    }
    ImportSink sink(conn, tenant());
    ENGRAM_RETURN_IF_ERROR(produce(sink));
    return Finish(conn, tenant(), sink);
  });
}

}  // namespace engram::store::postgres
