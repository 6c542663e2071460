#include "src/store/versions.h"

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
  return m;
}

}  // namespace engram::store
