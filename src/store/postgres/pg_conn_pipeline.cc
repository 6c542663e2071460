// PgConn's deferred statements (pg_conn.h Defer, Flush) on libpq's pipeline mode: queued
// statements wait in libpq's output buffer and leave with the next Exec or Flush, followed by
// one Sync; the results are then read in order. One round trip for the whole round, which
// is what a write transaction holding the tenant's writer lock pays for most (each round
// trip is two process wake-ups, several hundred microseconds on a busy machine).
#include <libpq-fe.h>

#include "engram/status_macros.h"
#include "src/store/postgres/pg_conn.h"

namespace engram::store::postgres {

Status PgConn::Flush() { return pending_.empty() ? Status::OK() : Drain(); }

Status PgConn::Defer(std::string_view sql, std::span<const PgParam> params, PgResult* rows) {
  if (Status s = Refuse(sql); !s.ok()) return s;
  if (pending_.empty() && PQpipelineStatus(conn_) == PQ_PIPELINE_OFF &&
      PQenterPipelineMode(conn_) != 1) {
    return ErrorOf(nullptr, sql);
  }
  Bound b = Bind(sql, params);
  const int n = static_cast<int>(b.values.size());
  if (b.prepare) {
    if (PQsendPrepare(conn_, b.name.c_str(), b.text.c_str(), n, nullptr) != 1) {
      return ErrorOf(nullptr, sql);
    }
    // Kept unless the server refuses it (Drain forgets it then).
    prepared_.emplace(b.text, b.name);
    pending_.push_back({b.text, nullptr, true});
  }
  const int sent =
      !b.name.empty()
          ? PQsendQueryPrepared(conn_, b.name.c_str(), n, b.values.data(), nullptr, nullptr, 0)
          : PQsendQueryParams(conn_, b.text.c_str(), n, nullptr, b.values.data(), nullptr,
                              nullptr, 0);
  if (sent != 1) return ErrorOf(nullptr, sql);
  pending_.push_back({std::move(b.text), rows, false});
  return Status::OK();
}

Status PgConn::Drain() {
  std::vector<Pending> round = std::move(pending_);
  pending_.clear();
  Status first;
  auto note = [&](Status s) {
    if (first.ok()) first = std::move(s);
  };
  if (PQpipelineSync(conn_) != 1) note(ErrorOf(nullptr, "pipeline sync"));
  for (Pending& p : round) {
    if (PQstatus(conn_) != CONNECTION_OK) {
      note(ErrorOf(nullptr, p.sql));
      break;
    }
    pg_result* res = PQgetResult(conn_);
    if (!res) {  // out of step with the queue: the connection is not reusable
      note(Status::Internal("postgres: pipeline: a result is missing"));
      break;
    }
    const ExecStatusType st = PQresultStatus(res);
    if (st == PGRES_COMMAND_OK || st == PGRES_TUPLES_OK) {
      if (p.rows) {
        *p.rows = PgResult(res);
        res = nullptr;
      }
    } else {
      if (p.prepare) prepared_.erase(p.sql);
      // PGRES_PIPELINE_ABORTED: skipped after an earlier failure, already noted.
      if (st != PGRES_PIPELINE_ABORTED) note(ErrorOf(res, p.sql));
    }
    if (res) PQclear(res);
    // Each statement's results end with a null.
    while (pg_result* extra = PQgetResult(conn_)) PQclear(extra);
  }
  if (PQstatus(conn_) == CONNECTION_OK) {
    pg_result* sync = PQgetResult(conn_);
    if (!sync || PQresultStatus(sync) != PGRES_PIPELINE_SYNC) {
      note(Status::Internal("postgres: pipeline: the round did not end with its sync"));
    }
    if (sync) PQclear(sync);
    if (PQexitPipelineMode(conn_) != 1) note(ErrorOf(nullptr, "pipeline exit"));
  }
  return first;
}

}  // namespace engram::store::postgres
