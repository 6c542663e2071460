#include "src/store/sqlite/api_key_rows.h"

#include "engram/status_macros.h"
#include "src/store/sqlite/memory_rows.h"
#include "src/store/sqlite/sqlite_util.h"

namespace engram::store::sqlite {
namespace {

constexpr const char* kSelect =
    "SELECT id, name, secret_hash, user_id, agent_id, created_ms, revoked_ms, teams, roles "
    "FROM api_keys";

// The strings of a JSON array of strings, read back through SQLite's json_each.
std::vector<std::string> ReadStrings(sqlite3* db, const std::string& json_array) {
  std::vector<std::string> out;
  Stmt st(db, "SELECT value FROM json_each(?1)");
  st.Bind(1, json_array);
  while (st.Step()) out.push_back(st.Text(0));
  return out;
}

ApiKeyRecord ReadKey(sqlite3* db, const Stmt& st) {
  ApiKeyRecord k;
  k.id = st.Text(0);
  k.name = st.Text(1);
  k.secret_hash = st.Text(2);
  k.principal.user_id = st.Text(3);
  k.principal.agent_id = st.Text(4);
  k.created_at = Instant{st.Int(5), 0};
  if (!st.IsNull(6)) k.revoked_at = Instant{st.Int(6), 0};
  k.principal.teams = ReadStrings(db, st.Text(7));
  k.principal.roles = ReadStrings(db, st.Text(8));
  return k;
}

Status UnknownKey(const std::string& id) {
  return Status::NotFound("store: api key '" + id + "' not found");
}

}  // namespace

Status InsertApiKey(sqlite3* db, const ApiKeyRecord& key) {
  Stmt st(db,
          "INSERT INTO api_keys (id, name, secret_hash, user_id, agent_id, teams, roles, "
          "created_ms, revoked_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)");
  st.Bind(1, key.id).Bind(2, key.name).Bind(3, key.secret_hash);
  st.Bind(4, key.principal.user_id).Bind(5, key.principal.agent_id);
  st.Bind(6, JsonStringArray(key.principal.teams)).Bind(7, JsonStringArray(key.principal.roles));
  st.Bind(8, key.created_at.unix_ms);
  st.Bind(9, key.revoked_at ? std::optional<int64_t>(key.revoked_at->unix_ms) : std::nullopt);
  Status s = st.Run();
  if (s.code() == StatusCode::kConflict) {
    return Status::AlreadyExists("store: api key '" + key.id + "' exists");
  }
  return s.WithPrefix("insert api key");
}

Result<ApiKeyRecord> SelectApiKey(sqlite3* db, const std::string& id) {
  Stmt st(db, std::string(kSelect) + " WHERE id = ?1");
  st.Bind(1, id);
  if (st.Step()) return ReadKey(db, st);
  if (!st.status().ok()) return st.status().WithPrefix("api key");
  return UnknownKey(id);
}

Result<std::vector<ApiKeyRecord>> SelectApiKeys(sqlite3* db) {
  Stmt st(db, std::string(kSelect) + " ORDER BY created_ms, id");
  std::vector<ApiKeyRecord> out;
  while (st.Step()) out.push_back(ReadKey(db, st));
  if (!st.status().ok()) return st.status().WithPrefix("list api keys");
  return out;
}

Status UpdateApiKeyRevoked(sqlite3* db, const std::string& id, const Instant& now) {
  ENGRAM_RETURN_IF_ERROR(SelectApiKey(db, id).status());
  Stmt st(db, "UPDATE api_keys SET revoked_ms = COALESCE(revoked_ms, ?2) WHERE id = ?1");
  st.Bind(1, id).Bind(2, now.unix_ms);
  return st.Run().WithPrefix("revoke api key");
}

}  // namespace engram::store::sqlite
