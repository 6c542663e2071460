#include "src/ingest/fuse.h"

#include <algorithm>

#include "src/extract/fact_extractor.h"
#include "src/text/normalize.h"

namespace engram::ingest {

double SourceReliability::For(SourceType type) const {
  double r = chat;
  switch (type) {
    case SourceType::kChat: r = chat; break;
    case SourceType::kWebForm: r = web_form; break;
    case SourceType::kVoice: r = voice; break;
    case SourceType::kApi: r = api; break;
    case SourceType::kImport: r = import; break;
  }
  return std::clamp(r, 0.0, 1.0);
}

namespace {

// Predicates whose object is another entity when the message names one.
bool ToEntity(std::string_view predicate) {
  return predicate == "worksAt" || predicate == "reportsTo" || predicate == "memberOf" ||
         predicate == "responsibleFor";
}

bool Names(const store::EntityLinkDraft& l, const std::string& folded) {
  return (!l.surface.empty() && text::FoldForSearch(l.surface) == folded) ||
         (!l.name.empty() && text::FoldForSearch(l.name) == folded);
}

void DraftRelations(store::IngestBatch* batch) {
  for (size_t i = 0; i < batch->memories.size(); ++i) {
    const Memory& m = batch->memories[i];
    if (m.attribute.empty() || m.value.empty() || m.status == MemoryStatus::kQuarantined) continue;
    const extract::AttributeSpec* spec = extract::FindAttribute(m.attribute);
    if (spec == nullptr || spec->fusion == extract::FusionClass::kZero || spec->temporary) {
      continue;
    }
    const std::string subject = text::FoldForSearch(m.subject);
    const std::string value = text::FoldForSearch(m.value);
    int subject_link = -1, object_link = -1;
    for (size_t k = 0; k < batch->entity_links.size(); ++k) {
      const store::EntityLinkDraft& l = batch->entity_links[k];
      if (l.memory_index != static_cast<int>(i)) continue;
      if (subject_link < 0 && Names(l, subject)) {
        subject_link = static_cast<int>(k);
      } else if (object_link < 0 && Names(l, value)) {
        object_link = static_cast<int>(k);
      }
    }
    if (subject_link < 0) continue;  // the speaker, or a subject no entity stands for
    if (!ToEntity(spec->name)) object_link = -1;  // a title, a number, an address: a value
    store::RelationDraft r;
    r.memory_index = static_cast<int>(i);
    r.subject_link = subject_link;
    r.object_link = object_link;
    r.predicate = std::string(spec->name);
    if (object_link < 0) r.object_literal = m.value;
    batch->relations.push_back(std::move(r));
  }
}

}  // namespace

void Fuse(const SourceReliability& reliability, store::IngestBatch* batch) {
  DraftRelations(batch);
  for (size_t i = 0; i < batch->memories.size(); ++i) {
    const extract::AttributeSpec* spec = extract::FindAttribute(batch->memories[i].attribute);
    if (spec != nullptr && !spec->complements.empty()) {
      batch->complements.emplace_back(static_cast<int>(i), std::string(spec->complements));
    }
  }
  const double source = reliability.For(batch->message.source);
  bool facts = false;
  for (Memory& m : batch->memories) {
    m.confidence.source = source;
    m.confidence.overall = std::clamp(m.confidence.overall * source, 0.0, 1.0);
    facts = facts || !m.attribute.empty();
  }
  if (!facts || !extract::IsExplicitCorrection(batch->message.content)) return;
  for (size_t i = 0; i < batch->memories.size(); ++i) {
    if (!batch->memories[i].attribute.empty()) batch->corrections.push_back(static_cast<int>(i));
  }
}

}  // namespace engram::ingest
