#include "src/store/sqlite/review_rows.h"

#include "engram/status_macros.h"
#include "src/store/sqlite/memory_rows.h"
#include "src/store/sqlite/sqlite_util.h"
#include "src/store/weak_fusion.h"

namespace engram::store::sqlite {
namespace {

constexpr const char* kSelect =
    "SELECT id, kind, user_id, memory_id, message_id, reason, payload, created_ms, "
    "resolved_ms, resolution FROM review";

ReviewItem ReadItem(const Stmt& st) {
  ReviewItem r;
  r.id = st.Int(0);
  r.kind = st.Text(1);
  r.user_id = st.Text(2);
  r.memory_id = st.IsNull(3) ? 0 : st.Int(3);
  r.message_id = st.IsNull(4) ? 0 : st.Int(4);
  r.reason = st.Text(5);
  r.payload_json = st.Text(6);
  r.created_at = Instant{st.Int(7), 0};
  if (!st.IsNull(8)) r.resolved_at = Instant{st.Int(8), 0};
  r.resolution = st.IsNull(9) ? "" : st.Text(9);
  return r;
}

std::optional<int64_t> NonZero(int64_t v) {
  return v ? std::optional<int64_t>(v) : std::nullopt;
}

}  // namespace

Status InsertReview(sqlite3* db, const NewReview& review, const std::string& user_id,
                    int64_t memory_id, int64_t message_id, const Instant& now) {
  Stmt st(db,
          "INSERT INTO review (kind, user_id, memory_id, message_id, reason, payload, "
          "created_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)");
  st.Bind(1, review.kind).Bind(2, user_id).Bind(3, NonZero(memory_id));
  st.Bind(4, NonZero(message_id)).Bind(5, review.reason).Bind(6, review.payload_json);
  st.Bind(7, now.unix_ms);
  return st.Run().WithPrefix("insert review");
}

Result<std::vector<ReviewItem>> SelectReview(sqlite3* db, const std::string& user_id,
                                             bool include_resolved, int limit) {
  Stmt st(db, std::string(kSelect) +
                  " WHERE (?1 = '' OR user_id = ?1) AND (?2 = 1 OR resolved_ms IS NULL) "
                  "ORDER BY id LIMIT ?3");
  st.Bind(1, user_id).Bind(2, include_resolved).Bind(3, int64_t{limit});
  std::vector<ReviewItem> out;
  while (st.Step()) out.push_back(ReadItem(st));
  if (!st.status().ok()) return st.status().WithPrefix("list review");
  return out;
}

Result<ReviewItem> SelectReviewItem(sqlite3* db, int64_t id, const std::string& user_id) {
  Stmt st(db, std::string(kSelect) + " WHERE id = ?1 AND (?2 = '' OR user_id = ?2)");
  st.Bind(1, id).Bind(2, user_id);
  if (st.Step()) return ReadItem(st);
  ENGRAM_RETURN_IF_ERROR(st.status());
  return Status::NotFound("store: review item " + std::to_string(id) + " not found");
}

Status MarkReviewResolved(sqlite3* db, int64_t id, const std::string& resolution,
                          const Instant& now) {
  Stmt st(db, "UPDATE review SET resolved_ms = ?2, resolution = ?3 WHERE id = ?1");
  st.Bind(1, id).Bind(2, now.unix_ms).Bind(3, resolution);
  return st.Run().WithPrefix("resolve review");
}

Status InsertVault(sqlite3* db, const VaultEntry& e, const Instant& now) {
  Stmt st(db,
          "INSERT OR IGNORE INTO pii_vault (scope_key, user_id, placeholder, kind, nonce, "
          "ciphertext, created_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)");
  st.Bind(1, e.scope_key).Bind(2, e.user_id).Bind(3, e.placeholder).Bind(4, e.kind);
  st.BindBlob(5, e.nonce).BindBlob(6, e.ciphertext).Bind(7, now.unix_ms);
  return st.Run().WithPrefix("insert vault");
}

Result<std::vector<VaultEntry>> SelectVault(sqlite3* db, const std::vector<std::string>& scopes,
                                            const std::vector<std::string>& placeholders) {
  Stmt st(db,
          "SELECT scope_key, user_id, placeholder, kind, nonce, ciphertext FROM pii_vault "
          "WHERE scope_key IN (SELECT value FROM json_each(?1)) "
          "AND placeholder IN (SELECT value FROM json_each(?2))");
  st.Bind(1, JsonStringArray(scopes)).Bind(2, JsonStringArray(placeholders));
  std::vector<VaultEntry> out;
  while (st.Step()) {
    out.push_back({st.Text(0), st.Text(1), st.Text(2), st.Text(3), st.Blob(4), st.Blob(5)});
  }
  if (!st.status().ok()) return st.status().WithPrefix("select vault");
  return out;
}

}  // namespace engram::store::sqlite
