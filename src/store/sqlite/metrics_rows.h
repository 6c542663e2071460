// The recall_log table and the counts behind the lifecycle metrics, used only by SqliteStore.
//
// Thread safety: callers hold the store's connection lock.
#ifndef ENGRAM_STORE_SQLITE_METRICS_ROWS_H_
#define ENGRAM_STORE_SQLITE_METRICS_ROWS_H_

#include <sqlite3.h>

#include <string>

#include "engram/result.h"
#include "src/store/sqlite/sqlite_util.h"
#include "src/store/store.h"

namespace engram::store::sqlite {

// `cache`: the statement cache of `db`, or null.
Status InsertRecallLog(sqlite3* db, StmtCache* cache, const RecallLogEntry& e);
// Store::MarkUsed. REQUIRES: inside a write transaction.
Status MarkRecallUsed(sqlite3* db, const std::string& user_id, const std::string& request_id,
                      bool used);
Result<MetricsCounts> SelectMetrics(sqlite3* db, const MetricsFilter& f);

}  // namespace engram::store::sqlite

#endif  // ENGRAM_STORE_SQLITE_METRICS_ROWS_H_
