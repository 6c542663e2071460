#include "src/recall/text_memo.h"

#include <algorithm>

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

std::string Folded(std::string_view text) {
  return Memoized(&TextMemo::folded, text, [text] { return text::FoldForSearch(text); });
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
