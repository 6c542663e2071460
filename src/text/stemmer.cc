#include "src/text/stemmer.h"

namespace engram::text {
namespace {

bool IsVowelAt(std::string_view w, size_t i) {
  switch (w[i]) {
    case 'a':
    case 'e':
    case 'i':
    case 'o':
    case 'u':
      return true;
    case 'y':
      return i > 0;
    default:
      return false;
  }
}

bool HasVowel(std::string_view w) {
  for (size_t i = 0; i < w.size(); ++i) {
    if (IsVowelAt(w, i)) return true;
  }
  return false;
}

bool IsLowerAscii(std::string_view w) {
  for (char c : w) {
    if (c < 'a' || c > 'z') return false;
  }
  return true;
}

std::string StemPlural(std::string_view w) {
  if (w.ends_with("ss") || w.ends_with("us") || w.ends_with("is")) return std::string(w);
  if (w.ends_with("ies") && w.size() > 4) {
    return std::string(w.substr(0, w.size() - 3)) + "y";
  }
  if (w.ends_with("sses") || w.ends_with("xes") || w.ends_with("zzes") || w.ends_with("ches") ||
      w.ends_with("shes")) {
    return std::string(w.substr(0, w.size() - 2));
  }
  return std::string(w.substr(0, w.size() - 1));
}

// Drops a verb suffix of `suffix_len` letters per rule 6 of the header.
std::string StemVerb(std::string_view w, size_t suffix_len) {
  std::string_view stem = w.substr(0, w.size() - suffix_len);
  if (stem.size() < 3 || !HasVowel(stem)) return std::string(w);
  const char last = stem.back();
  if (stem.size() >= 4 && stem[stem.size() - 2] == last && !IsVowelAt(stem, stem.size() - 1) &&
      last != 'l' && last != 's' && last != 'z') {
    stem.remove_suffix(1);
  }
  return std::string(stem);
}

}  // namespace

std::string LightStem(std::string_view w) {
  if (w.size() <= 3 || !IsLowerAscii(w)) return std::string(w);
  if (w.ends_with('s')) return StemPlural(w);
  if (w.size() <= 4 || w.ends_with("eed")) return std::string(w);
  if (w.ends_with("ied")) return std::string(w.substr(0, w.size() - 3)) + "y";
  if (w.ends_with("ing")) return StemVerb(w, 3);
  if (w.ends_with("ed")) return StemVerb(w, 2);
  return std::string(w);
}

}  // namespace engram::text
