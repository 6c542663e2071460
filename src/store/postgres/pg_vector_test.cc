// Vector search inside PostgreSQL (pg_vector.h) against an exact brute force, with skewed
// scopes: one user holds 95 % of a tenant's 20,000 vectors, others a few hundred or fewer.
// Also: never fewer than k rows when k are visible, and never a row of another tenant,
// scope, model or a retired version, even when those lie exactly on the query.
#include "src/store/postgres/pg_vector.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "src/store/postgres/pg_rows.h"
#include "src/store/postgres/pg_schema.h"
#include "src/store/postgres/pg_testing.h"
#include "src/store/postgres/pg_txn.h"

namespace engram::store::postgres {
namespace {

constexpr int kDim = 64;  // small vectors keep the test fast; the code is dimension-generic
constexpr int kClusters = 400;
constexpr char kTenant[] = "acme";
constexpr char kDecoy[] = "decoy";
constexpr char kModel[] = "m1";

struct Row {
  int64_t id;
  std::string part;
  std::vector<float> v;
};

std::string VectorText(const std::vector<float>& v) {
  std::string s = "[";
  for (size_t i = 0; i < v.size(); ++i) s += (i ? "," : "") + std::to_string(v[i]);
  return s + "]";
}

// Every float as the server will hold it (the text form above is rounded to 6 decimals).
std::vector<float> Rounded(const std::vector<float>& v) {
  std::vector<float> out;
  for (float x : v) out.push_back(std::stof(std::to_string(x)));
  return out;
}

class PgVectorTest : public PgTest {
 protected:
  void SetUp() override {
    PgTest::SetUp();
    conn_ = Connect();
    ASSERT_TRUE(conn_);
    ASSERT_TRUE(MigratePgSchema(*conn_, schema_).ok());
  }

  // The skewed tenant, its decoys and the queries.
  void LoadSkewed() {
    // This test loads vectors only: no memory rows behind them.
    ASSERT_TRUE(conn_->ExecScript("ALTER TABLE memory_vector DROP CONSTRAINT "
                                  "memory_vector_tenant_id_memory_id_fkey")
                    .ok());
    std::mt19937 rng(7);
    std::normal_distribution<float> normal(0, 1);
    for (int c = 0; c < kClusters; ++c) {
      std::vector<float> center(kDim);
      for (float& x : center) x = normal(rng);
      centers_.push_back(center);
    }
    auto near = [&](const std::vector<float>& center, float spread) {
      std::vector<float> v(kDim);
      for (int i = 0; i < kDim; ++i) v[i] = center[i] + spread * normal(rng);
      return Rounded(v);
    };
    // The skewed tenant: 19,000 + 600 + 4 x 50 + 200 public = 20,000 vectors.
    std::vector<std::pair<std::string, int>> scopes = {
        {"u:big", 19000}, {"u:mid", 600}, {"u:s1", 50}, {"u:s2", 50},
        {"u:s3", 50},     {"u:s4", 50},   {"p", 200}};
    int64_t id = 1;
    std::uniform_int_distribution<int> pick(0, kClusters - 1);
    for (const auto& [part, n] : scopes) {
      for (int i = 0; i < n; ++i) rows_.push_back({id++, part, near(centers_[pick(rng)], 0.4f)});
    }
    Load(kTenant, kModel, rows_, true);
    // The queries: near cluster centers, 20 per asking user.
    for (int i = 0; i < 20; ++i) queries_.push_back(near(centers_[pick(rng)], 0.4f));
    // Decoys lying exactly on every query: another tenant with the same scope keys, another
    // model, and retired (not live) vectors, each in the asker's own partitions.
    std::vector<Row> decoys;
    for (const std::string part : {"u:big", "u:mid", "u:s1", "p"}) {
      for (const auto& q : queries_) decoys.push_back({id++, part, q});
    }
    Load(kDecoy, kModel, decoys, true);
    std::vector<Row> other = decoys;
    for (Row& r : other) r.id = id++;
    Load(kTenant, "other-model", other, true);
    for (Row& r : other) r.id = id++;
    Load(kTenant, kModel, other, false);
    // The index is built after the load (as migration 2 builds it over existing rows).
    ASSERT_TRUE(EnsurePgVectorIndex(*conn_, kDim).ok());
    ASSERT_TRUE(conn_->ExecScript("ANALYZE memory_vector").ok());
  }

  void Load(const std::string& tenant, const std::string& model, const std::vector<Row>& rows,
            bool live) {
    for (size_t at = 0; at < rows.size(); at += 2000) {
      std::vector<std::string> ids, parts, vecs;
      for (size_t i = at; i < std::min(rows.size(), at + 2000); ++i) {
        ids.push_back(std::to_string(rows[i].id));
        parts.push_back(rows[i].part);
        vecs.push_back(VectorText(rows[i].v));
      }
      auto r = conn_->Exec(
          "INSERT INTO memory_vector (tenant_id, memory_id, model_id, part, live, vector, "
          "embedding) SELECT $1, id, $2, part, $6, ''::bytea, e::vector FROM "
          "unnest($3::bigint[], $4::text[], $5::text[]) AS t(id, part, e)",
          {tenant, model, "{" + [&] {
             std::string s;
             for (size_t i = 0; i < ids.size(); ++i) s += (i ? "," : "") + ids[i];
             return s;
           }() + "}",
           TextArray(parts), TextArray(vecs), live});
      ASSERT_TRUE(r.ok()) << r.status().ToString();
    }
  }

  // The exact top k of the live model vectors of `parts` (the oracle), by cosine in double.
  std::vector<int64_t> Exact(const std::vector<float>& q, const std::vector<std::string>& parts,
                             size_t k) const {
    std::vector<std::pair<double, int64_t>> scored;
    for (const Row& r : rows_) {
      if (std::find(parts.begin(), parts.end(), r.part) == parts.end()) continue;
      double dot = 0, nq = 0, nr = 0;
      for (int i = 0; i < kDim; ++i) {
        dot += double{q[i]} * r.v[i];
        nq += double{q[i]} * q[i];
        nr += double{r.v[i]} * r.v[i];
      }
      scored.push_back({-dot / std::sqrt(nq * nr), r.id});
    }
    std::sort(scored.begin(), scored.end());
    std::vector<int64_t> out;
    for (size_t i = 0; i < std::min(k, scored.size()); ++i) out.push_back(scored[i].second);
    return out;
  }

  size_t Visible(const std::vector<std::string>& parts) const {
    return std::count_if(rows_.begin(), rows_.end(), [&](const Row& r) {
      return std::find(parts.begin(), parts.end(), r.part) != parts.end();
    });
  }

  // Recall@10 of PgSearchVectors against the oracle for each asking user; checks counts and
  // isolation on every answer. Returns the paths taken.
  std::map<PgVectorPath, int> CheckAllScopes(const PgVectorSearchOptions& options,
                                             double min_recall) {
    std::map<PgVectorPath, int> paths;
    std::set<int64_t> mine;
    for (const Row& r : rows_) mine.insert(r.id);
    for (const std::string user : {"big", "mid", "s1", "s2", "s3", "s4"}) {
      const std::vector<std::string> parts = {"u:" + user, "p"};
      double found = 0, wanted = 0, ms = 0;
      for (const auto& q : queries_) {
        PgVectorPath path;
        const auto start = std::chrono::steady_clock::now();
        // As the engine asks (StoreVectorIndex: k + 16 candidates, the best 10 kept).
        auto got = PgSearchVectors(*conn_, kTenant, kModel, q, 26, parts, options, &path);
        ms += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                  .count();
        EXPECT_TRUE(got.ok()) << got.status().ToString();
        if (!got.ok()) return paths;
        ++paths[path];
        EXPECT_EQ(got->size(), 26u) << user;
        std::set<int64_t> ids;
        for (const VectorCandidate& c : *got) {
          if (ids.size() < 10) ids.insert(c.memory_id);
          // Only this tenant's live model vectors of the asker's partitions.
          if (!mine.count(c.memory_id)) {
            ADD_FAILURE() << user << " got decoy " << c.memory_id;
            continue;
          }
          const Row& row = rows_[c.memory_id - 1];
          EXPECT_TRUE(row.part == parts[0] || row.part == "p") << user << ": " << row.part;
        }
        for (int64_t e : Exact(q, parts, 10)) found += ids.count(e);
        wanted += 10;
      }
      const double recall = found / wanted;
      std::printf("exact_max %lld, user %s (%zu visible): recall@10 %.4f, %.2f ms a search\n",
                  static_cast<long long>(options.exact_max), user.c_str(), Visible(parts), recall,
                  ms / static_cast<double>(queries_.size()));
      EXPECT_GE(recall, min_recall) << user;
    }
    return paths;
  }

  std::unique_ptr<PgConn> conn_;
  std::vector<std::vector<float>> centers_;
  std::vector<Row> rows_;  // the tenant's live vectors of kModel; rows_[id - 1].id == id
  std::vector<std::vector<float>> queries_;
};

TEST_F(PgVectorTest, SkewedScopesRecallCountsAndIsolation) {
  ASSERT_NO_FATAL_FAILURE(LoadSkewed());
  PgVectorSearchOptions defaults;  // the big user through HNSW, the others exactly
  auto paths = CheckAllScopes(defaults, 0.98);
  EXPECT_EQ(paths[PgVectorPath::kHnsw] + paths[PgVectorPath::kHnswThenExact], 20);
  EXPECT_EQ(paths[PgVectorPath::kExact], 100);

  PgVectorSearchOptions hnsw_only;  // every scope through the index, filters down to 1.25 %
  hnsw_only.exact_max = 0;
  paths = CheckAllScopes(hnsw_only, 0.98);
  EXPECT_EQ(paths[PgVectorPath::kExact], 0);
  std::printf("HNSW answers %d, HNSW then exact %d\n", paths[PgVectorPath::kHnsw],
              paths[PgVectorPath::kHnswThenExact]);

  // (One load of 20,000 vectors per server serves the checks below too.)
  // The plan of the HNSW statement for the big user (95 % of the tenant) is an index scan.
  PgTxnOptions txn;
  txn.read_only = true;
  txn.set_local = {{"hnsw.iterative_scan", "relaxed_order"}, {"hnsw.ef_search", "100"}};
  std::string plan;
  ASSERT_TRUE(RunInTransaction(*conn_, txn, [&](PgConn& c) -> Status {
                auto r = c.Exec(
                    "EXPLAIN SELECT memory_id FROM memory_vector WHERE tenant_id = $1 AND "
                    "model_id = $2 AND live AND part = ANY($3::text[]) AND "
                    "vector_dims(embedding) = 64 ORDER BY embedding::vector(64) <=> "
                    "$4::vector(64) LIMIT 10",
                    {kTenant, kModel, TextArray({"u:big", "p"}), VectorText(queries_[0])});
                if (!r.ok()) return r.status();
                for (int i = 0; i < r->rows(); ++i) plan += std::string(r->Text(i, 0)) + "\n";
                return Status::OK();
              }).ok());
  EXPECT_NE(plan.find("memory_vector_hnsw_64"), std::string::npos) << plan;

  for (int64_t exact_max : {int64_t{10000}, int64_t{0}}) {
    PgVectorSearchOptions o;
    o.exact_max = exact_max;
    // 50 visible: k = 100 gives all 50; k = 50 gives 50.
    for (int k : {100, 50, 1}) {
      auto got = PgSearchVectors(*conn_, kTenant, kModel, queries_[1], k, {"u:s2"}, o);
      ASSERT_TRUE(got.ok()) << got.status().ToString();
      EXPECT_EQ(got->size(), static_cast<size_t>(std::min(k, 50))) << exact_max << " " << k;
    }
    // A scope nobody wrote to, and a cold partition: nothing, without error.
    auto none = PgSearchVectors(*conn_, kTenant, kModel, queries_[1], 10, {"u:nobody", "z:p"}, o);
    ASSERT_TRUE(none.ok());
    EXPECT_TRUE(none->empty());
  }
  // The decoy tenant, asking with the same scope keys, gets its own rows only.
  std::set<int64_t> mine;
  for (const Row& r : rows_) mine.insert(r.id);
  auto theirs = PgSearchVectors(*conn_, kDecoy, kModel, queries_[0], 100, {"u:big"}, defaults);
  ASSERT_TRUE(theirs.ok());
  EXPECT_EQ(theirs->size(), 20u);
  for (const VectorCandidate& c : *theirs) EXPECT_FALSE(mine.count(c.memory_id));
  // The counts the engine reports: live vectors of the model only.
  auto n = PgCountVectors(*conn_, kTenant, kModel, {"u:big", "p"});
  ASSERT_TRUE(n.ok());
  EXPECT_EQ(*n, 19200);
  auto decoy = PgCountVectors(*conn_, kDecoy, kModel, {"u:big"});
  ASSERT_TRUE(decoy.ok());
  EXPECT_EQ(*decoy, 20);
}

// Migration 2 over a store written at version 1: the pgvector copy of every float32 vector
// is filled in from its bytes (exactly), the 384-d HNSW index exists, and search finds it.
TEST(PgVectorMigrationTest, FillsEmbeddingsFromVersionOne) {
  const std::string dsn = TestDsn();
  ASSERT_FALSE(dsn.empty());
  std::random_device rd;
  const std::string schema = "t_m2_" + std::to_string(rd() % 1000000000);
  PgConnOptions o{dsn};
  o.schema = schema;
  auto c = PgConn::Connect(o);
  ASSERT_TRUE(c.ok()) << c.status().ToString();
  PgConn& conn = **c;
  auto admin = PgConn::Connect(PgConnOptions{dsn});
  ASSERT_TRUE(admin.ok());
  ASSERT_TRUE((*admin)->ExecScript("CREATE SCHEMA " + schema).ok());
  struct Drop {
    PgConn& a;
    std::string s;
    ~Drop() { (void)a.Exec("DROP SCHEMA IF EXISTS " + s + " CASCADE"); }
  } drop{**admin, schema};
  ASSERT_TRUE(conn.ExecScript(PgSchemaV1Sql()).ok());
  ASSERT_TRUE(
      conn.Exec("INSERT INTO schema_migrations (version, applied_ms) VALUES (1, 0)").ok());
  // Two memories; the 384 floats include a negative, a subnormal and a large value.
  std::vector<float> v(384);
  for (int i = 0; i < 384; ++i) v[i] = std::ldexp(static_cast<float>(i % 7) - 3.0f, i % 9 - 4);
  v[5] = 1e-45f;
  v[6] = 3.0e10f;
  std::string bytes(384 * sizeof(float), '\0');
  std::memcpy(bytes.data(), v.data(), bytes.size());
  for (int id : {1, 2}) {
    ASSERT_TRUE(conn.Exec("INSERT INTO memory (lineage_id, version, current, scope_key, user_id, "
                          "visibility, type, kind, status, content, valid_from_ms, recorded_ms) "
                          "VALUES ($1, 1, true, 'u:alice', 'alice', 'private', 'episodic', "
                          "'raw', 'active', 'hi', 0, 0)",
                          {id})
                    .ok());
  }
  ASSERT_TRUE(conn.Exec("INSERT INTO memory_vector (memory_id, model_id, part, vector) VALUES "
                        "(1, 'm', 'u:alice', $1::bytea), (2, 'm', 'u:alice', '\\x0102'::bytea)",
                        {PgParam::Bytea(bytes)})
                  .ok());
  conn.ClearErrors();
  ASSERT_TRUE(MigratePgSchema(conn, schema).ok());
  auto filled = conn.Exec("SELECT memory_id, embedding IS NOT NULL, embedding = $1::vector "
                          "FROM memory_vector ORDER BY memory_id",
                          {PgParam::Vector(v)});
  ASSERT_TRUE(filled.ok()) << filled.status().ToString();
  EXPECT_TRUE(filled->Bool(0, 1));
  EXPECT_TRUE(filled->Bool(0, 2));   // every float exactly
  EXPECT_FALSE(filled->Bool(1, 1));  // not float32 rows: left alone
  auto index = conn.Exec("SELECT to_regclass('memory_vector_hnsw_384') IS NOT NULL");
  ASSERT_TRUE(index.ok());
  EXPECT_TRUE(index->Bool(0, 0));
  PgVectorSearchOptions hnsw;
  hnsw.exact_max = 0;
  auto got = PgSearchVectors(conn, "", "m", v, 5, {"u:alice"}, hnsw);
  ASSERT_TRUE(got.ok()) << got.status().ToString();
  ASSERT_EQ(got->size(), 1u);
  EXPECT_EQ((*got)[0].memory_id, 1);
  EXPECT_EQ((*got)[0].vector, bytes);
}

TEST_F(PgVectorTest, RefusesBadQueries) {
  PgVectorSearchOptions o;
  queries_.push_back(std::vector<float>(kDim, 1.0f));
  EXPECT_EQ(PgSearchVectors(*conn_, kTenant, kModel, {}, 10, {"p"}, o).status().code(),
            StatusCode::kInvalidArgument);
  EXPECT_EQ(PgSearchVectors(*conn_, kTenant, kModel, std::vector<float>(kDim, 0.0f), 10, {"p"}, o)
                .status()
                .code(),
            StatusCode::kInvalidArgument);
  EXPECT_EQ(PgSearchVectors(*conn_, kTenant, kModel, queries_[0], -1, {"p"}, o).status().code(),
            StatusCode::kInvalidArgument);
  EXPECT_EQ(EnsurePgVectorIndex(*conn_, 0).code(), StatusCode::kInvalidArgument);
  EXPECT_TRUE(EnsurePgVectorIndex(*conn_, kDim).ok());  // already there
}

}  // namespace
}  // namespace engram::store::postgres
