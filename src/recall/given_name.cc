#include "src/recall/given_name.h"

#include <algorithm>
#include <cctype>
#include <vector>

#include "src/base/utf8.h"
#include "src/recall/answer_words.h"
#include "src/recall/cue_index.h"

namespace engram::recall {
namespace {

// Longest first: 名字叫 before 叫.
constexpr std::string_view kZhCues[] = {"名字叫做", "名字叫", "名字是", "叫做", "名叫", "叫"};
constexpr std::string_view kEnCues[] = {"is called", "called", "named", "name is", "name's"};

// Words that follow "called" / 叫 without naming anything ("called me", 叫我, "叫了外卖").
constexpr std::string_view kNotNames[] = {"me", "him", "her", "us", "them", "you", "it", "the",
                                          "a", "an", "my", "in", "out", "back", "off", "up",
                                          "for", "to", "about"};
constexpr std::string_view kZhNotAfter = "我你他她它们了过着人车醒起来去上";

bool IsBreak(char c) {
  return c == ',' || c == '.' || c == ';' || c == '!' || c == '?' || c == ':' || c == '(';
}

// The Han name at `at`: two to four characters of the basic block, up to anything else.
std::string HanNameAt(std::string_view folded, size_t at) {
  size_t end = at;
  int n = 0;
  while (end < folded.size()) {
    size_t next = end;
    const char32_t c = base::DecodeUtf8(folded, &next);
    if (!IsHan(c)) break;
    if (n == 0 && kZhNotAfter.find(folded.substr(end, next - end)) != std::string_view::npos) {
      return "";
    }
    end = next;
    ++n;
  }
  if (n < 2 || n > 4) return "";
  return std::string(folded.substr(at, end - at));
}

// One to three Latin words at `at`, up to a break; "" when the first names nothing after the
// verb "called" ("called me back", "called the vet"; "is called the blue notes" names).
std::string LatinNameAt(std::string_view folded, size_t at, bool after_verb) {
  std::vector<std::string> words;
  size_t i = at;
  while (i < folded.size() && words.size() < 3) {
    while (i < folded.size() && folded[i] == ' ') ++i;
    size_t end = i;
    while (end < folded.size() && (std::isalnum(static_cast<unsigned char>(folded[end])) ||
                                   folded[end] == '-' || folded[end] == '\'')) {
      ++end;
    }
    if (end == i) break;
    words.emplace_back(folded.substr(i, end - i));
    i = end;
    if (i < folded.size() && IsBreak(folded[i])) break;
  }
  if (words.empty() ||
      (after_verb &&
       std::find(std::begin(kNotNames), std::end(kNotNames), words[0]) != std::end(kNotNames))) {
    return "";
  }
  // A name is short; the words after it are the rest of the sentence ("called zonar, works on
  // the tablets"): the first word only, unless a break ends the run within three words.
  const bool ended = i >= folded.size() || IsBreak(folded[i]);
  if (!ended) words.resize(1);
  std::string name = words[0];
  for (size_t k = 1; k < words.size(); ++k) name += " " + words[k];
  return name;
}

}  // namespace

std::string GivenName(std::string_view folded) {
  std::string found;
  auto take = [&](std::string name) {
    if (name.empty()) return true;
    if (!found.empty() && found != name) return false;  // two names: no one name
    found = std::move(name);
    return true;
  };
  for (std::string_view cue : kZhCues) {
    for (size_t at = folded.find(cue); at != std::string_view::npos;
         at = folded.find(cue, at + cue.size())) {
      // 名叫 inside 名字叫 was read with the longer cue.
      if (!take(HanNameAt(folded, at + cue.size()))) return "";
    }
    if (!found.empty()) break;
  }
  for (std::string_view cue : kEnCues) {
    if (!HasCue(folded, cue)) continue;
    for (size_t at = folded.find(cue); at != std::string_view::npos;
         at = folded.find(cue, at + cue.size())) {
      const size_t end = at + cue.size();
      if (end < folded.size() && folded[end] != ' ') continue;
      if (!take(LatinNameAt(folded, end, cue == "called"))) return "";
    }
  }
  return found;
}

bool SaysName(std::string_view folded, std::string_view name) {
  if (name.empty()) return false;
  if (static_cast<unsigned char>(name[0]) >= 0x80) {
    return folded.find(name) != std::string_view::npos;
  }
  return HasCue(folded, name);
}

}  // namespace engram::recall
