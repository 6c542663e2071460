// What every backend's ImportRows and ExportRows share around the portable rows
// (table_rows.h): the checks an import sink makes before its backend writes a batch, the
// audit head it collects from the `audit_head` pseudo-table, and that pseudo-table's row.
//
// Thread safety: a sink is used by the one thread running the import.
#ifndef ENGRAM_STORE_ROW_IMPORT_H_
#define ENGRAM_STORE_ROW_IMPORT_H_

#include <cstdint>
#include <optional>
#include <string>

#include "engram/status.h"
#include "src/store/audit_chain.h"
#include "src/store/table_rows.h"

namespace engram::store {

class RowImportSink : public RowSink {
 public:
  // InvalidArgument for a table that is not one of PortableTables() or a row of the wrong
  // width; the `audit_head` row goes to head(); other batches to WriteRows.
  Status Write(const RowBatch& batch) final;
  const std::optional<AuditHead>& head() const { return head_; }

 protected:
  // A checked, non-empty batch of a real table.
  virtual Status WriteRows(const RowBatch& batch) = 0;

 private:
  std::optional<AuditHead> head_;
};

// The `audit_head` pseudo-table's one row.
RowBatch AuditHeadBatch(const AuditHead& head);

// OK when the imported chain ends where its head says (last_seq 0: no records).
Status CheckImportedHead(const std::optional<AuditHead>& head, int64_t last_seq,
                         const std::string& last_hash);

// "a, b, c": the table's columns, for SELECT and INSERT.
std::string PortableColumnList(const PortableTable& t);

}  // namespace engram::store

#endif  // ENGRAM_STORE_ROW_IMPORT_H_
