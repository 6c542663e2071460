#include "src/store/row_import.h"

#include <string_view>

namespace engram::store {

Status RowImportSink::Write(const RowBatch& batch) {
  const PortableTable* t = batch.table;
  if (t == nullptr || FindPortableTable(t->name) != t) {
    return Status::InvalidArgument("import: a batch of an unknown table");
  }
  for (const auto& row : batch.rows) {
    if (row.size() != t->columns.size()) {
      return Status::InvalidArgument(std::string("import: a row of ") + t->name + " has " +
                                     std::to_string(row.size()) + " cells, not " +
                                     std::to_string(t->columns.size()));
    }
  }
  if (std::string_view(t->name) == "audit_head") {
    for (const auto& row : batch.rows) head_ = AuditHead{row[0].i, row[1].i, row[2].s};
    return Status::OK();
  }
  return batch.rows.empty() ? Status::OK() : WriteRows(batch);
}

RowBatch AuditHeadBatch(const AuditHead& head) {
  RowBatch batch{FindPortableTable("audit_head"), {}};
  batch.rows.push_back({Cell::Int(head.keyed_from), Cell::Int(head.seq), Cell::Bytes(head.hash)});
  return batch;
}

Status CheckImportedHead(const std::optional<AuditHead>& head, int64_t last_seq,
                         const std::string& last_hash) {
  if (!head) return Status::OK();
  const std::string& hash = last_seq ? last_hash : AuditGenesisHash();
  if (head->seq != last_seq || head->hash != hash) {
    return Status::InvalidArgument("import: the audit head (seq " + std::to_string(head->seq) +
                                   ") is not the last audit record (seq " +
                                   std::to_string(last_seq) + ")");
  }
  return Status::OK();
}

std::string PortableColumnList(const PortableTable& t) {
  std::string out;
  for (const PortableColumn& c : t.columns) {
    if (!out.empty()) out += ", ";
    out += c.name;
  }
  return out;
}

}  // namespace engram::store
