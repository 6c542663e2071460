#include "src/recall/text_memo.h"

#include "src/text/normalize.h"
#include "src/text/tokenizer.h"

namespace engram::recall {
namespace {

thread_local TextMemo* current_memo = nullptr;

}  // namespace

TextMemo::TextMemo() : previous_(current_memo) { current_memo = this; }

TextMemo::~TextMemo() { current_memo = previous_; }

TextMemo* TextMemo::Current() { return current_memo; }

std::string Folded(std::string_view text) {
  return Memoized(&TextMemo::folded, text, [text] { return text::FoldForSearch(text); });
}

std::shared_ptr<const WordSet> DocumentWords(std::string_view text) {
  return Memoized(&TextMemo::document_words, text, [text] {
    std::vector<text::Token> tokens;
    text::Tokenize(text, text::TokenizeMode::kDocument, &tokens);
    auto words = std::make_shared<WordSet>();
    for (text::Token& t : tokens) words->insert(std::move(t.text));
    return std::shared_ptr<const WordSet>(std::move(words));
  });
}

}  // namespace engram::recall
