#include "src/recall/text_memo.h"

#include <algorithm>
#include <cctype>

#include "src/extract/entity_extractor.h"
#include "src/text/normalize.h"
#include "src/text/tokenizer.h"

namespace engram::recall {
namespace {

thread_local TextMemo* current_memo = nullptr;

}  // namespace

TextMemo::TextMemo() : previous_(current_memo) { current_memo = this; }

TextMemo::~TextMemo() { current_memo = previous_; }

TextMemo* TextMemo::Current() { return current_memo; }

namespace {

// FNV-1a: words are a few bytes long.
uint64_t WordHash(std::string_view w) {
  uint64_t h = 1469598103934665603ULL;
  for (char c : w) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ULL;
  return h;
}

}  // namespace

WordSet::WordSet(std::vector<std::string> words) {
  size_t capacity = 8;
  while (capacity < 2 * words.size()) capacity *= 2;
  slots_.assign(capacity, 0);
  words_.reserve(words.size());
  for (std::string& w : words) {
    size_t at = WordHash(w) & (capacity - 1);
    bool held = false;
    for (; slots_[at] != 0; at = (at + 1) & (capacity - 1)) {
      if (words_[slots_[at] - 1] == w) {
        held = true;
        break;
      }
    }
    if (held) continue;
    words_.push_back(std::move(w));
    slots_[at] = static_cast<uint32_t>(words_.size());
  }
}

size_t WordSet::count(std::string_view word) const {
  if (slots_.empty()) return 0;
  const size_t mask = slots_.size() - 1;
  for (size_t at = WordHash(word) & mask; slots_[at] != 0; at = (at + 1) & mask) {
    if (words_[slots_[at] - 1] == word) return 1;
  }
  return 0;
}

bool WordSet::operator==(const WordSet& other) const {
  if (size() != other.size()) return false;
  for (const std::string& w : words_) {
    if (!other.count(w)) return false;
  }
  return true;
}

namespace {

// Contractions typed without their apostrophe, and where it goes: "whats" -> "what's".
struct Contraction {
  std::string_view bare;
  size_t apostrophe;  // the byte it goes before
};
constexpr Contraction kContractions[] = {
    {"whats", 4},  {"wheres", 5}, {"hows", 3},    {"whos", 3},    {"whens", 4},
    {"thats", 4},  {"dont", 3},   {"doesnt", 5},  {"didnt", 4},   {"isnt", 3},
    {"wasnt", 4},  {"arent", 4},  {"werent", 5},  {"havent", 5},  {"hasnt", 4},
    {"hadnt", 4},  {"cant", 3},   {"couldnt", 6}, {"wouldnt", 6}, {"shouldnt", 7},
    {"im", 1},     {"ive", 1},    {"youre", 3},   {"theyre", 4},  {"shes", 3},
    {"hes", 2}};

bool IsAsciiLetter(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

// `folded` with the apostrophes of kContractions put back.
std::string WithApostrophes(std::string folded) {
  std::string out;
  size_t i = 0;
  while (i < folded.size()) {
    if (!IsAsciiLetter(folded[i])) {
      out.push_back(folded[i++]);
      continue;
    }
    size_t end = i;
    while (end < folded.size() && IsAsciiLetter(folded[end])) ++end;
    const std::string_view word = std::string_view(folded).substr(i, end - i);
    // A word of its own: not glued to an apostrophe or digits ("im" of "i'm" is not bare).
    auto joins = [](char c) { return c == '\'' || std::isdigit(static_cast<unsigned char>(c)); };
    const bool glued = (i > 0 && joins(folded[i - 1])) || (end < folded.size() && joins(folded[end]));
    const auto c = std::find_if(std::begin(kContractions), std::end(kContractions),
                                [&](const Contraction& k) { return k.bare == word; });
    if (c != std::end(kContractions) && !glued) {
      out.append(word.substr(0, c->apostrophe));
      out.push_back('\'');
      out.append(word.substr(c->apostrophe));
    } else {
      out.append(word);
    }
    i = end;
  }
  return out;
}

}  // namespace

std::string Folded(std::string_view text) {
  return Memoized(&TextMemo::folded, text,
                  [text] { return WithApostrophes(text::FoldForSearch(text)); });
}

std::shared_ptr<const WordSet> DocumentWords(std::string_view text) {
  return Memoized(&TextMemo::document_words, text, [text] {
    std::vector<text::Token> tokens;
    text::Tokenize(text, text::TokenizeMode::kDocument, &tokens);
    std::vector<std::string> words;
    words.reserve(tokens.size());
    for (text::Token& t : tokens) words.push_back(std::move(t.text));
    return std::shared_ptr<const WordSet>(std::make_shared<WordSet>(std::move(words)));
  });
}

std::shared_ptr<const std::vector<extract::EntityMention>> Mentions(std::string_view text) {
  return Memoized(&TextMemo::mentions, text, [text] {
    return std::shared_ptr<const std::vector<extract::EntityMention>>(
        std::make_shared<std::vector<extract::EntityMention>>(extract::FindEntityMentions(text)));
  });
}

}  // namespace engram::recall
