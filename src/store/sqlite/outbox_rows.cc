#include "src/store/sqlite/outbox_rows.h"

#include "src/store/audit_chain.h"
#include "src/store/outbox_claims.h"
#include "src/store/outbox_result.h"
#include "src/store/sqlite/sqlite_util.h"

namespace engram::store::sqlite {
namespace {

constexpr const char* kSelect =
    "SELECT o.id, o.user_id, o.request, o.state, o.created_ms, o.message_id, o.result, "
    "o.superseded, o.error, msg.context, o.session_key, o.lease_owner, o.lease_until_ms "
    "FROM outbox o LEFT JOIN message msg ON msg.id = o.message_id";

// The lease rule of store.h (outbox_claims.h LeaseHeld) for the owner and the time bound
// as ?<owner> and ?<now>, on the row `outbox`.
std::string HeldSql(int now, int owner) {
  const std::string n = "?" + std::to_string(now), o = "?" + std::to_string(owner);
  return " AND ((" + o + " = '' AND (lease_owner IS NULL OR lease_until_ms <= " + n +
         ")) OR lease_owner = " + o + ")";
}

// A session's order: no older queued entry of the same key.
constexpr const char* kFirstOfSession =
    " AND (session_key = '' OR NOT EXISTS (SELECT 1 FROM outbox e WHERE e.session_key = "
    "outbox.session_key AND e.state = 'queued' AND e.id < outbox.id))";

OutboxEntry ReadEntry(const Stmt& st) {
  OutboxEntry e;
  e.id = st.Int(0);
  e.user_id = st.Text(1);
  e.request = st.Text(2);
  e.state = st.Text(3);
  e.created_at = Instant{st.Int(4), 0};
  e.message_id = st.IsNull(5) ? 0 : st.Int(5);
  DecodeOutboxResult(st.Text(6), &e);
  e.superseded = ParseIdList(st.Text(7));
  e.error = st.Text(8);
  if (!st.IsNull(9)) e.message_context = st.Text(9);
  e.session_key = st.Text(10);
  if (!st.IsNull(11)) {
    e.lease_owner = st.Text(11);
    e.lease_until_ms = st.Int(12);
  }
  return e;
}

Status NotHeld(int64_t id, StatusCode code) {
  return Status(code, "store: ingest request " + std::to_string(id) +
                          " is not queued, is held by another worker, or follows a queued "
                          "request of its session");
}

}  // namespace

Result<std::vector<int64_t>> InsertOutbox(sqlite3* db, const std::vector<OutboxDraft>& drafts,
                                          const Instant& now) {
  Stmt st(db,
          "INSERT INTO outbox (user_id, request, created_ms, session_key) VALUES (?1, ?2, ?3, ?4)");
  std::vector<int64_t> ids;
  for (const OutboxDraft& d : drafts) {
    st.Reset();
    st.Bind(1, d.user_id).Bind(2, d.request).Bind(3, now.unix_ms).Bind(4, d.session_key);
    if (Status s = st.Run(); !s.ok()) return s.WithPrefix("enqueue");
    ids.push_back(sqlite3_last_insert_rowid(db));
  }
  return ids;
}

Result<std::vector<OutboxEntry>> SelectQueued(sqlite3* db, int64_t after_id, int limit) {
  Stmt st(db, std::string(kSelect) +
                  " WHERE o.state = 'queued' AND o.id > ?1 ORDER BY o.id LIMIT ?2");
  st.Bind(1, after_id).Bind(2, int64_t{limit});
  std::vector<OutboxEntry> out;
  while (st.Step()) out.push_back(ReadEntry(st));
  if (!st.status().ok()) return st.status().WithPrefix("list queued");
  return out;
}

Result<OutboxEntry> SelectOutbox(sqlite3* db, int64_t id, const std::string& user_id) {
  Stmt st(db, std::string(kSelect) + " WHERE o.id = ?1 AND o.user_id = ?2");
  st.Bind(1, id).Bind(2, user_id);
  if (st.Step()) return ReadEntry(st);
  if (!st.status().ok()) return st.status().WithPrefix("outbox");
  return Status::NotFound("store: ingest request " + std::to_string(id) + " not found");
}

Status MarkOutboxDone(sqlite3* db, int64_t id, const std::string& owner,
                      const IngestOutcome& outcome, const Instant& now) {
  Stmt st(db, std::string("UPDATE outbox SET state = 'done', message_id = ?2, result = ?3, "
                          "superseded = ?4, done_ms = ?5, attempts = attempts + 1, "
                          "request = '', lease_owner = NULL, lease_until_ms = NULL "
                          "WHERE id = ?1 AND state = 'queued'") +
                  HeldSql(5, 6) + kFirstOfSession);
  st.Bind(1, id).Bind(2, outcome.message_id).Bind(3, EncodeOutboxResult(outcome));
  st.Bind(4, FormatIdList(outcome.superseded)).Bind(5, now.unix_ms).Bind(6, owner);
  if (Status s = st.Run(); !s.ok()) return s.WithPrefix("outbox done");
  if (sqlite3_changes(db) == 0) return NotHeld(id, StatusCode::kAlreadyExists);
  return Status::OK();
}

Status MarkOutboxFailed(sqlite3* db, int64_t id, const std::string& owner,
                        const std::string& error, const Instant& now) {
  Stmt st(db, std::string("UPDATE outbox SET state = 'failed', error = ?2, done_ms = ?3, "
                          "attempts = attempts + 1, request = '', lease_owner = NULL, "
                          "lease_until_ms = NULL WHERE id = ?1 AND state = 'queued'") +
                  HeldSql(3, 4));
  st.Bind(1, id).Bind(2, error).Bind(3, now.unix_ms).Bind(4, owner);
  if (Status s = st.Run(); !s.ok()) return s.WithPrefix("outbox failed");
  if (sqlite3_changes(db) == 0) return NotHeld(id, StatusCode::kConflict);
  return Status::OK();
}

Result<std::vector<OutboxEntry>> ClaimOutbox(sqlite3* db, const std::string& owner, int limit,
                                             int64_t lease_ms, const Instant& now) {
  // One writer at a time: every queued entry is a candidate, none held by a concurrent claim.
  // Entries behind an older one of their session that another owner holds are skipped in
  // SQL, so a long session held elsewhere does not fill the window.
  Stmt scan(db,
            "SELECT q.id, q.session_key, q.lease_owner, q.lease_until_ms FROM outbox q "
            "WHERE q.state = 'queued' AND (q.session_key = '' OR NOT EXISTS (SELECT 1 FROM "
            "outbox e WHERE e.session_key = q.session_key AND e.state = 'queued' AND "
            "e.id < q.id AND e.lease_owner IS NOT NULL AND e.lease_owner <> ?1 AND "
            "e.lease_until_ms > ?2)) ORDER BY q.id LIMIT ?3");
  scan.Bind(1, owner).Bind(2, now.unix_ms).Bind(3, int64_t{limit} * 4 + 16);
  std::vector<ClaimCandidate> candidates;
  while (scan.Step()) {
    const std::string lease_owner = scan.IsNull(2) ? "" : scan.Text(2);
    candidates.push_back({scan.Int(0), scan.Text(1),
                          LeaseFree(lease_owner, scan.IsNull(3) ? 0 : scan.Int(3), owner,
                                    now.unix_ms)});
  }
  if (!scan.status().ok()) return scan.status().WithPrefix("claim outbox");
  Stmt take(db,
            "UPDATE outbox SET lease_owner = ?2, lease_until_ms = ?3, attempts = attempts + 1 "
            "WHERE id = ?1");
  Stmt read(db, std::string(kSelect) + " WHERE o.id = ?1");
  std::vector<OutboxEntry> out;
  for (int64_t id : ChooseClaims(candidates, limit)) {
    take.Reset();
    take.Bind(1, id).Bind(2, owner).Bind(3, now.unix_ms + lease_ms);
    if (Status s = take.Run(); !s.ok()) return s.WithPrefix("claim outbox");
    read.Reset();
    read.Bind(1, id);
    if (read.Step()) out.push_back(ReadEntry(read));
    if (!read.status().ok()) return read.status().WithPrefix("claim outbox");
  }
  return out;
}

Result<std::vector<int64_t>> RenewOutbox(sqlite3* db, const std::string& owner,
                                         const std::vector<int64_t>& ids, int64_t lease_ms,
                                         const Instant& now) {
  Stmt st(db,
          "UPDATE outbox SET lease_until_ms = ?3 WHERE id = ?1 AND state = 'queued' AND "
          "lease_owner = ?2");
  std::vector<int64_t> lost;
  for (int64_t id : ids) {
    st.Reset();
    st.Bind(1, id).Bind(2, owner).Bind(3, now.unix_ms + lease_ms);
    if (Status s = st.Run(); !s.ok()) return s.WithPrefix("renew outbox");
    if (sqlite3_changes(db) == 0) lost.push_back(id);
  }
  return lost;
}

Status RewriteQueued(sqlite3* db, int64_t id, const std::string& old_request,
                     const std::string& request) {
  Stmt st(db, "UPDATE outbox SET request = ?3 WHERE id = ?1 AND state = 'queued' AND request = ?2");
  st.Bind(1, id).Bind(2, old_request).Bind(3, request);
  if (Status s = st.Run(); !s.ok()) return s.WithPrefix("outbox rewrite");
  if (sqlite3_changes(db) == 0) {
    return Status::Conflict("store: ingest request " + std::to_string(id) +
                            " is no longer queued as read");
  }
  return Status::OK();
}

Status ReleaseOutbox(sqlite3* db, const std::string& owner, const std::vector<int64_t>& ids) {
  Stmt st(db,
          "UPDATE outbox SET lease_owner = NULL, lease_until_ms = NULL WHERE id = ?1 AND "
          "state = 'queued' AND lease_owner = ?2");
  for (int64_t id : ids) {
    st.Reset();
    st.Bind(1, id).Bind(2, owner);
    if (Status s = st.Run(); !s.ok()) return s.WithPrefix("release outbox");
  }
  return Status::OK();
}

}  // namespace engram::store::sqlite
