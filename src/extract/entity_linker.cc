#include "src/extract/entity_linker.h"

#include <algorithm>
#include <map>

#include "src/base/utf8.h"
#include "src/extract/entity_extractor.h"
#include "src/text/normalize.h"

namespace engram::extract {
namespace {

double KindConfidence(std::string_view kind) {
  if (kind == "alias") return 0.9;
  if (kind == "role") return 0.8;
  return 1.0;  // name, id
}

bool AsciiWordChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

// Whether `name` occurs in `text` as a whole word (ASCII edges) or anywhere (CJK edges).
bool Occurs(std::string_view text, std::string_view name, size_t* at) {
  for (size_t pos = text.find(name); pos != std::string_view::npos;
       pos = text.find(name, pos + 1)) {
    bool left = pos == 0 || !AsciiWordChar(name.front()) || !AsciiWordChar(text[pos - 1]);
    size_t end = pos + name.size();
    bool right = end >= text.size() || !AsciiWordChar(name.back()) || !AsciiWordChar(text[end]);
    if (left && right) {
      *at = pos;
      return true;
    }
  }
  return false;
}

bool WordChar(char32_t c) {
  if (c < 0x80) return AsciiWordChar(static_cast<char>(c)) || c == '-' || c == '_';
  // Letters and ideographs; not CJK or full-width punctuation.
  return !(c >= 0x3000 && c <= 0x303F) && !(c >= 0xFF00 && c <= 0xFF0F) &&
         !(c >= 0xFF1A && c <= 0xFF20) && !(c >= 0x2000 && c <= 0x206F) && c != 0xFFFD;
}

}  // namespace

std::vector<std::string> NameCandidates(std::string_view normalized_text) {
  return NameCandidates(normalized_text, FindEntityMentions(normalized_text));
}

std::vector<std::string> NameCandidates(std::string_view normalized_text,
                                        const std::vector<EntityMention>& mentions) {
  const std::string folded = text::FoldForSearch(normalized_text);
  std::vector<std::string> out;
  // Runs of word characters: their byte offsets at each character boundary.
  std::vector<std::vector<size_t>> runs(1);
  for (size_t pos = 0; pos < folded.size();) {
    size_t begin = pos;
    char32_t c = base::DecodeUtf8(folded, &pos);
    if (WordChar(c)) {
      if (runs.back().empty()) runs.back().push_back(begin);
      runs.back().push_back(pos);
    } else if (!runs.back().empty()) {
      runs.emplace_back();
    }
  }
  if (runs.back().empty()) runs.pop_back();
  for (const auto& b : runs) {
    for (size_t i = 0; i + 1 < b.size(); ++i) {
      for (size_t j = i + 2; j < b.size() && j - i <= kMaxNameChars; ++j) {
        out.push_back(folded.substr(b[i], b[j] - b[i]));
      }
    }
    out.push_back(folded.substr(b.front(), b.back() - b.front()));  // the whole run
  }
  for (size_t r = 0; r < runs.size(); ++r) {  // "zhang wei": whole runs, one space apart
    std::string joined = folded.substr(runs[r].front(), runs[r].back() - runs[r].front());
    for (size_t n = r + 1; n < runs.size() && n < r + 4; ++n) {
      if (folded.compare(runs[n - 1].back(), runs[n].front() - runs[n - 1].back(), " ") != 0) {
        break;
      }
      joined += " " + folded.substr(runs[n].front(), runs[n].back() - runs[n].front());
      out.push_back(joined);
    }
  }
  for (const EntityMention& m : mentions) out.push_back(text::FoldForSearch(m.key));
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::vector<EntityLink> LinkMentions(std::string_view normalized_text,
                                     std::span<const KnownName> known, bool create_unknown) {
  return LinkMentions(normalized_text, FindEntityMentions(normalized_text), known,
                      create_unknown);
}

std::vector<EntityLink> LinkMentions(std::string_view normalized_text,
                                     const std::vector<EntityMention>& mentions,
                                     std::span<const KnownName> known, bool create_unknown) {
  const std::string folded = text::FoldForSearch(normalized_text);
  struct Found {
    EntityLink link;
    size_t at;
    bool directory;
  };
  std::map<int64_t, Found> by_entity;
  auto offer = [&](const KnownName& k, const std::string& surface, size_t at) {
    double conf = KindConfidence(k.kind);
    // An entity only ever found in messages is a guess at who is meant, however often seen.
    if (!k.directory) conf = std::min(conf, kExtractedEntityConfidence);
    auto it = by_entity.find(k.entity_id);
    if (it != by_entity.end() && it->second.link.confidence >= conf) return;
    by_entity[k.entity_id] = Found{{k.entity_id, "", "", surface, k.kind, conf}, at, k.directory};
  };
  std::map<std::string, std::vector<const KnownName*>> by_name;
  for (const KnownName& k : known) {
    by_name[k.name].push_back(&k);
    if (base::CountCodePoints(k.name) < 2) continue;
    size_t at = 0;
    if (Occurs(folded, k.name, &at)) offer(k, folded.substr(at, k.name.size()), at);
  }
  std::vector<Found> fresh;
  for (const EntityMention& m : mentions) {
    const std::string key = text::FoldForSearch(m.key);
    auto hit = by_name.find(key);
    if (hit != by_name.end()) {
      for (const KnownName* k : hit->second) offer(*k, m.text, m.begin);
      continue;
    }
    if (!create_unknown || !IsLinkable(m.type)) continue;
    // A bare role ("财务总监") with no directory entry says little about who it is.
    if (m.type == EntityType::kRole) continue;
    bool dup = std::any_of(fresh.begin(), fresh.end(), [&](const Found& f) {
      return text::FoldForSearch(f.link.name) == key;
    });
    if (dup) continue;
    EntityLink l{0, m.key, std::string(EntityTypeName(m.type)), m.text, "new",
                 std::min(kNewEntityConfidence, m.confidence)};
    fresh.push_back(Found{std::move(l), m.begin, false});
  }
  // Several known entities may answer to one name; keep them all (the graph channel wants
  // every reading), but prefer directory entries when the same surface is both.
  std::vector<Found> all;
  for (auto& [id, f] : by_entity) all.push_back(std::move(f));
  std::sort(all.begin(), all.end(), [](const Found& a, const Found& b) {
    if (a.at != b.at) return a.at < b.at;
    return a.directory > b.directory;
  });
  std::vector<EntityLink> out;
  for (Found& f : all) out.push_back(std::move(f.link));
  for (Found& f : fresh) out.push_back(std::move(f.link));
  return out;
}

}  // namespace engram::extract
