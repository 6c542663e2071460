#include "src/store/versions.h"

#include <algorithm>

namespace engram::store {

Memory FirstVersion(const Memory& draft, const Scope& scope, int64_t id, const Instant& now,
                    int64_t message_id) {
  Memory m = draft;
  m.scope = scope;
  m.id = id;
  m.lineage_id = id;
  m.version = 1;
  m.supersedes = 0;
  m.current = true;
  m.recorded_at = now;
  m.source.message_id = message_id;
  return m;
}

Memory NextVersion(const Memory& old, int64_t id, const Revision& rev, const Instant& now) {
  Memory m = old;
  m.id = id;
  m.version = old.version + 1;
  m.supersedes = old.id;
  if (!rev.content.empty()) m.content = rev.content;
  if (!rev.value.empty()) m.value = rev.value;
  if (rev.metadata_json) m.metadata_json = *rev.metadata_json;
  m.valid_from = rev.valid_from.value_or(now);
  m.valid_to.reset();
  m.recorded_at = now;
  m.superseded_at.reset();
  m.access_count = 0;
  m.last_access.reset();
  m.reinforced = 0;
  m.last_seen.reset();
  return m;
}

bool WritesRelation(const IngestBatch& batch, const IngestOutcome& out, const RelationDraft& r) {
  const int links = static_cast<int>(out.entity_links.size());
  if (r.memory_index < 0 || r.memory_index >= static_cast<int>(out.memories.size()) ||
      r.subject_link < 0 || r.subject_link >= links || r.object_link >= links ||
      static_cast<size_t>(links) != batch.entity_links.size() || r.predicate.empty()) {
    return false;
  }
  const Memory& m = out.memories[r.memory_index];
  auto has = [&](const std::vector<int64_t>& ids) {
    return std::find(ids.begin(), ids.end(), m.id) != ids.end();
  };
  return (m.current || has(out.candidates)) && !has(out.reinforced) && !has(out.outranked);
}

bool IsCorrection(const IngestBatch& batch, size_t index) {
  return std::find(batch.corrections.begin(), batch.corrections.end(),
                   static_cast<int>(index)) != batch.corrections.end();
}

bool IsKeywordDocument(const Memory& m, std::string_view record_text) {
  if (m.type != MemoryType::kSemantic || m.source.message_id == 0 || m.content.empty()) {
    return true;
  }
  return record_text.find(m.content) == std::string_view::npos;
}

}  // namespace engram::store
