#include "src/store/memory/memory_links.h"

#include <algorithm>

#include "src/store/access.h"

namespace engram::store {

void LinkComplements(const IngestBatch& batch, const std::string& scope_key,
                     const std::map<int64_t, Memory>& memories, const Instant& now,
                     std::vector<MemoryLink>* links, IngestOutcome* out) {
  for (const auto& [index, attribute] : batch.complements) {
    if (index < 0 || index >= static_cast<int>(out->memories.size())) continue;
    const Memory& m = out->memories[index];
    if (!m.current || m.attribute.empty()) continue;
    for (const auto& [id, other] : memories) {
      if (!other.current || other.subject != m.subject || other.attribute != attribute ||
          ScopeKey(other.scope) != scope_key) {
        continue;
      }
      MemoryLink link{std::min(id, m.id), std::max(id, m.id), "complements", now};
      const bool known = std::any_of(links->begin(), links->end(), [&](const MemoryLink& l) {
        return l.from_id == link.from_id && l.to_id == link.to_id && l.kind == link.kind;
      });
      if (!known) {
        links->push_back(link);
        out->complements.emplace_back(link.from_id, link.to_id);
      }
      break;
    }
  }
}

}  // namespace engram::store
