#include "src/store/sqlite/outbox_rows.h"

#include "src/store/audit_chain.h"
#include "src/store/outbox_result.h"
#include "src/store/sqlite/sqlite_util.h"

namespace engram::store::sqlite {
namespace {

constexpr const char* kSelect =
    "SELECT o.id, o.user_id, o.request, o.state, o.created_ms, o.message_id, o.result, "
    "o.superseded, o.error, msg.context FROM outbox o LEFT JOIN message msg ON "
    "msg.id = o.message_id";

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
  return e;
}

}  // namespace

Result<std::vector<int64_t>> InsertOutbox(
    sqlite3* db, const std::vector<std::pair<std::string, std::string>>& user_and_request,
    const Instant& now) {
  Stmt st(db, "INSERT INTO outbox (user_id, request, created_ms) VALUES (?1, ?2, ?3)");
  std::vector<int64_t> ids;
  for (const auto& [user, request] : user_and_request) {
    st.Reset();
    st.Bind(1, user).Bind(2, request).Bind(3, now.unix_ms);
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

Status MarkOutboxDone(sqlite3* db, int64_t id, const IngestOutcome& outcome, const Instant& now) {
  Stmt st(db,
          "UPDATE outbox SET state = 'done', message_id = ?2, result = ?3, superseded = ?4, "
          "done_ms = ?5, attempts = attempts + 1, request = '' "
          "WHERE id = ?1 AND state = 'queued'");
  st.Bind(1, id).Bind(2, outcome.message_id).Bind(3, EncodeOutboxResult(outcome));
  st.Bind(4, FormatIdList(outcome.superseded)).Bind(5, now.unix_ms);
  if (Status s = st.Run(); !s.ok()) return s.WithPrefix("outbox done");
  if (sqlite3_changes(db) == 0) {
    return Status::AlreadyExists("store: ingest request " + std::to_string(id) +
                                 " is not queued (already processed)");
  }
  return Status::OK();
}

Status MarkOutboxFailed(sqlite3* db, int64_t id, const std::string& error, const Instant& now) {
  Stmt st(db,
          "UPDATE outbox SET state = 'failed', error = ?2, done_ms = ?3, attempts = attempts + 1, "
          "request = '' WHERE id = ?1 AND state = 'queued'");
  st.Bind(1, id).Bind(2, error).Bind(3, now.unix_ms);
  if (Status s = st.Run(); !s.ok()) return s.WithPrefix("outbox failed");
  if (sqlite3_changes(db) == 0) {
    return Status::Conflict("store: ingest request " + std::to_string(id) + " is not queued");
  }
  return Status::OK();
}

}  // namespace engram::store::sqlite
