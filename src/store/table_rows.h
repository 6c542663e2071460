// The portable rows of a store: every table a user would miss, in one column layout that
// every backend reads and writes (Store::ExportRows, Store::ImportRows). `engram migrate`
// copies a store into another backend through them (src/engine/migrate.h).
//
// The layout is the SQLite schema's (docs/formats/sqlite_schema.md, version 13), which the
// PostgreSQL schema repeats table for table (docs/formats/postgres_schema.md). What a backend
// derives from these rows is not carried: SQLite's memory_fts, PostgreSQL's tenant_id,
// memory_vector.part/live/embedding, write_lock, key_check and the identity sequences. One
// pseudo-table, `audit_head`, carries the chain's head (keyed_from, seq, hash): SQLite's
// anchor file, PostgreSQL's audit_head row.
//
// Thread safety: the table list is immutable; a RowDigest is used by one thread.
#ifndef ENGRAM_STORE_TABLE_ROWS_H_
#define ENGRAM_STORE_TABLE_ROWS_H_

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engram/status.h"

namespace engram::store {

enum class CellType { kInt, kBool, kReal, kText, kBlob };

struct PortableColumn {
  const char* name;
  CellType type;
  bool nullable = false;
};

struct PortableTable {
  const char* name;
  std::vector<PortableColumn> columns;
  const char* order_by;   // the table's key: export order
  const char* id_column;  // an id the backend allocates ("" = none): its sequence continues
};

// Every portable table, parents before children (an import in this order never names a row
// that is not there yet).
const std::vector<PortableTable>& PortableTables();
// The table named `name`, or null.
const PortableTable* FindPortableTable(std::string_view name);

// One value: NULL, or an integer (kInt, kBool as 0/1), a double, or bytes (kText, kBlob).
struct Cell {
  bool null = true;
  int64_t i = 0;
  double r = 0;
  std::string s;

  static Cell Null() { return Cell{}; }
  static Cell Int(int64_t v) { return Cell{false, v, 0, {}}; }
  static Cell Real(double v) { return Cell{false, 0, v, {}}; }
  static Cell Bytes(std::string v) { return Cell{false, 0, 0, std::move(v)}; }
};

// Rows of one table, each with one cell per column of its PortableTable, in column order.
struct RowBatch {
  const PortableTable* table = nullptr;
  std::vector<std::vector<Cell>> rows;
};

// Receives batches (several per table; tables in PortableTables() order).
class RowSink {
 public:
  virtual ~RowSink() = default;
  // A non-OK status stops the export and is returned by it.
  virtual Status Write(const RowBatch& batch) = 0;
};

// Rows per batch an exporter sends.
inline constexpr int kRowBatchSize = 500;

// The count and an order-independent digest of each table's rows (a sum of per-row
// BLAKE2b prefixes), so that two stores can be compared whatever order and collation their
// backends read in.
class RowDigest final : public RowSink {
 public:
  struct Table {
    int64_t rows = 0;
    uint64_t sum = 0;
  };
  Status Write(const RowBatch& batch) override;
  // Adds one row of `table`; every row of `batch`.
  void Add(const PortableTable& table, const std::vector<Cell>& row);
  void Add(const RowBatch& batch) {
    for (const auto& row : batch.rows) Add(*batch.table, row);
  }
  const std::map<std::string, Table>& tables() const { return tables_; }
  // The rows of every table but the audit_head pseudo-table.
  int64_t total_rows() const;

 private:
  std::map<std::string, Table> tables_;
};

}  // namespace engram::store

#endif  // ENGRAM_STORE_TABLE_ROWS_H_
