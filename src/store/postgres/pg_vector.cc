#include "src/store/postgres/pg_vector.h"

#include <algorithm>
#include <cmath>

#include "engram/status_macros.h"
#include "src/store/postgres/pg_rows.h"
#include "src/store/postgres/pg_store_internal.h"
#include "src/store/postgres/pg_txn.h"

namespace engram::store::postgres {
namespace {

// pgvector's HNSW index takes vectors of at most 2,000 dimensions; ef_search at most 1,000.
constexpr int kMaxIndexedDimension = 2000;
constexpr int kMaxEfSearch = 1000;

// The scope filter shared by every statement: $1 tenant, $2 model, $3 partitions.
constexpr const char* kVisible =
    "tenant_id = $1 AND model_id = $2 AND live AND part = ANY($3::text[])";

Status CheckQuery(const std::vector<float>& query, int k) {
  if (k < 0) return Status::InvalidArgument("vector search: k < 0");
  if (query.empty()) return Status::InvalidArgument("vector search: empty query");
  double norm = 0;
  for (float x : query) {
    if (!std::isfinite(x)) return Status::InvalidArgument("vector search: non-finite query");
    norm += static_cast<double>(x) * x;
  }
  if (norm <= 0) return Status::InvalidArgument("vector search: zero query");
  return Status::OK();
}

Result<std::vector<VectorCandidate>> ReadCandidates(const PgResult& r) {
  std::vector<VectorCandidate> out;
  out.reserve(static_cast<size_t>(r.rows()));
  for (int i = 0; i < r.rows(); ++i) out.push_back({r.Int64(i, 0), r.Bytea(i, 1)});
  return out;
}

// The exact top `k`: distances computed in a materialized CTE (no index can order it), the
// stored bytes read for the winners only.
Result<std::vector<VectorCandidate>> SearchExact(PgConn& conn,
                                                 std::initializer_list<PgParam> params,
                                                 const std::string& dims) {
  ENGRAM_ASSIGN_OR_RETURN(
      PgResult r,
      conn.Exec("WITH c AS MATERIALIZED (SELECT memory_id, embedding <=> $4::vector AS d "
                "FROM memory_vector WHERE " + std::string(kVisible) +
                    " AND vector_dims(embedding) = " + dims +
                    "), top AS (SELECT memory_id, d FROM c ORDER BY d, memory_id LIMIT $5) "
                    "SELECT t.memory_id, v.vector FROM top t JOIN memory_vector v ON "
                    "v.tenant_id = $1 AND v.memory_id = t.memory_id ORDER BY t.d, t.memory_id",
                params));
  return ReadCandidates(r);
}

// The top `k` through the dimension's HNSW index, re-sorted (relaxed order may return rows
// slightly out of order).
Result<std::vector<VectorCandidate>> SearchHnsw(PgConn& conn, std::initializer_list<PgParam> params,
                                                const std::string& dims) {
  const std::string cast = "::vector(" + dims + ")";
  ENGRAM_ASSIGN_OR_RETURN(
      PgResult r,
      conn.Exec("SELECT memory_id, vector FROM (SELECT memory_id, vector, embedding" + cast +
                    " <=> $4" + cast + " AS d FROM memory_vector WHERE " + kVisible +
                    " AND vector_dims(embedding) = " + dims + " ORDER BY d LIMIT $5) s "
                    "ORDER BY d, memory_id",
                params));
  return ReadCandidates(r);
}

}  // namespace

Result<int64_t> PgCountVectors(PgConn& conn, const std::string& tenant, const std::string& model,
                               const std::vector<std::string>& partitions, int64_t limit) {
  PgParam lim = limit < 0 ? PgParam::Null() : PgParam(limit);
  ENGRAM_ASSIGN_OR_RETURN(
      PgResult r, conn.Exec("SELECT count(*) FROM (SELECT 1 FROM memory_vector WHERE " +
                                std::string(kVisible) + " LIMIT $4::bigint) s",
                            {tenant, model, TextArray(partitions), lim}));
  return r.Int64(0, 0);
}

Result<std::vector<VectorCandidate>> PgSearchVectors(PgConn& conn, const std::string& tenant,
                                                     const std::string& model,
                                                     const std::vector<float>& query, int k,
                                                     const std::vector<std::string>& partitions,
                                                     const PgVectorSearchOptions& options,
                                                     PgVectorPath* path) {
  ENGRAM_RETURN_IF_ERROR(CheckQuery(query, k));
  std::vector<VectorCandidate> out;
  if (k == 0 || partitions.empty()) return out;
  const std::string dims = std::to_string(query.size());
  const PgParam q = PgParam::Vector(query);
  const std::string parts = TextArray(partitions);
  // The count only chooses the path (the HNSW path's fallback covers a count that moved), so
  // it and the exact search run as single statements: no transaction, fewer round trips.
  ENGRAM_ASSIGN_OR_RETURN(int64_t visible,
                          PgCountVectors(conn, tenant, model, partitions, options.exact_max + 1));
  const bool indexable = static_cast<int>(query.size()) <= kMaxIndexedDimension;
  if (visible <= options.exact_max || !indexable) {
    if (path) *path = PgVectorPath::kExact;
    return SearchExact(conn, {tenant, model, parts, q, k}, dims);
  }
  PgTxnOptions txn;  // for the SET LOCALs of the index scan
  txn.read_only = true;
  txn.set_local = {{"hnsw.iterative_scan", "relaxed_order"},
                   {"hnsw.ef_search",
                    std::to_string(std::clamp(std::max(options.ef_search, k), 1, kMaxEfSearch))}};
  ENGRAM_RETURN_IF_ERROR(RunInTransaction(conn, txn, [&](PgConn& c) -> Status {
    if (path) *path = PgVectorPath::kHnsw;
    ENGRAM_ASSIGN_OR_RETURN(out, SearchHnsw(c, {tenant, model, parts, q, k}, dims));
    if (static_cast<int64_t>(out.size()) < std::min<int64_t>(k, visible)) {
      // The iterative scan stopped (hnsw.max_scan_tuples) before k rows passed the filter.
      if (path) *path = PgVectorPath::kHnswThenExact;
      ENGRAM_ASSIGN_OR_RETURN(out, SearchExact(c, {tenant, model, parts, q, k}, dims));
    }
    return Status::OK();
  }));
  return out;
}

Status EnsurePgVectorIndex(PgConn& conn, int dimension) {
  if (dimension < 1 || dimension > kMaxIndexedDimension) {
    return Status::InvalidArgument("vector index: dimension " + std::to_string(dimension) +
                                   " outside 1.." + std::to_string(kMaxIndexedDimension));
  }
  const std::string d = std::to_string(dimension);
  const std::string name = "memory_vector_hnsw_" + d;
  auto exists = [&]() -> Result<bool> {
    ENGRAM_ASSIGN_OR_RETURN(PgResult r,
                            conn.Exec("SELECT to_regclass($1) IS NOT NULL", {PgParam(name)}));
    return r.Bool(0, 0);
  };
  ENGRAM_ASSIGN_OR_RETURN(bool present, exists());
  if (present) return Status::OK();
  Status made = conn.ExecScript("CREATE INDEX IF NOT EXISTS " + name +
                                " ON memory_vector USING hnsw ((embedding::vector(" + d +
                                ")) vector_cosine_ops) WHERE live AND vector_dims(embedding) = " +
                                d);
  if (made.ok()) return made;
  // Another server created it at the same moment (a unique violation in the catalog).
  ENGRAM_ASSIGN_OR_RETURN(present, exists());
  return present ? Status::OK() : made.WithPrefix("vector index " + name);
}

Result<std::vector<VectorCandidate>> PostgresStore::SearchVectors(
    const std::string& model, const std::vector<float>& query, int k,
    const std::vector<std::string>& partitions) {
  std::vector<VectorCandidate> out;
  Status s = WithConn([&](PgConn& conn) -> Status {
    const int dimension = static_cast<int>(query.size());
    if (dimension >= 1 && dimension <= kMaxIndexedDimension) {
      std::lock_guard lock(vector_mu_);
      if (!indexed_dimensions_.count(dimension)) {
        ENGRAM_RETURN_IF_ERROR(EnsurePgVectorIndex(conn, dimension));
        indexed_dimensions_.insert(dimension);
      }
    }
    PgVectorSearchOptions o;
    o.exact_max = options_.vector_exact_max;
    ENGRAM_ASSIGN_OR_RETURN(out, PgSearchVectors(conn, tenant(), model, query, k, partitions, o));
    return Status::OK();
  });
  if (!s.ok()) return s;
  return out;
}

Result<int64_t> PostgresStore::CountVectors(const std::string& model,
                                            const std::vector<std::string>& partitions) {
  int64_t n = 0;
  ENGRAM_RETURN_IF_ERROR(WithConn([&](PgConn& conn) -> Status {
    ENGRAM_ASSIGN_OR_RETURN(n, PgCountVectors(conn, tenant(), model, partitions));
    return Status::OK();
  }));
  return n;
}

}  // namespace engram::store::postgres
