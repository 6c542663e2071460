#include "apps/serve/lifecycle_json.h"

#include "apps/serve/json_codec.h"

namespace engram::serve {

using nlohmann::json;

json CompactReportJson(const CompactReport& r) {
  json merges = json::array(), links = json::array(), summaries = json::array();
  for (const CompactMerge& m : r.merges) {
    merges.push_back({{"survivor_id", m.survivor_id},
                      {"merged_ids", m.merged_ids},
                      {"reinforced_by", m.reinforced_by},
                      {"consistency", m.consistency}});
  }
  for (const MemoryLinkView& l : r.links) {
    links.push_back({{"from_id", l.from_id}, {"to_id", l.to_id}, {"kind", l.kind}});
  }
  for (const Memory& m : r.summaries) summaries.push_back(MemoryJson(m));
  return {{"request_id", r.request_id},   {"dry_run", r.dry_run},
          {"scanned", r.scanned},         {"merges", merges},
          {"links", links},               {"summaries", summaries},
          {"summaries_replaced", r.summaries_replaced}};
}

json EraseReportJson(const EraseReport& r) {
  return {{"request_id", r.request_id},
          {"user_id", r.user_id},
          {"erased",
           {{"memories", r.memories},
            {"messages", r.messages},
            {"vault_entries", r.vault_entries},
            {"review_items", r.review_items},
            {"outbox_entries", r.outbox_entries},
            {"api_keys", r.api_keys},
            {"links", r.links},
            {"embedding_cache_entries", r.embedding_cache_entries}}},
          {"storage_compacted", r.storage_compacted}};
}

}  // namespace engram::serve
