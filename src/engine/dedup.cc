#include "src/engine/dedup.h"

#include <algorithm>

#include "engram/status_macros.h"
#include "src/embed/embedding_cache.h"
#include "src/recall/relevance.h"
#include "src/store/access.h"
#include "src/text/normalize.h"
#include "src/text/tokenizer.h"

namespace engram::engine {
namespace {

constexpr size_t kCandidates = 4;

bool IsRecord(const Memory& m) {
  return m.current && m.type == MemoryType::kEpisodic && m.status == MemoryStatus::kActive &&
         m.attribute.empty();
}

}  // namespace

bool SaysNothingNew(std::string_view newer, std::string_view older) {
  if (text::FoldForSearch(newer) == text::FoldForSearch(older)) return true;
  return recall::Restates(newer, older);
}

Result<int64_t> FindRestatedRecord(store::Store& store, const store::OpContext& ctx,
                                   index::VectorIndex* index, const store::IngestBatch& batch) {
  const Memory& record = batch.memories.front();
  if (record.type != MemoryType::kEpisodic || record.status != MemoryStatus::kActive) {
    return int64_t{0};
  }
  ENGRAM_ASSIGN_OR_RETURN(auto same_text, store.FindRecord(ctx, batch.scope, record.content));
  if (same_text != 0) return same_text;
  if (index == nullptr || batch.embeddings.empty()) return int64_t{0};
  const std::string key = store::ScopeKey(batch.scope);
  ENGRAM_ASSIGN_OR_RETURN(auto vector, embed::DecodeVector(batch.embeddings.front()));
  index::SearchFilter filter;
  filter.partitions = {key};
  auto found = index->Search(vector, kCandidates, filter);
  if (!found.ok()) return found.status().WithPrefix("dedup: vector search");
  std::vector<int64_t> ids;
  for (const index::VectorHit& h : *found) {
    if (h.score >= kDuplicateCosine) ids.push_back(h.id);
  }
  if (ids.empty()) return int64_t{0};
  ENGRAM_ASSIGN_OR_RETURN(auto rows, store.GetSearchable(ctx, ids, false, nullptr));
  for (const Memory& m : rows) {  // best first
    if (IsRecord(m) && store::ScopeKey(m.scope) == filter.partitions[0] &&
        SaysNothingNew(record.content, m.content)) {
      return m.id;
    }
  }
  return int64_t{0};
}

std::string RestatementKey(const store::IngestBatch& batch) {
  return store::ScopeKey(batch.scope) + '\n' +
         text::FoldForSearch(batch.memories.empty() ? "" : batch.memories.front().content);
}

Status MarkRestatement(store::Store& store, const store::OpContext& ctx,
                       index::VectorIndex* index,
                       const std::map<std::string, int64_t>& earlier, store::IngestBatch* batch) {
  if (batch->memories.empty()) return Status::OK();
  auto same = earlier.find(RestatementKey(*batch));
  if (same != earlier.end()) {
    batch->duplicate_of = same->second;
    return Status::OK();
  }
  ENGRAM_ASSIGN_OR_RETURN(auto found, FindRestatedRecord(store, ctx, index, *batch));
  batch->duplicate_of = found;
  return Status::OK();
}

}  // namespace engram::engine
