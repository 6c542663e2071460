#include "src/store/table_rows.h"

#include <cstring>

#include "src/base/hash.h"

namespace engram::store {

namespace {

constexpr CellType I = CellType::kInt;
constexpr CellType B = CellType::kBool;
constexpr CellType R = CellType::kReal;
constexpr CellType T = CellType::kText;
constexpr CellType X = CellType::kBlob;
constexpr bool N = true;  // nullable

std::vector<PortableTable>* MakeTables() {
  return new std::vector<PortableTable>{
      {"message",
       {{"id", I}, {"session_id", T}, {"user_id", T}, {"agent_id", T}, {"team_id", T},
        {"visibility", T}, {"role", T}, {"content", T}, {"at_ms", I}, {"at_offset", I},
        {"source_type", T}, {"context", T}, {"state", T}, {"recorded_ms", I}},
       "id", "id"},
      {"memory",
       {{"id", I}, {"lineage_id", I}, {"version", I}, {"supersedes", I, N}, {"current", B},
        {"scope_key", T}, {"user_id", T}, {"agent_id", T}, {"team_id", T}, {"visibility", T},
        {"type", T}, {"kind", T}, {"status", T}, {"content", T}, {"said", T, N},
        {"keyword", B}, {"subject", T}, {"attribute", T}, {"value", T},
        {"event_from_ms", I, N}, {"event_to_ms", I, N}, {"event_grain", T, N},
        {"valid_from_ms", I}, {"valid_to_ms", I, N}, {"recorded_ms", I},
        {"superseded_ms", I, N}, {"expires_ms", I, N}, {"time_offset", I},
        {"conf_temporal", R}, {"conf_entity", R}, {"conf_event", R}, {"conf_source", R},
        {"conf_consistency", R}, {"conf_overall", R}, {"session_id", T},
        {"message_id", I, N}, {"source_type", T}, {"actor", T}, {"source_at_ms", I},
        {"reinforced", I}, {"last_seen_ms", I, N}, {"access_count", I},
        {"last_access_ms", I, N}, {"metadata", T}},
       "id", "id"},
      {"memory_vector", {{"memory_id", I}, {"model_id", T}, {"vector", X}}, "memory_id", ""},
      {"vector_log", {{"seq", I}, {"memory_id", I}, {"op", T}}, "seq", "seq"},
      {"entity",
       {{"id", I}, {"scope_key", T}, {"user_id", T}, {"team_id", T}, {"visibility", T},
        {"type", T}, {"name", T}, {"aliases", T}, {"attributes", T}, {"roles", T},
        {"external_id", T}, {"origin", T}, {"created_ms", I}},
       "id", "id"},
      {"entity_key", {{"entity_id", I}, {"name", T}, {"kind", T}}, "entity_id, name", ""},
      {"memory_entity",
       {{"memory_id", I}, {"entity_id", I}, {"confidence", R}, {"surface", T}},
       "memory_id, entity_id", ""},
      {"relation",
       {{"id", I}, {"subject_id", I}, {"predicate", T}, {"object_id", I, N},
        {"object_literal", T, N}, {"memory_id", I, N}, {"valid_from_ms", I},
        {"valid_to_ms", I, N}, {"version", I}},
       "id", "id"},
      {"event",
       {{"id", I}, {"memory_id", I}, {"type", T}, {"slots", T}, {"from_ms", I, N},
        {"to_ms", I, N}, {"grain", T, N}},
       "id", "id"},
      {"memory_link", {{"from_id", I}, {"to_id", I}, {"kind", T}, {"created_ms", I}},
       "from_id, to_id, kind", ""},
      {"audit",
       {{"seq", I}, {"at_ms", I}, {"actor_user", T}, {"actor_agent", T}, {"action", T},
        {"targets", T}, {"request_id", T}, {"detail", T}, {"prev_hash", T}, {"hash", T}},
       "seq", "seq"},
      {"audit_head", {{"keyed_from", I}, {"seq", I}, {"hash", T}}, "seq", ""},
      {"review",
       {{"id", I}, {"kind", T}, {"user_id", T}, {"memory_id", I, N}, {"message_id", I, N},
        {"reason", T}, {"payload", T}, {"created_ms", I}, {"resolved_ms", I, N},
        {"resolution", T, N}},
       "id", "id"},
      {"pii_vault",
       {{"id", I}, {"scope_key", T}, {"user_id", T}, {"placeholder", T}, {"kind", T},
        {"nonce", X}, {"ciphertext", X}, {"created_ms", I}},
       "id", "id"},
      {"api_keys",
       {{"id", T}, {"name", T}, {"secret_hash", T}, {"user_id", T}, {"agent_id", T},
        {"teams", T}, {"roles", T}, {"created_ms", I}, {"revoked_ms", I, N}},
       "id", ""},
      {"outbox",
       {{"id", I}, {"user_id", T}, {"request", T}, {"state", T}, {"attempts", I},
        {"created_ms", I}, {"done_ms", I, N}, {"message_id", I, N}, {"result", T},
        {"superseded", T}, {"error", T}, {"session_key", T}},
       "id", "id"},
      {"recall_log",
       {{"id", I}, {"at_ms", I}, {"user_id", T}, {"agent_id", T}, {"teams", T},
        {"request_id", T}, {"fingerprint", T}, {"hits", I}, {"used", I}},
       "id", "id"},
      {"embedding_cache", {{"model_id", T}, {"text_hash", T}, {"vector", X}},
       "model_id, text_hash", ""},
  };
}

void Put64(std::string* out, uint64_t v) {
  for (int k = 0; k < 8; ++k) out->push_back(static_cast<char>((v >> (8 * k)) & 0xff));
}

}  // namespace

const std::vector<PortableTable>& PortableTables() {
  static const std::vector<PortableTable>* kTables = MakeTables();
  return *kTables;
}

const PortableTable* FindPortableTable(std::string_view name) {
  for (const PortableTable& t : PortableTables()) {
    if (name == t.name) return &t;
  }
  return nullptr;
}

Status RowDigest::Write(const RowBatch& batch) {
  Add(batch);
  return Status::OK();
}

void RowDigest::Add(const PortableTable& table, const std::vector<Cell>& row) {
  // Each cell framed by its kind and length, so that no two rows encode alike.
  std::string enc;
  for (size_t c = 0; c < row.size() && c < table.columns.size(); ++c) {
    const Cell& cell = row[c];
    if (cell.null) {
      enc.push_back('n');
      continue;
    }
    switch (table.columns[c].type) {
      case CellType::kInt:
      case CellType::kBool:
        enc.push_back('i');
        Put64(&enc, static_cast<uint64_t>(cell.i));
        break;
      case CellType::kReal: {
        uint64_t bits;
        std::memcpy(&bits, &cell.r, sizeof bits);
        enc.push_back('r');
        Put64(&enc, bits);
        break;
      }
      case CellType::kText:
      case CellType::kBlob:
        enc.push_back('s');
        Put64(&enc, cell.s.size());
        enc += cell.s;
        break;
    }
  }
  const std::string hex = base::Blake2bHex(enc);
  Table& t = tables_[table.name];
  ++t.rows;
  t.sum += std::stoull(hex.substr(0, 16), nullptr, 16);
}

int64_t RowDigest::total_rows() const {
  int64_t n = 0;
  for (const auto& [name, t] : tables_) {
    if (name != "audit_head") n += t.rows;
  }
  return n;
}

}  // namespace engram::store
