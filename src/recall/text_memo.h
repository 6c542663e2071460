// What recall reads from a text, read once per recall.
//
// One recall looks at each candidate's words several times: relevance (WordsFound), the
// lexical reranker, and the truth pass (its cues, restatements, the words two statements
// share). Folding and tokenizing (NFKC, case fold, OpenCC) cost more than the comparisons, so
// while a TextMemo lives on a thread, the functions below keep their results by text and
// return them again for the same text. Without one they compute afresh: the results are the
// same either way (text_memo_test.cc).
//
// Thread safety: a TextMemo belongs to the thread that made it and serves only that thread;
// memos nest (the innermost serves). The functions are safe to call from any thread.
#ifndef ENGRAM_SRC_RECALL_TEXT_MEMO_H_
#define ENGRAM_SRC_RECALL_TEXT_MEMO_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace engram::extract {
struct EntityMention;
}  // namespace engram::extract

namespace engram::recall {

struct StatementCues;

// A text's distinct words in one array, found through a small open-addressed table of
// positions: reading a candidate's words costs two allocations rather than one per word.
class WordSet {
 public:
  WordSet() = default;
  explicit WordSet(std::vector<std::string> words);  // any order, repeats allowed

  size_t count(std::string_view word) const;  // 1 if held, else 0
  size_t size() const { return words_.size(); }
  bool empty() const { return words_.empty(); }
  // The distinct words, in the order first given.
  std::vector<std::string>::const_iterator begin() const { return words_.begin(); }
  std::vector<std::string>::const_iterator end() const { return words_.end(); }
  // The same words, in any order.
  bool operator==(const WordSet& other) const;

 private:
  std::vector<std::string> words_;  // distinct
  std::vector<uint32_t> slots_;     // index into words_ + 1, 0 empty; a power of two long
};

class TextMemo {
 public:
  TextMemo();
  ~TextMemo();
  TextMemo(const TextMemo&) = delete;
  TextMemo& operator=(const TextMemo&) = delete;

  // The memo serving this thread, or nullptr.
  static TextMemo* Current();

  // By text, looked up without copying the text (a string_view finds a std::string key).
  struct TextHash {
    using is_transparent = void;
    size_t operator()(std::string_view s) const { return std::hash<std::string_view>()(s); }
  };
  template <typename T>
  using ByText = std::unordered_map<std::string, T, TextHash, std::equal_to<>>;

  // Kept by text: Folded(), DocumentWords(), Mentions(), relevance.h's ContentWords() and
  // staleness.h's ReadCues().
  ByText<std::string> folded;
  ByText<std::shared_ptr<const WordSet>> document_words;
  ByText<std::vector<std::string>> content_words;
  ByText<std::shared_ptr<const std::vector<extract::EntityMention>>> mentions;
  ByText<std::shared_ptr<const StatementCues>> cues;

 private:
  TextMemo* previous_;
};

// `read()` (the value for `text`), kept in `table` of the thread's memo if there is one.
// `table` selects one of TextMemo's maps: &TextMemo::folded, for example.
template <typename T, typename Read>
T Memoized(TextMemo::ByText<T> TextMemo::*table, std::string_view text, Read read) {
  TextMemo* memo = TextMemo::Current();
  if (memo == nullptr) return read();
  TextMemo::ByText<T>& kept = memo->*table;
  if (auto it = kept.find(text); it != kept.end()) return it->second;
  T value = read();
  return kept.emplace(std::string(text), std::move(value)).first->second;
}

// text::FoldForSearch(text), with the apostrophe of a contraction typed without one put back
// ("whats happening with" is "what's happening with", "dont" is "don't"); only words that are
// nothing else ("its", "were", "ill" stay).
std::string Folded(std::string_view text);

// The distinct tokens of `text` in kDocument mode (text::Tokenize): what a query word is
// looked up in.
std::shared_ptr<const WordSet> DocumentWords(std::string_view text);

// extract::FindEntityMentions(text).
std::shared_ptr<const std::vector<extract::EntityMention>> Mentions(std::string_view text);

}  // namespace engram::recall

#endif  // ENGRAM_SRC_RECALL_TEXT_MEMO_H_
