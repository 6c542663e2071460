// The memory backend's API keys and ingestion outbox, kept apart from its memories.
//
// Thread safety: none; MemoryStore calls it under its own mutex.
#ifndef ENGRAM_STORE_MEMORY_SIDE_TABLES_H_
#define ENGRAM_STORE_MEMORY_SIDE_TABLES_H_

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "src/store/store.h"

namespace engram::store {

class MemorySideTables {
 public:
  // Store's API key and outbox contracts (see store.h).
  Status PutApiKey(const ApiKeyRecord& key);
  Result<ApiKeyRecord> GetApiKey(const std::string& id) const;
  std::vector<ApiKeyRecord> ListApiKeys() const;
  Status RevokeApiKey(const std::string& id, const Instant& now);

  std::vector<int64_t> Enqueue(const std::vector<OutboxDraft>& rows, const Instant& now);
  std::vector<OutboxEntry> ListQueued(int64_t after_id, int limit) const;
  Result<OutboxEntry> GetOutbox(const std::string& user_id, int64_t id) const;
  Status FailOutbox(int64_t id, const std::string& owner, const std::string& error,
                    const Instant& now);
  Status RewriteQueued(int64_t id, const std::string& old_request, const std::string& request);
  std::vector<OutboxEntry> Claim(const std::string& owner, int limit, int64_t lease_ms,
                                 const Instant& now);
  std::vector<int64_t> Renew(const std::string& owner, const std::vector<int64_t>& ids,
                             int64_t lease_ms, const Instant& now);
  void Release(const std::string& owner, const std::vector<int64_t>& ids);

  // AlreadyExists unless `owner` may mark entry `id` done now (IngestBatch::outbox_owner);
  // checked before an ingest writes anything.
  Status CheckQueued(int64_t id, const std::string& owner, const Instant& now) const;
  // REQUIRES: CheckQueued(id) was OK. `context_json`: the message's (OutboxEntry).
  void MarkDone(int64_t id, const IngestOutcome& outcome, const std::string& context_json);

  // Whether the user has outbox entries or API keys.
  bool HasUser(const std::string& user_id) const;
  // Removes the user's outbox entries and API keys; adds their counts to *out.
  void EraseUser(const std::string& user_id, EraseOutcome* out);
  // Blanks the raw request and message context of the entries that made message
  // `message_id` (hard forget).
  void BlankRequestsOf(int64_t message_id);

 private:
  std::map<std::string, ApiKeyRecord> keys_;
  std::vector<std::string> key_order_;  // creation order
  std::map<int64_t, OutboxEntry> outbox_;
};

}  // namespace engram::store

#endif  // ENGRAM_STORE_MEMORY_SIDE_TABLES_H_
