// Entity linking: which known entities a text mentions, and which unknown mentions should
// become new entities (DESIGN.md §2, stage 5).
//
//   known: {7, "张伟", name}, {7, "张工", alias}, {9, "财务总监", role}
//   LinkMentions("张工和财务总监确认了预算", known, true)
//     -> {7 via alias, 0.9}, {9 via role, 0.8}
//
// A known entity is found by any of its names occurring in the text (folded, ASCII names
// only at word boundaries, names shorter than two characters ignored) or by a mention the
// extractor found whose key is one of its names. Confidence by how it was named: name or
// external id 1.0, alias 0.9, role 0.8 (at most kExtractedEntityConfidence for entities that
// were not imported). With `create_unknown`, a linkable mention naming no
// known entity becomes a new one with confidence min(kNewEntityConfidence, the mention's).
//
// Thread safety: pure function.
#ifndef ENGRAM_SRC_EXTRACT_ENTITY_LINKER_H_
#define ENGRAM_SRC_EXTRACT_ENTITY_LINKER_H_

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "src/extract/entity_extractor.h"

namespace engram::extract {

inline constexpr double kNewEntityConfidence = 0.6;
// Linking to an entity that was itself extracted (not imported) never exceeds this.
inline constexpr double kExtractedEntityConfidence = 0.7;

struct KnownName {
  int64_t entity_id = 0;
  std::string name;        // folded (text::FoldForSearch)
  std::string kind;        // name | alias | role | id
  bool directory = true;   // an imported entry (preferred over extracted ones on ties)
};

struct EntityLink {
  int64_t entity_id = 0;   // 0 = a new entity named `name`
  std::string name;        // new entities: the name to create (the mention's key)
  std::string type;        // new entities: the mention's type name
  std::string surface;     // the text that named it
  std::string via;         // name | alias | role | id | new
  double confidence = 0;
};

// The folded strings of the text that could be an entity's name, to look up in the directory
// before LinkMentions (so the lookup costs what the text is long, not what the directory is
// big): every run of letters, digits, '-' and '_', every substring of one of 2..kMaxNameChars
// characters (CJK text has no spaces), up to four runs joined by one space ("zhang wei"),
// and the keys of the extractor's mentions. Sorted, unique.
inline constexpr size_t kMaxNameChars = 12;
std::vector<std::string> NameCandidates(std::string_view normalized_text);
// The same with the text's mentions already found (FindEntityMentions), to find them once.
std::vector<std::string> NameCandidates(std::string_view normalized_text,
                                        const std::vector<EntityMention>& mentions);

// One link per entity (the most confident), new ones after known ones, in text order.
std::vector<EntityLink> LinkMentions(std::string_view normalized_text,
                                     std::span<const KnownName> known, bool create_unknown);
std::vector<EntityLink> LinkMentions(std::string_view normalized_text,
                                     const std::vector<EntityMention>& mentions,
                                     std::span<const KnownName> known, bool create_unknown);

}  // namespace engram::extract

#endif  // ENGRAM_SRC_EXTRACT_ENTITY_LINKER_H_
