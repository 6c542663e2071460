#include "src/recall/cue_index.h"

#include <algorithm>
#include <cstring>

namespace engram::recall {

bool IsAscii(std::string_view s) {
  return std::all_of(s.begin(), s.end(), [](char c) { return (c & 0x80) == 0; });
}

bool WordChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '\'';
}

bool NegatedAt(std::string_view text, size_t at) {
  size_t b = at;
  while (b > 0 && text[b - 1] == ' ') --b;
  size_t a = b;
  while (a > 0 && WordChar(text[a - 1])) --a;
  const std::string_view before = text.substr(a, b - a);
  return before == "not" || before == "never" || before == "no" ||
         (before.size() > 3 && before.substr(before.size() - 3) == "n't") || before == "dont" ||
         before == "wont" || before == "cant";
}

namespace {

// Whether an ASCII cue found at `at` stands as whole words, and (with `unnegated`) is not
// negated by the word before it.
bool StandsAt(std::string_view text, size_t at, size_t size, bool unnegated) {
  const bool left = at == 0 || !WordChar(text[at - 1]);
  const size_t end = at + size;
  // "accountant's sharon": a possessive or a contracted "is" ends the word.
  const bool possessive = end + 1 < text.size() && text[end] == '\'' && text[end + 1] == 's' &&
                          (end + 2 >= text.size() || !WordChar(text[end + 2]));
  const bool right = end >= text.size() || !WordChar(text[end]) || possessive;
  return left && right && !(unnegated && NegatedAt(text, at));
}

}  // namespace

bool HasCue(std::string_view text, std::string_view cue, bool unnegated) {
  if (!IsAscii(cue)) return text.find(cue) != std::string_view::npos;
  for (size_t at = text.find(cue); at != std::string_view::npos; at = text.find(cue, at + 1)) {
    if (StandsAt(text, at, cue.size(), unnegated)) return true;
  }
  return false;
}

bool AnyCue(std::string_view text, std::span<const std::string_view> cues) {
  for (std::string_view cue : cues) {
    if (HasCue(text, cue)) return true;
  }
  return false;
}

size_t CueIndex::First(std::string_view text) const {
  size_t first = std::string_view::npos;
  for (const Entry& e : short_) {
    for (size_t at = text.find(e.text); at < first; at = text.find(e.text, at + 1)) {
      if (!e.ascii || StandsAt(text, at, e.text.size(), false)) {
        first = at;
        break;
      }
    }
  }
  for (size_t at = 0; at + kKeyBytes <= text.size() && at < first; ++at) {
    const size_t b = Bucket(text.data() + at);
    for (uint32_t k = first_[b]; k < first_[b + 1]; ++k) {
      const Entry& e = entries_[k];
      if (e.text.size() <= text.size() - at &&
          std::memcmp(text.data() + at, e.text.data(), e.text.size()) == 0 &&
          (!e.ascii || StandsAt(text, at, e.text.size(), false))) {
        return at;
      }
    }
  }
  return first;
}

size_t CueIndex::Bucket(const char* p) {
  const uint32_t key = static_cast<uint32_t>(static_cast<unsigned char>(p[0])) << 16 |
                       static_cast<uint32_t>(static_cast<unsigned char>(p[1])) << 8 |
                       static_cast<uint32_t>(static_cast<unsigned char>(p[2]));
  return (key * 2654435761u) >> 20;  // the top 12 bits: kBuckets
}

CueIndex::CueIndex(const std::vector<Cue>& cues) : first_(kBuckets + 1, 0) {
  std::vector<std::vector<Entry>> buckets(kBuckets);
  for (const Cue& c : cues) {
    if (c.text.empty()) continue;
    Entry e{c.text, c.bits, IsAscii(c.text)};
    if (c.text.size() < kKeyBytes) {
      short_.push_back(e);
    } else {
      buckets[Bucket(c.text.data())].push_back(e);
    }
  }
  for (size_t b = 0; b < kBuckets; ++b) {
    first_[b] = static_cast<uint32_t>(entries_.size());
    entries_.insert(entries_.end(), buckets[b].begin(), buckets[b].end());
  }
  first_[kBuckets] = static_cast<uint32_t>(entries_.size());
}

uint32_t CueIndex::Match(std::string_view text, bool unnegated) const {
  uint32_t bits = 0;
  for (const Entry& e : short_) {
    if ((bits & e.bits) != e.bits && HasCue(text, e.text, unnegated)) bits |= e.bits;
  }
  for (size_t at = 0; at + kKeyBytes <= text.size(); ++at) {
    const size_t b = Bucket(text.data() + at);
    for (uint32_t k = first_[b]; k < first_[b + 1]; ++k) {
      const Entry& e = entries_[k];
      if ((bits & e.bits) == e.bits || e.text.size() > text.size() - at ||
          std::memcmp(text.data() + at, e.text.data(), e.text.size()) != 0) {
        continue;
      }
      if (e.ascii && !StandsAt(text, at, e.text.size(), unnegated)) continue;
      bits |= e.bits;
    }
  }
  return bits;
}

}  // namespace engram::recall
