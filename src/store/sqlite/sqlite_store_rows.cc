// SqliteStore's portable rows (table_rows.h): the whole store out, from one snapshot, and
// into an empty store in one transaction (`engram migrate`).
#include <string>

#include "engram/status_macros.h"
#include "src/store/audit_chain.h"
#include "src/store/row_import.h"
#include "src/store/sqlite/sqlite_store_internal.h"

namespace engram::store::sqlite_internal {

namespace {

Cell ReadCell(const Stmt& st, int col, CellType type) {
  if (st.IsNull(col)) return Cell::Null();
  switch (type) {
    case CellType::kInt:
    case CellType::kBool:
      return Cell::Int(st.Int(col));
    case CellType::kReal:
      return Cell::Real(st.Double(col));
    case CellType::kText:
      return Cell::Bytes(st.Text(col));
    case CellType::kBlob:
      return Cell::Bytes(st.Blob(col));
  }
  return Cell::Null();
}

void BindCell(Stmt& st, int i, const Cell& cell, CellType type) {
  if (cell.null) {
    st.BindNull(i);
    return;
  }
  switch (type) {
    case CellType::kInt:
    case CellType::kBool:
      st.Bind(i, cell.i);
      return;
    case CellType::kReal:
      st.Bind(i, cell.r);
      return;
    case CellType::kText:
      st.Bind(i, std::string_view(cell.s));
      return;
    case CellType::kBlob:
      st.BindBlob(i, cell.s);
      return;
  }
}

// Inserts the batches it receives into the writer connection's open transaction.
class ImportSink final : public RowImportSink {
 public:
  explicit ImportSink(sqlite3* db) : db_(db) {}

 protected:
  Status WriteRows(const RowBatch& batch) override {
    const PortableTable& t = *batch.table;
    std::string params;
    for (size_t k = 1; k <= t.columns.size(); ++k) {
      params += (k > 1 ? ",?" : "?") + std::to_string(k);
    }
    Stmt st(db_, std::string("INSERT INTO ") + t.name + " (" + PortableColumnList(t) +
                     ") VALUES (" + params + ")");
    for (const auto& row : batch.rows) {
      for (size_t c = 0; c < row.size(); ++c) {
        BindCell(st, static_cast<int>(c) + 1, row[c], t.columns[c].type);
      }
      if (Status s = st.Run(); !s.ok()) {
        return s.WithPrefix(std::string("sqlite: import ") + t.name);
      }
      st.Reset();
    }
    return Status::OK();
  }

 private:
  sqlite3* db_;
};

}  // namespace

Result<AuditHead> SqliteStore::ChainTail() {
  Stmt last(db_, "SELECT seq, hash FROM audit ORDER BY seq DESC LIMIT 1");
  AuditHead head{keyed_from_, 0, AuditGenesisHash()};
  if (last.Step()) head = AuditHead{keyed_from_, last.Int(0), last.Text(1)};
  ENGRAM_RETURN_IF_ERROR(last.status());
  return head;
}

Status SqliteStore::ExportRows(RowSink& sink) {
  std::lock_guard lock(mu_);
  Txn snapshot(db_);  // never committed: rolled back when done
  ENGRAM_RETURN_IF_ERROR(snapshot.status());
  for (const PortableTable& t : PortableTables()) {
    RowBatch batch{&t, {}};
    if (std::string_view(t.name) == "audit_head") {
      ENGRAM_ASSIGN_OR_RETURN(AuditHead head, ChainTail());
      ENGRAM_RETURN_IF_ERROR(sink.Write(AuditHeadBatch(head)));
      continue;
    }
    Stmt st(db_, "SELECT " + PortableColumnList(t) + " FROM " + t.name + " ORDER BY " + t.order_by);
    while (st.Step()) {
      std::vector<Cell> row;
      row.reserve(t.columns.size());
      for (size_t c = 0; c < t.columns.size(); ++c) {
        row.push_back(ReadCell(st, static_cast<int>(c), t.columns[c].type));
      }
      batch.rows.push_back(std::move(row));
      if (batch.rows.size() >= static_cast<size_t>(kRowBatchSize)) {
        ENGRAM_RETURN_IF_ERROR(sink.Write(batch));
        batch.rows.clear();
      }
    }
    if (!st.status().ok()) return st.status().WithPrefix(std::string("sqlite: export ") + t.name);
    if (!batch.rows.empty()) ENGRAM_RETURN_IF_ERROR(sink.Write(batch));
  }
  return Status::OK();
}

Status SqliteStore::ImportRows(const std::function<Status(RowSink&)>& produce) {
  std::lock_guard lock(mu_);
  Txn txn(db_);
  ENGRAM_RETURN_IF_ERROR(txn.status());
  for (const PortableTable& t : PortableTables()) {
    if (std::string_view(t.name) == "audit_head") continue;
    Stmt any(db_, std::string("SELECT 1 FROM ") + t.name + " LIMIT 1");
    if (any.Step()) {
      return Status::FailedPrecondition("sqlite: '" + path_ + "' is not empty (table " +
                                        t.name + " has rows): import into an empty store");
    }
    ENGRAM_RETURN_IF_ERROR(any.status());
  }
  // A version may name a later one (a candidate approved after another version), so the
  // references are checked at commit.
  ENGRAM_RETURN_IF_ERROR(Exec(db_, "PRAGMA defer_foreign_keys = ON", "import"));
  ImportSink sink(db_);
  ENGRAM_RETURN_IF_ERROR(produce(sink));
  // memory_fts as InsertMemory fills it: keyword documents with their words (said, else the
  // content); erased versions have no content and no document.
  ENGRAM_RETURN_IF_ERROR(Exec(db_,
                              "INSERT INTO memory_fts(rowid, content) SELECT id, "
                              "COALESCE(said, content) FROM memory WHERE keyword = 1 AND "
                              "content <> ''",
                              "import: keyword index"));
  ENGRAM_ASSIGN_OR_RETURN(AuditHead tail, ChainTail());
  ENGRAM_RETURN_IF_ERROR(CheckImportedHead(sink.head(), tail.seq, tail.hash).WithPrefix("sqlite"));
  pending_head_.reset();
  ENGRAM_RETURN_IF_ERROR(txn.Commit());
  if (sink.head() && anchor_) {
    keyed_from_ = sink.head()->keyed_from;
    ENGRAM_RETURN_IF_ERROR(anchor_->Write(*sink.head(), true).WithPrefix("sqlite: import"));
  }
  return Status::OK();
}

}  // namespace engram::store::sqlite_internal
