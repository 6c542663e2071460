#include "src/recall/text_memo.h"

#include <algorithm>

#include "src/text/normalize.h"
#include "src/text/tokenizer.h"

namespace engram::recall {
namespace {

thread_local TextMemo* current_memo = nullptr;

}  // namespace

TextMemo::TextMemo() : previous_(current_memo) { current_memo = this; }

TextMemo::~TextMemo() { current_memo = previous_; }

TextMemo* TextMemo::Current() { return current_memo; }

WordSet::WordSet(std::vector<std::string> words) : words_(std::move(words)) {
  std::sort(words_.begin(), words_.end());
  words_.erase(std::unique(words_.begin(), words_.end()), words_.end());
}

size_t WordSet::count(std::string_view word) const {
  auto it = std::lower_bound(words_.begin(), words_.end(), word,
                             [](const std::string& w, std::string_view x) { return w < x; });
  return it != words_.end() && *it == word ? 1 : 0;
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

}  // namespace engram::recall
