// Migration 2 of the PostgreSQL schema: vector search inside PostgreSQL with pgvector
// (pg_vector.h). Fills memory_vector.embedding, the pgvector copy of the stored float32
// vector, where an older row lacks it, and creates the HNSW index of 384-dimension vectors
// (the e5 and hashing embedders). Other dimensions get theirs at their first search
// (EnsurePgVectorIndex). Specified in docs/formats/postgres_schema.md; keep the two in step.
#include "src/store/postgres/pg_schema.h"

namespace engram::store::postgres {

const char* PgSchemaV2Sql() {
  return R"sql(
CREATE FUNCTION engram_float4_le(b bytea, i int) RETURNS real
LANGUAGE sql IMMUTABLE STRICT AS $f$
  SELECT CASE
    WHEN e = 255 THEN NULL
    WHEN e = 0 THEN (CASE WHEN s = 1 THEN -1 ELSE 1 END * m * 2::float8 ^ -149)::real
    ELSE (CASE WHEN s = 1 THEN -1 ELSE 1 END * (m + 8388608) * 2::float8 ^ (e - 150))::real
  END
  FROM (SELECT u / 2147483648 AS s, (u / 8388608) % 256 AS e, u % 8388608 AS m
        FROM (SELECT get_byte(b, i)::bigint + 256 * get_byte(b, i + 1) +
                     65536 * get_byte(b, i + 2) + 16777216::bigint * get_byte(b, i + 3) AS u) w) x
$f$;
UPDATE memory_vector SET embedding = (
    SELECT array_agg(engram_float4_le(vector, o) ORDER BY o)::real[]::vector
    FROM generate_series(0, length(vector) - 4, 4) AS o)
  WHERE embedding IS NULL AND length(vector) > 0 AND length(vector) % 4 = 0
    AND NOT EXISTS (SELECT 1 FROM generate_series(0, length(vector) - 4, 4) AS o
                    WHERE engram_float4_le(vector, o) IS NULL);
DROP FUNCTION engram_float4_le(bytea, int);

CREATE INDEX memory_vector_hnsw_384 ON memory_vector
  USING hnsw ((embedding::vector(384)) vector_cosine_ops)
  WHERE live AND vector_dims(embedding) = 384;
)sql";
}

}  // namespace engram::store::postgres
