#include "src/extract/phrase_matcher.h"

namespace engram::extract {
namespace {

bool IsAsciiAlnum(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

std::string_view Trim(std::string_view s) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  return s;
}

std::vector<std::string_view> Split(std::string_view s, std::string_view sep) {
  std::vector<std::string_view> out;
  size_t pos = 0;
  while (true) {
    const size_t next = s.find(sep, pos);
    out.push_back(Trim(s.substr(pos, next == std::string_view::npos ? s.npos : next - pos)));
    if (next == std::string_view::npos) break;
    pos = next + sep.size();
  }
  return out;
}

// Picks up to four distinct bigram slots of `text`. Bigrams that start inside a UTF-8 sequence
// or in ASCII come first: those starting on a CJK lead byte (0xE4 0xB8 ...) are shared by
// many characters and filter little.
void ChooseSlots(std::string_view text, std::array<uint16_t, 4>* slots, uint8_t* count) {
  *count = 0;
  for (int pass = 0; pass < 2 && *count < slots->size(); ++pass) {
    for (size_t i = 0; i + 1 < text.size() && *count < slots->size(); ++i) {
      const auto a = static_cast<unsigned char>(text[i]);
      const bool lead = a >= 0xC0;
      if (lead != (pass == 1)) continue;
      const uint16_t slot = IndexedText::Slot(a, static_cast<unsigned char>(text[i + 1]));
      bool seen = false;
      for (uint8_t k = 0; k < *count; ++k) seen |= (*slots)[k] == slot;
      if (!seen) (*slots)[(*count)++] = slot;
    }
  }
}

}  // namespace

IndexedText::IndexedText(std::string_view text) : text_(text) {
  for (size_t i = 0; i + 1 < text.size(); ++i) {
    bigrams_.set(
        Slot(static_cast<unsigned char>(text[i]), static_cast<unsigned char>(text[i + 1])));
  }
}

bool IndexedText::MayContain(std::string_view needle) const {
  if (needle.size() > text_.size()) return false;
  for (size_t i = 0; i + 1 < needle.size(); ++i) {
    if (!bigrams_.test(Slot(static_cast<unsigned char>(needle[i]),
                            static_cast<unsigned char>(needle[i + 1])))) {
      return false;
    }
  }
  return true;
}

PhraseMatcher::PhraseMatcher(std::string_view pattern, size_t max_gap) : max_gap_(max_gap) {
  for (std::string_view part_text : Split(pattern, " & ")) {
    Part part;
    for (std::string_view alt : Split(part_text, " | ")) {
      if (alt.empty()) continue;
      Alternative a;
      if (alt.size() > 1 && alt.front() == '^') {
        a.anchored = true;
        alt.remove_prefix(1);
      }
      if (alt.size() > 1 && alt.back() == '~') {
        a.word_end = true;
        alt.remove_suffix(1);
      }
      a.text = std::string(alt);
      a.word_start = IsAsciiAlnum(alt.front());
      ChooseSlots(a.text, &a.slots, &a.slot_count);
      part.push_back(std::move(a));
    }
    if (!part.empty()) parts_.push_back(std::move(part));
  }
}

std::optional<PhraseSpan> PhraseMatcher::FindPart(const Part& part, const IndexedText& indexed,
                                                  size_t from, size_t limit,
                                                  bool boundaries) const {
  const std::string_view text = indexed.text();
  std::optional<PhraseSpan> best;
  for (const Alternative& alt : part) {
    if (alt.text.size() > text.size() || !indexed.MayContainSlots(alt.Slots())) continue;
    if (alt.anchored) {
      if (from == 0 && text.substr(0, alt.text.size()) == alt.text) {
        best = PhraseSpan{0, alt.text.size()};
      }
      continue;
    }
    size_t pos = from;
    while (pos <= limit && pos < text.size()) {
      pos = text.find(alt.text, pos);
      if (pos == std::string_view::npos || pos > limit) break;
      if (best && pos >= best->begin) break;
      const size_t end = pos + alt.text.size();
      const bool start_ok =
          !boundaries || !alt.word_start || pos == 0 || !IsAsciiAlnum(text[pos - 1]);
      const bool end_ok =
          !boundaries || !alt.word_end || end == text.size() || !IsAsciiAlnum(text[end]);
      if (start_ok && end_ok) {
        best = PhraseSpan{pos, end};
        break;
      }
      ++pos;
    }
  }
  return best;
}

std::optional<PhraseSpan> PhraseMatcher::Match(std::string_view text,
                                               bool ignore_word_boundaries) const {
  return Match(IndexedText(text), ignore_word_boundaries);
}

std::optional<PhraseSpan> PhraseMatcher::Match(const IndexedText& indexed,
                                               bool ignore_word_boundaries) const {
  const std::string_view text = indexed.text();
  const bool boundaries = !ignore_word_boundaries;
  if (parts_.empty()) return std::nullopt;
  // A later part none of whose alternatives can occur rules the pattern out before any scan.
  for (size_t p = 1; p < parts_.size(); ++p) {
    bool possible = false;
    for (const Alternative& alt : parts_[p]) {
      if (alt.text.size() <= text.size() && indexed.MayContainSlots(alt.Slots())) {
        possible = true;
        break;
      }
    }
    if (!possible) return std::nullopt;
  }
  size_t from = 0;
  while (from < text.size()) {
    std::optional<PhraseSpan> first = FindPart(parts_[0], indexed, from, text.size(), boundaries);
    if (!first) return std::nullopt;
    PhraseSpan span = *first;
    bool ok = true;
    for (size_t p = 1; p < parts_.size() && ok; ++p) {
      std::optional<PhraseSpan> next =
          FindPart(parts_[p], indexed, span.end, span.end + max_gap_, boundaries);
      if (next) {
        span.end = next->end;
      } else {
        ok = false;
      }
    }
    if (ok) return span;
    from = first->begin + 1;
  }
  return std::nullopt;
}

}  // namespace engram::extract
