#include "src/ingest/pipeline.h"

#include "engram/status_macros.h"
#include "src/ingest/validate.h"
#include "src/text/normalize.h"

namespace engram::ingest {

Result<store::IngestBatch> BuildBatch(const RememberRequest& r, const Instant& at,
                                      const PipelineLimits& limits) {
  ENGRAM_RETURN_IF_ERROR(ValidatePrincipal(r.principal));
  ENGRAM_RETURN_IF_ERROR(ValidateText("text", r.text, limits.max_text_bytes));
  ENGRAM_RETURN_IF_ERROR(ValidateId("session", r.session_id, false));
  ENGRAM_RETURN_IF_ERROR(ValidateId("role", r.role, true));
  ENGRAM_RETURN_IF_ERROR(ValidateMetadata(r.metadata_json));
  if (r.visibility == Visibility::kTeam) {
    ENGRAM_RETURN_IF_ERROR(ValidateId("team", r.team_id, true));
  } else if (!r.team_id.empty()) {
    return Status::InvalidArgument("team: given, but visibility is not 'team'");
  }
  for (auto [field, value] : {std::pair{"subject", &r.subject}, {"attribute", &r.attribute},
                              {"value", &r.value}}) {
    ENGRAM_RETURN_IF_ERROR(ValidateText(field, value->empty() ? "x" : *value, 4096));
  }
  if (!r.attribute.empty() && r.subject.empty()) {
    return Status::InvalidArgument("subject: required when an attribute is given");
  }
  const Instant valid_from = r.valid_from.value_or(at);
  if (r.valid_to && r.valid_to->unix_ms <= valid_from.unix_ms) {
    return Status::InvalidArgument("valid_to: must be after valid_from");
  }

  store::IngestBatch batch;
  batch.scope = Scope{r.principal.user_id, r.principal.agent_id, r.team_id, r.visibility};
  batch.message.session_id = r.session_id;
  batch.message.role = r.role;
  batch.message.content = text::Normalize(r.text);
  batch.message.at = at;
  batch.message.source = r.source;

  Memory m;
  m.content = batch.message.content;
  m.valid_from = valid_from;
  if (r.valid_to) {
    m.valid_to = r.valid_to;
    m.expires_at = r.valid_to;
  }
  m.source.session_id = r.session_id;
  m.source.type = r.source;
  m.source.actor = r.principal.agent_id.empty() ? r.principal.user_id : r.principal.agent_id;
  m.source.at = at;
  m.metadata_json = r.metadata_json;
  if (!r.attribute.empty()) {
    m.type = MemoryType::kSemantic;
    m.kind = MemoryKind::kFact;
    m.subject = text::Normalize(r.subject);
    m.attribute = text::Normalize(r.attribute);
    m.value = text::Normalize(r.value);
  } else {
    m.type = MemoryType::kEpisodic;
    m.kind = MemoryKind::kRaw;
  }
  batch.memories.push_back(std::move(m));
  return batch;
}

std::string EmbeddingText(const Memory& memory, const Memory* previous, size_t context_bytes) {
  if (previous == nullptr || context_bytes == 0 || !memory.attribute.empty() ||
      memory.source.session_id.empty()) {
    return memory.content;
  }
  std::string_view prev = previous->content;
  if (prev.size() > context_bytes) {
    size_t cut = context_bytes;
    while (cut > 0 && (static_cast<unsigned char>(prev[cut]) & 0xC0) == 0x80) --cut;
    prev = prev.substr(0, cut);
  }
  return memory.content + "\n" + std::string(prev);
}

}  // namespace engram::ingest
